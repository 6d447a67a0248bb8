import { type Theme } from '@legal/api';

/**
 * parseTheme, loaded on first use: it brings ThemeSchema and zod, which the first screen of a
 * signed-out visitor does without (docs/performance.md, "First screen"). Same answers as
 * parseTheme: anything unreadable is the default theme.
 */
export async function parseThemeLazily(json: string | null | undefined): Promise<Theme> {
  const { parseTheme } = await import('./theme-schema');
  return parseTheme(json);
}
