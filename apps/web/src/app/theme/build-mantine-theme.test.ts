import { DEFAULT_PALETTE, DEFAULT_THEME, PALETTE_SHADES, ThemeSchema } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { buildMantineTheme, cssFontFamily, fontStack, paletteToColorsTuple } from './build-mantine-theme';

describe('palette conversion', () => {
  it('maps primary-50..primary-900 to the ten Mantine shades in order', () => {
    const tuple = paletteToColorsTuple(DEFAULT_PALETTE);
    expect(tuple).toHaveLength(10);
    expect(tuple).toEqual(PALETTE_SHADES.map((s) => DEFAULT_PALETTE[`primary-${s}`]));
    expect(tuple[0]).toBe('#ebfbee');
    expect(tuple[6]).toBe('#40c057');
    expect(tuple[9]).toBe('#2b8a3e');
  });

  it('builds the primary colour from a custom palette', () => {
    const blues = ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1971c2', '#1864ab'];
    const theme = ThemeSchema.parse({ palette: Object.fromEntries(PALETTE_SHADES.map((s, i) => [`primary-${s}`, blues[i]])) });
    const mantine = buildMantineTheme(theme);
    expect(mantine.primaryColor).toBe('primary');
    expect(mantine.colors?.primary).toEqual(blues);
  });
});

describe('fonts', () => {
  it('falls back to a Hangul font after the theme font', () => {
    expect(fontStack('Poppins')).toBe("Poppins, 'Noto Sans KR', sans-serif");
    expect(fontStack('Nanum Myeongjo')).toBe("'Nanum Myeongjo', 'Noto Sans KR', sans-serif");
    expect(fontStack('Noto Sans KR')).toBe("'Noto Sans KR', sans-serif");
    expect(fontStack(undefined)).toBe("Poppins, 'Noto Sans KR', sans-serif");
  });

  it('uses the theme font for text and the title font for headings', () => {
    const mantine = buildMantineTheme({ ...DEFAULT_THEME, font: 'Pretendard', titleFont: 'Gowun Batang' });
    expect(mantine.fontFamily).toBe("Pretendard, 'Noto Sans KR', sans-serif");
    expect(mantine.headings?.fontFamily).toBe("'Gowun Batang', 'Noto Sans KR', sans-serif");
    expect(buildMantineTheme(DEFAULT_THEME).headings?.fontFamily).toBe("Poppins, 'Noto Sans KR', sans-serif");
  });

  it('cannot be used to break out of the style sheet', () => {
    expect(cssFontFamily("Evil'; } body { display:none } </style>")).toBe("'Evil body displaynone style'");
    expect(cssFontFamily('{};<>')).toBeNull();
    expect(fontStack('<>')).toBe("Poppins, 'Noto Sans KR', sans-serif");
    expect(cssFontFamily('나눔고딕')).toBe("'나눔고딕'");
  });
});
