import { type Review, reviewChatCredits } from '@legal/api';
import { Alert, Anchor, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { isProviderMissing } from './ai-review-errors';
import { useQuestionExamples } from './ai-review-queries';
import { type ReviewChatSentence, type ReviewChatTurn, streamReviewChat } from './review-chat-stream';
import './ai-review-i18n';

interface Exchange {
  question: string;
  /** The text as it streams in. */
  streamed: string;
  sentences: ReviewChatSentence[] | null;
  error: { message: string; isProviderMissing: boolean } | null;
  /** The user stopped it (or closed the drawer) before it was done: what had streamed stays. */
  isStopped: boolean;
}

/**
 * Questions about the reviewed contract, answered as they stream; each sentence links to its
 * clause. Stopping, or closing the drawer, aborts the running stream (the server stops the model)
 * and keeps what had streamed as a stopped answer; the conversation stays while the page is open.
 */
/** The earlier turns a question is sent with: the answered exchanges, the last 20 messages. */
function historyOf(exchanges: Exchange[]): ReviewChatTurn[] {
  return exchanges
    .filter((e) => e.sentences)
    .flatMap((e) => [
      { role: 'user' as const, content: e.question },
      { role: 'assistant' as const, content: e.sentences!.map((s) => s.text).join(' ') },
    ])
    .slice(-20);
}

export function ReviewChatDrawer({ review, opened, onClose, onJump }: { review: Review; opened: boolean; onClose: () => void; onJump: (offset: number) => void }) {
  const { t } = useTranslation('aiReview');
  const format = useLocaleFormat();
  const examples = useQuestionExamples(review.contractType, opened);
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [isStreaming, setIsStreaming] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const patchLast = (patch: (e: Exchange) => Exchange) => setExchanges((all) => all.map((e, i) => (i === all.length - 1 ? patch(e) : e)));

  // What the next question costs with a model (review-chat/v2 debits it; nothing without a model).
  const credits = reviewChatCredits(review.clauses, review.text ?? '', historyOf(exchanges).length);

  const ask = async (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || isStreaming) return;
    const history = historyOf(exchanges);
    setExchanges((all) => [...all, { question: trimmed, streamed: '', sentences: null, error: null, isStopped: false }]);
    setQuestion('');
    setIsStreaming(true);
    const own = new AbortController();
    controller.current = own;
    try {
      const answer = await streamReviewChat(
        { reviewId: review.reviewId, question: trimmed, history },
        {
          signal: own.signal,
          onDelta: (delta) => {
            if (!own.signal.aborted) patchLast((e) => ({ ...e, streamed: e.streamed + delta }));
          },
        },
      );
      if (!own.signal.aborted) patchLast((e) => ({ ...e, sentences: answer.sentences }));
    } catch (error) {
      // Stopped: `stop` has marked the answer already; whatever the aborted read threw is no failure.
      if (own.signal.aborted) return;
      const message = isApiError(error) && error.message ? error.message : t('chat.failed');
      patchLast((e) => ({ ...e, error: { message, isProviderMissing: isProviderMissing(error) } }));
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setIsStreaming(false);
      }
    }
  };

  const stop = () => {
    const running = controller.current;
    if (!running) return;
    controller.current = null;
    running.abort();
    setIsStreaming(false);
    patchLast((e) => (e.sentences || e.error ? e : { ...e, isStopped: true }));
  };
  const close = () => {
    stop();
    onClose();
  };

  return (
    <Drawer opened={opened} onClose={close} position="right" size="lg" title={t('chat.title')} closeButtonProps={{ 'aria-label': t('chat.close') }}>
      <Stack gap="md">
        {exchanges.length === 0 && examples.data && examples.data.length > 0 ? (
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              {t('chat.examples')}
            </Text>
            <Group gap={6}>
              {examples.data.map((example) => (
                <Button key={example} size="compact-sm" variant="light" onClick={() => void ask(example)}>
                  {example}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}
        {exchanges.map((e, i) => (
          <Stack key={i} gap={6}>
            <Paper p="xs" radius="md" bg="var(--mantine-color-default-hover)" ml="xl">
              <Text size="sm">{e.question}</Text>
            </Paper>
            {e.error ? (
              <Alert color={e.error.isProviderMissing ? 'orange' : 'red'} variant="light" role="alert" title={e.error.isProviderMissing ? t('chat.noModelTitle') : undefined}>
                {e.error.message}
              </Alert>
            ) : e.sentences ? (
              <Stack gap={4} aria-label={t('chat.answer')}>
                {e.sentences.map((s, j) => (
                  <Text key={j} size="sm">
                    {s.text}{' '}
                    {s.clause ? (
                      <Anchor component="button" type="button" size="xs" onClick={() => onJump(s.clause!.startOffset)}>
                        {t('chat.jump', { clause: s.clause.heading ?? t('chat.clause') })}
                      </Anchor>
                    ) : null}
                  </Text>
                ))}
              </Stack>
            ) : e.isStopped ? (
              <Stack gap={4} aria-label={t('chat.stoppedAnswer')}>
                {e.streamed ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {e.streamed}
                  </Text>
                ) : null}
                <Badge color="gray" variant="light" tt="none" w="fit-content">
                  {t('chat.stopped')}
                </Badge>
              </Stack>
            ) : (
              <Group gap={6} align="flex-start" wrap="nowrap">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-live="polite">
                  {e.streamed}
                </Text>
                <Loader size="xs" aria-label={t('chat.streaming')} />
              </Group>
            )}
          </Stack>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void ask(question);
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('chat.question')}
              value={question}
              maxLength={2000}
              autosize
              minRows={2}
              onChange={(event) => setQuestion(event.currentTarget.value)}
            />
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {t('chat.price')} <strong>{t('start.credits', { count: credits, value: format.number(credits) })}</strong>
              </Text>
              <Group gap="xs">
                {isStreaming ? (
                  <Button variant="default" color="gray" onClick={stop}>
                    {t('chat.stop')}
                  </Button>
                ) : null}
                <Button type="submit" loading={isStreaming} disabled={question.trim() === ''}>
                  {t('chat.ask')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Drawer>
  );
}
