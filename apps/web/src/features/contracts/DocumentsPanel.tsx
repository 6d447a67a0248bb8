import { type ContractDetail, type ContractFileRole } from '@legal/api';
import { ActionIcon, Badge, Card, Divider, Group, NativeSelect, Stack, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasAnyPermission } from '../../lib/session';
import { confirmAction } from '../admin/confirm';
import { AiReviewLink } from '../ai-review/AiReviewLink';
import { ExtractionBadge } from '../files/ExtractionBadge';
import { FILE_PERMISSIONS } from '../files/file-permissions';
import { FileDrawer } from '../files/FileDrawer';
import { UploadList } from '../files/FileUploadPanel';
import { FileSize } from '../files/FileSize';
import { useActionFailure } from './contract-edit-errors';
import { type FieldAccessOf } from './contract-field-access';
import { saveContractFile } from './contract-downloads';
import { IconDownload, IconTrash } from './contract-icons';
import { useContractFileMutations } from './contract-mutations';
import { detailKey, useContractsKey } from './contract-queries';
import { useVocabulary } from './contract-vocabulary';
import { DocumentsMainDocument } from './DocumentsMainDocument';
import { FileDropZone } from './FileDropZone';
import { documentKey } from './use-contract-document';
import { useContractUploads } from './use-contract-uploads';
import './contracts-i18n';

/**
 * The contract's documents: first the main document (its revisions, a new revision, the executed
 * document, Word editing), then every attached file: each opens in the files screen's drawer
 * (preview, revisions); another file is uploaded like on the files screen, then attached with its role.
 */
export function DocumentsPanel({ contract, access }: { contract: ContractDetail; access: FieldAccessOf }) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const queryClient = useQueryClient();
  const base = useContractsKey();
  const canPreview = useHasAnyPermission([FILE_PERMISSIONS.read]);
  const canUpload = useHasAnyPermission([FILE_PERMISSIONS.write]);
  const { canEdit } = access('files');
  const { attach, detach } = useContractFileMutations(contract.id);
  const onActionFailure = useActionFailure(contract.id);
  const [openFile, setOpenFile] = useState<{ fileKey: string; name: string } | null>(null);
  const [role, setRole] = useState<ContractFileRole>(contract.files.some((f) => f.role === 'MAIN') ? 'ATTACHMENT' : 'MAIN');
  const uploads = useContractUploads((item) => attach.mutate({ fileKey: item.file.fileKey, role }, { onError: onActionFailure }));
  const pending = uploads.items.filter((item) => item.status !== 'done');

  const confirmDetach = (file: ContractDetail['files'][number]) =>
    confirmAction({
      title: t('documents.detachTitle'),
      message: t('documents.detachMessage', { name: file.displayName }),
      confirmLabel: t('documents.detach'),
      cancelLabel: t('actions.cancel'),
      isDestructive: true,
      onConfirm: () => detach.mutate(file.fileKey, { onError: onActionFailure }),
    });

  const closeDrawer = () => {
    setOpenFile(null);
    // A new revision changes the document's size and extraction: show the contract and its main document as they are now.
    void queryClient.invalidateQueries({ queryKey: detailKey(base, contract.id), exact: true });
    void queryClient.invalidateQueries({ queryKey: documentKey(base, contract.id) });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contract-documents">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5" id="contract-documents">
          {t('documents.title')}
        </Title>
        {contract.files.some((f) => f.role === 'MAIN') ? <AiReviewLink contractId={contract.id} /> : null}
      </Group>
      <Stack gap="md">
        <DocumentsMainDocument contract={contract} canEdit={canEdit} />
        <Divider />
        {contract.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('documents.none')}
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label={t('documents.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documents.name')}</Table.Th>
                <Table.Th>{t('documents.extraction')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('documents.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contract.files.map((file) => (
                <Table.Tr key={file.fileKey}>
                  {/* The card is a narrow column: role and size sit under the name, not in columns of their own. */}
                  <Table.Td maw={320}>
                    {canPreview ? (
                      <UnstyledButton onClick={() => setOpenFile({ fileKey: file.fileKey, name: file.displayName })} aria-label={t('documents.open', { name: file.displayName })}>
                        <Text size="sm" fw={500} c="primary" truncate title={file.displayName}>
                          {file.displayName}
                        </Text>
                      </UnstyledButton>
                    ) : (
                      <Text size="sm" truncate title={file.displayName}>{file.displayName}</Text>
                    )}
                    <Group gap="xs" mt={4} wrap="nowrap">
                      <Badge variant="light" color={file.role === 'MAIN' ? 'primary' : 'gray'}>
                        {vocabulary.label('fileRole', file.role)}
                      </Badge>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        <VisuallyHidden>{t('documents.size')} </VisuallyHidden>
                        <FileSize bytes={file.size} />
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <ExtractionBadge extraction={{ status: file.extractionStatus, error: null, pageCount: null }} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('documents.download', { name: file.displayName })}
                        onClick={() => void saveContractFile(contract.id, file).catch(() => undefined)}
                      >
                        <IconDownload size={16} aria-hidden="true" />
                      </ActionIcon>
                      {canEdit ? (
                        <ActionIcon variant="subtle" color="red" aria-label={t('documents.detachOne', { name: file.displayName })} onClick={() => confirmDetach(file)}>
                          <IconTrash size={16} aria-hidden="true" />
                        </ActionIcon>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {canEdit && canUpload ? (
          <Stack gap="xs">
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={t('documents.newRole')}
                value={role}
                onChange={(e) => setRole(e.currentTarget.value as ContractFileRole)}
                data={vocabulary.options('fileRole')}
              />
            </Group>
            <FileDropZone onFiles={(files) => void uploads.upload(files)} />
            {pending.length > 0 ? (
              <UploadList items={pending} label={t('upload.listLabel')} />
            ) : null}
          </Stack>
        ) : null}
      </Stack>
      <FileDrawer fileKey={openFile?.fileKey ?? null} title={openFile?.name} onClose={closeDrawer} />
    </Card>
  );
}
