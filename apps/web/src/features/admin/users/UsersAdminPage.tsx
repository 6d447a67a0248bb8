import { type WorkspaceUser } from '@legal/api';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable, type TableSort } from '../AdminDataTable';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { UserDrawer } from './UserDrawer';
import { UserFilterBar } from './UserFilterBar';
import { UserStatusBadge } from './UserStatusBadge';
import { useUserList, useUserOptions } from './user-queries';
import { hasUserFilters, readOpenUserId, readUserFilters, USER_PARAM, writeUserFilters, type UserFilters } from './users-search-params';
import '../admin-i18n';
import './users-i18n';

const BY_DISPLAY_NAME: TableSort = { field: 'displayName', direction: 'asc' };

function useColumns(): DataTableColumn<WorkspaceUser>[] {
  const { t } = useTranslation('users');
  const formatDateTime = useFormatDateTime();
  return [
    {
      accessor: 'displayName',
      title: t('columns.displayName'),
      sortable: true,
      render: (user) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {user.displayName}
          </Text>
          {user.name !== user.displayName ? (
            <Text size="xs" c="dimmed">
              {user.name}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { accessor: 'loginId', title: t('columns.loginId'), sortable: true },
    {
      accessor: 'organization',
      title: t('columns.organization'),
      render: (user) => [user.divisionName, user.jobTitleName, user.jobPositionName].filter(Boolean).join(' · ') || '—',
    },
    {
      accessor: 'roles',
      title: t('columns.roles'),
      render: (user) => (
        <Group gap={4}>
          {user.roles.map((role) => (
            <Badge key={role.id} variant="outline" size="sm">
              {role.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    { accessor: 'status', title: t('columns.status'), noWrap: true, render: (user) => <UserStatusBadge status={user.status} isLocked={user.isLocked} /> },
    { accessor: 'lastSignedInAt', title: t('columns.lastSignedInAt'), sortable: true, noWrap: true, render: (user) => (user.lastSignedInAt ? formatDateTime(user.lastSignedInAt) : t('never')) },
    { accessor: 'createdAt', title: t('columns.createdAt'), sortable: true, noWrap: true, render: (user) => formatDateTime(user.createdAt) },
  ];
}

/**
 * `/:workspaceName/admin/users` (workspace.user.read): the members of the workspace with server
 * paging, sorting and filters in the address; a row opens the member's drawer (`?user=<id>`),
 * where workspace.user.write allows edits and account actions (the answer's abilities decide).
 */
export function UsersAdminPage() {
  const { t } = useTranslation('users');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('documentTitle')} · ${entry.workspaceName}`);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readUserFilters(searchParams);
  const openUserId = readOpenUserId(searchParams);
  const query = useUserList(filters);
  const options = useUserOptions();
  const columns = useColumns();

  const setFilters = (next: UserFilters) => setSearchParams((current) => writeUserFilters(next, current));
  const setOpenUser = (userId: number | null) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (userId === null) params.delete(USER_PARAM);
      else params.set(USER_PARAM, String(userId));
      return params;
    });
  const isFiltered = hasUserFilters(filters);

  return (
    <Stack gap="md">
      <AdminPageHeader title={t('title')} description={t('description')} />
      <UserFilterBar filters={filters} onChange={setFilters} options={options.data} />
      <AdminDataTable<WorkspaceUser>
        caption={t('list.caption')}
        query={query}
        columns={columns}
        idAccessor="userId"
        list={filters}
        onListChange={(next) => setFilters({ ...filters, ...next })}
        defaultSort={BY_DISPLAY_NAME}
        onRowClick={(user) => setOpenUser(user.userId)}
        emptyTitle={isFiltered ? t('empty.filteredTitle') : t('empty.title')}
        emptyDescription={isFiltered ? t('empty.filteredDescription') : t('empty.description')}
      />
      <UserDrawer userId={openUserId} options={options.data} onClose={() => setOpenUser(null)} />
    </Stack>
  );
}
