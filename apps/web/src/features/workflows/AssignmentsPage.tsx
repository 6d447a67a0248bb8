import { Alert, Anchor, Button, Container, Grid, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { SectionCard } from '../../components/SectionCard';
import { useFormatDateTime, useLocaleFormat } from '../../lib/i18n';
import { useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { ContractActionDialog } from './ContractActionDialog';
import { WorkflowBarChart } from './WorkflowBarChart';
import { useCountsByMember, useToBeAssigned } from './workflow-queries';
import { contractPath } from './workflows-path';
import { ASSIGN_PERMISSIONS } from './workflows-permissions';
import './workflows-i18n';

/** Each reviewer's open reviews, returned ones and reviews completed in the last 30 days, stacked. */
function ReviewerLoad() {
  const { t } = useTranslation('workflows');
  const counts = useCountsByMember();
  return (
    <SectionCard title={t('assign.loadTitle')}>
      {counts.isPending ? (
        <LoadingState />
      ) : counts.isError ? (
        <ErrorState error={counts.error} onRetry={() => void counts.refetch()} />
      ) : counts.data.length === 0 ? (
        <EmptyState title={t('assign.noReviewers')} />
      ) : (
        <WorkflowBarChart
          label={t('assign.loadTitle')}
          rows={counts.data.map((c) => ({
            key: String(c.userId),
            label: c.displayName ?? t('people.unknown', { id: c.userId }),
            parts: [
              { value: c.inReview, color: 'blue', label: t('assign.inReview') },
              { value: c.returned, color: 'orange', label: t('assign.returned') },
              { value: c.completedLast30Days, color: 'green', label: t('assign.completed') },
            ],
          }))}
        />
      )}
    </SectionCard>
  );
}

function Requests({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workflows');
  const formatDateTime = useFormatDateTime();
  const format = useLocaleFormat();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const list = useToBeAssigned(page, keyword);
  const [assigning, setAssigning] = useState<number | null>(null);
  const [isConflict, setIsConflict] = useState(false);
  return (
    <SectionCard title={t('assign.requestsTitle')}>
      <Stack gap="sm">
        <TextInput label={t('assign.search')} value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(0); }} />
        {isConflict ? (
          <Alert color="orange" role="alert" withCloseButton onClose={() => setIsConflict(false)} closeButtonLabel={t('actions.close')}>
            {t('panel.conflict')}
          </Alert>
        ) : null}
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.content.length === 0 ? (
          <EmptyState title={t('assign.emptyTitle')} description={t('assign.emptyDescription')} />
        ) : (
          <>
            <Table striped aria-label={t('assign.requestsTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.contract')}</Table.Th>
                  <Table.Th>{t('columns.requester')}</Table.Th>
                  <Table.Th>{t('columns.requestedAt')}</Table.Th>
                  <Table.Th>{t('columns.deadline')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.content.map((row) => (
                  <Table.Tr key={row.workflowId}>
                    <Table.Td>
                      <Anchor component={Link} to={contractPath(workspaceName, row.contractId)}>
                        {row.contractTitle}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.requester.displayName ?? t('people.unknown', { id: row.requester.userId })}</Table.Td>
                    <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                    <Table.Td>{row.desiredReviewDeadline ? format.isoDate(row.desiredReviewDeadline) : '—'}</Table.Td>
                    <Table.Td>
                      <Button size="xs" onClick={() => setAssigning(row.contractId)} aria-label={t('assign.assignOne', { title: row.contractTitle })}>
                        {t('assign.assign')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {list.data.totalPages > 1 ? <Pagination total={list.data.totalPages} value={page + 1} onChange={(p) => setPage(p - 1)} /> : null}
            <Text size="xs" c="dimmed">
              {t('list.total', { count: list.data.totalElements })}
            </Text>
          </>
        )}
      </Stack>
      {assigning !== null ? (
        <ContractActionDialog contractId={assigning} action="ASSIGN" stepCode="ASSIGNMENT" onClose={() => setAssigning(null)} onConflict={() => setIsConflict(true)} />
      ) : null}
    </SectionCard>
  );
}

function AssignmentsScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workflows');
  const canAssign = useHasAnyPermission(ASSIGN_PERMISSIONS);
  useDocumentTitle(`${t('assign.title')} · ${workspaceName}`);
  if (!canAssign) return <ForbiddenState />;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('assign.title')}</Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Requests workspaceName={workspaceName} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ReviewerLoad />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/workflows/assignments`: requests waiting for a reviewer, and each reviewer's load (legal.review.assign). */
export function AssignmentsPage() {
  return <WorkspaceGate product="CLM">{(entry) => <AssignmentsScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
