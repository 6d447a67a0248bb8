import { DetailsTable } from '../../components/DetailsTable';
import { type FileMetadata } from '@legal/api';
import { Button, Code, Divider, Drawer, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useFormatDateTime } from '../../lib/i18n';
import { useHasAnyPermission } from '../../lib/session';
import { AttachedTo } from './AttachedTo';
import { ExtractionBadge } from './ExtractionBadge';
import { FILE_PERMISSIONS } from './file-permissions';
import { RevisionUpload } from './RevisionUpload';
import { saveFile, useFileMetadata, useFileMutations } from './file-queries';
import { IconDownload, IconRestore, IconTrash } from './file-icons';
import { FilePreview } from './FilePreview';
import { FileRevisions } from './FileRevisions';
import { FileSize } from './FileSize';
import { previewKindOf } from './preview-kind';
import { TextPreview } from './TextPreview';
import { Uploader } from './Uploader';
import './files-i18n';

function FileDetails({ file }: { file: FileMetadata }) {
  const { t } = useTranslation('files');
  const formatDateTime = useFormatDateTime();
  const { remove, restore } = useFileMutations();
  const canWrite = useHasAnyPermission([FILE_PERMISSIONS.write]);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('actions.deleteTitle'),
      children: <Text size="sm">{t('actions.deleteMessage', { name: file.displayName })}</Text>,
      labels: { confirm: t('actions.deleteConfirm'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(file.fileKey, { onSuccess: () => notifications.show({ color: 'green', message: t('actions.deleted') }) }),
    });

  const rows: Array<[string, ReactNode]> = [
    [t('meta.attachedTo'), <AttachedTo key="attached" records={file.attachedTo} showNone />],
    [t('meta.uploader'), <Uploader key="uploader" file={file} />],
    [t('meta.type'), <Text key="type" size="sm" tt="uppercase" ff="monospace">{file.fileType}</Text>],
    [t('meta.size'), <FileSize key="size" bytes={file.size} />],
    [t('meta.revision'), String(file.revision)],
    [t('meta.sha256'), <Code key="sha" style={{ wordBreak: 'break-all' }}>{file.sha256}</Code>],
    [t('meta.createdAt'), formatDateTime(file.createdAt)],
    [t('meta.updatedAt'), formatDateTime(file.updatedAt)],
    ...(file.deletedAt ? ([[t('meta.deletedAt'), formatDateTime(file.deletedAt)]] as Array<[string, string]>) : []),
    [t('table.status'), <ExtractionBadge key="status" extraction={file.extraction} />],
  ];

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Button size="xs" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => void saveFile(file).catch(() => undefined)}>
          {t('actions.download')}
        </Button>
        {file.isDeleted ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRestore size={16} aria-hidden="true" />}
            loading={restore.isPending}
            onClick={() =>
              restore.mutate(file.fileKey, { onSuccess: () => notifications.show({ color: 'green', message: t('actions.restored') }) })
            }
          >
            {t('actions.restore')}
          </Button>
        ) : file.abilities.canDelete ? (
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} loading={remove.isPending} onClick={confirmDelete}>
            {t('actions.delete')}
          </Button>
        ) : null}
      </Group>
      <section aria-label={t('meta.title')}>
        <DetailsTable rows={rows} labelWidth={120} />
      </section>
      <Divider />
      <Title order={3} size="h6">
        {t('revisions.title')}
      </Title>
      <FileRevisions file={file} />
      {file.abilities.canUpdate && !file.isDeleted && canWrite ? <RevisionUpload fileKey={file.fileKey} /> : null}
      <Divider />
      <Title order={3} size="h6">
        {t('preview.section')}
      </Title>
      {file.isDeleted ? null : <PreviewOrText file={file} />}
    </Stack>
  );
}

type View = 'preview' | 'text';

/**
 * The preview of the file as it looks (PDF pages, DOCX, images) or the text the server extracted
 * from it (what search and analysis read). Types without a visual preview show their text only.
 */
function PreviewOrText({ file }: { file: FileMetadata }) {
  const { t } = useTranslation('files');
  const [view, setView] = useState<View>('preview');
  if (previewKindOf(file.fileType) === 'text') return <FilePreview file={file} />;
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        w="fit-content"
        aria-label={t('preview.views')}
        value={view}
        onChange={(value) => setView(value as View)}
        data={[
          { value: 'preview', label: t('preview.viewPreview') },
          { value: 'text', label: t('preview.viewText') },
        ]}
      />
      {view === 'text' ? <TextPreview fileKey={file.fileKey} revision={file.revision} /> : <FilePreview file={file} />}
    </Stack>
  );
}

function DrawerBody({ fileKey }: { fileKey: string }) {
  const query = useFileMetadata(fileKey);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <FileDetails file={query.data} />;
}

export interface FileDrawerProps {
  fileKey: string | null;
  /** The name from the list, shown while the metadata loads. */
  title?: string;
  onClose: () => void;
}

/** The side drawer of one file: actions, metadata, revisions and the preview. */
export function FileDrawer({ fileKey, title, onClose }: FileDrawerProps) {
  const { t } = useTranslation('files');
  return (
    <Drawer
      opened={fileKey !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={600} truncate maw={520}>{title ?? t('preview.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('preview.close') }}
    >
      {fileKey ? <DrawerBody fileKey={fileKey} /> : null}
    </Drawer>
  );
}
