import { parseWorkspaceKey } from '@legal/api';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/browser-storage';
import { themeMarkerStore, useSession, useSessionStatus, type SessionState } from '../../lib/session';
import { buildMantineTheme } from './build-mantine-theme';
import { fetchWorkspaceThemeJson } from './fetch-workspace-theme';
import { applyFavicon, applyFontLinks } from './head-assets';
import { AppThemeContext } from './theme-context';
import { createThemeLoader } from './theme-loader';
import { useWorkspaceTheme } from './use-workspace-theme';
import { createWorkspaceThemeController, type WorkspaceThemeController } from './workspace-theme-controller';

const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });
const defaultController = createWorkspaceThemeController(createThemeLoader(fetchWorkspaceThemeJson));

const selectTenantId = (s: SessionState) => s.tenantId;
const selectWorkspaceId = (s: SessionState) => s.workspaceId;

export interface AppThemeProviderProps {
  children: ReactNode;
  controller?: WorkspaceThemeController;
  /** `test` turns off transitions and portals (Mantine). */
  env?: 'default' | 'test';
}

/** Loads the selected workspace's theme and applies it: Mantine theme, fonts, favicon, logos. */
export function AppThemeProvider({ children, controller = defaultController, env = 'default' }: AppThemeProviderProps) {
  const sessionTenantId = useSession(selectTenantId);
  const sessionWorkspaceId = useSession(selectWorkspaceId);
  const { status } = useSessionStatus();
  const markerKey = useSyncExternalStore(themeMarkerStore.subscribe, () => themeMarkerStore.getState().key, () => themeMarkerStore.getState().key);
  // While the session loads at start-up the workspace is not known yet: keep the theme the
  // marker remembers instead of loading the product theme and then the workspace's again.
  const { tenantId, workspaceId } =
    status === 'loading' ? parseWorkspaceKey(markerKey) : { tenantId: sessionTenantId, workspaceId: sessionWorkspaceId };
  const { theme } = useWorkspaceTheme(tenantId, workspaceId, controller);
  const mantineTheme = useMemo(() => buildMantineTheme(theme), [theme]);

  useEffect(() => applyFontLinks(document, theme.fontLinks), [theme.fontLinks]);
  useEffect(() => applyFavicon(document, theme.favicon), [theme.favicon]);

  return (
    <AppThemeContext value={theme}>
      <MantineProvider theme={mantineTheme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light" env={env}>
        {children}
      </MantineProvider>
    </AppThemeContext>
  );
}
