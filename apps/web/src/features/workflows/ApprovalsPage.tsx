import { type Approval, type WorkflowAction } from '@legal/api';
import { Alert, Anchor, Badge, Button, Container, Group, Pagination, SegmentedControl, Stack, Table, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useFormatDateTime } from '../../lib/i18n';
import { type SessionState, useSession } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { ContractActionDialog } from './ContractActionDialog';
import { useApprovals } from './workflow-queries';
import { contractPath } from './workflows-path';
import './workflows-i18n';

const selectUserId = (s: SessionState) => s.userInfo?.id ?? null;

/** Whether the caller decides now: an approval in progress whose earliest undecided line holds them, undecided. */
export function isMyTurn(approval: Approval, userId: number | null): boolean {
  if (userId === null || approval.status !== 'IN_PROGRESS') return false;
  const pending = approval.approvers.filter((a) => a.decision === 'PENDING');
  if (pending.length === 0) return false;
  const line = Math.min(...pending.map((a) => a.lineOrder));
  return pending.some((a) => a.lineOrder === line && a.userId === userId);
}

function ApprovalsScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workflows');
  const formatDateTime = useFormatDateTime();
  const userId = useSession(selectUserId);
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'all' ? 'all' : 'waiting';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const approvals = useApprovals(view === 'waiting', page);
  const [deciding, setDeciding] = useState<{ contractId: number; action: WorkflowAction } | null>(null);
  const [isConflict, setIsConflict] = useState(false);
  useDocumentTitle(`${t('approvals.title')} · ${workspaceName}`);
  const setView = (next: string) => setParams(next === 'all' ? { view: 'all' } : {});
  const setPage = (next: number) => setParams({ ...(view === 'all' ? { view: 'all' } : {}), ...(next > 0 ? { page: String(next) } : {}) });

  let content;
  if (approvals.isPending) content = <LoadingState />;
  else if (approvals.isError) content = <ErrorState error={approvals.error} onRetry={() => void approvals.refetch()} />;
  else if (approvals.data.content.length === 0) content = <EmptyState title={t(`approvals.empty.${view}`)} />;
  else
    content = (
      <>
        <Table striped aria-label={t('approvals.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.contract')}</Table.Th>
              <Table.Th>{t('columns.requester')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.requestedAt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {approvals.data.content.map((a) => (
              <Table.Tr key={a.approvalId}>
                <Table.Td>
                  <Anchor component={Link} to={contractPath(workspaceName, a.contractId)}>
                    {a.contractTitle}
                  </Anchor>
                </Table.Td>
                <Table.Td>{a.requestedBy ? (a.requestedBy.displayName ?? t('people.unknown', { id: a.requestedBy.userId })) : '—'}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(`approvalStatus.${a.status}`)}</Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(a.createdAt)}</Table.Td>
                <Table.Td>
                  {isMyTurn(a, userId) ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" onClick={() => setDeciding({ contractId: a.contractId, action: 'APPROVE' })} aria-label={t('approvals.approveOne', { title: a.contractTitle })}>
                        {t('approvals.approve')}
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => setDeciding({ contractId: a.contractId, action: 'REJECT' })} aria-label={t('approvals.rejectOne', { title: a.contractTitle })}>
                        {t('approvals.reject')}
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {approvals.data.totalPages > 1 ? <Pagination total={approvals.data.totalPages} value={page + 1} onChange={(p) => setPage(p - 1)} /> : null}
      </>
    );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('approvals.title')}</Title>
        <SegmentedControl
          value={view}
          onChange={setView}
          data={[{ value: 'waiting', label: t('approvals.waiting') }, { value: 'all', label: t('approvals.all') }]}
          aria-label={t('approvals.view')}
          w="fit-content"
        />
        {isConflict ? (
          <Alert color="orange" role="alert" withCloseButton onClose={() => setIsConflict(false)} closeButtonLabel={t('actions.close')}>
            {t('panel.conflict')}
          </Alert>
        ) : null}
        {content}
      </Stack>
      {deciding ? (
        <ContractActionDialog contractId={deciding.contractId} action={deciding.action} stepCode="APPROVAL" onClose={() => setDeciding(null)} onConflict={() => setIsConflict(true)} />
      ) : null}
    </Container>
  );
}

/** `/:workspaceName/workflows/approvals`: approvals waiting on the caller (or all of theirs), approve or reject. */
export function ApprovalsPage() {
  return <WorkspaceGate product="CLM">{(entry) => <ApprovalsScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
