import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../platform/mail/mail.table';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../../platform/audit/audit.table';
import { cookiesOf, login, newUser, newWorkspace, signIn, unique, workspaceHeaders } from '../auth.test-support';
import { membershipRoles, memberships, roles } from '../memberships.table';
import { provisionMembership } from '../provisioning';
import { passwordResetTokens } from '../sessions.table';
import { users } from '../users.table';

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

describe('accounts created and managed by a workspace admin (credentials create, update, delete)', () => {
  const CREATE = '/api/auth/credentials/v1';
  const one = (userId: number | string) => `/api/auth/credentials/${userId}/v1`;
  const INITIAL = 'Initial-river-31';

  async function adminWorkspace() {
    const ws = await newWorkspace(t);
    const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    return { ws, admin, headers: workspaceHeaders(ws, await signIn(t, admin.loginId)) };
  }

  const body = (over: Record<string, unknown> = {}) => ({ loginId: `${unique('new-')}@Example.KR`, name: '김신입', password: INITIAL, ...over });

  it('creates an account with an expired initial password (must change it at the first sign-in), a membership and the general role; audits', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const member = await newUser(t, { workspace: ws });
    const memberHeaders = workspaceHeaders(ws, await signIn(t, member.loginId));

    expect((await t.app.inject({ method: 'POST', url: CREATE, headers: workspaceHeaders(ws), payload: body() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: CREATE, headers: memberHeaders, payload: body() })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: CREATE, headers, payload: { loginId: 'not-an-email', name: '', password: 'short', locale: 'fr' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['body.loginId', 'body.name', 'body.password', 'body.locale']));
    const common = await t.app.inject({ method: 'POST', url: CREATE, headers, payload: body({ password: 'password123' }) });
    expect(common.statusCode).toBe(400);
    expect(common.json().data.fieldErrors[0].field).toBe('body.password');

    const payload = body({ locale: 'en', displayName: '신입 변호사' });
    const res = await t.app.inject({ method: 'POST', url: CREATE, headers, payload });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ loginId: String(payload.loginId).toLowerCase(), name: '김신입', locale: 'en', status: 'ACTIVE' });
    expect(Date.parse(created.passwordExpiresAt)).toBeLessThanOrEqual(Date.now());
    const launcher = await t.app.inject({ method: 'GET', url: '/api/auth/launcher/v1', headers: { cookie: cookiesOf(await login(t, created.loginId, INITIAL)) } });
    expect(launcher.json().data).toMatchObject([{ workspaceId: ws.workspaceId, displayName: '신입 변호사' }]);
    const first = await login(t, created.loginId, INITIAL);
    expect(first.json().data).toMatchObject({ alertLevel: 'EXPIRED', passwordAlertLevel: 'EXPIRED', twoFactorAuth: null });
    const permissions = await t.app.inject({ method: 'GET', url: '/api/auth/permissions/v1', headers: workspaceHeaders(ws, cookiesOf(first)) });
    expect(permissions.json().data).toContain('file.file.read');
    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'credentials.created'), eq(auditEvents.subjectUserId, created.userId)));
    expect(audit).toMatchObject({ actorUserId: admin.userId, workspaceId: ws.workspaceId, data: { loginId: created.loginId, membershipId: created.membershipId } });

    const taken = await t.app.inject({ method: 'POST', url: CREATE, headers, payload: body({ loginId: member.loginId.toUpperCase() }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data).toEqual({ reason: 'LOGIN_ID_TAKEN', field: 'body.loginId' });
  });

  it("changes login id, name and locale of an account of this workspace only; another tenant's user is 404, a shared account 409", async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const created = (await t.app.inject({ method: 'POST', url: CREATE, headers, payload: body() })).json().data;
    const member = await newUser(t, { workspace: ws });
    const memberHeaders = workspaceHeaders(ws, await signIn(t, member.loginId));

    expect((await t.app.inject({ method: 'PUT', url: one(created.userId), headers: workspaceHeaders(ws), payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: one(created.userId), headers: memberHeaders, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: one('abc'), headers, payload: { name: 'x' } })).json().data.fieldErrors[0].field).toBe('params.userId');
    expect((await t.app.inject({ method: 'PUT', url: one(created.userId), headers, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: one(created.userId), headers, payload: { loginId: 'nope' } })).json().data.fieldErrors[0].field).toBe('body.loginId');

    const renamed = `${unique('renamed-')}@example.kr`;
    const res = await t.app.inject({ method: 'PUT', url: one(created.userId), headers, payload: { loginId: renamed.toUpperCase(), name: '김변경', locale: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userId: created.userId, loginId: renamed, name: '김변경', locale: 'en' });
    expect((await login(t, renamed, INITIAL)).statusCode).toBe(200);
    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'credentials.updated'), eq(auditEvents.subjectUserId, created.userId)));
    expect(audit).toMatchObject({ actorUserId: admin.userId, data: { fields: ['loginId', 'name', 'locale'], previousLoginId: created.loginId } });

    const taken = await t.app.inject({ method: 'PUT', url: one(created.userId), headers, payload: { loginId: member.loginId } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data.reason).toBe('LOGIN_ID_TAKEN');

    // Another tenant's admin cannot reach the account; the row is unchanged.
    const other = await adminWorkspace();
    expect((await t.app.inject({ method: 'PUT', url: one(created.userId), headers: other.headers, payload: { name: '탈취' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: one(created.userId), headers: other.headers })).statusCode).toBe(404);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, created.userId));
    expect(row).toMatchObject({ name: '김변경', loginId: renamed });

    // An account that also belongs to the other workspace is not this admin's to change.
    await provisionMembership(t.services.db, other.ws, created.userId, { displayName: '김변경', roles: ['GENERAL_MEMBER'] });
    const shared = await t.app.inject({ method: 'PUT', url: one(created.userId), headers, payload: { name: '바꾸기' } });
    expect(shared.statusCode).toBe(409);
    expect(shared.json().data.reason).toBe('SHARED_ACCOUNT');
  });

  it('removes the member; deletes the account only when it belongs nowhere else; never the own account or a stronger admin', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const created = (await t.app.inject({ method: 'POST', url: CREATE, headers, payload: body() })).json().data;
    const createdCookie = cookiesOf(await login(t, created.loginId, INITIAL));
    const member = await newUser(t, { workspace: ws });
    const memberHeaders = workspaceHeaders(ws, await signIn(t, member.loginId));

    expect((await t.app.inject({ method: 'DELETE', url: one(created.userId), headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: one(created.userId), headers: memberHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: one(0), headers })).statusCode).toBe(400);
    const own = await t.app.inject({ method: 'DELETE', url: one(admin.userId), headers });
    expect(own.statusCode).toBe(409);
    expect(own.json().data.reason).toBe('OWN_ACCOUNT');

    const res = await t.app.inject({ method: 'DELETE', url: one(created.userId), headers });
    expect(res.json()).toEqual({ code: 'SUCCESS', message: null, data: { isAccountDeleted: true } });
    expect(await t.services.db.select().from(users).where(eq(users.id, created.userId))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: createdCookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: one(created.userId), headers })).statusCode).toBe(404);
    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'credentials.deleted'), eq(auditEvents.subjectUserId, created.userId)));
    expect(audit).toMatchObject({ actorUserId: admin.userId, workspaceId: ws.workspaceId, data: { loginId: created.loginId, isAccountDeleted: true } });

    // A member of another workspace too: only this membership goes; the account still signs in there.
    const other = await newWorkspace(t);
    await provisionMembership(t.services.db, other, member.userId, { displayName: '홍길동', roles: ['GENERAL_MEMBER'] });
    const kept = await t.app.inject({ method: 'DELETE', url: one(member.userId), headers });
    expect(kept.json().data).toEqual({ isAccountDeleted: false });
    const cookie = await signIn(t, member.loginId);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/launcher/v1', headers: { cookie } })).json().data.map((e: { workspaceId: number }) => e.workspaceId)).toEqual([other.workspaceId]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: workspaceHeaders(ws, cookie) })).statusCode).toBe(403);

    // An admin holding fewer administration permissions cannot remove one holding more.
    const [limited] = await t.services.db
      .insert(roles)
      .values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, name: unique('계정 담당 '), permissions: ['workspace.admin.access', 'workspace.user.write'] })
      .returning({ id: roles.id });
    const clerk = await newUser(t, { workspace: ws, roles: [] });
    const [clerkMembership] = await t.services.db.select().from(memberships).where(and(eq(memberships.workspaceId, ws.workspaceId), eq(memberships.userId, clerk.userId)));
    await t.services.db.insert(membershipRoles).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, membershipId: clerkMembership?.id as number, roleId: limited?.id as number });
    const clerkHeaders = workspaceHeaders(ws, await signIn(t, clerk.loginId));
    expect((await t.app.inject({ method: 'DELETE', url: one(admin.userId), headers: clerkHeaders })).statusCode).toBe(403);
    const plain = (await t.app.inject({ method: 'POST', url: CREATE, headers: clerkHeaders, payload: body() })).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: one(plain.userId), headers: clerkHeaders })).json().data).toEqual({ isAccountDeleted: true });
  });
});

describe('an expired password confines the session to changing it', () => {
  it('allows reading the session, changing the password and signing out; everything else is 403 PASSWORD_EXPIRED until the change', async () => {
    const ws = await newWorkspace(t);
    const user = await newUser(t, { workspace: ws });
    await t.services.db.update(users).set({ passwordExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, user.userId));
    const res = await login(t, user.loginId, user.password);
    expect(res.json().data.passwordAlertLevel).toBe('EXPIRED');
    const cookie = cookiesOf(res);
    const headers = workspaceHeaders(ws, cookie);

    for (const url of ['/api/auth/profile/v1', '/api/auth/launcher/v1', '/api/auth/permissions/v3', '/api/auth/theme/v1', '/api/auth/token/verify/v1', '/api/auth/refresh-after/v1', '/api/auth/sessions/v1', '/api/auth/user-login-tracks/v1', '/api/auth/check-logged-in/v1']) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(200);
    }
    const blocked = [
      { method: 'GET' as const, url: '/api/arxive/files/v1' },
      { method: 'PUT' as const, url: '/api/auth/password-expiry/postpone/v1' },
      { method: 'PUT' as const, url: '/api/auth/alert/acknowledge/v1' },
      { method: 'GET' as const, url: '/api/auth/api-keys/v1' },
    ];
    for (const call of blocked) {
      const answer = await t.app.inject({ ...call, headers });
      expect(answer.statusCode, call.url).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'ERROR_FORBIDDEN', data: { reason: 'PASSWORD_EXPIRED' } });
    }
    // Refresh keeps working (public), and so does the confinement with the new tokens.
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh/v1', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    const fresh = workspaceHeaders(ws, cookiesOf(refreshed));
    expect((await t.app.inject({ method: 'GET', url: '/api/arxive/files/v1', headers: fresh })).statusCode).toBe(403);

    const changed = await t.app.inject({ method: 'PUT', url: '/api/auth/credentials/password/v1', headers: fresh, payload: { currentPassword: user.password, newPassword: NEW_PASSWORD } });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/arxive/files/v1', headers: fresh })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout/v1', headers: fresh })).statusCode).toBe(200);
  });

  it('an impersonated session is not confined (the impersonator cannot change the password), and signing out always works', async () => {
    const ws = await newWorkspace(t);
    const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    const user = await newUser(t, { workspace: ws });
    await t.services.db.update(users).set({ passwordExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, user.userId));
    const adminHeaders = workspaceHeaders(ws, await signIn(t, admin.loginId));
    const impersonated = await t.app.inject({ method: 'POST', url: '/api/auth/login/impersonated/v1', headers: adminHeaders, payload: { userId: user.userId, reason: '지원 요청' } });
    expect(impersonated.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/arxive/files/v1', headers: workspaceHeaders(ws, cookiesOf(impersonated)) })).statusCode).toBe(200);

    const own = cookiesOf(await login(t, user.loginId, user.password));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout/v1', headers: { cookie: own } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: own } })).statusCode).toBe(401);
  });
});
