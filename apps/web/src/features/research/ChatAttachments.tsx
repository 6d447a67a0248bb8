import type { ChatAttachment, CollectionDocumentStatus } from '@legal/api';
import { Alert, Badge, Button, CloseButton, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/ProgressBar';
import { isApiError } from '../../lib/api';
import { useChatAttachments, useDeleteAttachment, useUploadAttachment } from './attachment-queries';
import { IconPaperclip } from './research-icons';
import './research-i18n';

const ACCEPT = '.pdf,.docx,.hwp,.hwpx,.txt,.png,.jpg,.jpeg,.tif,.tiff';
const STATUS_COLOR: Record<CollectionDocumentStatus, string> = { PENDING: 'yellow', INDEXED: 'teal', FAILED: 'red' };

function AttachmentChip({ chatKey, attachment }: { chatKey: string; attachment: ChatAttachment }) {
  const { t } = useTranslation('research');
  const remove = useDeleteAttachment(chatKey);
  return (
    <Badge
      variant="light"
      color={STATUS_COLOR[attachment.status]}
      tt="none"
      title={attachment.error ?? undefined}
      rightSection={
        <CloseButton
          size="xs"
          aria-label={t('attachments.remove', { name: attachment.title })}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ fileKey: attachment.fileKey, categoryId: attachment.categoryId })}
        />
      }
    >
      {t('attachments.chip', { name: attachment.title, status: t(`attachments.status.${attachment.status}`) })}
    </Badge>
  );
}

/**
 * The composer's attachments: an attach button (hidden when the theme or the server says uploads
 * are off) with the upload's progress, and a chip per attached file with its indexing status and
 * a remove button. Attaching to a new chat starts it (onChatStarted names it).
 */
export function ChatAttachments({ chatKey, isUploadHidden, isDisabled, onChatStarted }: {
  chatKey: string | null;
  isUploadHidden: boolean;
  isDisabled: boolean;
  onChatStarted: (chatKey: string) => void;
}) {
  const { t } = useTranslation('research');
  const list = useChatAttachments(chatKey);
  const upload = useUploadAttachment();
  const [progress, setProgress] = useState<{ name: string; percent: number | null } | null>(null);
  const canUpload = !isUploadHidden && (list.data?.abilities.canUpload ?? true);
  const attachments = list.data?.attachments ?? [];

  const attach = async (file: File | null) => {
    if (!file) return;
    setProgress({ name: file.name, percent: 0 });
    try {
      const attached = await upload.mutateAsync({ chatKey, file, onProgress: (percent) => setProgress({ name: file.name, percent }) });
      if (attached.chatKey !== chatKey) onChatStarted(attached.chatKey);
    } catch {
      // Shown below from the mutation's error.
    } finally {
      setProgress(null);
    }
  };

  if (!canUpload && attachments.length === 0 && !list.isError) return null;
  return (
    <Stack gap={6}>
      <Group gap={6} align="center">
        {canUpload ? (
          <FileButton onChange={(file) => void attach(file)} accept={ACCEPT} disabled={isDisabled || progress !== null} inputProps={{ 'aria-label': t('attachments.input') }}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} />} disabled={isDisabled || progress !== null}>
                {t('attachments.attach')}
              </Button>
            )}
          </FileButton>
        ) : null}
        {list.isLoading && chatKey !== null ? (
          <Text size="xs" c="dimmed">
            {t('attachments.loading')}
          </Text>
        ) : null}
        {chatKey !== null ? attachments.map((a) => <AttachmentChip key={a.documentId} chatKey={chatKey} attachment={a} />) : null}
      </Group>
      {progress ? <ProgressBar value={progress.percent ?? undefined} label={t('attachments.uploading', { name: progress.name })} /> : null}
      {upload.isError && !progress ? (
        <Alert color="red" variant="light" role="alert" title={t('attachments.uploadFailed')} withCloseButton onClose={() => upload.reset()}>
          {isApiError(upload.error) ? upload.error.message : t('attachments.uploadFailedHint')}
        </Alert>
      ) : null}
      {list.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('attachments.loadFailed')}>
          {isApiError(list.error) ? list.error.message : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
