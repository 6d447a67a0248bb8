import type { RoleSummary } from '@legal/api';
import { Badge, Group, Text } from '@mantine/core';
import { type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable } from '../AdminDataTable';
import { IconLock } from './organization-icons';
import { type ListFilters, useRoleList } from './organization-queries';
import { roleLabel } from './role-names';
import { SearchBox } from './SearchBox';
import { useUiLocale } from './use-ui-locale';
import './organization-i18n';

function useColumns(): DataTableColumn<RoleSummary>[] {
  const { t } = useTranslation('organization');
  const locale = useUiLocale();
  const formatDateTime = useFormatDateTime();
  return [
    {
      accessor: 'name',
      title: t('roles.columns.name'),
      sortable: true,
      render: (role) => (
        <Group gap={6} wrap="nowrap">
          {role.isLocked ? <IconLock size={14} aria-label={t('roles.locked')} /> : null}
          <Text size="sm" fw={500}>
            {roleLabel(role, locale)}
          </Text>
          <Badge size="xs" variant="light" color={role.isBuiltIn ? 'gray' : 'blue'}>
            {role.isBuiltIn ? t('roles.builtIn') : t('roles.custom')}
          </Badge>
        </Group>
      ),
    },
    { accessor: 'description', title: t('roles.columns.description'), render: (role) => <Text size="sm" lineClamp={1}>{role.description ?? ''}</Text> },
    { accessor: 'permissions', title: t('roles.columns.permissions'), textAlign: 'right', render: (role) => role.permissions.length },
    { accessor: 'memberCount', title: t('roles.columns.members'), textAlign: 'right', sortable: true },
    { accessor: 'groupCount', title: t('roles.columns.groups'), textAlign: 'right' },
    { accessor: 'createdAt', title: t('roles.columns.createdAt'), sortable: true, render: (role) => formatDateTime(role.createdAt) },
  ];
}

export interface RoleTableProps {
  filters: ListFilters;
  onFiltersChange: (filters: ListFilters) => void;
  onOpen: (roleId: number) => void;
}

/** The roles of the workspace: built-in first, searchable by name, paged and sorted on the server. */
export function RoleTable({ filters, onFiltersChange, onOpen }: RoleTableProps) {
  const { t } = useTranslation('organization');
  const query = useRoleList(filters);
  const columns = useColumns();
  return (
    <>
      <SearchBox label={t('roles.search')} value={filters.keyword ?? ''} onSearch={(keyword) => onFiltersChange({ ...filters, keyword: keyword || undefined, page: 1 })} />
      <AdminDataTable<RoleSummary>
        caption={t('roles.caption')}
        query={query}
        columns={columns}
        idAccessor="id"
        list={filters}
        onListChange={(next) => onFiltersChange({ ...filters, ...next })}
        onRowClick={(role) => onOpen(role.id)}
        emptyTitle={filters.keyword ? t('roles.emptyFilteredTitle') : t('roles.emptyTitle')}
        emptyDescription={filters.keyword ? t('roles.emptyFilteredDescription') : undefined}
      />
    </>
  );
}
