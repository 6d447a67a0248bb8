import { type ChatMessage } from '@legal/api';
import { Alert, Button, Group, Stack, Textarea, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { useSaveFeedback } from './research-queries';
import './research-i18n';

type Rating = NonNullable<ChatMessage['feedback']>;

/**
 * Good / bad on an answer, saved at once (a later click replaces it), with an optional comment
 * sent with the same rating. The pressed state is what the server saved, not what was clicked.
 */
export function FeedbackButtons({ chatKey, message }: { chatKey: string; message: ChatMessage }) {
  const { t } = useTranslation('research');
  const save = useSaveFeedback(chatKey, message.chatMessageKey);
  const [saved, setSaved] = useState<Rating | null>(message.feedback);
  const [isCommenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');

  const rate = (rating: Rating, withComment?: string) =>
    save.mutate(
      { rating, comment: withComment?.trim() || undefined },
      {
        onSuccess: (result) => {
          setSaved(result.rating);
          if (withComment !== undefined) setCommenting(false);
        },
      },
    );

  return (
    <Stack gap={6}>
      <Group gap={6} role="group" aria-label={t('feedback.title')}>
        {(['GOOD', 'BAD'] as const).map((rating) => (
          <Button
            key={rating}
            size="compact-xs"
            variant={saved === rating ? 'filled' : 'default'}
            aria-pressed={saved === rating}
            loading={save.isPending && !isCommenting && save.variables?.rating === rating}
            onClick={() => rate(rating)}
          >
            {t(rating === 'GOOD' ? 'feedback.good' : 'feedback.bad')}
          </Button>
        ))}
        {saved && !isCommenting ? (
          <Button size="compact-xs" variant="subtle" onClick={() => setCommenting(true)}>
            {t('feedback.addComment')}
          </Button>
        ) : null}
      </Group>
      {isCommenting && saved ? (
        <Stack gap={4}>
          <Textarea label={t('feedback.comment')} value={comment} maxLength={2000} autosize minRows={2} onChange={(e) => setComment(e.currentTarget.value)} />
          <Group gap={6} justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => setCommenting(false)}>
              {t('feedback.cancel')}
            </Button>
            <Button size="compact-xs" disabled={comment.trim() === ''} loading={save.isPending} onClick={() => rate(saved, comment)}>
              {t('feedback.saveComment')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {save.isError ? (
        <Alert color="red" variant="light" role="alert">
          {isApiError(save.error) && save.error.message ? save.error.message : t('feedback.failed')}
        </Alert>
      ) : null}
      {save.isSuccess && !save.isPending ? (
        <VisuallyHidden role="status">{t('feedback.saved')}</VisuallyHidden>
      ) : null}
    </Stack>
  );
}
