import { DEFAULT_THEME, parseTheme, type Theme } from '@legal/api';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from '../browser-storage';
import { createStore } from '../create-store';

/**
 * The theme marker: which workspace (`tenantId-workspaceId`) the current theme was loaded for,
 * together with that theme. Kept in local storage so a reload paints the right brand at once;
 * sign-out clears it (spec section 4).
 */
export interface ThemeMarkerState {
  key: string | null;
  theme: Theme;
}

function readPersisted(): ThemeMarkerState {
  const key = readStorage(STORAGE_KEYS.themeMarker);
  const cached = readStorage(STORAGE_KEYS.themeCache);
  if (!key || !cached) return { key: null, theme: DEFAULT_THEME };
  return { key, theme: parseTheme(cached) };
}

const store = createStore<ThemeMarkerState>(readPersisted());

export const themeMarkerStore = {
  getState: store.getState,
  subscribe: store.subscribe,
  mark(key: string, theme: Theme): void {
    writeStorage(STORAGE_KEYS.themeMarker, key);
    writeStorage(STORAGE_KEYS.themeCache, JSON.stringify(theme));
    store.setState({ key, theme });
  },
  clear(): void {
    removeStorage(STORAGE_KEYS.themeMarker);
    removeStorage(STORAGE_KEYS.themeCache);
    store.setState({ key: null, theme: DEFAULT_THEME });
  },
  /** Re-reads local storage; for tests and for a second tab that signed out. */
  reload(): void {
    store.setState(readPersisted());
  },
};

/** The theme in force right now (for code outside React, e.g. the analytics flag). */
export function currentTheme(): Theme {
  return store.getState().theme;
}
