import { type StandardFormDetail } from '@legal/api';
import { ActionIcon, Alert, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { FileDropZone } from '../../components/FileDropZone';
import { ProgressBar } from '../../components/ProgressBar';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { confirmAction } from '../admin/confirm';
import { IconDownload, IconTrash } from './standard-form-icons';
import { type AttachmentRoutes, useAddAttachments, useDeleteAttachment } from './standard-form-queries';
import { saveAttachment } from './template-downloads';
import { uploadFailureText } from './upload-failure';
import './standard-forms-i18n';

/**
 * Guides and annexes of the form: download for readers, upload (with progress) and delete for
 * writers; `routes="global"` on the super admin's page of global forms.
 */
export function AttachmentsPanel({ form, routes = 'workspace' }: { form: StandardFormDetail; routes?: AttachmentRoutes }) {
  const { t } = useTranslation('standardForms');
  const format = useLocaleFormat();
  const add = useAddAttachments(form.standardFormId, routes);
  const remove = useDeleteAttachment(form.standardFormId, routes);
  const [percent, setPercent] = useState<number | null>(null);
  const canEdit = form.abilities.edit;
  const upload = (files: File[]) => {
    if (files.length === 0) return;
    setPercent(0);
    add.mutate({ files, onProgress: setPercent });
  };
  return (
    <Stack gap="md">
      {canEdit ? (
        <FileDropZone disabled={add.isPending} onFiles={upload} texts={{ drop: t('attachments.drop'), choose: t('upload.choose'), hint: t('attachments.hint'), input: t('attachments.input') }} />
      ) : null}
      {add.isPending ? <ProgressBar value={percent ?? undefined} label={t('attachments.uploading')} /> : null}
      {add.error ? <Alert color="red" role="alert">{uploadFailureText(add.error, t)}</Alert> : null}
      {form.attachments.length === 0 ? (
        <EmptyState title={t('attachments.emptyTitle')} description={t('attachments.emptyDescription')} />
      ) : (
        <Table aria-label={t('attachments.caption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('attachments.name')}</Table.Th>
              <Table.Th>{t('attachments.addedBy')}</Table.Th>
              <Table.Th aria-label={t('attachments.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.attachments.map((a) => (
              <Table.Tr key={a.standardFormAttachmentId}>
                <Table.Td>
                  <Text size="sm">{a.fileName}</Text>
                  <Text size="xs" c="dimmed">{format.number(Math.ceil(a.fileSize / 1024))} KB</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{a.createdBy?.displayName ?? '-'}</Text>
                  <Text size="xs" c="dimmed">{format.dateTime(a.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('attachments.download', { name: a.fileName })} onClick={() => void saveAttachment(form.standardFormId, a, routes)}>
                      <IconDownload size={16} aria-hidden="true" />
                    </ActionIcon>
                    {canEdit ? (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('attachments.delete', { name: a.fileName })}
                        loading={remove.isPending && remove.variables === a.standardFormAttachmentId}
                        onClick={() =>
                          confirmAction({
                            title: t('attachments.deleteTitle'),
                            message: t('attachments.deleteMessage', { name: a.fileName }),
                            confirmLabel: t('actions.delete'),
                            cancelLabel: t('actions.cancel'),
                            isDestructive: true,
                            onConfirm: () => remove.mutate(a.standardFormAttachmentId),
                          })
                        }
                      >
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
    </Stack>
  );
}
