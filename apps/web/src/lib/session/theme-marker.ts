import { DEFAULT_THEME, type Theme } from '@legal/api';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from '../browser-storage';
import { createStore } from '../create-store';
import { parseThemeLazily } from './theme-parser';

/**
 * The theme marker: which workspace (`tenantId-workspaceId`) the current theme was loaded for,
 * together with that theme. Kept in local storage so a reload paints the right brand at once;
 * sign-out clears it (spec section 4).
 */
export interface ThemeMarkerState {
  key: string | null;
  theme: Theme;
}

async function readPersisted(): Promise<ThemeMarkerState> {
  const key = readStorage(STORAGE_KEYS.themeMarker);
  const cached = readStorage(STORAGE_KEYS.themeCache);
  if (!key || !cached) return { key: null, theme: DEFAULT_THEME };
  return { key, theme: await parseThemeLazily(cached) };
}

/**
 * No marker until `reload()` has read local storage: the cached theme is parsed with the theme
 * schema, which loads on demand (main.tsx awaits `reload()` before the first render, so a reload
 * still paints the right brand at once).
 */
const store = createStore<ThemeMarkerState>({ key: null, theme: DEFAULT_THEME });
/** Bumped by every change, so that a slow read never overwrites a newer mark or clear. */
let revision = 0;

export const themeMarkerStore = {
  getState: store.getState,
  subscribe: store.subscribe,
  mark(key: string, theme: Theme): void {
    revision += 1;
    writeStorage(STORAGE_KEYS.themeMarker, key);
    writeStorage(STORAGE_KEYS.themeCache, JSON.stringify(theme));
    store.setState({ key, theme });
  },
  clear(): void {
    revision += 1;
    removeStorage(STORAGE_KEYS.themeMarker);
    removeStorage(STORAGE_KEYS.themeCache);
    store.setState({ key: null, theme: DEFAULT_THEME });
  },
  /** Reads local storage: at start-up (main.tsx), in tests, and for a second tab that signed out. */
  async reload(): Promise<void> {
    const at = (revision += 1);
    const state = await readPersisted();
    if (at === revision) store.setState(state);
  },
};

/** The theme in force right now (for code outside React, e.g. the analytics flag). */
export function currentTheme(): Theme {
  return store.getState().theme;
}
