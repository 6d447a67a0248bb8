import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { type LauncherEntry } from '../../lib/session';
import { workspaceHomePath } from './workspace-home-path';
import { selectWorkspaceEntry } from './workspace-selection';

/**
 * Opens a workspace: selects it (headers, remembered key, permissions, theme) and goes to its
 * home. The launcher knows no category, so the home is the workspace root (workspaceHomePath
 * sends only the legal-agent category to the business-agent chat).
 */
export function useOpenWorkspace(): (entry: LauncherEntry) => void {
  const navigate = useNavigate();
  return useCallback(
    (entry) => {
      void selectWorkspaceEntry(entry);
      void navigate(workspaceHomePath(entry.workspaceName, null));
    },
    [navigate],
  );
}
