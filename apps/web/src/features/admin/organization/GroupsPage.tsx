import type { GroupSummary } from '@legal/api';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatDateTime } from '../../../lib/i18n';
import { useHasAnyPermission } from '../../../lib/session';
import { AdminDataTable } from '../AdminDataTable';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { GroupDrawer } from './GroupDrawer';
import { GroupFormModal } from './GroupFormModal';
import { readListFilters, writeListFilters } from './list-search-params';
import { IconPlus } from './organization-icons';
import { useGroupList } from './organization-queries';
import { roleLabel } from './role-names';
import { SearchBox } from './SearchBox';
import { useUiLocale } from './use-ui-locale';
import './organization-i18n';

function useColumns(): DataTableColumn<GroupSummary>[] {
  const { t } = useTranslation('organization');
  const locale = useUiLocale();
  const formatDateTime = useFormatDateTime();
  return [
    { accessor: 'name', title: t('groups.columns.name'), sortable: true, render: (g) => <Text size="sm" fw={500}>{g.name}</Text> },
    { accessor: 'description', title: t('groups.columns.description'), render: (g) => <Text size="sm" lineClamp={1}>{g.description ?? ''}</Text> },
    {
      accessor: 'roles',
      title: t('groups.columns.roles'),
      render: (g) => (
        <Group gap={4}>
          {g.roles.map((r) => (
            <Badge key={r.id} size="sm" variant="light">
              {roleLabel(r, locale)}
            </Badge>
          ))}
        </Group>
      ),
    },
    { accessor: 'memberCount', title: t('groups.columns.members'), textAlign: 'right', sortable: true },
    { accessor: 'createdAt', title: t('groups.columns.createdAt'), sortable: true, render: (g) => formatDateTime(g.createdAt) },
  ];
}

/**
 * `/:workspaceName/admin/groups` (workspace.group.write): groups with their member counts and
 * roles (search, page and sort in the address); a drawer for members and roles.
 */
export function GroupsPage() {
  const { t } = useTranslation('organization');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('groups.title')} · ${entry.workspaceName}`);
  const canEdit = useHasAnyPermission(['workspace.group.write']);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readListFilters(searchParams);
  const query = useGroupList(filters);
  const columns = useColumns();
  const [openGroupId, setOpenGroupId] = useState<number | null>(null);
  const [isCreating, setCreating] = useState(false);
  const setFilters = (next: typeof filters) => setSearchParams(writeListFilters(searchParams, next));

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('groups.title')}
        description={t('groups.description')}
        actions={
          canEdit ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
              {t('groups.create')}
            </Button>
          ) : null
        }
      />
      <SearchBox label={t('groups.search')} value={filters.keyword ?? ''} onSearch={(keyword) => setFilters({ ...filters, keyword: keyword || undefined, page: 1 })} />
      <AdminDataTable<GroupSummary>
        caption={t('groups.caption')}
        query={query}
        columns={columns}
        idAccessor="id"
        list={filters}
        onListChange={(next) => setFilters({ ...filters, ...next })}
        defaultSort={{ field: 'name', direction: 'asc' }}
        onRowClick={(group) => setOpenGroupId(group.id)}
        emptyTitle={filters.keyword ? t('groups.emptyFilteredTitle') : t('groups.emptyTitle')}
        emptyDescription={filters.keyword ? t('groups.emptyFilteredDescription') : t('groups.emptyDescription')}
      />
      <GroupDrawer groupId={openGroupId} canEdit={canEdit} onClose={() => setOpenGroupId(null)} />
      <GroupFormModal group={null} opened={isCreating} onClose={() => setCreating(false)} onCreated={setOpenGroupId} />
    </Stack>
  );
}
