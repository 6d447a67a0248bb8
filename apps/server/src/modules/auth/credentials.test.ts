import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.table';
import { createTestApp, type TestApp } from '../../test/harness';
import { auditEvents } from './audit.table';
import { login, newUser, newWorkspace, signIn, workspaceHeaders } from './auth.test-support';
import { passwordResetTokens } from './sessions.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

const RESET_MESSAGE = '/api/auth/credentials/reset-message/v1';
const RESET = '/api/auth/credentials/reset/v1';
const NEW_PASSWORD = 'Fresh-lantern-77';

async function resetMails(to: string) {
  return t.services.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'auth.password-reset'))).orderBy(desc(mailOutbox.id));
}

async function lastResetToken(to: string): Promise<string> {
  const [mail] = await resetMails(to);
  const token = mail?.text.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${to}`);
  return decodeURIComponent(token);
}

describe('password reset by mailed link', () => {
  it('always answers SUCCESS (no enumeration) and mails a localized link only to an existing account, once a minute', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: RESET_MESSAGE, payload: { loginId: 'nobody@example.kr' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ code: 'SUCCESS', message: null, data: null });
    expect(await resetMails('nobody@example.kr')).toHaveLength(0);

    const user = await newUser(t);
    const res = await t.app.inject({ method: 'POST', url: RESET_MESSAGE, payload: { loginId: user.loginId.toUpperCase() } });
    expect(res.json()).toEqual(unknown.json());
    const [mail] = await resetMails(user.loginId);
    expect(mail?.subject).toContain('비밀번호 재설정');
    expect(mail?.text).toContain(`${t.services.config.publicUrl}/reset-password?token=`);
    const token = await lastResetToken(user.loginId);
    const [row] = await t.services.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.userId));
    expect(row?.tokenHash).not.toBe(token);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 60_000);

    await t.app.inject({ method: 'POST', url: RESET_MESSAGE, payload: { loginId: user.loginId } });
    expect(await resetMails(user.loginId)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: RESET_MESSAGE, payload: {} })).statusCode).toBe(400);
  });

  it('sets the new password with the token once, ends every session, audits; bad, used and expired tokens are 400', async () => {
    const user = await newUser(t);
    const cookie = await signIn(t, user.loginId);
    await t.app.inject({ method: 'POST', url: RESET_MESSAGE, payload: { loginId: user.loginId } });
    const token = await lastResetToken(user.loginId);

    const weak = await t.app.inject({ method: 'POST', url: RESET, payload: { token, newPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fieldErrors[0].field).toBe('body.newPassword');
    const common = await t.app.inject({ method: 'POST', url: RESET, payload: { token, newPassword: 'password123' } });
    expect(common.statusCode).toBe(400);
    const wrong = await t.app.inject({ method: 'POST', url: RESET, payload: { token: 'not-a-token', newPassword: NEW_PASSWORD } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.fieldErrors[0].field).toBe('body.token');

    const ok = await t.app.inject({ method: 'POST', url: RESET, payload: { token, newPassword: NEW_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ revokedSessions: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(t, user.loginId, user.password)).statusCode).toBe(401);
    expect((await login(t, user.loginId, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: RESET, payload: { token, newPassword: 'Another-lantern-78' } })).statusCode).toBe(400);
    const audits = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'password.reset'), eq(auditEvents.subjectUserId, user.userId)));
    expect(audits).toHaveLength(1);

    const other = await newUser(t);
    await t.app.inject({ method: 'POST', url: RESET_MESSAGE, payload: { loginId: other.loginId } });
    const stale = await lastResetToken(other.loginId);
    await t.services.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, other.userId));
    expect((await t.app.inject({ method: 'POST', url: RESET, payload: { token: stale, newPassword: NEW_PASSWORD } })).statusCode).toBe(400);
  });
});

describe('force reset by a workspace admin', () => {
  it('expires the password of a member and ends their sessions; next sign-in answers EXPIRED', async () => {
    const ws = await newWorkspace(t);
    const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    const member = await newUser(t, { workspace: ws });
    const adminHeaders = workspaceHeaders(ws, await signIn(t, admin.loginId));
    const memberCookie = await signIn(t, member.loginId);
    const url = `/api/auth/credentials/${member.userId}/force-reset/v1`;

    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/credentials/abc/force-reset/v1', headers: adminHeaders })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url, headers: workspaceHeaders(ws, memberCookie) })).statusCode).toBe(403);
    const outsider = await newUser(t);
    expect((await t.app.inject({ method: 'PUT', url: `/api/auth/credentials/${outsider.userId}/force-reset/v1`, headers: adminHeaders })).statusCode).toBe(404);

    const res = await t.app.inject({ method: 'PUT', url, headers: adminHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ revokedSessions: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: memberCookie } })).statusCode).toBe(401);
    const again = await login(t, member.loginId, member.password);
    expect(again.json().data).toMatchObject({ passwordAlertLevel: 'EXPIRED' });
    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'password.force_reset'), eq(auditEvents.subjectUserId, member.userId)));
    expect(audit).toMatchObject({ actorUserId: admin.userId, workspaceId: ws.workspaceId });

    // An admin of another workspace cannot reach the member.
    const other = await newWorkspace(t);
    const otherAdmin = await newUser(t, { workspace: other, roles: ['WORKSPACE_ADMIN'] });
    const otherHeaders = workspaceHeaders(other, await signIn(t, otherAdmin.loginId));
    expect((await t.app.inject({ method: 'PUT', url, headers: otherHeaders })).statusCode).toBe(404);
  });
});
