import { checkLoggedIn, refreshAfter } from '@legal/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStatusStore, setUserInfo } from '../../lib/session';
import { installFakeApi, ok } from '../../test/fake-api';
import { resetSession } from '../../test/session-fixtures';
import { startSessionLifecycle } from './session-lifecycle';

describe('session lifecycle', () => {
  beforeEach(() => resetSession());

  it('loads the session at start and plans refreshes only while signed in', async () => {
    const fake = installFakeApi().on(checkLoggedIn, ok({ loggedIn: false })).on(refreshAfter, ok({ refreshAfterSeconds: 840 }));
    const stop = startSessionLifecycle();
    await vi.waitFor(() => expect(sessionStatusStore.getState().status).toBe('ready'));
    expect(fake.calls(refreshAfter)).toHaveLength(0);

    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    await vi.waitFor(() => expect(fake.calls(refreshAfter)).toHaveLength(1));
    clearSession();
    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    await vi.waitFor(() => expect(fake.calls(refreshAfter)).toHaveLength(2));
    stop();
  });
});
