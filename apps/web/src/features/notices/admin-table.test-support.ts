import { vi } from 'vitest';

/**
 * For tests of admin tables (not a test file itself). mantine-datatable shows a column while
 * `matchMedia(column.visibleMediaQuery ?? '')` matches; a browser matches the empty query, the
 * shared test stub (test/setup.ts) matches nothing, which would hide every column. jsdom also
 * has no FontFaceSet, which Mantine's autosize Textarea listens on.
 */
export function stubBrowserForAdminTables(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '',
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}
