/** Browser stubs for this area's page tests (not a test file itself). */
import { vi } from 'vitest';

/**
 * mantine-datatable shows a column while `matchMedia(column.visibleMediaQuery ?? '')` matches: a
 * browser matches the empty query, the shared jsdom stub matches nothing (hiding every column).
 */
export function matchEmptyMediaQuery(): void {
  const stub = window.matchMedia as unknown as ReturnType<typeof vi.fn>;
  stub.mockImplementation((query: string) => ({
    matches: query === '', media: query, onchange: null,
    addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn(),
  }));
}

/** jsdom has no FontFaceSet; Mantine's autosize Textarea listens on `document.fonts`. */
export function stubDocumentFonts(): void {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}
