import { type WorkflowEvent } from '@legal/api';
import { Badge, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useFormatDateTime } from '../../lib/i18n';
import { useWorkflowLabels } from './workflow-labels';
import { useWorkflowEvents } from './workflow-queries';
import './workflows-i18n';

/** One event as a sentence: who did what at which step, the status it moved to, its comment and files. */
export function EventLine({ event }: { event: WorkflowEvent }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const formatDateTime = useFormatDateTime();
  const actor = event.actor ? (event.actor.displayName ?? t('people.unknown', { id: event.actor.userId })) : t('events.system');
  const what = event.actionId ? labels.action(event.actionId) : t(`events.type.${event.type}`);
  return (
    <Stack gap={2} component="li">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {actor}
        </Text>
        <Text size="sm">{what}</Text>
        {event.stepCode ? (
          <Badge size="xs" variant="outline" tt="none">
            {labels.step(event.stepCode)}
          </Badge>
        ) : null}
        {event.toStatus ? (
          <Text size="xs" c="dimmed">
            {t('events.toStatus', { status: labels.status(event.toStatus) })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('events.round', { round: event.round })} · {formatDateTime(event.createdAt)}
        </Text>
      </Group>
      {event.comment ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {event.comment}
        </Text>
      ) : null}
      {event.mentions.length > 0 ? (
        <Text size="xs" c="dimmed">
          {t('comments.mentioned', { names: event.mentions.map((m) => `@${m.displayName ?? m.userId}`).join(' ') })}
        </Text>
      ) : null}
      {event.files.length > 0 ? (
        <Text size="xs" c="dimmed">
          {t('events.files', { names: event.files.map((f) => f.displayName).join(', ') })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Every event of the contract's workflows, newest first, 20 a page. */
export function WorkflowEvents({ contractId }: { contractId: number }) {
  const { t } = useTranslation('workflows');
  const [page, setPage] = useState(0);
  const events = useWorkflowEvents(contractId, page);
  if (events.isPending) return <LoadingState />;
  if (events.isError) return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;
  if (events.data.content.length === 0) return <EmptyState title={t('events.emptyTitle')} description={t('events.emptyDescription')} />;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" aria-label={t('events.title')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {events.data.content.map((event) => (
          <EventLine key={event.eventId} event={event} />
        ))}
      </Stack>
      {events.data.totalPages > 1 ? (
        <Pagination total={events.data.totalPages} value={page + 1} onChange={(p) => setPage(p - 1)} size="sm" aria-label={t('events.pages')} />
      ) : null}
    </Stack>
  );
}
