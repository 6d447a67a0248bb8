import { DEFAULT_THEME, launcher, refreshV2 } from '@legal/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { STORAGE_KEYS } from '../lib/browser-storage';
import { INITIAL_SESSION, readLastRefreshTime, selectWorkspace, sessionStore, setUserInfo, themeMarkerStore, writeLastRefreshTime } from '../lib/session';
import { fail, installFakeApi, ok } from '../test/fake-api';
import { resetSession } from '../test/session-fixtures';
import { connectApiToApp } from './connect-api';

function signedIn() {
  setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
  selectWorkspace(1, 10);
  writeLastRefreshTime(1_700_000_000_000);
  themeMarkerStore.mark('1-10', { ...DEFAULT_THEME, name: 'hanbit' });
}

function connect() {
  const router = { navigate: vi.fn(async () => undefined) };
  const queryClient = { clear: vi.fn(), invalidateQueries: vi.fn(async () => undefined) };
  connectApiToApp({ router, queryClient: queryClient as never });
  return { router, queryClient };
}

describe('lost session (401): refresh first, else sign out', () => {
  beforeEach(() => resetSession());

  it('keeps the session when the refresh succeeds, records the time and lets screens fetch again', async () => {
    const fake = installFakeApi()
      .on(launcher, fail(401, 'ERROR_UNAUTHORIZED', '로그인이 필요합니다.'))
      .on(refreshV2, ok({ accessTokenExpiresAt: '2026-11-21T09:15:00Z', refreshAfterSeconds: 840 }));
    signedIn();
    const { router, queryClient } = connect();

    await expect(api.call(launcher)).rejects.toMatchObject({ status: 401 });

    await vi.waitFor(() => expect(queryClient.invalidateQueries).toHaveBeenCalled());
    expect(fake.calls(refreshV2)).toHaveLength(1);
    expect(fake.calls(refreshV2)[0]?.method).toBe('POST');
    expect(router.navigate).not.toHaveBeenCalled();
    expect(sessionStore.getState().userInfo?.id).toBe(41);
    expect(readLastRefreshTime()).toBeGreaterThan(1_700_000_000_000);
  });

  it('signs out when the refresh fails: storage cleared, history entry replaced by /sign-in, no refresh loop', async () => {
    const fake = installFakeApi()
      .on(launcher, fail(401, 'ERROR_UNAUTHORIZED'))
      .on(refreshV2, fail(401, 'ERROR_UNAUTHORIZED', 'session ended', { reason: 'SESSION_ENDED' }));
    signedIn();
    const { router, queryClient } = connect();

    await expect(api.call(launcher)).rejects.toMatchObject({ status: 401 });

    await vi.waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/sign-in', { replace: true }));
    expect(router.navigate).toHaveBeenCalledTimes(1);
    expect(fake.calls(refreshV2)).toHaveLength(1);
    expect(sessionStore.getState()).toEqual(INITIAL_SESSION);
    expect(localStorage.getItem(STORAGE_KEYS.lastRefreshAt)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.themeMarker)).toBeNull();
    expect(queryClient.clear).toHaveBeenCalled();
  });
});
