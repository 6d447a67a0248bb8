/** Waits this long before trying again after a refresh that failed without ending the session. */
export const REFRESH_RETRY_MS = 60_000;
/** A timer that fires this close to the due time counts as due (timers drift). */
const DUE_SLACK_MS = 1_000;

export interface RefreshSchedulerDeps {
  refresh: () => Promise<boolean>;
  fetchRefreshAfterSeconds: () => Promise<number>;
  /** The last refresh of any tab (local storage). */
  readLastRefreshTime: () => number | null;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Where visibility and storage events come from; omitted in tests that do not need them. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> };
  storageKey?: string;
}

export interface RefreshScheduler {
  /** Signed in: ask when to refresh and keep one timer for it. Idempotent. */
  start(): void;
  /** Signed out: drop the timer and the listeners. */
  stop(): void;
  /** A refresh happened (this tab's, whoever started it): the next one is due in `seconds`. */
  refreshed(seconds: number): void;
  /** When the next refresh is due (epoch ms), or null while none is planned. */
  readonly dueAt: number | null;
}

/**
 * The proactive session refresh: one timer while signed in. Background tabs throttle timers, so
 * a tab that becomes visible checks at once whether the refresh is overdue; and since every tab
 * shares the session cookies, a refresh done by another tab (its time is in local storage)
 * moves this tab's due time instead of causing a second refresh.
 */
export function createRefreshScheduler(deps: RefreshSchedulerDeps): RefreshScheduler {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  let isRunning = false;
  let isRefreshing = false;
  let timer: unknown = null;
  let dueAt: number | null = null;
  let intervalMs: number | null = null;
  let knownRefreshAt = 0;
  /** Bumped by stop(): answers of a previous run are ignored. */
  let generation = 0;

  function arm(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (!isRunning || dueAt === null) return;
    timer = setTimer(tick, Math.max(0, dueAt - now()));
  }

  function planFrom(base: number, seconds: number): void {
    intervalMs = Math.max(0, seconds) * 1000;
    dueAt = base + intervalMs;
    arm();
  }

  /** Another tab refreshed after the time this plan is based on: follow its plan. */
  function adoptOtherTabRefresh(): void {
    const stored = deps.readLastRefreshTime();
    if (stored === null || stored <= knownRefreshAt) return;
    knownRefreshAt = stored;
    if (intervalMs !== null) dueAt = Math.max(dueAt ?? 0, stored + intervalMs);
  }

  async function runRefresh(): Promise<void> {
    if (isRefreshing) return;
    isRefreshing = true;
    const run = generation;
    const isOk = await deps.refresh().finally(() => {
      isRefreshing = false;
    });
    // Success re-plans through refreshed(); a refresh that ended the session stops us through sign-out.
    if (!isOk && isRunning && run === generation) {
      dueAt = now() + REFRESH_RETRY_MS;
      arm();
    }
  }

  function tick(): void {
    timer = null;
    if (!isRunning || dueAt === null) return;
    adoptOtherTabRefresh();
    if (now() < dueAt - DUE_SLACK_MS) arm();
    else void runRefresh();
  }

  const onVisibility = () => {
    if (deps.events?.document.visibilityState === 'visible') tick();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== deps.storageKey) return;
    adoptOtherTabRefresh();
    arm();
  };

  return {
    start() {
      if (isRunning) return;
      isRunning = true;
      const run = ++generation;
      knownRefreshAt = deps.readLastRefreshTime() ?? 0;
      deps.events?.document.addEventListener('visibilitychange', onVisibility);
      deps.events?.addEventListener('storage', onStorage);
      deps.fetchRefreshAfterSeconds().then(
        (seconds) => {
          if (isRunning && run === generation) planFrom(now(), seconds);
        },
        () => {
          // The access token may be gone already (refresh-after answers 401): refresh now.
          if (isRunning && run === generation) void runRefresh();
        },
      );
    },
    stop() {
      isRunning = false;
      generation++;
      dueAt = null;
      arm();
      deps.events?.document.removeEventListener('visibilitychange', onVisibility);
      deps.events?.removeEventListener('storage', onStorage);
    },
    refreshed(seconds) {
      knownRefreshAt = deps.readLastRefreshTime() ?? now();
      planFrom(now(), seconds);
    },
    get dueAt() {
      return dueAt;
    },
  };
}
