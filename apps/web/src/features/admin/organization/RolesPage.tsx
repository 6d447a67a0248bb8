import { Button, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHasAnyPermission } from '../../../lib/session';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { readListFilters, writeListFilters } from './list-search-params';
import { IconPlus } from './organization-icons';
import { PermissionMatrix } from './PermissionMatrix';
import { RoleDrawer } from './RoleDrawer';
import { RoleFormModal } from './RoleFormModal';
import { RoleTable } from './RoleTable';
import './organization-i18n';

const ROLE_WRITE = 'workspace.role.write';
type Tab = 'list' | 'matrix';

/**
 * `/:workspaceName/admin/roles` (workspace.role.write): the roles (table, create, a drawer with
 * members) and the permission matrix. The tab and the table's search, page and sort are in the address.
 */
export function RolesPage() {
  const { t } = useTranslation('organization');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('roles.title')} · ${entry.workspaceName}`);
  const canEdit = useHasAnyPermission([ROLE_WRITE]);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'matrix' ? 'matrix' : 'list';
  const [openRoleId, setOpenRoleId] = useState<number | null>(null);
  const [isCreating, setCreating] = useState(false);

  const setTab = (next: string | null) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'matrix') params.set('tab', 'matrix');
    else params.delete('tab');
    setSearchParams(params);
  };

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('roles.title')}
        description={t('roles.description')}
        actions={
          canEdit ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
              {t('roles.create')}
            </Button>
          ) : null
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="list">{t('roles.tabs.list')}</Tabs.Tab>
          <Tabs.Tab value="matrix">{t('roles.tabs.matrix')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          <Stack gap="sm">
            <RoleTable
              filters={readListFilters(searchParams)}
              onFiltersChange={(filters) => setSearchParams(writeListFilters(searchParams, filters))}
              onOpen={setOpenRoleId}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="matrix" pt="md">
          <PermissionMatrix canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
      <RoleDrawer roleId={openRoleId} onClose={() => setOpenRoleId(null)} />
      <RoleFormModal role={null} opened={isCreating} onClose={() => setCreating(false)} onCreated={setOpenRoleId} />
    </Stack>
  );
}
