import { DEFAULT_THEME, workspaceKey, type Theme } from '@legal/api';
import { themeMarkerStore, type ThemeMarkerState } from '../../lib/session';
import { type ThemeLoader, type WorkspaceIds } from './theme-loader';

export interface ThemeMarkerAccess {
  getState(): ThemeMarkerState;
  mark(key: string, theme: Theme): void;
}

export interface WorkspaceThemeController {
  /**
   * Loads the theme of a workspace unless the marker shows it is loaded already; answers the
   * pending load, or null when there is nothing to do. Concurrent asks share one load, and a
   * load overtaken by a newer workspace is dropped.
   */
  ensure(ids: WorkspaceIds): Promise<void> | null;
}

export function createWorkspaceThemeController(
  loader: ThemeLoader,
  store: ThemeMarkerAccess = themeMarkerStore,
): WorkspaceThemeController {
  let inflight: { key: string; promise: Promise<void> } | null = null;
  return {
    ensure(ids) {
      const key = workspaceKey(ids.tenantId, ids.workspaceId);
      if (store.getState().key === key) return null;
      if (inflight?.key === key) return inflight.promise;
      const isCurrent = () => inflight?.key === key;
      const promise = Promise.resolve()
        .then(() => loader(ids))
        .then(
          (theme) => {
            if (isCurrent()) store.mark(key, theme);
          },
          (error: unknown) => {
            // Keep the product theme for this workspace rather than retrying on every render.
            if (isCurrent()) store.mark(key, DEFAULT_THEME);
            throw error;
          },
        )
        .finally(() => {
          if (isCurrent()) inflight = null;
        });
      inflight = { key, promise };
      return promise;
    },
  };
}
