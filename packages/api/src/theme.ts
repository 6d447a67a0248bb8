import type { Theme, ThemeFlags, ThemePalette } from './theme-schemas';

// No zod here: this module is on the web app's first screen. The schemas (ThemeSchema and
// parseTheme) are in theme-schemas.ts; theme-schemas.test.ts proves DEFAULT_THEME is what
// ThemeSchema.parse({}) gives.

export const PALETTE_SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;

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

/**
 * Logos and the favicon are https URLs, site paths or data URLs kept inside the theme: 100,000
 * characters hold a ~70 KB image, enough for a real logo while keeping the theme (loaded once per
 * workspace selection) small.
 */
export const THEME_ASSET_MAX_LENGTH = 100_000;
export const THEME_HTML_MAX_LENGTH = 20_000;

/** The flags of a theme that stores none (ThemeFlagsSchema.parse({})). */
export const DEFAULT_THEME_FLAGS: ThemeFlags = {
  hideTopNavigation: false,
  disallowSignInPage: false,
  businessAgentDisableFileUpload: false,
  businessAgentHideFilter: false,
  businessAgentDisableChat: false,
  businessAgentShowCustomWelcome: false,
  businessAgentShowCustomSidebarFooter: false,
  csapCompliance: false,
  sendAnalytics: true,
};

/** The product theme (ThemeSchema.parse({})), written out so that using it needs no schema. */
export const DEFAULT_THEME: Theme = {
  name: 'default',
  palette: DEFAULT_PALETTE,
  font: 'Poppins',
  fontLinks: [],
  logo: {},
  chatDirectory: 'business-agent',
  flags: DEFAULT_THEME_FLAGS,
};
