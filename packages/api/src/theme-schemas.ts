import { z } from 'zod';
import { DEFAULT_PALETTE, DEFAULT_THEME, DEFAULT_THEME_FLAGS, PALETTE_SHADES, THEME_ASSET_MAX_LENGTH, THEME_HTML_MAX_LENGTH } from './theme';

/**
 * The schemas of theme.ts, apart from it: theme.ts is on the web app's first screen, which ships
 * no zod; the web app loads parseTheme on use (docs/performance.md, "First screen").
 */
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const ThemePaletteSchema = z.object(
  Object.fromEntries(PALETTE_SHADES.map((s) => [`primary-${s}`, hex])) as Record<`primary-${(typeof PALETTE_SHADES)[number]}`, typeof hex>,
);
export type ThemePalette = z.infer<typeof ThemePaletteSchema>;

export const ThemeFlagsSchema = z.object({
  hideTopNavigation: z.boolean().default(false),
  disallowSignInPage: z.boolean().default(false),
  businessAgentDisableFileUpload: z.boolean().default(false),
  businessAgentHideFilter: z.boolean().default(false),
  businessAgentDisableChat: z.boolean().default(false),
  businessAgentShowCustomWelcome: z.boolean().default(false),
  businessAgentShowCustomSidebarFooter: z.boolean().default(false),
  csapCompliance: z.boolean().default(false),
  sendAnalytics: z.boolean().default(true),
});
export type ThemeFlags = z.infer<typeof ThemeFlagsSchema>;

/** The workspace theme; the server sends it as a JSON string in `data.theme`. */
export const ThemeSchema = z.object({
  name: z.string().max(100).default('default'),
  palette: ThemePaletteSchema.default(DEFAULT_PALETTE),
  font: z.string().max(100).default('Poppins'),
  titleFont: z.string().max(100).optional(),
  fontLinks: z.array(z.url()).max(10).default([]),
  favicon: z.string().max(THEME_ASSET_MAX_LENGTH).optional(),
  logo: z.object({ light: z.string().max(THEME_ASSET_MAX_LENGTH).optional(), dark: z.string().max(THEME_ASSET_MAX_LENGTH).optional() }).default({}),
  chatDirectory: z.string().regex(/^[a-z0-9-]+$/).max(60).default('business-agent'),
  customWelcomeHtml: z.string().max(THEME_HTML_MAX_LENGTH).optional(),
  customSidebarFooterHtml: z.string().max(THEME_HTML_MAX_LENGTH).optional(),
  flags: ThemeFlagsSchema.default(DEFAULT_THEME_FLAGS),
});
export type Theme = z.infer<typeof ThemeSchema>;

/** Parses the server's theme JSON string; anything unreadable falls back to the default theme. */
export function parseTheme(json: string | null | undefined): Theme {
  if (!json) return DEFAULT_THEME;
  try {
    const result = ThemeSchema.safeParse(JSON.parse(json));
    return result.success ? result.data : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}
