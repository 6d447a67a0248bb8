import { PERMISSION, checkLoggedIn, permissionsV3, profile, refreshV2 } from '@legal/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsQueue, companyGroup } from '../../lib/analytics';
import { STORAGE_KEYS } from '../../lib/browser-storage';
import { sessionStatusStore, sessionStore, writeLastRefreshTime } from '../../lib/session';
import { fail, installFakeApi, ok } from '../../test/fake-api';
import { hanbit, profileOf, resetSession, saesol, serveSession } from '../../test/session-fixtures';
import { bootstrapSession } from './session-bootstrap';

describe('session bootstrap', () => {
  beforeEach(() => {
    resetSession();
    analyticsQueue.drain();
  });

  it('restores the remembered workspace (tenantId-workspaceId) and loads its permissions', async () => {
    localStorage.setItem(STORAGE_KEYS.lastWorkspace, '2-20');
    const fake = serveSession(installFakeApi(), { launcher: [hanbit, saesol] }).on(checkLoggedIn, ok({ loggedIn: true }));

    const settled = bootstrapSession();
    expect(sessionStatusStore.getState().status).toBe('loading');
    await settled;

    expect(sessionStatusStore.getState().status).toBe('ready');
    expect(sessionStore.getState()).toMatchObject({ tenantId: 2, workspaceId: 20, userInfo: { id: 41, name: '김민준' } });
    const [permissions] = fake.calls(permissionsV3);
    expect(permissions?.headers.get('X-Tenant')).toBe('2');
    expect(permissions?.headers.get('X-Workspace')).toBe('20');
    expect(sessionStore.getState().permissions).toHaveLength(2);
    // checkLoggedIn is quiet: no toast, no error report
    expect(fake.calls(checkLoggedIn)).toHaveLength(1);
  });

  it('loads no permissions while no workspace is selected (several to choose from, stale key)', async () => {
    localStorage.setItem(STORAGE_KEYS.lastWorkspace, '2-99');
    const fake = serveSession(installFakeApi(), { launcher: [hanbit, saesol] }).on(checkLoggedIn, ok({ loggedIn: true }));
    await bootstrapSession();
    expect(sessionStore.getState()).toMatchObject({ tenantId: 0, workspaceId: 0, permissions: [] });
    expect(fake.calls(permissionsV3)).toHaveLength(0);
    expect(sessionStore.getState().launcher).toHaveLength(2);
  });

  it('falls back to the only workspace when the key lacks a part (read as 0)', async () => {
    localStorage.setItem(STORAGE_KEYS.lastWorkspace, '2');
    const fake = serveSession(installFakeApi(), { launcher: [hanbit] }).on(checkLoggedIn, ok({ loggedIn: true }));
    await bootstrapSession();
    expect(sessionStore.getState()).toMatchObject({ tenantId: 1, workspaceId: 10 });
    expect(fake.calls(permissionsV3)).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.lastWorkspace)).toBe('1-10');
  });

  it('loads the permissions of a super-admin session without a workspace (kept by the spec-5 rule)', async () => {
    serveSession(installFakeApi(), {
      profile: profileOf({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true }),
      launcher: [],
      permissions: [PERMISSION.superAdminWorkspaceRead],
    }).on(checkLoggedIn, ok({ loggedIn: true }));
    await bootstrapSession();
    expect(sessionStore.getState().permissions).toEqual([{ name: PERMISSION.superAdminWorkspaceRead }]);
  });

  it('identifies the user with the company group for analytics', async () => {
    serveSession(installFakeApi()).on(checkLoggedIn, ok({ loggedIn: true }));
    await bootstrapSession();
    const group = await companyGroup('member@hanbit.example');
    await vi.waitFor(() => expect(analyticsQueue.drain()).toContainEqual(expect.objectContaining({ type: 'identify', userId: '41', companyGroup: group })));
  });

  it('stays signed out without a session, and renews an expired access token first when this browser had one', async () => {
    const fake = serveSession(installFakeApi()).on(checkLoggedIn, ok({ loggedIn: false })).on(refreshV2, ok({ accessTokenExpiresAt: '2026-11-21T00:15:00Z', refreshAfterSeconds: 840 }));
    await bootstrapSession();
    expect(sessionStore.getState().userInfo).toBeNull();
    expect(fake.calls(refreshV2)).toHaveLength(0);
    expect(fake.calls(profile)).toHaveLength(0);

    writeLastRefreshTime(Date.now() - 3_600_000);
    await bootstrapSession();
    expect(fake.calls(refreshV2)).toHaveLength(1);
    expect(sessionStore.getState().userInfo?.id).toBe(41);
  });

  it('reports a session that could not be loaded, for a retry', async () => {
    installFakeApi().on(checkLoggedIn, ok({ loggedIn: true })).on(profile, fail(500, 'ERROR_INTERNAL', '일시적인 오류입니다.'));
    await bootstrapSession();
    expect(sessionStatusStore.getState()).toMatchObject({ status: 'error', error: expect.objectContaining({ code: 'ERROR_INTERNAL' }) });
  });
});
