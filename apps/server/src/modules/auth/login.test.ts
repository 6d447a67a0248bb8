import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { auditEvents } from '../../platform/audit/audit.table';
import { cookiesOf, login, newUser, newWorkspace, PASSWORD, setCookie, signIn } from './auth.test-support';
import { disableUser } from './account.service';
import { provisionUser } from './provisioning';
import { userLoginTracks } from './sessions.table';
import { users } from './users.table';

describe('password sign-in and lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
  });
  afterAll(() => t.close());

  it('signs in with the right password and answers the alert levels without two-factor', async () => {
    const ws = await newWorkspace(t);
    const user = await newUser(t, { workspace: ws });
    for (const url of ['/api/auth/login/v1', '/api/auth/login/v3']) {
      const res = await login(t, user.loginId, user.password, url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 'SUCCESS', message: null, data: { alertLevel: 'NONE', passwordAlertLevel: 'NONE', twoFactorAuth: null } });
      expect(cookiesOf(res)).toMatch(/ls_access=.+; ls_refresh=.+/);
    }
    const upper = await login(t, `  ${user.loginId.toUpperCase()} `, user.password);
    expect(upper.statusCode).toBe(200);
  });

  it('counts wrong passwords, locks at five with 423 and lockedUntil, then refuses even the right password', async () => {
    const user = await newUser(t);
    for (let i = 1; i <= 4; i++) {
      const res = await login(t, user.loginId, 'wrong-password');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'ERROR_LOGIN_FAILED', data: { currentRetryCount: i, maxRetryCount: 5 } });
    }
    const before = Date.now();
    const fifth = await login(t, user.loginId, 'wrong-password');
    expect(fifth.statusCode).toBe(423);
    const body = fifth.json();
    expect(body.code).toBe('ERROR_ACCOUNT_LOCKED');
    expect(body.data).toMatchObject({ currentRetryCount: 5, maxRetryCount: 5 });
    const lockedUntil = Date.parse(body.data.lockedUntil);
    expect(body.data.lockedUntil).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(lockedUntil - before).toBeGreaterThan(29 * 60_000);
    expect(lockedUntil - before).toBeLessThan(31 * 60_000);

    const right = await login(t, user.loginId, user.password);
    expect(right.statusCode).toBe(423);
    expect(right.json().data.lockedUntil).toBe(body.data.lockedUntil);
    expect(right.headers['set-cookie']).toBeUndefined();

    const events = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.subjectUserId, user.userId), eq(auditEvents.type, 'account.locked')));
    expect(events).toHaveLength(1);

    // once the lock has run out, the count starts again
    await t.services.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, user.userId));
    const again = await login(t, user.loginId, 'wrong-password');
    expect(again.json().data).toEqual({ currentRetryCount: 1, maxRetryCount: 5 });
  });

  it('resets the count on success', async () => {
    const user = await newUser(t);
    await login(t, user.loginId, 'wrong-1');
    await login(t, user.loginId, 'wrong-2');
    expect((await login(t, user.loginId, user.password)).statusCode).toBe(200);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.failedLoginCount).toBe(0);
    expect((await login(t, user.loginId, 'wrong-3')).json().data.currentRetryCount).toBe(1);
  });

  it('answers an unknown login id exactly like a wrong password, lockout included', async () => {
    const known = await newUser(t);
    const unknownId = 'nobody-here@example.kr';
    const shape = (res: Awaited<ReturnType<typeof login>>) => ({ status: res.statusCode, body: { ...res.json(), data: { ...res.json().data, lockedUntil: res.json().data.lockedUntil ? 'set' : undefined } } });
    // (timing: both paths run one argon2 verification, against a dummy hash for the unknown id;
    // measured by `npm run bench`, not asserted here)
    for (let i = 0; i < 5; i++) {
      const a = await login(t, known.loginId, 'wrong-password');
      const b = await login(t, unknownId, 'wrong-password');
      expect(shape(b)).toEqual(shape(a));
      expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
    }
    const tracks = await t.services.db.select().from(userLoginTracks).where(eq(userLoginTracks.loginId, unknownId));
    expect(tracks.map((r) => r.result)).toEqual(['FAILED', 'FAILED', 'FAILED', 'FAILED', 'LOCKED']);
    expect(tracks.every((r) => r.userId === null)).toBe(true);
  });

  it('answers a disabled account like a wrong password', async () => {
    const user = await newUser(t);
    await disableUser(t.services.db, { userId: user.userId, actorUserId: null });
    const res = await login(t, user.loginId, user.password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'ERROR_LOGIN_FAILED', data: { currentRetryCount: 1, maxRetryCount: 5 } });
  });

  it('refuses a bad body naming the fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/v1', payload: { loginId: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['body.loginId', 'body.password']);
  });

  it('signs in without a password through the development login (not in production)', async () => {
    const user = await newUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/dev/v1', payload: { loginId: user.loginId } });
    expect(res.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: cookiesOf(res) } });
    expect(profile.json().data.loginId).toBe(user.loginId);
    const nobody = await t.app.inject({ method: 'POST', url: '/api/auth/login/dev/v1', payload: { loginId: 'ghost@example.kr' } });
    expect(nobody.statusCode).toBe(401);
    const notSuper = await t.app.inject({ method: 'POST', url: '/api/auth/login/dev/v1', payload: { loginId: user.loginId, superAdmin: true } });
    expect(notSuper.statusCode).toBe(403);
  });
});

describe('passwords: rules, change, expiry alerts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
  });
  afterAll(() => t.close());

  async function change(cookie: string, currentPassword: string, newPassword: string, remoteAddress?: string) {
    return t.app.inject({ method: 'PUT', url: '/api/auth/credentials/password/v1', headers: { cookie }, payload: { currentPassword, newPassword }, remoteAddress });
  }

  it('refuses too short, too long (129 code points), common passwords and a wrong current password, naming the field', async () => {
    const user = await newUser(t);
    const cookie = await signIn(t, user.loginId);
    const cases: Array<[string, string, string]> = [
      [PASSWORD, 'short1!', 'body.newPassword'],
      [PASSWORD, '가'.repeat(129), 'body.newPassword'],
      [PASSWORD, 'Password123', 'body.newPassword'],
      [PASSWORD, '1q2w3e4r!', 'body.newPassword'],
      ['not-my-password', 'Brand-new-pass-1', 'body.currentPassword'],
    ];
    for (const [current, next, field] of cases) {
      const res = await change(cookie, current, next);
      expect(res.statusCode, next).toBe(400);
      expect(res.json().data.fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
    }
  });

  it('accepts Hangul with spaces and 128 code points, counts characters not bytes, and keeps every character', async () => {
    const user = await newUser(t);
    let cookie = await signIn(t, user.loginId);
    const hangul = '우리 집 고양이 이름은 나비';
    const res = await change(cookie, PASSWORD, hangul);
    expect(res.statusCode).toBe(200);
    expect((await login(t, user.loginId, hangul)).statusCode).toBe(200);
    expect((await login(t, user.loginId, '우리 집 고양이 이름은 나')).statusCode).toBe(401);

    cookie = await signIn(t, user.loginId, hangul);
    // 128 emoji in no pattern: 128 code points, 256 UTF-16 units
    const long = Array.from({ length: 128 }, (_, i) => String.fromCodePoint(0x1f600 + ((i * i * 31 + i * 17) % 80))).join('');
    expect((await change(cookie, hangul, long)).statusCode).toBe(200);
    expect((await login(t, user.loginId, long)).statusCode).toBe(200);
    expect((await login(t, user.loginId, [...long].slice(0, 127).join(''))).statusCode).toBe(401);
  });

  it('refuses common passwords in any spelling, guessable patterns and context words, with the reasons the web app words', async () => {
    const user = await newUser(t, { displayName: '홍길동' });
    const cookie = await signIn(t, user.loginId);
    const localPart = user.loginId.split('@')[0] as string;
    const cases: Array<[string, string]> = [
      ['12345678', 'too common; choose a less guessable password'],
      ['password1234', 'too common; choose a less guessable password'],
      ['Password1!', 'too easy to guess; use a longer mix of unrelated words'],
      ['qwerty123456', 'too common; choose a less guessable password'],
      ['1q2w3e4r5t6y', 'too common; choose a less guessable password'],
      ['qwer1234!', 'too easy to guess; use a longer mix of unrelated words'],
      ['aaaaaaaaaaaa', 'too easy to guess; use a longer mix of unrelated words'],
      ['        ', 'too easy to guess; use a longer mix of unrelated words'],
      ['P@ssw0rd', 'too common; choose a less guessable password'],
      ['LegalSuite2026!', 'must not contain the product name'],
      ['리걸 스위트 river 77', 'must not contain the product name'],
      [`${localPart.toUpperCase()}-river-77`, 'must not contain your login id or name'],
      ['홍길동-lantern-77', 'must not contain your login id or name'],
    ];
    for (const [i, [next, reason]] of cases.entries()) {
      const res = await change(cookie, PASSWORD, next, `10.0.13.${i}`); // one address each: the route allows 10 a minute per address
      expect(res.statusCode, next).toBe(400);
      expect(res.json().data.fieldErrors, next).toEqual([{ field: 'body.newPassword', reason }]);
    }
    expect((await login(t, user.loginId, PASSWORD)).statusCode).toBe(200); // nothing changed
    const strong = await change(cookie, PASSWORD, 'Velvet-orbit-ladder-93');
    expect(strong.statusCode).toBe(200);
    expect((await login(t, user.loginId, 'Velvet-orbit-ladder-93')).statusCode).toBe(200);
  });

  it('changing the password ends the other sessions, keeps this one, and is audited', async () => {
    const user = await newUser(t);
    const other = await signIn(t, user.loginId);
    const mine = await signIn(t, user.loginId);
    const res = await change(mine, PASSWORD, 'Another-good-pass-9');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.revokedSessions).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: mine } })).statusCode).toBe(200);
    const events = await t.services.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, user.userId));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['password.changed', 'session.revoked']));
  });

  it('warns 14 days before expiry, reports EXPIRED after, postpones 90 days, and acknowledging sets the alert to NONE', async () => {
    const soon = await newUser(t, { passwordExpiresInDays: 10 });
    const res = await login(t, soon.loginId, soon.password);
    expect(res.json().data).toMatchObject({ alertLevel: 'WARN', passwordAlertLevel: 'WARN' });
    const cookie = cookiesOf(res);

    const ack = await t.app.inject({ method: 'PUT', url: '/api/auth/alert/acknowledge/v1', headers: { cookie } });
    expect(ack.json()).toEqual({ code: 'SUCCESS', message: null, data: { alertLevel: 'NONE' } });
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie } });
    expect(profile.json().data).toMatchObject({ alertLevel: 'NONE', passwordAlertLevel: 'WARN' });

    const postponed = await t.app.inject({ method: 'PUT', url: '/api/auth/password-expiry/postpone/v1', headers: { cookie } });
    const expiresAt = Date.parse(postponed.json().data.passwordExpiresAt);
    expect(Math.round((expiresAt - Date.now()) / 86_400_000)).toBe(90);
    expect((await login(t, soon.loginId, soon.password)).json().data).toMatchObject({ alertLevel: 'NONE', passwordAlertLevel: 'NONE' });

    await t.services.db.update(users).set({ passwordExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, soon.userId));
    expect((await login(t, soon.loginId, soon.password)).json().data).toMatchObject({ alertLevel: 'EXPIRED', passwordAlertLevel: 'EXPIRED' });
  });
});

describe('in production (https)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://legal.example.com' }, startJobs: false });
  });
  afterAll(() => t.close());

  it('has no development login and no demo data', async () => {
    const dev = await t.app.inject({ method: 'POST', url: '/api/auth/login/dev/v1', payload: { loginId: 'member@hanbit.example' } });
    expect(dev.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/demo-accounts/v1' })).statusCode).toBe(404);
    expect((await login(t, 'member@hanbit.example', 'Demo-pass-2026!')).statusCode).toBe(401);
    for (const url of ['/api/dev/mailbox/v1', '/dev/mailbox']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404); // not even from loopback
  });

  it('names the session cookies __Host-... with HttpOnly, SameSite=Lax, Path=/, Secure and no Domain, and reads only those', async () => {
    await provisionUser(t.services.db, { loginId: 'prod@example.kr', name: '운영', password: PASSWORD });
    const res = await login(t, 'prod@example.kr', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(setCookie(res, 'ls_access')).toBeUndefined();
    for (const name of ['__Host-ls_access', '__Host-ls_refresh']) {
      const cookie = setCookie(res, name) ?? '';
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).not.toMatch(/; Domain=/i);
    }
    const cookie = cookiesOf(res);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie } })).statusCode).toBe(200);
    const unprefixed = cookie.replaceAll('__Host-', ''); // as a sibling subdomain could set them
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: unprefixed } })).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh/v1', headers: { cookie, origin: 'https://legal.example.com' } });
    expect(refreshed.statusCode).toBe(200);
    expect(setCookie(refreshed, '__Host-ls_access')).toBeDefined();
    const foreign = await t.app.inject({ method: 'POST', url: '/api/auth/logout/v1', headers: { cookie, origin: 'http://localhost:5173' } });
    expect(foreign.statusCode).toBe(403); // the Vite dev origin is trusted only outside production
    const own = await t.app.inject({ method: 'POST', url: '/api/auth/logout/v1', headers: { cookie, origin: 'https://legal.example.com' } });
    expect(own.statusCode).toBe(200);
  });
});
