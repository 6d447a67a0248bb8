import { type RoleRequest } from '@legal/api';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WorkspacePageHeader } from '../../../components/WorkspacePageHeader';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable, NEWEST_FIRST } from '../AdminDataTable';
import { confirmAction } from '../confirm';
import { WorkspaceGate } from '../../workspaces/WorkspaceGate';
import { useMyRoleRequests, useRoleRequestMutations } from './role-request-queries';
import { readRoleRequestFilters, writeRoleRequestFilters, type RoleRequestFilters } from './role-requests-search-params';
import { RoleRequestForm } from './RoleRequestForm';
import { RoleRequestStatusBadge } from './RoleRequestStatusBadge';
import '../admin-i18n';
import './role-requests-i18n';

function useColumns(onCancel: (request: RoleRequest) => void): DataTableColumn<RoleRequest>[] {
  const { t } = useTranslation('roleRequests');
  const formatDateTime = useFormatDateTime();
  const none = t('table.none');
  return [
    { accessor: 'role', title: t('table.role'), render: (request) => request.role.name },
    { accessor: 'status', title: t('table.status'), render: (request) => <RoleRequestStatusBadge status={request.status} /> },
    {
      accessor: 'reason',
      title: t('table.reason'),
      render: (request) => (
        <Text size="sm" lineClamp={2} maw={280}>
          {request.reason ?? none}
        </Text>
      ),
    },
    { accessor: 'approver', title: t('table.approver'), render: (request) => request.approver?.displayName ?? t('table.anyApprover') },
    { accessor: 'createdAt', title: t('table.createdAt'), sortable: true, render: (request) => formatDateTime(request.createdAt) },
    { accessor: 'decidedBy', title: t('table.decidedBy'), render: (request) => request.decidedBy?.displayName ?? none },
    { accessor: 'decisionComment', title: t('table.comment'), render: (request) => request.decisionComment ?? none },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      render: (request) =>
        request.abilities.canCancel ? (
          <Button size="xs" variant="subtle" color="red" aria-label={t('mine.cancelLabel', { role: request.role.name })} onClick={() => onCancel(request)}>
            {t('mine.cancel')}
          </Button>
        ) : null,
    },
  ];
}

function MyRoleRequests({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('roleRequests');
  useDocumentTitle(`${t('mine.documentTitle')} · ${workspaceName}`);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readRoleRequestFilters(searchParams);
  const query = useMyRoleRequests(filters);
  const { cancel } = useRoleRequestMutations();
  const setFilters = (next: RoleRequestFilters) => setSearchParams(writeRoleRequestFilters(next));
  const askCancel = (request: RoleRequest) =>
    confirmAction({
      title: t('mine.cancelTitle'),
      message: t('mine.cancelMessage', { role: request.role.name }),
      confirmLabel: t('mine.cancel'),
      cancelLabel: t('mine.keep'),
      isDestructive: true,
      onConfirm: () => cancel.mutate(request.id, { onSuccess: () => notifications.show({ color: 'green', message: t('mine.canceled') }) }),
    });
  const columns = useColumns(askCancel);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <WorkspacePageHeader workspaceName={workspaceName} title={t('mine.title')} description={t('mine.description')} />
        <RoleRequestForm />
        <Stack gap="xs" component="section" aria-labelledby="my-role-requests-title">
          <Title order={2} size="h4" id="my-role-requests-title">
            {t('mine.listTitle')}
          </Title>
          <AdminDataTable<RoleRequest>
            caption={t('mine.listTitle')}
            query={query}
            columns={columns}
            idAccessor="id"
            list={filters}
            onListChange={(next) => setFilters({ ...filters, ...next })}
            defaultSort={NEWEST_FIRST}
            emptyTitle={t('mine.emptyTitle')}
            emptyDescription={t('mine.emptyDescription')}
          />
        </Stack>
      </Stack>
    </Container>
  );
}

/**
 * `/:workspaceName/role-requests`: any member asks for a role (reason, optional approver) and
 * follows their own requests, cancelling a pending one after a confirmation.
 */
export function MyRoleRequestsPage() {
  return <WorkspaceGate>{(entry) => <MyRoleRequests workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
