import { WORKSPACE_ADMIN_PERMISSION } from '@legal/api';
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { useHasAnyPermission } from '../../lib/session';
import { adminPath } from '../admin/admin-areas';
import { ContractsLink } from '../contracts/ContractsLink';
import { FilesLink } from '../files/FilesLink';
import { UnreadNoticesBadge } from '../admin/notices/UnreadNoticesBadge';
import './workspaces-i18n';

/** The places of a workspace its member may go to: contracts, files, notices (with the unread count), role requests, the admin console. */
export function WorkspaceLinks({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workspaces');
  const isAdmin = useHasAnyPermission([WORKSPACE_ADMIN_PERMISSION]);
  const base = `/${encodeURIComponent(workspaceName)}`;
  return (
    <Group gap="md" component="nav" aria-label={t('home.linksLabel')}>
      <Anchor component={Link} to={PATHS.launcher} size="sm">
        {t('home.toLauncher')}
      </Anchor>
      <ContractsLink workspaceName={workspaceName} />
      <FilesLink workspaceName={workspaceName} />
      <Group gap={4}>
        <Anchor component={Link} to={`${base}/notices`} size="sm">
          {t('home.notices')}
        </Anchor>
        <UnreadNoticesBadge />
      </Group>
      <Anchor component={Link} to={`${base}/role-requests`} size="sm">
        {t('home.roleRequests')}
      </Anchor>
      {isAdmin ? (
        <Anchor component={Link} to={adminPath(workspaceName)} size="sm">
          {t('home.admin')}
        </Anchor>
      ) : null}
    </Group>
  );
}
