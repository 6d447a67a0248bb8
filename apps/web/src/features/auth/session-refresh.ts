import { refreshAfter, refreshV2 } from '@legal/api';
import { api } from '../../lib/api';
import { writeLastRefreshTime } from '../../lib/session';

type RefreshListener = (refreshAfterSeconds: number) => void;

const listeners = new Set<RefreshListener>();
let inflight: Promise<boolean> | null = null;

/** Called after every successful refresh with the seconds until the next one is due. */
export function onSessionRefreshed(listener: RefreshListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Rotates the session tokens (refreshV2, quietly) and records the time in local storage;
 * answers true on SUCCESS. One refresh at a time: concurrent callers share it, because a
 * refresh token presented twice reads as stolen and ends the whole session.
 */
export function refreshSession(): Promise<boolean> {
  inflight ??= api
    .call(refreshV2, { suppressErrorToast: true, skipErrorReport: true })
    .then(
      (data) => {
        writeLastRefreshTime();
        for (const listener of [...listeners]) listener(data.refreshAfterSeconds);
        return true;
      },
      () => false,
    )
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Seconds until the client should refresh the live session (refresh-after, quietly). */
export async function fetchRefreshAfterSeconds(): Promise<number> {
  const data = await api.call(refreshAfter, { suppressErrorToast: true, skipErrorReport: true });
  return data.refreshAfterSeconds;
}
