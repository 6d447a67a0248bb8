import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_RETRY_MS, createRefreshScheduler, type RefreshSchedulerDeps } from './refresh-scheduler';

const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(over: Partial<RefreshSchedulerDeps> = {}) {
  let stored: number | null = null;
  const documentEvents = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const windowEvents = Object.assign(new EventTarget(), { document: documentEvents });
  const deps = {
    refresh: vi.fn(async () => {
      stored = Date.now();
      return true;
    }),
    fetchRefreshAfterSeconds: vi.fn(async () => 840),
    readLastRefreshTime: () => stored,
    events: windowEvents as unknown as RefreshSchedulerDeps['events'],
    storageKey: 'last-refresh',
    ...over,
  };
  const scheduler = createRefreshScheduler(deps);
  return { scheduler, deps, documentEvents, windowEvents, setStored: (value: number | null) => (stored = value) };
}

describe('proactive session refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes when refresh-after says, once, then follows the new plan; stops on sign-out', async () => {
    const { scheduler, deps } = setup();
    scheduler.start();
    scheduler.start(); // idempotent: one timer
    await flush();
    expect(deps.fetchRefreshAfterSeconds).toHaveBeenCalledTimes(1);
    expect(scheduler.dueAt).toBe(Date.now() + 840_000);

    await vi.advanceTimersByTimeAsync(839_000);
    expect(deps.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(deps.refresh).toHaveBeenCalledTimes(1);

    scheduler.refreshed(840); // what session-refresh announces after a successful refresh
    await vi.advanceTimersByTimeAsync(840_000);
    expect(deps.refresh).toHaveBeenCalledTimes(2);

    scheduler.stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(deps.refresh).toHaveBeenCalledTimes(2);
    expect(scheduler.dueAt).toBeNull();
  });

  it('follows a refresh another tab did (last-refresh time in local storage) instead of refreshing again', async () => {
    const { scheduler, deps, setStored, windowEvents } = setup();
    scheduler.start();
    await flush();
    await vi.advanceTimersByTimeAsync(600_000);
    setStored(Date.now()); // the other tab refreshed 10 minutes in
    windowEvents.dispatchEvent(Object.assign(new Event('storage'), { key: 'last-refresh' }));

    await vi.advanceTimersByTimeAsync(240_000); // the original due time
    expect(deps.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600_000); // the other tab's plan
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('catches up at once when a throttled background tab becomes visible after the due time', async () => {
    const setTimer = vi.fn(() => 'never-fires');
    const { scheduler, deps, documentEvents } = setup({ setTimer, clearTimer: vi.fn() });
    scheduler.start();
    await flush();
    vi.setSystemTime(Date.now() + 900_000);
    documentEvents.visibilityState = 'visible';
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes at once when refresh-after fails, and retries a failed refresh a minute later', async () => {
    const refresh = vi.fn(async () => false);
    const { scheduler } = setup({ refresh, fetchRefreshAfterSeconds: vi.fn(async () => Promise.reject(new Error('401'))) });
    scheduler.start();
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });
});
