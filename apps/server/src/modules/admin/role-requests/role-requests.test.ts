import { RoleRequestSchema } from '@legal/api';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../platform/mail/mail.table';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../../platform/audit/audit.table';
import { newWorkspace, workspaceHeaders } from '../../auth/auth.test-support';
import { membershipRoles, memberships } from '../../auth';
import { memberOf, type Member, type Workspace } from '../invitations/invitations.test-support';
import { roleRequests } from './role-requests.table';

let t: TestApp;
let ws: Workspace;
let admin: Member;
let manager: Member;
let requester: Member;
let colleague: Member;
let otherWs: Workspace;
let otherAdmin: Member;

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t);
  admin = await memberOf(t, ws, ['WORKSPACE_ADMIN'], '관리자');
  manager = await memberOf(t, ws, ['SUPER_MANAGER'], '최고관리자');
  requester = await memberOf(t, ws, ['GENERAL_MEMBER'], '요청자');
  colleague = await memberOf(t, ws, ['GENERAL_MEMBER'], '동료');
  otherWs = await newWorkspace(t);
  otherAdmin = await memberOf(t, otherWs, ['WORKSPACE_ADMIN']);
});
afterAll(() => t.close());

const BASE = '/api/workspace/role-requests';
const post = (url: string, headers: Record<string, string>, payload?: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const fields = (res: { json: () => { data?: { fieldErrors?: Array<{ field: string }> } } }) => res.json().data?.fieldErrors?.map((f) => f.field).sort();

async function request(who: Member, roleId: number, extra: Record<string, unknown> = {}) {
  const res = await post(`${BASE}/v1`, who.headers, { roleId, reason: '계약 검토 업무를 맡게 되었습니다.', ...extra });
  if (res.statusCode !== 200) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return RoleRequestSchema.parse(res.json().data);
}

async function row(id: number) {
  const [found] = await t.services.db.select().from(roleRequests).where(eq(roleRequests.id, id));
  return found;
}

async function mailsTo(to: string, template: string) {
  return t.services.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template))).orderBy(desc(mailOutbox.id));
}

describe('POST /api/workspace/role-requests/v1', () => {
  it('401 without a session, 403 outside the workspace', async () => {
    expect((await post(`${BASE}/v1`, workspaceHeaders(ws), { roleId: ws.roleIds.READER, reason: 'x' })).statusCode).toBe(401);
    const outsider = await post(`${BASE}/v1`, workspaceHeaders(ws, otherAdmin.cookie), { roleId: ws.roleIds.READER, reason: 'x' });
    expect(outsider.statusCode).toBe(403);
  });

  it('400 naming the fields: no reason, a role of another workspace, an approver who cannot approve', async () => {
    const missing = await post(`${BASE}/v1`, requester.headers, { roleId: 'x' });
    expect(fields(missing)).toEqual(['body.reason', 'body.roleId']);
    const foreignRole = await post(`${BASE}/v1`, requester.headers, { roleId: otherWs.roleIds.READER, reason: '필요' });
    expect(foreignRole.statusCode).toBe(400);
    expect(fields(foreignRole)).toEqual(['body.roleId']);
    const badApprover = await post(`${BASE}/v1`, requester.headers, { roleId: ws.roleIds.READER, reason: '필요', approveUserId: colleague.userId });
    expect(fields(badApprover)).toEqual(['body.approveUserId']);
    const foreignApprover = await post(`${BASE}/v1`, requester.headers, { roleId: ws.roleIds.READER, reason: '필요', approveUserId: otherAdmin.userId });
    expect(fields(foreignApprover)).toEqual(['body.approveUserId']);
    const self = await post(`${BASE}/v1`, admin.headers, { roleId: ws.roleIds.READER, reason: '필요', approveUserId: admin.userId });
    expect(fields(self)).toEqual(['body.approveUserId']);
  });

  it('creates the request, mails every approver (or only the named one) and audits', async () => {
    const all = await request(requester, ws.roleIds.READER!);
    expect(all).toMatchObject({
      status: 'PENDING',
      requester: { userId: requester.userId, displayName: '요청자', loginId: requester.loginId },
      role: { id: ws.roleIds.READER },
      approver: null,
      abilities: { canDecide: false, canCancel: true },
    });
    expect(await mailsTo(admin.loginId, 'admin.role-request.created')).toHaveLength(1);
    expect(await mailsTo(manager.loginId, 'admin.role-request.created')).toHaveLength(1);
    expect(await mailsTo(colleague.loginId, 'admin.role-request.created')).toHaveLength(0);

    const named = await request(colleague, ws.roleIds.LEGAL_REVIEWER!, { approveUserId: manager.userId });
    expect(named.approver).toEqual({ userId: manager.userId, displayName: '최고관리자' });
    const [mail] = await mailsTo(manager.loginId, 'admin.role-request.created');
    expect(mail!.text).toContain('동료');
    expect(mail!.text).toContain(`/admin/role-requests`);
    expect(await mailsTo(admin.loginId, 'admin.role-request.created')).toHaveLength(1);

    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'role_request.created'), eq(auditEvents.actorUserId, colleague.userId)));
    expect(audit).toMatchObject({ workspaceId: ws.workspaceId, data: { roleRequestId: named.id, approveUserId: manager.userId } });
  });

  it('409 for a role already held and for a second pending request', async () => {
    const held = await post(`${BASE}/v1`, requester.headers, { roleId: ws.roleIds.GENERAL_MEMBER, reason: '필요' });
    expect(held.statusCode).toBe(409);
    expect(held.json().data.reason).toBe('ROLE_ALREADY_HELD');
    const first = await request(requester, ws.roleIds.LEGAL_REVIEWER!);
    const twice = await post(`${BASE}/v1`, requester.headers, { roleId: ws.roleIds.LEGAL_REVIEWER, reason: '다시' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data).toMatchObject({ reason: 'REQUEST_PENDING', roleRequestId: first.id });
  });
});

describe('GET /api/workspace/role-requests/mine/v1 and form-options', () => {
  it('401, 400 for a bad filter, and only the caller\'s requests', async () => {
    expect((await get(`${BASE}/mine/v1`, workspaceHeaders(ws))).statusCode).toBe(401);
    expect(fields(await get(`${BASE}/mine/v1?statuses=MAYBE`, requester.headers))).toEqual(['query.statuses']);
    const member = await memberOf(t, ws);
    const mine = await request(member, ws.roleIds.READER!);
    await request(await memberOf(t, ws), ws.roleIds.READER!);
    const res = await get(`${BASE}/mine/v1`, member.headers);
    expect(res.json().data).toMatchObject({ size: 30, totalElements: 1, content: [{ id: mine.id }] });
    expect((await get(`${BASE}/mine/v1?statuses=APPROVED`, member.headers)).json().data.totalElements).toBe(0);
  });

  it('lists the roles with what the caller holds or asked for, and the approvers', async () => {
    expect((await get(`${BASE}/form-options/v1`, workspaceHeaders(ws))).statusCode).toBe(401);
    const member = await memberOf(t, ws);
    await request(member, ws.roleIds.READER!);
    const res = await get(`${BASE}/form-options/v1`, member.headers);
    expect(res.statusCode).toBe(200);
    const { roles, approvers } = res.json().data;
    expect(roles.find((r: { id: number }) => r.id === ws.roleIds.GENERAL_MEMBER)).toMatchObject({ isHeld: true, hasPendingRequest: false });
    expect(roles.find((r: { id: number }) => r.id === ws.roleIds.READER)).toMatchObject({ isHeld: false, hasPendingRequest: true });
    expect(approvers.map((a: { userId: number }) => a.userId).sort()).toEqual([admin.userId, manager.userId].sort());
  });
});

describe('POST /api/workspace/role-requests/{id}/cancel/v1', () => {
  it('401, 400, 404 for someone else\'s or another workspace\'s request with the row unchanged, 409 when not pending', async () => {
    const member = await memberOf(t, ws);
    const mine = await request(member, ws.roleIds.READER!);
    const url = `${BASE}/${mine.id}/cancel/v1`;
    expect((await post(url, workspaceHeaders(ws))).statusCode).toBe(401);
    expect(fields(await post(`${BASE}/x/cancel/v1`, member.headers))).toEqual(['params.roleRequestId']);
    const before = await row(mine.id);
    expect((await post(url, colleague.headers)).statusCode).toBe(404);
    expect((await post(url, otherAdmin.headers)).statusCode).toBe(404);
    expect(await row(mine.id)).toEqual(before);

    const res = await post(url, member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELED', abilities: { canCancel: false } });
    const again = await post(url, member.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toMatchObject({ reason: 'REQUEST_NOT_PENDING', status: 'CANCELED' });
    expect(await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'role_request.canceled'), eq(auditEvents.actorUserId, member.userId)))).toHaveLength(1);
  });
});

describe('GET /api/workspace/role-requests/v1 (approvers)', () => {
  it('401, 403 for a general member, 400 for an unknown sort field', async () => {
    expect((await get(`${BASE}/v1`, workspaceHeaders(ws))).statusCode).toBe(401);
    expect((await get(`${BASE}/v1`, requester.headers)).statusCode).toBe(403);
    expect(fields(await get(`${BASE}/v1?sort=reason,asc`, admin.headers))).toEqual(['query.sort']);
  });

  it('filters by statuses, requesterIds, roleIds and approveUserId, pages 30, and stays in the workspace', async () => {
    const space = await newWorkspace(t);
    const boss = await memberOf(t, space, ['SUPER_MANAGER']);
    const a = await memberOf(t, space);
    const b = await memberOf(t, space);
    const ra = await request(a, space.roleIds.READER!, { approveUserId: boss.userId });
    const rb = await request(b, space.roleIds.LEGAL_REVIEWER!);
    const rb2 = await request(b, space.roleIds.READER!);
    await post(`${BASE}/${rb2.id}/reject/v1`, boss.headers, { comment: '불필요' });
    const list = async (query: string) => (await get(`${BASE}/v1${query}`, boss.headers)).json().data;

    expect(await list('')).toMatchObject({ size: 30, totalElements: 3 });
    expect((await list('')).content.map((r: { id: number }) => r.id)).toEqual([rb2.id, rb.id, ra.id]);
    expect((await list('?sort=createdAt,asc')).content.map((r: { id: number }) => r.id)).toEqual([ra.id, rb.id, rb2.id]);
    expect((await list('?statuses=PENDING')).content.map((r: { id: number }) => r.id)).toEqual([rb.id, ra.id]);
    expect((await list(`?requesterIds=${b.userId}&roleIds=${space.roleIds.READER}`)).content.map((r: { id: number }) => r.id)).toEqual([rb2.id]);
    expect((await list(`?approveUserId=${boss.userId}`)).content).toMatchObject([{ id: ra.id, abilities: { canDecide: true } }]);
    const foreign = await get(`${BASE}/v1`, admin.headers);
    expect(foreign.json().data.content.map((r: { id: number }) => r.id)).not.toContain(ra.id);
  });
});

describe('POST /api/workspace/role-requests/{id}/approve/v1 and reject/v1', () => {
  it('401, 400, 403 for a general member, 404 for another workspace with the row unchanged', async () => {
    const pending = await request(await memberOf(t, ws), ws.roleIds.READER!);
    for (const action of ['approve', 'reject']) {
      const url = `${BASE}/${pending.id}/${action}/v1`;
      expect((await post(url, workspaceHeaders(ws), { comment: 'x' })).statusCode).toBe(401);
      expect((await post(url, requester.headers, { comment: 'x' })).statusCode).toBe(403);
      const before = await row(pending.id);
      expect((await post(url, otherAdmin.headers, { comment: 'x' })).statusCode).toBe(404);
      expect(await row(pending.id)).toEqual(before);
    }
    expect(fields(await post(`${BASE}/${pending.id}/reject/v1`, admin.headers, {}))).toEqual(['body.comment']);
    expect(fields(await post(`${BASE}/${pending.id}/approve/v1`, admin.headers, { comment: 'x'.repeat(1001) }))).toEqual(['body.comment']);
    expect(fields(await post(`${BASE}/-1/approve/v1`, admin.headers, {}))).toEqual(['params.roleRequestId']);
  });

  it('approving grants the role in the same step, mails the requester and audits; approving again is 409', async () => {
    const member = await memberOf(t, ws);
    const pending = await request(member, ws.roleIds.LEGAL_REVIEWER!);
    const permissions = async () => (await get('/api/auth/permissions/v1', member.headers)).json().data as string[];
    expect(await permissions()).not.toContain('legal.review.review');

    const res = await post(`${BASE}/${pending.id}/approve/v1`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'APPROVED', decidedBy: { userId: admin.userId, displayName: '관리자' }, decisionComment: null, abilities: { canDecide: false } });
    expect(await permissions()).toContain('legal.review.review');
    const [mail] = await mailsTo(member.loginId, 'admin.role-request.decided');
    expect(mail!.subject).toContain('승인');
    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'role_request.approved'), eq(auditEvents.subjectUserId, member.userId)));
    expect(audit).toMatchObject({ actorUserId: admin.userId, data: { roleRequestId: pending.id } });

    const again = await post(`${BASE}/${pending.id}/approve/v1`, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toMatchObject({ reason: 'REQUEST_NOT_PENDING', status: 'APPROVED' });
  });

  it('rejecting keeps the roles, mails the comment; approving a rejected request is 409 and grants nothing', async () => {
    const member = await memberOf(t, ws);
    const pending = await request(member, ws.roleIds.READER!);
    const res = await post(`${BASE}/${pending.id}/reject/v1`, manager.headers, { comment: '열람 권한은 팀장 승인 후 부여합니다.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'REJECTED', decisionComment: '열람 권한은 팀장 승인 후 부여합니다.' });
    const [mail] = await mailsTo(member.loginId, 'admin.role-request.decided');
    expect(mail!.text).toContain('열람 권한은 팀장 승인 후 부여합니다.');

    const approve = await post(`${BASE}/${pending.id}/approve/v1`, admin.headers, {});
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'REQUEST_NOT_PENDING', status: 'REJECTED' } });
    const [membership] = await t.services.db.select().from(memberships).where(and(eq(memberships.userId, member.userId), eq(memberships.workspaceId, ws.workspaceId)));
    const held = await t.services.db.select().from(membershipRoles).where(eq(membershipRoles.membershipId, membership!.id));
    expect(held.map((r) => r.roleId)).toEqual([ws.roleIds.GENERAL_MEMBER]);
  });

  it('lets one of a simultaneous approve and reject win', async () => {
    const pending = await request(await memberOf(t, ws), ws.roleIds.READER!);
    const answers = await Promise.all([
      post(`${BASE}/${pending.id}/approve/v1`, admin.headers, {}),
      post(`${BASE}/${pending.id}/reject/v1`, manager.headers, { comment: '아니요' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('409 REQUESTER_NOT_MEMBER when the requester was deactivated meanwhile', async () => {
    const member = await memberOf(t, ws);
    const pending = await request(member, ws.roleIds.READER!);
    await t.services.db.update(memberships).set({ status: 'DEACTIVATED' }).where(and(eq(memberships.userId, member.userId), eq(memberships.workspaceId, ws.workspaceId)));
    const res = await post(`${BASE}/${pending.id}/approve/v1`, admin.headers, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().data.reason).toBe('REQUESTER_NOT_MEMBER');
    expect((await row(pending.id))!.status).toBe('PENDING');
  });
});
