import { DEFAULT_THEME, type Theme, type ThemeFlags } from '@legal/api';
import { useComputedColorScheme } from '@mantine/core';
import { createContext, use } from 'react';
import { pickLogo } from './brand-logo';

export const AppThemeContext = createContext<Theme>(DEFAULT_THEME);

/** The workspace theme in force. */
export function useAppTheme(): Theme {
  return use(AppThemeContext);
}

/** The theme flags (hide the top navigation, business-agent switches, analytics, ...). */
export function useThemeFlags(): ThemeFlags {
  return useAppTheme().flags;
}

/** The logo for the current colour scheme, or null when the wordmark should be drawn. */
export function useBrandLogo(): string | null {
  const theme = useAppTheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return pickLogo(theme, scheme);
}
