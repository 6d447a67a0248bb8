import { type ChatMessage, type ChatQueryDone, type ResearchCitation, type ResearchIndexProgress } from '@legal/api';
import { Alert, Badge, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { AiCallAlert } from '../ai-review/AiCallAlert';
import { AnswerCard } from './AnswerCard';
import { useChatDetail, useSampleQuestions } from './research-queries';
import { ThemeHtml } from './ThemeHtml';
import './research-i18n';

/** A question asked on this page: streaming, answered (the stored messages), failed or stopped. */
export interface Exchange {
  id: number;
  /** The chat it belongs to: null until the first answer of a new chat names it. */
  chatKey: string | null;
  question: string;
  streamed: string;
  done: ChatQueryDone | null;
  error: unknown;
  isStopped: boolean;
}

function QuestionBubble({ text }: { text: string }) {
  return (
    <Paper p="xs" radius="md" bg="var(--mantine-color-default-hover)" ml="auto" maw="80%">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    </Paper>
  );
}

function PendingAnswer({ exchange }: { exchange: Exchange }) {
  const { t } = useTranslation('research');
  if (exchange.error) return <AiCallAlert error={exchange.error} />;
  if (exchange.isStopped) {
    return (
      <Stack gap={4} aria-label={t('answer.stoppedLabel')} role="article">
        {exchange.streamed ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {exchange.streamed}
          </Text>
        ) : null}
        <Badge color="gray" variant="light" tt="none" w="fit-content">
          {t('answer.stopped')}
        </Badge>
      </Stack>
    );
  }
  return (
    <Group gap={6} align="flex-start" wrap="nowrap" aria-busy="true">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-live="polite" data-testid="streamed-answer">
        {exchange.streamed}
      </Text>
      <Loader size="xs" aria-label={t('answer.streaming')} />
    </Group>
  );
}

/**
 * Said under an answer given while the first start was still indexing the statutes, or, once they
 * are indexed, while the workspace's embedding model has vectors for part of them only (meaning
 * then finds part of the law; the words still find all of it).
 */
function IndexingNotice({ index }: { index: ResearchIndexProgress }) {
  const { t } = useTranslation('research');
  const embeddings = index.embeddings;
  if (index.indexedVersions < index.versions) {
    return (
      <ProgressNotice color="yellow" title={t('answer.indexingTitle')} text={t('answer.indexing', { indexed: index.indexedVersions, total: index.versions })}
        done={index.indexedVersions} total={index.versions} label={t('answer.indexingProgress')} />
    );
  }
  if (!embeddings || embeddings.embedded >= embeddings.wordings) return null;
  return (
    <ProgressNotice color="blue" title={t('answer.embeddingTitle')} text={t('answer.embedding', { embedded: embeddings.embedded, total: embeddings.wordings })}
      done={embeddings.embedded} total={embeddings.wordings} label={t('answer.embeddingProgress')} />
  );
}

function ProgressNotice({ color, title, text, done, total, label }: { color: string; title: string; text: string; done: number; total: number; label: string }) {
  return (
    <Alert color={color} variant="light" title={title}>
      <Stack gap={6}>
        <Text size="sm">{text}</Text>
        <Progress value={total ? (100 * done) / total : 0} aria-label={label} />
      </Stack>
    </Alert>
  );
}

function Welcome({ welcomeHtml, canAsk, onAsk }: { welcomeHtml: string | null; canAsk: boolean; onAsk: (question: string) => void }) {
  const { t } = useTranslation('research');
  const samples = useSampleQuestions(true);
  return (
    <Stack gap="md" py="lg">
      {welcomeHtml ? (
        <ThemeHtml html={welcomeHtml} label={t('welcome.custom')} />
      ) : (
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('welcome.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('welcome.description')}
          </Text>
        </Stack>
      )}
      {samples.data && samples.data.length > 0 ? (
        <Stack gap={6} role="group" aria-label={t('welcome.samples')}>
          <Text size="xs" c="dimmed">
            {t('welcome.samples')}
          </Text>
          <Group gap={6}>
            {samples.data.map((sample) => (
              <Button key={sample} size="compact-sm" variant="light" tt="none" disabled={!canAsk} onClick={() => onAsk(sample)}>
                {sample}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * The open chat: its stored messages, then what was asked on this page (streaming, answered,
 * failed or stopped). An answered exchange is shown from the stream's `done` messages; the same
 * messages in the reloaded chat are left out so that nothing shows twice.
 */
export function ChatThread({ chatKey, exchanges, welcomeHtml, canAsk, onAsk, onOpenCitation }: {
  chatKey: string | null;
  exchanges: Exchange[];
  welcomeHtml: string | null;
  canAsk: boolean;
  onAsk: (question: string) => void;
  onOpenCitation: (citation: ResearchCitation) => void;
}) {
  const { t } = useTranslation('research');
  const chat = useChatDetail(chatKey);
  const shown = exchanges.filter((e) => e.chatKey === chatKey);
  const ownKeys = new Set(shown.flatMap((e) => (e.done ? [e.done.question.chatMessageKey, e.done.answer.chatMessageKey] : [])));
  const stored: ChatMessage[] = (chat.data?.messages ?? []).filter((m) => !ownKeys.has(m.chatMessageKey));

  if (chatKey !== null && chat.isPending && shown.length === 0) return <LoadingState label={t('thread.loading')} />;
  if (chatKey !== null && chat.isError) return <ErrorState error={chat.error} onRetry={() => void chat.refetch()} />;
  if (stored.length === 0 && shown.length === 0) return <Welcome welcomeHtml={welcomeHtml} canAsk={canAsk} onAsk={onAsk} />;

  return (
    <Stack gap="md" aria-label={t('thread.title')} role="log">
      {chat.data ? (
        <Title order={2} size="h4">
          {chat.data.title}
        </Title>
      ) : null}
      {stored.map((message) =>
        message.role === 'USER' ? (
          <QuestionBubble key={message.chatMessageKey} text={message.text} />
        ) : (
          <AnswerCard key={message.chatMessageKey} chatKey={chatKey!} message={message} onOpenCitation={onOpenCitation} />
        ),
      )}
      {shown.map((exchange) => (
        <Stack key={exchange.id} gap="xs">
          <QuestionBubble text={exchange.question} />
          {exchange.done ? (
            <>
              <AnswerCard chatKey={exchange.done.chatKey} message={exchange.done.answer} onOpenCitation={onOpenCitation} />
              <IndexingNotice index={exchange.done.index} />
            </>
          ) : (
            <PendingAnswer exchange={exchange} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
