import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from '../browser-storage';

/** The time of the last successful session refresh, kept in local storage (spec section 9). */
export function readLastRefreshTime(): number | null {
  const raw = readStorage(STORAGE_KEYS.lastRefreshAt);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function writeLastRefreshTime(epochMs: number = Date.now()): void {
  writeStorage(STORAGE_KEYS.lastRefreshAt, String(Math.trunc(epochMs)));
}

export function clearLastRefreshTime(): void {
  removeStorage(STORAGE_KEYS.lastRefreshAt);
}
