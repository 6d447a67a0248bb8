import { type FileMetadata } from '@legal/api';
import { Badge, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../lib/i18n';
import { AttachedTo } from './AttachedTo';
import { ExtractionBadge } from './ExtractionBadge';
import { FileSize } from './FileSize';
import { Uploader } from './Uploader';
import './files-i18n';

export interface FilesTableProps {
  files: readonly FileMetadata[];
  onOpen: (file: FileMetadata) => void;
}

/** One page of files; a name opens the preview drawer; under it, what the file is attached to. */
export function FilesTable({ files, onOpen }: FilesTableProps) {
  const { t } = useTranslation('files');
  const formatDateTime = useFormatDateTime();
  return (
    <Table.ScrollContainer minWidth={840}>
      <Table verticalSpacing="xs" striped highlightOnHover>
        <Table.Caption>
          <VisuallyHidden>{t('table.caption')}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.name')}</Table.Th>
            <Table.Th>{t('table.type')}</Table.Th>
            <Table.Th ta="end">{t('table.size')}</Table.Th>
            <Table.Th>{t('table.uploader')}</Table.Th>
            <Table.Th>{t('table.createdAt')}</Table.Th>
            <Table.Th>{t('table.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.fileKey}>
              <Table.Td maw={360}>
                <Stack gap={2}>
                  <Group gap="xs" wrap="nowrap">
                    <UnstyledButton onClick={() => onOpen(file)} aria-label={t('table.open', { name: file.displayName })} miw={0}>
                      <Text size="sm" fw={500} c="primary" truncate title={file.displayName}>
                        {file.displayName}
                      </Text>
                    </UnstyledButton>
                    {file.isDeleted ? (
                      <Badge color="gray" variant="outline" size="xs" style={{ flexShrink: 0 }}>
                        {t('table.deleted')}
                      </Badge>
                    ) : null}
                  </Group>
                  <AttachedTo records={file.attachedTo} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" tt="uppercase" ff="monospace">
                  {file.fileType}
                </Text>
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                <FileSize bytes={file.size} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Uploader file={file} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.createdAt)}</Table.Td>
              <Table.Td>
                <ExtractionBadge extraction={file.extraction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
