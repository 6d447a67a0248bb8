import { z } from 'zod';

export const PALETTE_SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const ThemePaletteSchema = z.object(
  Object.fromEntries(PALETTE_SHADES.map((s) => [`primary-${s}`, hex])) as Record<`primary-${(typeof PALETTE_SHADES)[number]}`, typeof hex>,
);
export type ThemePalette = z.infer<typeof ThemePaletteSchema>;

/** Green, the product default (spec section 3). */
export const DEFAULT_PALETTE: ThemePalette = {
  'primary-50': '#ebfbee',
  'primary-100': '#d3f9d8',
  'primary-200': '#b2f2bb',
  'primary-300': '#8ce99a',
  'primary-400': '#69db7c',
  'primary-500': '#51cf66',
  'primary-600': '#40c057',
  'primary-700': '#37b24d',
  'primary-800': '#2f9e44',
  'primary-900': '#2b8a3e',
};

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

/**
 * Logos and the favicon are https URLs, site paths or data URLs kept inside the theme: 100,000
 * characters hold a ~70 KB image, enough for a real logo while keeping the theme (loaded once per
 * workspace selection) small.
 */
export const THEME_ASSET_MAX_LENGTH = 100_000;
export const THEME_HTML_MAX_LENGTH = 20_000;

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
  flags: ThemeFlagsSchema.default(ThemeFlagsSchema.parse({})),
});
export type Theme = z.infer<typeof ThemeSchema>;

export const DEFAULT_THEME: Theme = ThemeSchema.parse({});

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
