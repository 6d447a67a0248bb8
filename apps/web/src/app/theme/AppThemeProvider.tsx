import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { useEffect, useMemo, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/browser-storage';
import { useSession, type SessionState } from '../../lib/session';
import { buildMantineTheme } from './build-mantine-theme';
import { applyFavicon, applyFontLinks } from './head-assets';
import { AppThemeContext } from './theme-context';
import { createThemeLoader } from './theme-loader';
import { useWorkspaceTheme } from './use-workspace-theme';
import { createWorkspaceThemeController, type WorkspaceThemeController } from './workspace-theme-controller';

const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });
const defaultController = createWorkspaceThemeController(createThemeLoader());

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
  const tenantId = useSession(selectTenantId);
  const workspaceId = useSession(selectWorkspaceId);
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
