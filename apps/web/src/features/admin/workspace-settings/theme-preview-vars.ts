import { DEFAULT_PALETTE, PALETTE_SHADES, type Theme, type ThemePalette } from '@legal/api';
import { DEFAULT_THEME as MANTINE_DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { buildMantineTheme } from '../../../app/theme/build-mantine-theme';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The palette being edited with every unfinished or invalid shade replaced by the default one. */
export function completePalette(palette: Partial<Record<keyof ThemePalette, string>>): ThemePalette {
  return Object.fromEntries(
    PALETTE_SHADES.map((shade) => {
      const key = `primary-${shade}` as const;
      const value = palette[key];
      return [key, value && HEX.test(value) ? value : DEFAULT_PALETTE[key]];
    }),
  ) as ThemePalette;
}

const isPreviewVariable = (name: string) =>
  name.includes('-primary') || name === '--mantine-font-family' || name === '--mantine-font-family-headings' || name === '--mantine-color-anchor';

/**
 * The CSS variables Mantine would set for this theme, limited to the primary colour and the
 * fonts. Put on an element, they restyle the Mantine components inside it only: the preview
 * shows the edited theme while the rest of the app keeps the saved one.
 */
export function previewCssVariables(theme: Theme, scheme: 'light' | 'dark'): Record<string, string> {
  const full = mergeMantineTheme(MANTINE_DEFAULT_THEME, buildMantineTheme({ ...theme, palette: completePalette(theme.palette) }));
  const resolved = defaultCssVariablesResolver(full);
  const entries = [...Object.entries(resolved.variables), ...Object.entries(scheme === 'dark' ? resolved.dark : resolved.light)];
  return Object.fromEntries(entries.filter(([name]) => isPreviewVariable(name)));
}
