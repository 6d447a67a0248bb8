import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, DEFAULT_THEME_FLAGS } from './theme';
import { parseTheme, ThemeFlagsSchema, ThemeSchema } from './theme-schemas';

/** theme.ts writes the default theme out (the web's first screen ships no zod); it must stay what the schema gives. */
describe('DEFAULT_THEME', () => {
  it('is exactly ThemeSchema.parse({})', () => {
    expect(DEFAULT_THEME).toStrictEqual(ThemeSchema.parse({}));
    expect(DEFAULT_THEME_FLAGS).toStrictEqual(ThemeFlagsSchema.parse({}));
  });

  it('is what parseTheme answers for nothing, unreadable JSON and a theme the schema refuses', () => {
    expect(parseTheme(null)).toBe(DEFAULT_THEME);
    expect(parseTheme('{not json')).toBe(DEFAULT_THEME);
    expect(parseTheme(JSON.stringify({ palette: { 'primary-50': 'green' } }))).toBe(DEFAULT_THEME);
    expect(parseTheme('{}')).toStrictEqual(DEFAULT_THEME);
  });
});
