import { STEP_CODES, type TodoItem } from '@legal/api';
import { Anchor, Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { SectionCard } from '../../components/SectionCard';
import { useFormatDateTime, useLocaleFormat } from '../../lib/i18n';
import { useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { WorkflowBarChart } from './WorkflowBarChart';
import { TODO_KINDS, groupTodo } from './todo-groups';
import { useWorkflowLabels } from './workflow-labels';
import { useCountsByStep, useHomeTodo } from './workflow-queries';
import { contractPath, workflowsPath } from './workflows-path';
import { ASSIGN_PERMISSIONS } from './workflows-permissions';
import './workflows-i18n';

function TodoRow({ item, workspaceName }: { item: TodoItem; workspaceName: string }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const formatDateTime = useFormatDateTime();
  const format = useLocaleFormat();
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py={4} data-overdue={item.overdue || undefined}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={contractPath(workspaceName, item.contractId)} fw={500} truncate>
          {item.contractTitle}
        </Anchor>
        <Text size="xs" c="dimmed">
          {labels.step(item.stepCode)} · {t('todo.requester', { name: item.requester.displayName ?? t('people.unknown', { id: item.requester.userId }) })} ·{' '}
          {t('todo.waitingSince', { at: formatDateTime(item.waitingSince) })}
          {item.desiredReviewDeadline ? ` · ${t('panel.deadline', { date: format.isoDate(item.desiredReviewDeadline) })}` : ''}
        </Text>
      </Stack>
      {item.overdue ? (
        <Badge color="red" variant="light">
          {t('todo.overdue')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** Running workflows by current step, for those who balance the work (legal.review.assign). */
function StepChart() {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const counts = useCountsByStep(true);
  return (
    <SectionCard title={t('todo.byStepTitle')}>
      {counts.isPending ? (
        <LoadingState />
      ) : counts.isError ? (
        <ErrorState error={counts.error} onRetry={() => void counts.refetch()} />
      ) : counts.data.every((c) => c.count === 0) ? (
        <EmptyState title={t('todo.byStepEmpty')} />
      ) : (
        <WorkflowBarChart
          label={t('todo.byStepTitle')}
          rows={STEP_CODES.map((code) => ({
            key: code,
            label: labels.step(code),
            parts: [{ value: counts.data.find((c) => c.stepCode === code)?.count ?? 0, color: 'blue', label: labels.step(code) }],
          }))}
        />
      )}
    </SectionCard>
  );
}

function TodoScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workflows');
  const todo = useHomeTodo();
  const canBalance = useHasAnyPermission(ASSIGN_PERMISSIONS);
  useDocumentTitle(`${t('todo.title')} · ${workspaceName}`);
  let content;
  if (todo.isPending) content = <LoadingState />;
  else if (todo.isError) content = <ErrorState error={todo.error} onRetry={() => void todo.refetch()} />;
  else {
    const groups = groupTodo(todo.data.items);
    content = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 5 }} role="list" aria-label={t('todo.counts')}>
          {TODO_KINDS.map((kind) => (
            <Card key={kind} withBorder padding="sm" role="listitem" aria-label={`${t(`todo.kind.${kind}`)}: ${todo.data.counts[kind]}`}>
              <Text size="xs" c="dimmed">
                {t(`todo.kind.${kind}`)}
              </Text>
              <Text size="xl" fw={700}>
                {todo.data.counts[kind]}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        {groups.length === 0 ? (
          <EmptyState title={t('todo.emptyTitle')} description={t('todo.emptyDescription')} />
        ) : (
          groups.map((group) => (
            <SectionCard key={group.kind} title={t('todo.groupTitle', { kind: t(`todo.kind.${group.kind}`), count: group.items.length })}>
              <Stack gap={0} component="ul" aria-label={t(`todo.kind.${group.kind}`)} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {group.items.map((item) => (
                  <TodoRow key={`${item.workflowId}-${item.stepCode}-${item.myRole}`} item={item} workspaceName={workspaceName} />
                ))}
              </Stack>
            </SectionCard>
          ))
        )}
      </Stack>
    );
  }
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t('todo.title')}</Title>
          <Group gap="md">
            <Anchor component={Link} to={workflowsPath(workspaceName, 'search', new URLSearchParams({ view: 'to-be-executed' }))}>
              {t('search.views.to-be-executed')}
            </Anchor>
            <Anchor component={Link} to={workflowsPath(workspaceName, 'search', new URLSearchParams({ view: 'related' }))}>
              {t('search.views.related')}
            </Anchor>
          </Group>
        </Group>
        {content}
        {canBalance ? <StepChart /> : null}
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/workflows/todo`: what waits on the caller, grouped by kind, overdue marked. */
export function TodoPage() {
  return <WorkspaceGate product="CLM">{(entry) => <TodoScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
