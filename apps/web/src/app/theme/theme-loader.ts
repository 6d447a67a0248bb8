import { DEFAULT_THEME, type Theme } from '@legal/api';
import { parseThemeLazily } from '../../lib/session/theme-parser';

export interface WorkspaceIds {
  tenantId: number;
  workspaceId: number;
}

export type ThemeLoader = (ids: WorkspaceIds) => Promise<Theme>;

/** Fetches `data.theme` (a JSON string) of a workspace; the auth service provides it. */
export type ThemeJsonFetcher = (ids: WorkspaceIds) => Promise<string | null | undefined>;

/**
 * Without a workspace (tenant or workspace 0) the product theme applies. The theme call of the
 * auth service plugs in as `fetchThemeJson` (see fetch-workspace-theme.ts); without it every
 * workspace gets the default.
 */
export function createThemeLoader(fetchThemeJson?: ThemeJsonFetcher): ThemeLoader {
  return async (ids) => {
    if (ids.tenantId === 0 || ids.workspaceId === 0 || !fetchThemeJson) return DEFAULT_THEME;
    return parseThemeLazily(await fetchThemeJson(ids));
  };
}
