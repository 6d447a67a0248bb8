import { type RoleRequest } from '@legal/api';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable, NEWEST_FIRST } from '../AdminDataTable';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { DecideRoleRequestDialog } from './DecideRoleRequestDialog';
import { useRoleRequestFormOptions, useRoleRequestList } from './role-request-queries';
import { readRoleRequestFilters, writeRoleRequestFilters, type RoleRequestFilters } from './role-requests-search-params';
import { RoleRequestFilterBar } from './RoleRequestFilterBar';
import { RoleRequestStatusBadge } from './RoleRequestStatusBadge';
import '../admin-i18n';
import './role-requests-i18n';

function useColumns(onReview: (request: RoleRequest) => void, onFilterRequester: (request: RoleRequest) => void): DataTableColumn<RoleRequest>[] {
  const { t } = useTranslation('roleRequests');
  const formatDateTime = useFormatDateTime();
  const none = t('table.none');
  return [
    {
      accessor: 'requester',
      title: t('table.requester'),
      render: (request) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={500}
            aria-label={t('table.filterRequester', { name: request.requester.displayName })}
            onClick={() => onFilterRequester(request)}
          >
            {request.requester.displayName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {request.requester.loginId}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'role', title: t('table.role'), render: (request) => request.role.name },
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
    { accessor: 'status', title: t('table.status'), render: (request) => <RoleRequestStatusBadge status={request.status} /> },
    { accessor: 'createdAt', title: t('table.createdAt'), sortable: true, render: (request) => formatDateTime(request.createdAt) },
    {
      accessor: 'decidedAt',
      title: t('table.decidedAt'),
      sortable: true,
      render: (request) =>
        request.decidedAt ? (
          <Stack gap={0}>
            <Text size="sm">{formatDateTime(request.decidedAt)}</Text>
            {request.decidedBy ? (
              <Text size="xs" c="dimmed">
                {request.decidedBy.displayName}
              </Text>
            ) : null}
            {request.decisionComment ? (
              <Text size="xs" c="dimmed" lineClamp={2} maw={240}>
                {request.decisionComment}
              </Text>
            ) : null}
          </Stack>
        ) : (
          none
        ),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      render: (request) =>
        request.abilities.canDecide ? (
          <Button size="xs" variant="light" aria-label={t('decide.openLabel', { name: request.requester.displayName, role: request.role.name })} onClick={() => onReview(request)}>
            {t('decide.open')}
          </Button>
        ) : null,
    },
  ];
}

/**
 * `/:workspaceName/admin/role-requests` (workspace.role.write): the role requests of the
 * workspace filtered by statuses, role, named approver and requester (in the address), newest
 * first; a pending one opens the approve/reject dialog.
 */
export function RoleRequestsAdminPage() {
  const { t } = useTranslation('roleRequests');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('documentTitle')} · ${entry.workspaceName}`);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readRoleRequestFilters(searchParams);
  const query = useRoleRequestList(filters);
  const options = useRoleRequestFormOptions();
  const [reviewing, setReviewing] = useState<RoleRequest | null>(null);
  const setFilters = (next: RoleRequestFilters) => setSearchParams(writeRoleRequestFilters(next));
  const columns = useColumns(setReviewing, (request) => setFilters({ ...filters, requesterId: request.requester.userId, page: 1 }));
  // The caller can be a named approver too (the options leave the caller out).
  const approvers = [...(options.data?.approvers ?? []), { userId: entry.userId, displayName: entry.displayName }];
  const requesterName = query.data?.content.find((r) => r.requester.userId === filters.requesterId)?.requester.displayName;
  const isFiltered = Boolean(filters.statuses || filters.roleId || filters.approveUserId || filters.requesterId);

  return (
    <Stack gap="md">
      <AdminPageHeader title={t('title')} description={t('description')} />
      <RoleRequestFilterBar filters={filters} onChange={setFilters} roles={options.data?.roles ?? []} approvers={approvers} requesterName={requesterName} />
      <AdminDataTable<RoleRequest>
        caption={t('table.caption')}
        query={query}
        columns={columns}
        idAccessor="id"
        list={filters}
        onListChange={(next) => setFilters({ ...filters, ...next })}
        defaultSort={NEWEST_FIRST}
        emptyTitle={t('table.emptyTitle')}
        emptyDescription={isFiltered ? undefined : t('table.emptyDescription')}
      />
      <DecideRoleRequestDialog request={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}
