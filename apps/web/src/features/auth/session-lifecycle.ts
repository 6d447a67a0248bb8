import { STORAGE_KEYS } from '../../lib/browser-storage';
import { readLastRefreshTime, selectIsSignedIn, sessionStore } from '../../lib/session';
import { type RefreshScheduler } from './refresh-scheduler';
import { bootstrapSession } from './session-bootstrap';
import { fetchRefreshAfterSeconds, onSessionRefreshed, refreshSession } from './session-refresh';

/**
 * Starts the session side of the app: the start-up session load, and the proactive refresh
 * while signed in (started on sign-in, stopped on sign-out; its code loads with the first
 * sign-in, not with the sign-in page). Answers a function that undoes it.
 */
export function startSessionLifecycle(): () => void {
  let scheduler: RefreshScheduler | null = null;
  let isSignedIn = false;
  let isDisposed = false;

  const ensureScheduler = async (): Promise<RefreshScheduler> => {
    if (scheduler) return scheduler;
    const { createRefreshScheduler } = await import('./refresh-scheduler');
    scheduler ??= createRefreshScheduler({
      refresh: refreshSession,
      fetchRefreshAfterSeconds,
      readLastRefreshTime,
      events: window,
      storageKey: STORAGE_KEYS.lastRefreshAt,
    });
    return scheduler;
  };

  const offRefreshed = onSessionRefreshed((seconds) => scheduler?.refreshed(seconds));
  const sync = () => {
    const next = selectIsSignedIn(sessionStore.getState());
    if (next === isSignedIn) return;
    isSignedIn = next;
    if (!next) {
      scheduler?.stop();
      return;
    }
    void ensureScheduler().then((loaded) => {
      // Signed out again (or disposed) while the code loaded: nothing to start.
      if (isSignedIn && !isDisposed) loaded.start();
    });
  };
  const offSession = sessionStore.subscribe(sync);
  sync();
  void bootstrapSession();

  return () => {
    isDisposed = true;
    offSession();
    offRefreshed();
    scheduler?.stop();
  };
}
