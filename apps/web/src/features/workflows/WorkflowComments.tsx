import { CommentBodySchema, addWorkflowComment } from '@legal/api';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import { type PickedUser, UserPicker } from './UserPicker';
import { type Attached, WorkflowAttachments } from './WorkflowAttachments';
import { EventLine } from './WorkflowEvents';
import { useCommentEvents, useWorkflowRefresh } from './workflow-queries';
import './workflows-i18n';

/** The comment thread of the contract's workflows (oldest first) and a comment box with @mentions and attachments. */
export function WorkflowComments({ contractId, canComment }: { contractId: number; canComment: boolean }) {
  const { t } = useTranslation('workflows');
  const comments = useCommentEvents(contractId);
  const refresh = useWorkflowRefresh(contractId);
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<PickedUser[]>([]);
  const [files, setFiles] = useState<Attached[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const onFiles = useCallback((next: Attached[]) => setFiles(next), []);
  const post = useMutation({
    mutationFn: (body: { comment: string; mentionUserIds: number[]; fileKeys: string[] }) =>
      api.call(addWorkflowComment, { params: { contractId }, body, suppressErrorToast: true }),
    onSuccess: () => {
      setText('');
      setMentions([]);
      setFiles([]);
      setFormKey((k) => k + 1);
      refresh();
    },
    onError: (failure) => setError(failure.message),
  });
  const submit = () => {
    setError(null);
    const body = { comment: text.trim(), mentionUserIds: mentions.map((m) => m.userId), fileKeys: files.map((f) => f.fileKey) };
    const checked = CommentBodySchema.safeParse(body);
    if (!checked.success) return setError(body.comment ? t('form.tooLong') : t('comments.required'));
    post.mutate(body);
  };
  return (
    <Stack gap="md">
      {comments.isPending ? (
        <LoadingState />
      ) : comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <EmptyState title={t('comments.emptyTitle')} description={t('comments.emptyDescription')} />
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('comments.title')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {comments.data.map((event) => (
            <EventLine key={event.eventId} event={event} />
          ))}
        </Stack>
      )}
      {canComment ? (
        <Stack gap="xs" key={formKey}>
          <Textarea label={t('comments.new')} autosize minRows={2} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <UserPicker label={t('comments.mentions')} value={mentions} onChange={setMentions} maxValues={20} />
          <WorkflowAttachments label={t('comments.files')} onChange={onFiles} onUploadingChange={setIsUploading} />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={submit} loading={post.isPending} disabled={isUploading}>
              {t('comments.post')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
