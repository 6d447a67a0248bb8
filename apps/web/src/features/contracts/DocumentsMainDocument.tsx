import { type ContractDetail, type ContractDocumentRevision, EXECUTED_CONTRACT_STATUSES, type WordEditStatus } from '@legal/api';
import { ActionIcon, Alert, Badge, Button, FileButton, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/ProgressBar';
import { isApiError } from '../../lib/api';
import { formatDateTime, formatTime } from '../../lib/i18n';
import { ExtractionBadge } from '../files/ExtractionBadge';
import { FileSize } from '../files/FileSize';
import { IconDownload, IconPencil, IconUpload } from './contract-icons';
import { useVocabulary } from './contract-vocabulary';
import { saveDocumentRevision, saveExecutedDocument, useContractDocument, useDocumentUpload, useOpenInWord } from './use-contract-document';
import './contracts-i18n';

/** Who edits the document in Word right now, until when. */
function LockNotice({ status, locale }: { status: WordEditStatus; locale: 'ko' | 'en' }) {
  const { t } = useTranslation('contracts');
  if (!status.locked) return null;
  const name = status.lockedBy?.displayName ?? t('document.someone');
  const until = status.lockExpiresAt ? formatTime(status.lockExpiresAt, locale) : '';
  return (
    <Alert color="yellow" variant="light" p="xs" role="status">
      {t('document.lockedBy', { name, until })}
    </Alert>
  );
}

function RevisionTable({ contractId, revisions, locale }: { contractId: number; revisions: ContractDocumentRevision[]; locale: 'ko' | 'en' }) {
  const { t } = useTranslation('contracts');
  const onFailure = useDownloadFailure();
  return (
    // Three columns: the panel sits in the narrow column of the detail page, so who, when and how
    // large go on a second line under the file name.
    <Table verticalSpacing={4} aria-label={t('document.revisionsLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('document.columns.revision')}</Table.Th>
          <Table.Th>{t('document.columns.name')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('documents.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {revisions.map((r) => (
          <Table.Tr key={r.revision}>
            <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {t('document.revision', { revision: r.revision })}
              {r.isCurrent ? (
                <Badge ml={6} size="xs" variant="light">
                  {t('document.current')}
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td maw={0} w="100%">
              <Text size="sm" truncate title={r.displayName}>
                {r.displayName}
              </Text>
              <Text size="xs" c="dimmed">
                {r.createdBy?.displayName ?? t('document.someone')} · {formatDateTime(r.createdAt, locale)} · <FileSize bytes={r.size} />
              </Text>
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <ActionIcon
                variant="subtle"
                aria-label={t('document.downloadRevision', { revision: r.revision })}
                onClick={() => void saveDocumentRevision(contractId, r.revision, r.displayName).catch(onFailure)}
              >
                <IconDownload size={16} aria-hidden="true" />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function useDownloadFailure() {
  const { t } = useTranslation('contracts');
  return (error: unknown) => notifications.show({ color: 'red', message: isApiError(error) ? error.message : t('document.downloadFailed') });
}

/**
 * The contract's main document: its current revision, its history (each revision downloadable),
 * a new revision with progress, the executed document once signed, and Word editing when an
 * editor is configured and the caller may edit (showing who holds the edit lock).
 */
export function DocumentsMainDocument({ contract, canEdit }: { contract: ContractDetail; canEdit: boolean }) {
  const { t } = useTranslation('contracts');
  const { locale } = useVocabulary();
  const titleId = useId();
  const main = contract.files.find((f) => f.role === 'MAIN');
  const { document, revisions, editStatus } = useContractDocument(contract.id, main?.fileKey);
  const uploads = useDocumentUpload(contract.id);
  const word = useOpenInWord(contract.id);
  const onDownloadFailure = useDownloadFailure();
  const isExecuted = (EXECUTED_CONTRACT_STATUSES as readonly string[]).includes(contract.status);
  const isUploading = uploads.state.status === 'uploading';

  const uploadButton = canEdit ? (
    <FileButton onChange={(file) => file && void uploads.upload(file)} disabled={isUploading} inputProps={{ 'aria-label': t('document.uploadInput') }}>
      {(props) => (
        <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} aria-hidden="true" />} disabled={isUploading}>
          {main ? t('document.uploadRevision') : t('document.uploadFirst')}
        </Button>
      )}
    </FileButton>
  ) : null;

  const progress =
    uploads.state.status === 'uploading' ? (
      <ProgressBar value={uploads.state.percent ?? undefined} label={t('document.uploading', { name: uploads.state.name })} />
    ) : uploads.state.status === 'failed' ? (
      <Alert color="red" variant="light" p="xs" role="alert" withCloseButton onClose={uploads.dismiss} title={t('document.uploadFailed', { name: uploads.state.name })}>
        {uploads.state.message}
      </Alert>
    ) : null;

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6" id={titleId}>
          {t('document.title')}
        </Title>
        {uploadButton}
      </Group>
      {progress}
      {!main ? (
        <Text size="sm" c="dimmed">
          {t('document.none')}
        </Text>
      ) : document.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('document.loading')}
          </Text>
        </Group>
      ) : document.isError ? (
        <Alert color="red" variant="light" p="xs" role="alert" title={t('document.loadFailed')}>
          <Button size="compact-xs" variant="subtle" onClick={() => void document.refetch()}>
            {t('document.retry')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate title={document.data.displayName}>
                {document.data.displayName}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {t('document.revision', { revision: document.data.currentRevision })} · <FileSize bytes={document.data.size} />
                </Text>
                <ExtractionBadge extraction={document.data.extraction} />
              </Group>
            </Stack>
            <ActionIcon
              variant="subtle"
              aria-label={t('document.download', { name: document.data.displayName })}
              onClick={() => void saveDocumentRevision(contract.id, document.data.currentRevision, document.data.displayName).catch(onDownloadFailure)}
            >
              <IconDownload size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
          {editStatus.data ? <LockNotice status={editStatus.data} locale={locale} /> : null}
          <Group gap="xs">
            {isExecuted ? (
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden="true" />} onClick={() => void saveExecutedDocument(contract.id, document.data.displayName).catch(onDownloadFailure)}>
                {t('document.downloadExecuted')}
              </Button>
            ) : null}
            {editStatus.data?.editorConfigured && editStatus.data.editable ? (
              <Button size="xs" leftSection={<IconPencil size={14} aria-hidden="true" />} loading={word.isPending} onClick={() => word.mutate()}>
                {t('document.editInWord')}
              </Button>
            ) : null}
          </Group>
          {word.isError ? (
            <Alert color="red" variant="light" p="xs" role="alert" withCloseButton onClose={() => word.reset()}>
              {isApiError(word.error) ? word.error.message : t('document.editorFailed')}
            </Alert>
          ) : null}
          {revisions.data && revisions.data.length > 0 ? (
            <RevisionTable contractId={contract.id} revisions={revisions.data} locale={locale} />
          ) : revisions.isError ? (
            <Text size="sm" c="red">
              {t('document.revisionsFailed')}
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
