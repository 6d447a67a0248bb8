import { DEFAULT_PALETTE, DEFAULT_THEME } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { completePalette, previewCssVariables } from './theme-preview-vars';

describe('theme preview variables', () => {
  it('carries the edited shades and the resolved primary colours, nothing else of the app', () => {
    const theme = { ...DEFAULT_THEME, palette: { ...DEFAULT_PALETTE, 'primary-600': '#1c7ed6', 'primary-700': '#1971c2' }, font: 'Pretendard' };
    const vars = previewCssVariables(theme, 'light');
    expect(vars['--mantine-color-primary-6']).toBe('#1c7ed6');
    expect(vars['--mantine-color-primary-filled']).toBe('var(--mantine-color-primary-6)');
    expect(vars['--mantine-color-primary-filled-hover']).toBe('var(--mantine-color-primary-7)');
    expect(vars['--mantine-primary-color-filled']).toBe('var(--mantine-color-primary-filled)');
    expect(vars['--mantine-font-family']).toBe("Pretendard, 'Noto Sans KR', sans-serif");
    expect(Object.keys(vars).every((name) => name.includes('-primary') || name.startsWith('--mantine-font-family') || name === '--mantine-color-anchor')).toBe(true);
    expect(vars).not.toHaveProperty('--mantine-font-family-monospace');
  });

  it('follows the colour scheme', () => {
    expect(previewCssVariables(DEFAULT_THEME, 'dark')['--mantine-color-primary-filled']).toBe('var(--mantine-color-primary-8)');
  });

  it('draws unfinished or invalid shades in the default colour while the admin types', () => {
    const palette = completePalette({ ...DEFAULT_PALETTE, 'primary-500': '#12', 'primary-600': 'red' });
    expect(palette['primary-500']).toBe(DEFAULT_PALETTE['primary-500']);
    expect(palette['primary-600']).toBe(DEFAULT_PALETTE['primary-600']);
    expect(() => previewCssVariables({ ...DEFAULT_THEME, palette: { ...DEFAULT_PALETTE, 'primary-500': '#12' } }, 'light')).not.toThrow();
  });
});
