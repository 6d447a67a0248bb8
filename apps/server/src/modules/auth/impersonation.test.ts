import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { auditEvents } from '../../platform/audit/audit.table';
import { cookiesOf, newUser, newWorkspace, signIn, workspaceHeaders } from './auth.test-support';
import { sessions } from './sessions.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

const IMPERSONATE = '/api/auth/login/impersonated/v1';
const impersonate = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: IMPERSONATE, headers, payload });

async function superAdminCookie() {
  const admin = await newUser(t, { isSuperAdmin: true, displayName: '서관리' });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/dev/v1', payload: { loginId: admin.loginId, superAdmin: true } });
  return { ...admin, cookie: cookiesOf(res) };
}

describe('impersonated sign-in', () => {
  it('401 without a session, 400 listing the fields, 403 for a member, 404 for a non-member target', async () => {
    const ws = await newWorkspace(t);
    const member = await newUser(t, { workspace: ws });
    expect((await impersonate({}, { userId: member.userId, reason: 'x' })).statusCode).toBe(401);
    const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    const headers = workspaceHeaders(ws, await signIn(t, admin.loginId));
    const bad = await impersonate(headers, { userId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().data.fieldErrors as Array<{ field: string }>).map((f) => f.field)).toEqual(expect.arrayContaining(['body.userId', 'body.reason']));
    const other = await newUser(t, { workspace: ws });
    expect((await impersonate(workspaceHeaders(ws, await signIn(t, member.loginId)), { userId: other.userId, reason: '지원' })).statusCode).toBe(403);
    const outsider = await newUser(t);
    expect((await impersonate(headers, { userId: outsider.userId, reason: '지원' })).statusCode).toBe(404);
  });

  it('lets a workspace admin sign in as a member for 30 minutes: profile shows impersonatedBy; audited at start, per change and at the end', async () => {
    const ws = await newWorkspace(t);
    const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'], displayName: '윤관리' });
    const member = await newUser(t, { workspace: ws });
    const headers = workspaceHeaders(ws, await signIn(t, admin.loginId));
    const res = await impersonate(headers, { userId: member.userId, reason: '문의 지원' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ twoFactorAuth: null });
    const cookie = cookiesOf(res);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie } });
    expect(profile.json().data).toMatchObject({ id: member.userId, isSuperAdmin: false, impersonatedBy: { userId: admin.userId, name: '윤관리' } });
    const [row] = await t.services.db.select().from(sessions).where(and(eq(sessions.userId, member.userId), eq(sessions.impersonatorUserId, admin.userId)));
    expect((row?.absoluteExpiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(row?.method).toBe('IMPERSONATED');

    // What the impersonated session may not do.
    const asMember = workspaceHeaders(ws, cookie);
    expect((await impersonate(asMember, { userId: admin.userId, reason: 'x' })).statusCode).toBe(403);
    const change = await t.app.inject({ method: 'PUT', url: '/api/auth/credentials/password/v1', headers: { cookie }, payload: { currentPassword: member.password, newPassword: 'Brand-new-pass-9' } });
    expect(change.statusCode).toBe(403);

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout/v1', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie } })).statusCode).toBe(401);
    const types = (await t.services.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, member.userId))).map((a) => a.type);
    expect(types).toEqual(expect.arrayContaining(['impersonation.started', 'impersonation.request', 'impersonation.ended']));
    const [started] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'impersonation.started'), eq(auditEvents.subjectUserId, member.userId)));
    expect(started).toMatchObject({ actorUserId: admin.userId, workspaceId: ws.workspaceId });
    expect(started?.data).toMatchObject({ reason: '문의 지원' });
  });

  it('refuses escalation: an admin cannot sign in as a member holding more permissions', async () => {
    const ws = await newWorkspace(t);
    const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    const manager = await newUser(t, { workspace: ws, roles: ['SUPER_MANAGER'] });
    const headers = workspaceHeaders(ws, await signIn(t, admin.loginId));
    expect((await impersonate(headers, { userId: manager.userId, reason: '지원' })).statusCode).toBe(403);
    // Another workspace's admin cannot reach this member.
    const other = await newWorkspace(t);
    const otherAdmin = await newUser(t, { workspace: other, roles: ['WORKSPACE_ADMIN'] });
    const member = await newUser(t, { workspace: ws });
    expect((await impersonate(workspaceHeaders(other, await signIn(t, otherAdmin.loginId)), { userId: member.userId, reason: 'x' })).statusCode).toBe(404);
    expect((await impersonate(workspaceHeaders(ws, await signIn(t, otherAdmin.loginId)), { userId: member.userId, reason: 'x' })).statusCode).toBe(403);
  });

  it('lets a super-admin session sign in as anyone; the impersonated session cannot create API keys', async () => {
    const sa = await superAdminCookie();
    const ws = await newWorkspace(t);
    const wsAdmin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    const res = await impersonate({ cookie: sa.cookie }, { userId: wsAdmin.userId, reason: '점검' });
    expect(res.statusCode).toBe(200);
    const headers = workspaceHeaders(ws, cookiesOf(res));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers })).json().data.impersonatedBy).toEqual({ userId: sa.userId, name: '서관리' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/api-keys/v1', headers, payload: { name: 'x' } })).statusCode).toBe(403);
    // A plain (non super-admin) session of the same super admin has no such power.
    const plain = await signIn(t, sa.loginId);
    expect((await impersonate({ cookie: plain }, { userId: wsAdmin.userId, reason: 'x' })).statusCode).toBe(403);
  });
});
