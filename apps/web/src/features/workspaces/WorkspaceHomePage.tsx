import { workspaceKey } from '@legal/api';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/pages/NotFoundPage';
import { LoadingState } from '../../components/LoadingState';
import { useSession, type SessionState } from '../../lib/session';
import { WorkspaceOverview } from './WorkspaceOverview';
import { findEntryByName, selectWorkspaceEntry } from './workspace-selection';

const selectLauncher = (s: SessionState) => s.launcher;
const selectKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/**
 * `/:workspaceName`: the home of a workspace. The URL decides the workspace: if it names
 * another reachable workspace than the selected one, that one is selected (X-Tenant and
 * X-Workspace follow); a name the launcher does not list is not found.
 */
export function WorkspaceHomePage() {
  const { workspaceName } = useParams();
  const entries = useSession(selectLauncher);
  const selectedKey = useSession(selectKey);
  const entry = findEntryByName(entries, workspaceName);
  const isSelected = entry !== null && selectedKey === workspaceKey(entry.tenantId, entry.workspaceId);

  useEffect(() => {
    if (entry && !isSelected) void selectWorkspaceEntry(entry);
  }, [entry, isSelected]);

  if (!entry) return <NotFoundPage />;
  if (!isSelected) return <LoadingState />;
  return <WorkspaceOverview entry={entry} />;
}
