import { randomUUID } from 'node:crypto';
import { AUTH_LIMITS } from '@legal/api';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { disableUser } from './account.service';
import { auditEvents } from '../../platform/audit/audit.table';
import { cookiesOf, login, newUser, newWorkspace, setCookie, signIn } from './auth.test-support';
import { pruneExpiredIdentityRows } from './auth.jobs';
import { refreshTokens, sessions } from './sessions.table';
import { ssoLoginStates } from './sso/sso.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const post = (url: string, cookie?: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
/** Moves the first use of the user's rotated refresh tokens `seconds` into the past. */
async function ageUsedRefreshTokens(userId: number, seconds: number) {
  const own = t.services.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  await t.services.db
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - seconds * 1000) })
    .where(and(inArray(refreshTokens.sessionId, own), isNotNull(refreshTokens.usedAt)));
}
const tokenOf = (cookie: string, name: string) => cookie.split('; ').find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1) ?? '';

describe('session cookies and checks', () => {
  it('sets opaque httpOnly SameSite=Lax cookies on Path=/ (not Secure over http)', async () => {
    const user = await newUser(t);
    const res = await login(t, user.loginId, user.password);
    const access = setCookie(res, 'ls_access') ?? '';
    const refresh = setCookie(res, 'ls_refresh') ?? '';
    expect(access).toMatch(/^ls_access=[A-Za-z0-9_-]{43}; Max-Age=(899|900); Path=\/; HttpOnly; SameSite=Lax$/);
    expect(refresh).toMatch(/^ls_refresh=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(setCookie(res, '__Host-ls_access')).toBeUndefined(); // browsers refuse __Host- (Secure) cookies on http://localhost
    const [row] = await t.services.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(row?.accessTokenHash).not.toContain(tokenOf(cookiesOf(res), 'ls_access')); // only the hash is stored
  });

  it('reports the session: check-logged-in (public), token verify, refresh-after; Bearer works for API clients', async () => {
    expect((await get('/api/auth/check-logged-in/v1')).json().data).toEqual({ loggedIn: false });
    const user = await newUser(t);
    const cookie = await signIn(t, user.loginId);
    expect((await get('/api/auth/check-logged-in/v1', cookie)).json().data).toEqual({ loggedIn: true });
    const verify = await get('/api/auth/token/verify/v1', cookie);
    expect(verify.json().data).toMatchObject({ userId: user.userId, isSuperAdmin: false, sessionId: expect.any(String) });
    const after = (await get('/api/auth/refresh-after/v1', cookie)).json().data.refreshAfterSeconds;
    expect(after).toBeGreaterThan(700);
    expect(after).toBeLessThanOrEqual(840);
    const bearer = await get('/api/auth/profile/v1', undefined, { authorization: `Bearer ${tokenOf(cookie, 'ls_access')}` });
    expect(bearer.json().data.loginId).toBe(user.loginId);
    expect((await get('/api/auth/profile/v1', undefined, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  });

  it('ends a session after its idle timeout and at its absolute end', async () => {
    const user = await newUser(t);
    const idle = await signIn(t, user.loginId);
    const verify = await get('/api/auth/token/verify/v1', idle);
    await t.services.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 2 * 3600_000 - 1000) }).where(eq(sessions.id, verify.json().data.sessionId));
    expect((await get('/api/auth/profile/v1', idle)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh/v1', idle)).statusCode).toBe(401);

    const old = await signIn(t, user.loginId);
    const id = (await get('/api/auth/token/verify/v1', old)).json().data.sessionId;
    await t.services.db.update(sessions).set({ absoluteExpiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, id));
    expect((await get('/api/auth/profile/v1', old)).statusCode).toBe(401);
  });
});

describe('refresh rotation', () => {
  it('rotates both tokens on every refresh (v1 and v2); the old access token stops working', async () => {
    const user = await newUser(t);
    let current = await signIn(t, user.loginId);
    const sessionId = (await get('/api/auth/token/verify/v1', current)).json().data.sessionId;
    for (const url of ['/api/auth/refresh/v1', '/api/auth/refresh/v2']) {
      const res = await post(url, current);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ accessTokenExpiresAt: expect.any(String), refreshAfterSeconds: expect.any(Number) });
      const next = cookiesOf(res);
      expect(tokenOf(next, 'ls_access')).not.toBe(tokenOf(current, 'ls_access'));
      expect(tokenOf(next, 'ls_refresh')).not.toBe(tokenOf(current, 'ls_refresh'));
      expect((await get('/api/auth/token/verify/v1', next)).json().data.sessionId).toBe(sessionId);
      expect((await get('/api/auth/profile/v1', current)).statusCode).toBe(401);
      current = next;
    }
  });

  it('revokes the whole family when a used refresh token comes back, and answers 401', async () => {
    const user = await newUser(t);
    const stolen = await signIn(t, user.loginId);
    const rotated = cookiesOf(await post('/api/auth/refresh/v1', stolen));
    expect((await get('/api/auth/profile/v1', rotated)).statusCode).toBe(200);
    await ageUsedRefreshTokens(user.userId, AUTH_LIMITS.refreshReuseGraceSeconds + 1);

    const reuse = await post('/api/auth/refresh/v1', stolen);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'ERROR_UNAUTHORIZED', data: { reason: 'REFRESH_TOKEN_REUSED' } });
    expect(setCookie(reuse, 'ls_access')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    expect((await get('/api/auth/profile/v1', rotated)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh/v1', rotated)).statusCode).toBe(401);
    const revoked = await t.services.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, user.userId));
    expect(revoked.some((e) => e.type === 'session.revoked' && (e.data as { reason: string }).reason === 'REFRESH_REUSE')).toBe(true);
  });

  it('rotates again, without ending the session, when a used refresh token comes back within the grace window (a lost reply)', async () => {
    const user = await newUser(t);
    const first = await signIn(t, user.loginId);
    const lost = cookiesOf(await post('/api/auth/refresh/v1', first)); // the browser never stored this reply
    const again = await post('/api/auth/refresh/v1', first);
    expect(again.statusCode).toBe(200);
    const kept = cookiesOf(again);
    expect(tokenOf(kept, 'ls_refresh')).not.toBe(tokenOf(lost, 'ls_refresh'));
    expect((await get('/api/auth/profile/v1', kept)).statusCode).toBe(200);
    expect((await post('/api/auth/refresh/v1', kept)).statusCode).toBe(200);
    const events = await t.services.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, user.userId));
    expect(events.some((e) => e.type === 'session.revoked')).toBe(false);
  });

  it('refuses a missing or unknown refresh token with 401', async () => {
    expect((await post('/api/auth/refresh/v1')).statusCode).toBe(401);
    expect((await post('/api/auth/refresh/v1', 'ls_refresh=garbage')).statusCode).toBe(401);
  });
});

describe('sign-out and ending sessions', () => {
  it('logout revokes server-side and clears the cookies; replaying either token afterwards is 401', async () => {
    const user = await newUser(t);
    const cookie = await signIn(t, user.loginId);
    const res = await post('/api/auth/logout/v1', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'SUCCESS', message: null, data: null });
    expect(setCookie(res, 'ls_access')).toMatch(/^ls_access=;/);
    expect(setCookie(res, 'ls_refresh')).toMatch(/^ls_refresh=;/);
    expect((await get('/api/auth/profile/v1', cookie)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh/v1', cookie)).statusCode).toBe(401);
    expect((await post('/api/auth/logout/v1')).statusCode).toBe(200); // idempotent without a session
  });

  it('lists own sessions, ends one (another user\'s is 404) and ends all others', async () => {
    const user = await newUser(t);
    const a = await signIn(t, user.loginId);
    const b = await signIn(t, user.loginId);
    const c = await signIn(t, user.loginId);
    const list = (await get('/api/auth/sessions/v1', a)).json().data as Array<{ id: string; isCurrent: boolean }>;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.isCurrent)).toHaveLength(1);
    const idOf = async (cookie: string) => (await get('/api/auth/token/verify/v1', cookie)).json().data.sessionId as string;

    const stranger = await newUser(t);
    const strangerCookie = await signIn(t, stranger.loginId);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${await idOf(b)}/v1`, headers: { cookie: strangerCookie } });
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/auth/profile/v1', b)).statusCode).toBe(200);

    const endB = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${await idOf(b)}/v1`, headers: { cookie: a } });
    expect(endB.json().data).toEqual({ revokedCount: 1 });
    expect((await get('/api/auth/profile/v1', b)).statusCode).toBe(401);

    const others = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/others/v1', headers: { cookie: a } });
    expect(others.json().data).toEqual({ revokedCount: 1 });
    expect((await get('/api/auth/profile/v1', c)).statusCode).toBe(401);
    expect((await get('/api/auth/profile/v1', a)).statusCode).toBe(200);
    expect((await get('/api/auth/sessions/v1', a)).json().data).toHaveLength(1);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/not-a-uuid/v1', headers: { cookie: a } });
    expect(bad.statusCode).toBe(400);
  });

  it('disabling a user ends every session of that user at once', async () => {
    const user = await newUser(t);
    const one = await signIn(t, user.loginId);
    const two = await signIn(t, user.loginId);
    const result = await disableUser(t.services.db, { userId: user.userId, actorUserId: null });
    expect(result.revokedSessions).toBe(2);
    for (const cookie of [one, two]) {
      expect((await get('/api/auth/profile/v1', cookie)).statusCode).toBe(401);
      expect((await post('/api/auth/refresh/v1', cookie)).statusCode).toBe(401);
    }
  });
});

describe('clean-up', () => {
  it('prunes sessions a day past their end with their refresh tokens, and keeps live ones', async () => {
    const user = await newUser(t);
    const live = await signIn(t, user.loginId);
    const old = await signIn(t, user.loginId);
    const oldId = (await get('/api/auth/token/verify/v1', old)).json().data.sessionId;
    await t.services.db.update(sessions).set({ absoluteExpiresAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(sessions.id, oldId));
    const removed = await pruneExpiredIdentityRows(t.services.db, new Date());
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(await t.services.db.select().from(sessions).where(eq(sessions.id, oldId))).toHaveLength(0);
    expect(await t.services.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, oldId))).toHaveLength(0);
    expect((await get('/api/auth/profile/v1', live)).statusCode).toBe(200);
  });

  it('prunes SSO sign-in states a day past their expiry and keeps those in flight', async () => {
    const scope = await newWorkspace(t);
    const state = (expiresAt: Date) => ({
      id: randomUUID(), tenantId: scope.tenantId, workspaceId: scope.workspaceId, codeVerifier: 'v', nonce: 'n', redirectUri: 'http://localhost/cb', expiresAt,
    });
    const stale = state(new Date(Date.now() - 2 * 86_400_000));
    const fresh = state(new Date(Date.now() + 600_000));
    await t.services.db.insert(ssoLoginStates).values([stale, fresh]);
    const removed = await pruneExpiredIdentityRows(t.services.db, new Date());
    expect(removed.ssoStates).toBe(1);
    const left = await t.services.db.select({ id: ssoLoginStates.id }).from(ssoLoginStates).where(inArray(ssoLoginStates.id, [stale.id, fresh.id]));
    expect(left).toEqual([{ id: fresh.id }]);
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state-changing request with a session cookie from a foreign Origin; own origin and no Origin pass', async () => {
    const user = await newUser(t);
    const cookie = await signIn(t, user.loginId);
    const forged = await t.app.inject({ method: 'PUT', url: '/api/auth/alert/acknowledge/v1', headers: { cookie, origin: 'https://evil.example' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'ERROR_FORBIDDEN', data: { reason: 'ORIGIN_NOT_ALLOWED' } });
    const forgedLogout = await post('/api/auth/logout/v1', cookie, { origin: 'null' });
    expect(forgedLogout.statusCode).toBe(403);
    expect((await get('/api/auth/profile/v1', cookie)).statusCode).toBe(200); // still signed in

    const own = await t.app.inject({ method: 'PUT', url: '/api/auth/alert/acknowledge/v1', headers: { cookie, origin: t.services.config.publicUrl } });
    expect(own.statusCode).toBe(200);
    const vite = await t.app.inject({ method: 'PUT', url: '/api/auth/alert/acknowledge/v1', headers: { cookie, origin: 'http://localhost:5173' } });
    expect(vite.statusCode).toBe(200);
    const serverToServer = await t.app.inject({ method: 'PUT', url: '/api/auth/alert/acknowledge/v1', headers: { cookie } });
    expect(serverToServer.statusCode).toBe(200);
    // reads are not state-changing; requests without a session cookie carry no ambient authority
    expect((await get('/api/auth/profile/v1', cookie, { origin: 'https://evil.example' })).statusCode).toBe(200);
    expect((await login(t, user.loginId, user.password, '/api/auth/login/v1', { origin: 'https://evil.example' })).statusCode).toBe(200);
  });
});
