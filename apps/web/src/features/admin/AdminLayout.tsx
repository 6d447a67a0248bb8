import { WORKSPACE_ADMIN_PERMISSION } from '@legal/api';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useOutletContext, useParams } from 'react-router';
import { ForbiddenState } from '../../components/ForbiddenState';
import { hasPermission, type LauncherEntry, useHasAnyPermission, useSession } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { ADMIN_AREAS, adminPath } from './admin-areas';
import './admin-i18n';

/** What the admin layout hands its pages (`useAdminWorkspace()`). */
export interface AdminOutletContext {
  entry: LauncherEntry;
}

/** The workspace the admin page belongs to (tenant, workspace, name). */
export function useAdminWorkspace(): LauncherEntry {
  return useOutletContext<AdminOutletContext>().entry;
}

function AdminFrame({ entry }: { entry: LauncherEntry }) {
  const { t } = useTranslation('admin');
  const canEnter = useHasAnyPermission([WORKSPACE_ADMIN_PERMISSION]);
  if (!canEnter) return <ForbiddenState />;
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Anchor component={Link} to={`/${encodeURIComponent(entry.workspaceName)}`} size="sm">
            {entry.workspaceName}
          </Anchor>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('description')}
          </Text>
        </Stack>
        <Outlet context={{ entry } satisfies AdminOutletContext} />
      </Stack>
    </Container>
  );
}

/**
 * `/:workspaceName/admin/*`: the admin console of a workspace, inside the app shell with its admin
 * navigation (admin-nav.ts: each area shows only with its own permission; the server checks
 * again). Needs `workspace.admin.access`. The shell holds the page's one `<main>`.
 */
export function AdminLayout() {
  return <WorkspaceGate>{(entry) => <AdminFrame entry={entry} />}</WorkspaceGate>;
}

/** `/:workspaceName/admin`: opens the first area the admin may use. */
export function AdminIndexRedirect() {
  const { workspaceName = '' } = useParams();
  const first = useSession((s) => ADMIN_AREAS.find((area) => hasPermission(area.permission, s)));
  if (!first) return <ForbiddenState />;
  return <Navigate to={adminPath(workspaceName, first.id)} replace />;
}
