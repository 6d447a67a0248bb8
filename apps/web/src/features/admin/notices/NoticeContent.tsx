import { type NoticeAttachment } from '@legal/api';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileSize } from '../../files/FileSize';
import { saveFile } from '../../files/file-queries';
import { IconDownload, IconPaperclip } from './notice-icons';
import './notices-i18n';

/**
 * A notice's text and attachments. The body is plain text: React escapes it and `pre-wrap`
 * keeps the author's line breaks; nothing is ever parsed as HTML or markdown.
 */
export function NoticeContent({ body, attachments }: { body: string; attachments: NoticeAttachment[] }) {
  const { t } = useTranslation('notices');
  const headingId = useId();
  return (
    <Stack gap="md">
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{body}</Text>
      {attachments.length > 0 ? (
        <Stack gap={6} component="section" aria-labelledby={headingId}>
          <Group gap={6}>
            <IconPaperclip size={16} aria-hidden="true" />
            <Title order={3} size="h6" id={headingId}>
              {t('attachments')}
            </Title>
          </Group>
          {attachments.map((file) => (
            <Group key={file.fileKey} gap="xs" wrap="nowrap">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconDownload size={14} aria-hidden="true" />}
                aria-label={t('download', { name: file.displayName })}
                onClick={() => void saveFile(file)}
              >
                {file.displayName}
              </Button>
              <Text size="xs" c="dimmed">
                <FileSize bytes={file.size} />
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
