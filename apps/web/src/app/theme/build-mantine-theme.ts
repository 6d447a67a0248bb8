import { PALETTE_SHADES, type Theme, type ThemePalette } from '@legal/api';
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

/** Poppins (the default) has no Hangul glyphs, so every stack falls back to a Korean font. */
export const HANGUL_FALLBACK_FONT = 'Noto Sans KR';
const DEFAULT_FONT = 'Poppins';

/** primary-50 .. primary-900 in order: Mantine's ten shades 0..9. */
export function paletteToColorsTuple(palette: ThemePalette): MantineColorsTuple {
  return PALETTE_SHADES.map((shade) => palette[`primary-${shade}`]) as unknown as MantineColorsTuple;
}

/**
 * A font name as a CSS family: only letters, digits, spaces, dots, hyphens and underscores
 * survive (the value ends up in a style sheet), and names with spaces are quoted.
 */
export function cssFontFamily(name: string): string | null {
  const clean = name.replace(/[^\p{L}\p{N} ._-]/gu, '').replace(/\s+/g, ' ').trim();
  if (clean === '') return null;
  return /^[A-Za-z_-][A-Za-z0-9_-]*$/.test(clean) ? clean : `'${clean}'`;
}

/** `<font>, 'Noto Sans KR', sans-serif` */
export function fontStack(font: string | undefined): string {
  const family = cssFontFamily(font ?? DEFAULT_FONT) ?? DEFAULT_FONT;
  const fallback = `'${HANGUL_FALLBACK_FONT}'`;
  return family === fallback ? `${fallback}, sans-serif` : `${family}, ${fallback}, sans-serif`;
}

export function buildMantineTheme(theme: Theme): MantineThemeOverride {
  return createTheme({
    colors: { primary: paletteToColorsTuple(theme.palette) },
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 8 },
    autoContrast: true,
    fontFamily: fontStack(theme.font),
    headings: { fontFamily: fontStack(theme.titleFont ?? theme.font), fontWeight: '700' },
    defaultRadius: 'md',
    other: { themeName: theme.name },
  });
}
