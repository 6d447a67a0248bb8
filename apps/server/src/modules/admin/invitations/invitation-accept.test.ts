import { AcceptedInvitationSchema, InvitationPreviewSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../../platform/audit/audit.table';
import { cookiesOf, login, newUser, newWorkspace, signIn, workspaceHeaders } from '../../auth/auth.test-support';
import { membershipRoles, memberships, workspaces, users } from '../../auth';
import { groupMembers } from '../organization/organization.table';
import { adminWorkspace, ageInvitation, invitationRow, invite, memberOf, newAddress } from './invitations.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof adminWorkspace>>;

beforeAll(async () => {
  t = await createTestApp();
  home = await adminWorkspace(t);
});
afterAll(() => t.close());

const PREVIEW = '/api/workspace/invitations/accept/preview/v1';
const ACCEPT = '/api/workspace/invitations/accept/v1';
const PASSWORD = 'Brand-new-pass-7';
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const fields = (res: { json: () => { data?: { fieldErrors?: Array<{ field: string }> } } }) => res.json().data?.fieldErrors?.map((f) => f.field);

async function membershipOf(userId: number) {
  const [row] = await t.services.db.select().from(memberships).where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, home.ws.workspaceId)));
  return row;
}

describe('POST /api/workspace/invitations/accept/preview/v1 (public)', () => {
  it('400 without a token, 404 for an unknown one', async () => {
    const missing = await post(PREVIEW, {});
    expect(missing.statusCode).toBe(400);
    expect(fields(missing)).toEqual(['body.token']);
    const unknown = await post(PREVIEW, { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
  });

  it('shows the workspace, the address, whether an account exists and whom the caller is signed in as', async () => {
    const loginId = newAddress();
    const { token } = await invite(t, home.admin, { loginId, displayName: '새 변호사' });
    const res = await post(PREVIEW, { token });
    expect(res.statusCode, res.body).toBe(200);
    const preview = InvitationPreviewSchema.parse(res.json().data);
    expect(preview).toMatchObject({ loginId, displayName: '새 변호사', invitedByName: '관리자', status: 'PENDING', expired: false, hasAccount: false, signedInAs: 'NONE', requiresSignIn: false });
    expect(preview.workspaceName).toMatch(/^ws-/);
    // The token travels in the body: the request log never holds it.
    expect(JSON.stringify(t.logs.lines)).not.toContain(token);

    const existing = await memberOf(t, await newWorkspace(t));
    const second = await invite(t, home.admin, { loginId: existing.loginId });
    const signedIn = await post(PREVIEW, { token: second.token }, { cookie: existing.cookie });
    expect(signedIn.json().data).toMatchObject({ hasAccount: true, signedInAs: 'INVITEE' });
    const asOther = await post(PREVIEW, { token: second.token }, { cookie: home.admin.cookie });
    expect(asOther.json().data.signedInAs).toBe('OTHER');
  });
});

describe('POST /api/workspace/invitations/accept/v1 (public): sign-up by invitation', () => {
  it('400 naming the name and password a new account needs, and the password rules', async () => {
    const { token } = await invite(t, home.admin, { loginId: newAddress() });
    const missing = await post(ACCEPT, { token });
    expect(missing.statusCode).toBe(400);
    expect(fields(missing)).toEqual(['body.name', 'body.password']);
    const weak = await post(ACCEPT, { token, name: '홍길동', password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(fields(weak)).toEqual(['body.password']);
    const short = await post(ACCEPT, { token, name: '홍길동', password: 'short' });
    expect(fields(short)).toEqual(['body.password']);
  });

  it('follows the mailed link: creates the account and the membership with roles, group and positions, signs in and audits', async () => {
    const loginId = newAddress();
    const { invitation, token } = await invite(t, home.admin, {
      loginId,
      groupId: home.group.id,
      jobPositionIds: home.positions.map((p) => p.id),
      roleIds: [home.ws.roleIds.LEGAL_REVIEWER, home.ws.roleIds.GENERAL_MEMBER],
    });
    const res = await post(ACCEPT, { token, name: '김초대', password: PASSWORD }, { 'x-locale': 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const data = AcceptedInvitationSchema.parse(res.json().data);
    expect(data).toMatchObject({ tenantId: home.ws.tenantId, workspaceId: home.ws.workspaceId, isNewAccount: true, isSignedIn: true });

    const [user] = await t.services.db.select().from(users).where(eq(users.loginId, loginId));
    expect(user).toMatchObject({ name: '김초대', locale: 'en', status: 'ACTIVE' });
    const membership = await membershipOf(user!.id);
    expect(membership).toMatchObject({ status: 'ACTIVE', displayName: '김초대', jobPositionName: '선임, 책임' });
    const roleRows = await t.services.db.select().from(membershipRoles).where(eq(membershipRoles.membershipId, membership!.id));
    expect(roleRows.map((r) => r.roleId).sort()).toEqual([home.ws.roleIds.LEGAL_REVIEWER, home.ws.roleIds.GENERAL_MEMBER].sort());
    expect(await t.services.db.select().from(groupMembers).where(eq(groupMembers.membershipId, membership!.id))).toHaveLength(1);
    expect(await invitationRow(t, invitation.id)).toMatchObject({ status: 'ACCEPTED', acceptedUserId: user!.id });

    // The answer's cookies are a session in the new workspace, with the invited permissions.
    const cookie = cookiesOf(res);
    const permissions = await t.app.inject({ method: 'GET', url: '/api/auth/permissions/v1', headers: workspaceHeaders(home.ws, cookie) });
    expect(permissions.json().data).toContain('legal.review.review');
    // And the password works for a normal sign-in.
    expect((await login(t, loginId, PASSWORD)).statusCode).toBe(200);

    const audit = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'invitation.accepted'), eq(auditEvents.actorUserId, user!.id)));
    expect(audit[0]).toMatchObject({ workspaceId: home.ws.workspaceId, data: { invitationId: invitation.id, isNewAccount: true } });

    const again = await post(ACCEPT, { token, name: '김초대', password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'INVITATION_USED' } });
  });

  it('409 INVITATION_EXPIRED past the expiry, and nothing is created', async () => {
    const loginId = newAddress();
    const { invitation, token } = await invite(t, home.admin, { loginId });
    await ageInvitation(t, invitation.id, { expired: true });
    expect((await post(PREVIEW, { token })).json().data).toMatchObject({ status: 'PENDING', expired: true });
    const res = await post(ACCEPT, { token, name: '늦음', password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.reason).toBe('INVITATION_EXPIRED');
    expect(await t.services.db.select().from(users).where(eq(users.loginId, loginId))).toHaveLength(0);
  });

  it('does not sign in when the workspace requires two-factor sign-in', async () => {
    const ws = await adminWorkspace(t);
    await t.services.db.update(workspaces).set({ isTwoFactorRequired: true }).where(eq(workspaces.id, ws.ws.workspaceId));
    const { token } = await invite(t, ws.admin, { loginId: newAddress() });
    expect((await post(PREVIEW, { token })).json().data.requiresSignIn).toBe(true);
    const res = await post(ACCEPT, { token, name: '보안', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ isNewAccount: true, isSignedIn: false });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('lets exactly one of two simultaneous acceptances of a link win', async () => {
    const loginId = newAddress();
    const { token } = await invite(t, home.admin, { loginId });
    const answers = await Promise.all([post(ACCEPT, { token, name: '첫째', password: PASSWORD }), post(ACCEPT, { token, name: '둘째', password: PASSWORD })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().data.reason).toBe('INVITATION_USED');
    const accounts = await t.services.db.select().from(users).where(eq(users.loginId, loginId));
    expect(accounts).toHaveLength(1);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    expect(accounts[0]!.id).toBe(winner.userId);
  });
});

describe('POST /api/workspace/invitations/accept/v1 (public): existing accounts', () => {
  it('401 SIGN_IN_REQUIRED without a session, 403 WRONG_ACCOUNT as someone else', async () => {
    const existing = await newUser(t);
    const { token } = await invite(t, home.admin, { loginId: existing.loginId });
    const anonymous = await post(ACCEPT, { token, name: 'x', password: PASSWORD });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().data.reason).toBe('SIGN_IN_REQUIRED');
    const wrong = await post(ACCEPT, { token }, { cookie: home.admin.cookie });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().data.reason).toBe('WRONG_ACCOUNT');
  });

  it('joins the signed-in invitee with the invited display name; the account is unchanged', async () => {
    const existing = await newUser(t, { displayName: '기존 이름' });
    const cookie = await signIn(t, existing.loginId);
    const { invitation, token } = await invite(t, home.admin, { loginId: existing.loginId, displayName: '초대 이름', roleIds: [home.ws.roleIds.READER] });
    const res = await post(ACCEPT, { token }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ userId: existing.userId, isNewAccount: false, isSignedIn: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await membershipOf(existing.userId)).toMatchObject({ displayName: '초대 이름', status: 'ACTIVE' });
    expect(await invitationRow(t, invitation.id)).toMatchObject({ status: 'ACCEPTED', acceptedUserId: existing.userId });
    const launcher = await t.app.inject({ method: 'GET', url: '/api/auth/launcher/v1', headers: { cookie } });
    expect(launcher.json().data.map((e: { workspaceId: number }) => e.workspaceId)).toContain(home.ws.workspaceId);
  });

  it('409 INVITATION_CANCELED for a canceled invitation, even signed in', async () => {
    const existing = await newUser(t);
    const cookie = await signIn(t, existing.loginId);
    const { invitation, token } = await invite(t, home.admin, { loginId: existing.loginId });
    await post(`/api/workspace/invitations/${invitation.id}/cancel/v1`, {}, home.admin.headers);
    const res = await post(ACCEPT, { token }, { cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.reason).toBe('INVITATION_CANCELED');
    expect(await membershipOf(existing.userId)).toBeUndefined();
  });
});
