import '@testing-library/jest-dom/vitest';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { clearSession } from '../lib/session';
import { resources } from './catalogues';

// findBy* and waitFor give up after 1 s by default: on a 2-core machine running a server suite
// beside the screen tests, a lazily loaded page or a chain of queries can take longer. 5 s was
// still missed by the first test of a file (the one that pays for importing the page) with the
// end-to-end suite beside it. A passing test is not slowed: it resolves as soon as the element is
// there; a failing one still fails within the test's own timeout (vitest.config.ts).
configure({ asyncUtilTimeout: 15_000 });

// Production loads English on demand; tests switch languages synchronously, so preload it.
for (const [ns, bundle] of Object.entries(resources.en)) i18n.addResourceBundle('en', ns, bundle, true, true);

// Mantine's auto-growing textareas listen to font loading, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

// Mantine reads these browser APIs that jsdom does not implement. Like a browser, the stub
// matches the empty query (mantine-datatable shows a column while `matchMedia(visibleMediaQuery ?? '')`
// matches) and no real media query (no dark scheme, no reduced motion, no breakpoint).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: query === '',
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// The files share one module graph (isolate: false in vitest.config.ts): what a test changes
// globally is put back here (the DOM, storage, stubbed globals, the session, the language, Mantine's
// toast and dialog stores), so the next file starts as the first one did.
afterEach(async () => {
  cleanup();
  // Mantine keeps its toasts and dialogs in module stores: a toast shown at the end of one file
  // ("감사 로그를 내려받았습니다.") was drawn by the next file's first page, as its alert.
  notifications.clean();
  modals.closeAll();
  localStorage.clear();
  vi.unstubAllGlobals();
  clearSession();
  if (i18n.language !== 'ko') await i18n.changeLanguage('ko');
});
