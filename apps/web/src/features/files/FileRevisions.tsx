import { type FileMetadata } from '@legal/api';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useFormatDateTime } from '../../lib/i18n';
import { saveFile, useFileRevisions } from './file-queries';
import { IconDownload } from './file-icons';
import { FileSize } from './FileSize';
import './files-i18n';

/** Every revision, newest first, each with its own download. */
export function FileRevisions({ file }: { file: FileMetadata }) {
  const { t } = useTranslation('files');
  const formatDateTime = useFormatDateTime();
  const query = useFileRevisions(file.fileKey);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <Text c="dimmed">{t('revisions.empty')}</Text>;
  const revisions = [...query.data].sort((a, b) => b.revision - a.revision);
  return (
    <Table verticalSpacing={4} aria-label={t('revisions.title')}>
      <Table.Tbody>
        {revisions.map((revision) => (
          <Table.Tr key={revision.revision}>
            <Table.Td>
              <Stack gap={0}>
                <Group gap={6}>
                  <Text size="sm" fw={500}>
                    {t('revisions.revision', { revision: revision.revision })}
                  </Text>
                  {revision.revision === file.revision ? (
                    <Badge size="xs" variant="light">
                      {t('revisions.current')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" truncate maw={260} title={revision.displayName}>
                  {revision.displayName} · <FileSize bytes={revision.size} /> · {formatDateTime(revision.createdAt)}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td ta="end">
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconDownload size={14} aria-hidden="true" />}
                aria-label={t('revisions.download', { revision: revision.revision })}
                onClick={() => void saveFile({ fileKey: file.fileKey, displayName: revision.displayName }, revision.revision).catch(() => undefined)}
              >
                {t('actions.download')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
