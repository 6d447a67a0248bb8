import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { auditEvents } from '../../platform/audit/audit.table';
import { cookiesOf, lastOtpCode, login, newUser, newWorkspace } from './auth.test-support';
import { otpChallenges } from './sessions.table';
import { hashToken } from './tokens';
import { users } from './users.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

const VERIFY = '/api/auth/login/v3/otp/verify';
const RESEND = '/api/auth/login/v3/otp/resend';

async function startOtp(loginId: string, password: string, url = '/api/auth/login/v3') {
  const res = await login(t, loginId, password, url);
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data.twoFactorAuth).toEqual({ method: 'OTP_MAIL', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  expect(res.headers['set-cookie']).toBeUndefined(); // no session before the code
  return { token: data.twoFactorAuth.token as string, code: await lastOtpCode(t, loginId) };
}

function verify(token: string | undefined, otp: string, url = VERIFY) {
  return t.app.inject({ method: 'POST', url, payload: { otp }, headers: token ? { 'x-two-factor-token': token } : {} });
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('two-factor sign-in with a mailed one-time code', () => {
  // The file's first sign-ins hash several passwords: beside the other suites in CI this took 40 s once.
  it('is required by the user flag or by a workspace policy, mails a localized code and completes with it once', { timeout: 90_000 }, async () => {
    const flagged = await newUser(t, { isTwoFactorRequired: true });
    const { token, code } = await startOtp(flagged.loginId, flagged.password);
    const mailbox = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/v1?to=${encodeURIComponent(flagged.loginId)}` });
    expect(mailbox.json().data.content[0]).toMatchObject({ template: 'auth.otp', locale: 'ko', subject: expect.stringContaining('로그인 인증번호') });

    const ok = await verify(token, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ alertLevel: 'NONE', passwordAlertLevel: 'NONE', twoFactorAuth: null });
    const cookie = cookiesOf(ok);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie } })).statusCode).toBe(200);

    const replay = await verify(token, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('ERROR_OTP_EXPIRED');

    const strict = await newWorkspace(t, { isTwoFactorRequired: true });
    const member = await newUser(t, { workspace: strict });
    const started = await startOtp(member.loginId, member.password, '/api/auth/login/v1');
    expect((await verify(started.token, started.code)).statusCode).toBe(200);

    const types = (await t.services.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, flagged.userId))).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['otp.sent', 'otp.verified', 'session.signed_in']));
  });

  it('refuses a wrong code with ERROR_OTP_INVALID; the fifth wrong code locks the account (423) and kills the challenge', async () => {
    const user = await newUser(t, { isTwoFactorRequired: true });
    const { token, code } = await startOtp(user.loginId, user.password);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(token, wrong(code));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'ERROR_OTP_INVALID', data: { remainingAttempts: 5 - i } });
    }
    const fifth = await verify(token, wrong(code));
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'ERROR_ACCOUNT_LOCKED', data: { currentRetryCount: 5, maxRetryCount: 5, lockedUntil: expect.any(String) } });
    const dead = await verify(token, code);
    expect(dead.statusCode).toBe(401);
    expect(dead.json().code).toBe('ERROR_OTP_EXPIRED');
    const [challenge] = await t.services.db.select().from(otpChallenges).where(eq(otpChallenges.tokenHash, hashToken(token)));
    expect(challenge?.killedAt).not.toBeNull();
  });

  it('refuses an expired code with ERROR_OTP_EXPIRED', async () => {
    const user = await newUser(t, { isTwoFactorRequired: true });
    const { token, code } = await startOtp(user.loginId, user.password);
    await t.services.db.update(otpChallenges).set({ codeExpiresAt: new Date(Date.now() - 1000) }).where(eq(otpChallenges.tokenHash, hashToken(token)));
    const res = await verify(token, code);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('ERROR_OTP_EXPIRED');
  });

  it('binds a code to its own sign-in: the token of another attempt does not take it', async () => {
    const user = await newUser(t, { isTwoFactorRequired: true });
    const first = await startOtp(user.loginId, user.password);
    const second = await startOtp(user.loginId, user.password);
    const crossed = await verify(first.token, second.code);
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().code).toBe('ERROR_OTP_INVALID');
    expect((await verify(second.token, second.code)).statusCode).toBe(200);
    expect((await verify(undefined, first.code)).json().code).toBe('ERROR_OTP_EXPIRED');
    expect((await verify('made-up-token', first.code)).json().code).toBe('ERROR_OTP_EXPIRED');
  });

  it('resends at most once per 30 seconds and five times per sign-in; the new code replaces the old', async () => {
    const user = await newUser(t, { isTwoFactorRequired: true });
    const { token, code } = await startOtp(user.loginId, user.password);
    const tooSoon = await t.app.inject({ method: 'POST', url: RESEND, headers: { 'x-two-factor-token': token } });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('ERROR_RATE_LIMITED');

    const rewind = () => t.services.db.update(otpChallenges).set({ lastSentAt: new Date(Date.now() - 31_000) }).where(eq(otpChallenges.tokenHash, hashToken(token)));
    let latest = code;
    for (let i = 0; i < 5; i++) {
      await rewind();
      const res = await t.app.inject({ method: 'POST', url: RESEND, headers: { 'x-two-factor-token': token } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.twoFactorAuth).toEqual({ method: 'OTP_MAIL', token });
      latest = await lastOtpCode(t, user.loginId);
    }
    await rewind();
    const sixth = await t.app.inject({ method: 'POST', url: RESEND, headers: { 'x-two-factor-token': token } });
    expect(sixth.statusCode).toBe(429);

    if (latest !== code) expect((await verify(token, code)).json().code).toBe('ERROR_OTP_INVALID');
    expect((await verify(token, latest)).statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'POST', url: RESEND, headers: { 'x-two-factor-token': 'nope' } });
    expect(unknown.json().code).toBe('ERROR_OTP_EXPIRED');
  });
});

describe('one-time codes across challenges', () => {
  const locked = (res: { statusCode: number; json: () => { code: string; data: Record<string, unknown> } }) => {
    expect(res.statusCode).toBe(423);
    expect(res.json()).toMatchObject({ code: 'ERROR_ACCOUNT_LOCKED', data: { currentRetryCount: 5, maxRetryCount: 5, lockedUntil: expect.any(String) } });
  };

  it('counts wrong codes of every challenge into the account lockout: a new sign-in does not start the count again', async () => {
    const user = await newUser(t, { isTwoFactorRequired: true });
    for (const wrongCodes of [2, 2]) {
      const { token, code } = await startOtp(user.loginId, user.password);
      for (let i = 0; i < wrongCodes; i++) expect((await verify(token, wrong(code))).json().code).toBe('ERROR_OTP_INVALID');
    }
    const spare = await startOtp(user.loginId, user.password);
    const third = await startOtp(user.loginId, user.password);
    locked(await verify(third.token, wrong(third.code))); // the 5th failure of the account
    expect((await verify(third.token, third.code)).json().code).toBe('ERROR_OTP_EXPIRED'); // that challenge died with the lock
    locked(await verify(spare.token, spare.code)); // the right code of another challenge does not pass the lock
    locked(await login(t, user.loginId, user.password)); // nor does the right password
    const [row] = await t.services.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ failedLoginCount: 5, lockedUntil: expect.any(Date) });
    const types = (await t.services.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, user.userId))).map((e) => e.type);
    expect(types.filter((type) => type === 'otp.failed')).toHaveLength(5);
    expect(types).toContain('account.locked');
  });

  it('shares the count with wrong passwords, and a right code clears it as a password success does', async () => {
    const user = await newUser(t, { isTwoFactorRequired: true });
    for (let i = 0; i < 2; i++) expect((await login(t, user.loginId, 'Wrong-password-00')).json().code).toBe('ERROR_LOGIN_FAILED');
    const first = await startOtp(user.loginId, user.password);
    const invalid = await verify(first.token, wrong(first.code));
    expect(invalid.json()).toMatchObject({ code: 'ERROR_OTP_INVALID', data: { remainingAttempts: 2 } }); // 3 of 5 used by the account
    expect((await verify(first.token, first.code)).statusCode).toBe(200);

    const after = await login(t, user.loginId, 'Wrong-password-00');
    expect(after.json()).toMatchObject({ code: 'ERROR_LOGIN_FAILED', data: { currentRetryCount: 1 } });
  });

  it('mails at most 10 codes per account and hour: the 11th sign-in and further resends answer 429', async () => {
    const user = await newUser(t, { isTwoFactorRequired: true });
    let last = { token: '', code: '' };
    for (let i = 0; i < 10; i++) last = await startOtp(user.loginId, user.password);
    const eleventh = await login(t, user.loginId, user.password);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'ERROR_RATE_LIMITED', message: expect.stringContaining('10'), data: { reason: 'OTP_HOURLY_LIMIT', limit: 10, retryAfterSeconds: expect.any(Number) } });
    const english = await login(t, user.loginId, 'Wrong-password-00', '/api/auth/login/v1', { 'x-locale': 'en' });
    expect(english.statusCode).toBe(429); // answered before the password is checked: it tells nothing about the password
    expect(english.json().message).toContain('per hour');

    await t.services.db.update(otpChallenges).set({ lastSentAt: new Date(Date.now() - 31_000) }).where(eq(otpChallenges.tokenHash, hashToken(last.token)));
    const resend = await t.app.inject({ method: 'POST', url: RESEND, headers: { 'x-two-factor-token': last.token } });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().data.reason).toBe('OTP_HOURLY_LIMIT');
    expect((await verify(last.token, last.code)).statusCode).toBe(200); // a code already mailed still works

    // An hour later the budget is back.
    await t.services.db.update(otpChallenges).set({ createdAt: new Date(Date.now() - 3_601_000) }).where(eq(otpChallenges.userId, user.userId));
    await startOtp(user.loginId, user.password);
  });
});

describe('super-admin sign-in', () => {
  it('is only for super admins, always asks for a code, and its session reaches super-admin routes', async () => {
    const admin = await newUser(t, { isSuperAdmin: true });
    for (const url of ['/api/auth/login/super-admin/v1', '/api/auth/login/super-admin/v3']) {
      await startOtp(admin.loginId, admin.password, url);
    }
    const { token, code } = await startOtp(admin.loginId, admin.password, '/api/auth/login/super-admin/v3');
    expect((await verify(token, code, VERIFY)).json().code).toBe('ERROR_OTP_EXPIRED'); // a super-admin code does not open a normal session
    const ok = await verify(token, code, '/api/auth/login/super-admin/v3/otp/verify');
    expect(ok.statusCode).toBe(200);
    const cookie = cookiesOf(ok);
    const errors = await t.app.inject({ method: 'GET', url: '/api/workspace/super-admin/client-errors/v1', headers: { cookie } });
    expect(errors.statusCode).toBe(200);
    const permissions = await t.app.inject({ method: 'GET', url: '/api/auth/permissions/v1', headers: { cookie } });
    expect(permissions.json().data).toEqual(['super_admin.workspace.read']);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie } })).json().data.isSuperAdmin).toBe(true);

    // the same super admin through the normal login gets a normal session
    const normal = await login(t, admin.loginId, admin.password);
    const plain = cookiesOf(normal);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/super-admin/client-errors/v1', headers: { cookie: plain } })).statusCode).toBe(403);
  });

  it('answers a normal user like a wrong password, and a normal session gets 403 on super-admin routes', async () => {
    const user = await newUser(t);
    const res = await login(t, user.loginId, user.password, '/api/auth/login/super-admin/v1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'ERROR_LOGIN_FAILED', data: { currentRetryCount: 1, maxRetryCount: 5 } });
    const cookie = cookiesOf(await login(t, user.loginId, user.password));
    const errors = await t.app.inject({ method: 'GET', url: '/api/workspace/super-admin/client-errors/v1', headers: { cookie } });
    expect(errors.statusCode).toBe(403);
    expect(errors.json().code).toBe('ERROR_FORBIDDEN');
  });
});
