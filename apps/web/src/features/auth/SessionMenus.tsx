import { workspaceKey } from '@legal/api';
import { Group } from '@mantine/core';
import { type SessionState, useSession } from '../../lib/session';
import { NoticesBell } from '../admin/notices/NoticesBell';
import { NotificationsBell } from '../notifications/NotificationsBell';
import { findEntryByName } from '../workspaces/workspace-selection';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher';
import { UserMenu } from './UserMenu';

const selectLauncher = (s: SessionState) => s.launcher;
const selectKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

export interface SessionMenusProps {
  /** The super-admin console: no workspace to pick, notices or notifications to read there. */
  isSuperAdminArea?: boolean;
  /** The workspace the page is in (its notices and the member's notifications show), or null outside one. */
  workspaceName?: string | null;
}

/** The signed-in part of the header, loaded only once someone is signed in. */
export function SessionMenus({ isSuperAdminArea = false, workspaceName = null }: SessionMenusProps) {
  const launcher = useSession(selectLauncher);
  const selectedKey = useSession(selectKey);
  const entry = findEntryByName(launcher, workspaceName ?? undefined);
  // The notices of the workspace on screen, once it is the selected one (the count follows X-Workspace).
  const isInWorkspace = entry !== null && selectedKey === workspaceKey(entry.tenantId, entry.workspaceId);
  return (
    <Group gap="xs" wrap="nowrap">
      {!isSuperAdminArea && launcher.length > 0 ? <WorkspaceSwitcher /> : null}
      {!isSuperAdminArea && isInWorkspace ? <NoticesBell workspaceName={entry.workspaceName} /> : null}
      {!isSuperAdminArea && isInWorkspace ? <NotificationsBell workspaceName={entry.workspaceName} /> : null}
      <UserMenu />
    </Group>
  );
}
