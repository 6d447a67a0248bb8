/**
 * Every key the web app keeps in the browser, in one place (so sign-out can find them all),
 * and a localStorage wrapper that never throws (private mode, disabled storage, quota).
 */
export const STORAGE_KEYS = {
  locale: 'legal.locale',
  colorScheme: 'legal.color-scheme',
  lastRefreshAt: 'legal.session.last-refresh-at',
  themeMarker: 'legal.theme.marker',
  themeCache: 'legal.theme.cache',
  /** The last selected workspace as its combined key `tenantId-workspaceId` (spec section 2). */
  lastWorkspace: 'legal.session.last-workspace',
  /** '1' while the side navigation of the app shell is folded to its icons. */
  navCollapsed: 'legal.nav.collapsed',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value simply does not survive a reload.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: the key cannot be read back either.
  }
}
