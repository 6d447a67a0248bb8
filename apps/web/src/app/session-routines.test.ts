import { PERMISSION } from '@legal/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/browser-storage';
import { INITIAL_SESSION, clearSession, selectWorkspace, sessionStore, setPermissions, setUserInfo, writeLastRefreshTime } from '../lib/session';
import { createUnauthorizedHandler, signOutLocally } from './session-routines';

function signedIn() {
  setUserInfo({ id: 41, loginId: 'minji' });
  selectWorkspace(3, 7);
  setPermissions([{ name: PERMISSION.orderPay }]);
  writeLastRefreshTime(1_700_000_000_000);
}

describe('sign-out routines', () => {
  beforeEach(() => clearSession());

  it('clears the session, resets analytics and cached data, and replaces the entry with /sign-in', () => {
    signedIn();
    const deps = { navigate: vi.fn(), analytics: { reset: vi.fn() }, queryClient: { clear: vi.fn() } };
    signOutLocally(deps);
    expect(sessionStore.getState()).toEqual(INITIAL_SESSION);
    expect(localStorage.getItem(STORAGE_KEYS.lastRefreshAt)).toBeNull();
    expect(deps.analytics.reset).toHaveBeenCalledTimes(1);
    expect(deps.queryClient.clear).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/sign-in', { replace: true });
  });

  it('keeps the session when a refresh succeeds and signs out when it fails', async () => {
    signedIn();
    const navigate = vi.fn();
    const analytics = { reset: vi.fn() };
    await createUnauthorizedHandler({ navigate, analytics, refreshSession: async () => true })({ path: '/api/x', status: 401 });
    expect(sessionStore.getState().userInfo?.id).toBe(41);
    expect(navigate).not.toHaveBeenCalled();

    await createUnauthorizedHandler({
      navigate,
      analytics,
      refreshSession: () => Promise.reject(new Error('refresh failed')),
    })({ path: '/api/x', status: 401 });
    expect(sessionStore.getState()).toEqual(INITIAL_SESSION);
    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true });
  });

  it('signs out at once when the refresh call itself lost the session, and runs one routine at a time', async () => {
    signedIn();
    const navigate = vi.fn();
    let finishRefresh: (ok: boolean) => void = () => undefined;
    const refreshSession = vi.fn(() => new Promise<boolean>((resolve) => (finishRefresh = resolve)));
    const handler = createUnauthorizedHandler({ navigate, analytics: { reset: vi.fn() }, refreshSession });

    const first = handler({ path: '/api/alex/contracts/v6', status: 401 });
    const second = handler({ path: '/api/auth/refresh/v2', status: 401 }); // the refresh's own 401 joins the routine
    expect(second).toBe(first);
    finishRefresh(false);
    await first;
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);

    signedIn();
    await handler({ path: '/api/auth/refresh/v2', status: 403 });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(sessionStore.getState()).toEqual(INITIAL_SESSION);
  });
});
