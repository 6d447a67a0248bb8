import { workspaceKey, type Theme } from '@legal/api';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { themeMarkerStore } from '../../lib/session';
import { type WorkspaceThemeController } from './workspace-theme-controller';

export type WorkspaceThemeStatus = 'loading' | 'ready' | 'error';

export interface WorkspaceThemeResult {
  /** While a new workspace's theme loads, the previous theme stays (no flash of the default). */
  theme: Theme;
  status: WorkspaceThemeStatus;
  error: unknown;
}

/**
 * The theme of the selected workspace, loaded once per workspace (spec section 4): the theme
 * marker records which workspace the current theme belongs to, so re-renders, remounts and
 * reloads of the same workspace do not fetch again.
 */
export function useWorkspaceTheme(
  tenantId: number,
  workspaceId: number,
  controller: WorkspaceThemeController,
): WorkspaceThemeResult {
  const marker = useSyncExternalStore(themeMarkerStore.subscribe, themeMarkerStore.getState, themeMarkerStore.getState);
  const key = workspaceKey(tenantId, workspaceId);
  const [failure, setFailure] = useState<{ key: string; error: unknown } | null>(null);

  useEffect(() => {
    const pending = controller.ensure({ tenantId, workspaceId });
    if (!pending) return;
    let isActive = true;
    pending.catch((error: unknown) => {
      if (isActive) setFailure({ key: workspaceKey(tenantId, workspaceId), error });
    });
    return () => {
      isActive = false;
    };
  }, [controller, tenantId, workspaceId]);

  const hasFailed = failure?.key === key;
  return {
    theme: marker.theme,
    status: marker.key !== key ? 'loading' : hasFailed ? 'error' : 'ready',
    error: hasFailed ? failure.error : null,
  };
}
