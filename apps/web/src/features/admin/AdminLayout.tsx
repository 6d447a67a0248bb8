import { WORKSPACE_ADMIN_PERMISSION } from '@legal/api';
import { Anchor, Box, Container, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, Navigate, Outlet, useOutletContext, useParams } from 'react-router';
import { ForbiddenState } from '../../components/ForbiddenState';
import { hasPermission, type LauncherEntry, type SessionState, useHasAnyPermission, useSession } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { ADMIN_AREAS, adminPath } from './admin-areas';
import './admin-i18n';

const selectPermissions = (s: SessionState) => s.permissions;

/** What the admin layout hands its pages (`useAdminWorkspace()`). */
export interface AdminOutletContext {
  entry: LauncherEntry;
}

/** The workspace the admin page belongs to (tenant, workspace, name). */
export function useAdminWorkspace(): LauncherEntry {
  return useOutletContext<AdminOutletContext>().entry;
}

function AdminNavigation({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('admin');
  const permissions = useSession(selectPermissions);
  const areas = ADMIN_AREAS.filter((area) => permissions.some((p) => p.name === area.permission));
  return (
    <Box component="nav" aria-label={t('nav.label')} w={{ base: '100%', md: 240 }}>
      <ScrollArea.Autosize mah={{ md: 'calc(100vh - 140px)' }}>
        <Stack gap={2}>
          {areas.map((area) => (
            <NavLink
              key={area.id}
              component={RouterNavLink}
              to={adminPath(workspaceName, area.id)}
              label={t(`nav.${area.id}`)}
              leftSection={<area.icon size={18} stroke={1.6} aria-hidden="true" />}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Box>
  );
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
        <Group align="flex-start" gap="xl" wrap="wrap">
          <AdminNavigation workspaceName={entry.workspaceName} />
          <Box style={{ flex: 1, minWidth: 0 }} component="main">
            <Outlet context={{ entry } satisfies AdminOutletContext} />
          </Box>
        </Group>
      </Stack>
    </Container>
  );
}

/**
 * `/:workspaceName/admin/*`: the admin console of a workspace. Needs `workspace.admin.access`;
 * each area in the side navigation shows only with its own permission (the server checks again).
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
