import { describe, expect, it } from 'vitest';

describe('mammoth browser build', () => {
  it('loads and exposes convertToHtml', async () => {
    const mod = (await import('mammoth/mammoth.browser.min.js')) as { convertToHtml?: unknown; default?: { convertToHtml?: unknown } };
    expect(typeof (mod.default?.convertToHtml ?? mod.convertToHtml)).toBe('function');
  });
});
