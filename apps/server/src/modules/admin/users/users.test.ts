import { type RoleCode, WorkspaceUserDetailSchema, WorkspaceUserSchema } from '@legal/api';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../../platform/audit/audit.table';
import { login, newUser, newWorkspace, signIn, workspaceHeaders } from '../../auth/auth.test-support';
import { membershipRoles, memberships, roles, users } from '../../auth';
import { divisions, groupMembers, groupRoles, groups, jobPositions, jobTitles } from '../organization/organization.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Workspace = Awaited<ReturnType<typeof newWorkspace>>;
const EXTRA_ROLES: RoleCode[] = ['WORKSPACE_ADMIN', 'READER', 'LEGAL_REVIEWER', 'EXTERNAL_LAWYER', 'LEGAL_APPROVER'];

/** A fresh workspace with a signed-in super manager. */
async function adminWorkspace(adminRoles: RoleCode[] = ['SUPER_MANAGER']) {
  const ws = await newWorkspace(t, { extraRoles: EXTRA_ROLES });
  const admin = await newUser(t, { workspace: ws, roles: adminRoles, displayName: '관리자' });
  const headers = workspaceHeaders(ws, await signIn(t, admin.loginId));
  return { ws, admin, headers };
}

async function membershipOf(ws: Workspace, userId: number) {
  const [row] = await t.services.db.select().from(memberships).where(and(eq(memberships.workspaceId, ws.workspaceId), eq(memberships.userId, userId)));
  return row!;
}

/** A member whose only role is a custom one holding exactly these permissions. */
async function customRoleMember(ws: Workspace, permissions: string[]) {
  const user = await newUser(t, { workspace: ws, roles: [] });
  const [role] = await t.services.db.insert(roles).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, name: `custom-${user.userId}`, permissions }).returning();
  const membership = await membershipOf(ws, user.userId);
  await t.services.db.insert(membershipRoles).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, membershipId: membership.id, roleId: role!.id });
  return { ...user, headers: workspaceHeaders(ws, await signIn(t, user.loginId)) };
}

/** A group of the workspace holding roles, with members. */
async function groupWith(ws: Workspace, name: string, roleCodes: RoleCode[], memberUserIds: number[]) {
  const scope = { tenantId: ws.tenantId, workspaceId: ws.workspaceId };
  const [group] = await t.services.db.insert(groups).values({ ...scope, name }).returning();
  for (const code of roleCodes) await t.services.db.insert(groupRoles).values({ ...scope, groupId: group!.id, roleId: ws.roleIds[code]! });
  for (const userId of memberUserIds) {
    await t.services.db.insert(groupMembers).values({ ...scope, groupId: group!.id, membershipId: (await membershipOf(ws, userId)).id });
  }
  return group!;
}

async function lastAudit(type: string, subjectUserId: number) {
  const [row] = await t.services.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.type, type), eq(auditEvents.subjectUserId, subjectUserId)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

const url = (userId: number | string, action = '') => `/api/workspace/users/${userId}/${action ? `${action}/` : ''}v1`;
const fields = (res: { json: () => { data?: { fieldErrors?: Array<{ field: string }> } } }) => res.json().data?.fieldErrors?.map((f) => f.field);

describe('GET /api/workspace/users/v1', () => {
  it('needs a session, an admin and workspace.user.read', async () => {
    const { ws } = await adminWorkspace();
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/users/v1', headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    const member = await newUser(t, { workspace: ws });
    const memberHeaders = workspaceHeaders(ws, await signIn(t, member.loginId));
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/workspace/users/v1', headers: memberHeaders });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('ERROR_FORBIDDEN');
    const consoleOnly = await customRoleMember(ws, ['workspace.admin.access']);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/users/v1', headers: consoleOnly.headers })).statusCode).toBe(403);
  });

  it('answers 400 naming the bad query fields', async () => {
    const { headers } = await adminWorkspace();
    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/users/v1?size=10001&status=GONE', headers });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(expect.arrayContaining(['query.size', 'query.status']));
    const sort = await t.app.inject({ method: 'GET', url: '/api/workspace/users/v1?sort=passwordHash,asc', headers });
    expect(sort.statusCode).toBe(400);
    expect(fields(sort)).toEqual(['query.sort']);
  });

  it('lists only this workspace, 30 a page, with keyword (Korean partial), filters and sorts', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const scope = { tenantId: ws.tenantId, workspaceId: ws.workspaceId };
    const reviewer = await newUser(t, { workspace: ws, roles: ['LEGAL_REVIEWER'], displayName: '홍길동' });
    const reader = await newUser(t, { workspace: ws, roles: ['READER'], displayName: '김서연' });
    const other = await adminWorkspace();
    await newUser(t, { workspace: other.ws, displayName: '홍길순' });

    const all = await t.app.inject({ method: 'GET', url: '/api/workspace/users/v1', headers });
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json().data;
    expect(page).toMatchObject({ page: 0, size: 30, totalElements: 3, totalPages: 1 });
    for (const item of page.content) WorkspaceUserSchema.parse(item);
    expect(page.content.map((u: { displayName: string }) => u.displayName)).toEqual(['관리자', '김서연', '홍길동']);
    const adminRow = page.content.find((u: { userId: number }) => u.userId === admin.userId);
    expect(adminRow.roles.map((r: { code: string }) => r.code)).toEqual(['SUPER_MANAGER']);
    expect(adminRow.lastSignedInAt).not.toBeNull();

    const keyword = await t.app.inject({ method: 'GET', url: `/api/workspace/users/v1?keyword=${encodeURIComponent('길동')}`, headers });
    expect(keyword.json().data.content.map((u: { userId: number }) => u.userId)).toEqual([reviewer.userId]);
    const byLogin = await t.app.inject({ method: 'GET', url: `/api/workspace/users/v1?keyword=${encodeURIComponent(reader.loginId.slice(0, 12).toUpperCase())}`, headers });
    expect(byLogin.json().data.content.map((u: { userId: number }) => u.userId)).toEqual([reader.userId]);

    const byRole = await t.app.inject({ method: 'GET', url: `/api/workspace/users/v1?roleIds=${ws.roleIds.READER}&roleIds=${ws.roleIds.LEGAL_REVIEWER}`, headers });
    expect(byRole.json().data.totalElements).toBe(2);

    const group = await groupWith(ws, '계약팀', [], [reader.userId]);
    const byGroup = await t.app.inject({ method: 'GET', url: `/api/workspace/users/v1?groupIds=${group.id}`, headers });
    expect(byGroup.json().data.content).toMatchObject([{ userId: reader.userId, groups: [{ id: group.id, name: '계약팀' }] }]);

    const [parent] = await t.services.db.insert(divisions).values({ ...scope, name: '법무실' }).returning();
    const [child] = await t.services.db.insert(divisions).values({ ...scope, name: '계약파트', parentId: parent!.id }).returning();
    const [title] = await t.services.db.insert(jobTitles).values({ ...scope, name: '팀장' }).returning();
    await t.services.db.update(memberships).set({ divisionId: child!.id, jobTitleId: title!.id }).where(eq(memberships.id, (await membershipOf(ws, reviewer.userId)).id));
    const byDivision = await t.app.inject({ method: 'GET', url: `/api/workspace/users/v1?divisionId=${parent!.id}`, headers });
    expect(byDivision.json().data.content.map((u: { userId: number }) => u.userId)).toEqual([reviewer.userId]);
    const byTitle = await t.app.inject({ method: 'GET', url: `/api/workspace/users/v1?jobTitleIds=${title!.id}`, headers });
    expect(byTitle.json().data.totalElements).toBe(1);

    const sorted = await t.app.inject({ method: 'GET', url: '/api/workspace/users/v1?sort=lastSignedInAt,desc&size=2', headers });
    expect(sorted.json().data).toMatchObject({ size: 2, totalElements: 3, totalPages: 2 });
    expect(sorted.json().data.content[0].userId).toBe(admin.userId);
    const byLoginDesc = await t.app.inject({ method: 'GET', url: '/api/workspace/users/v1?sort=loginId,desc', headers });
    const logins = byLoginDesc.json().data.content.map((u: { loginId: string }) => u.loginId);
    expect(logins).toEqual([...logins].sort().reverse());
  });
});

describe('GET /api/workspace/users/options/v1', () => {
  it('answers the roles, groups and organisation of the workspace (divisions in tree order)', async () => {
    const { ws, headers } = await adminWorkspace();
    const scope = { tenantId: ws.tenantId, workspaceId: ws.workspaceId };
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/users/options/v1', headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    const [root] = await t.services.db.insert(divisions).values({ ...scope, name: '본부', displayOrder: 2 }).returning();
    await t.services.db.insert(divisions).values({ ...scope, name: '하위팀', parentId: root!.id, displayOrder: 0 });
    await t.services.db.insert(divisions).values({ ...scope, name: '경영지원', displayOrder: 1 });
    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/users/options/v1', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.divisions.map((d: { name: string }) => d.name)).toEqual(['경영지원', '본부', '하위팀']);
    expect(res.json().data.roles.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['SUPER_MANAGER', 'GENERAL_MEMBER', 'READER']));
  });
});

describe('GET /api/workspace/users/:userId/v1', () => {
  it('shows a member with roles, group roles, lock state, last sign-in and abilities; 400, 404 across workspaces', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const member = await newUser(t, { workspace: ws, roles: ['READER'] });
    await signIn(t, member.loginId);
    const group = await groupWith(ws, '리뷰어', ['LEGAL_REVIEWER'], [member.userId]);

    expect((await t.app.inject({ method: 'GET', url: url(member.userId), headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: url('abc'), headers });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['params.userId']);

    const res = await t.app.inject({ method: 'GET', url: url(member.userId), headers });
    expect(res.statusCode, res.body).toBe(200);
    const detail = WorkspaceUserDetailSchema.parse(res.json().data);
    expect(detail).toMatchObject({
      userId: member.userId,
      status: 'ACTIVE',
      isLocked: false,
      roles: [{ code: 'READER' }],
      groups: [{ id: group.id, name: '리뷰어' }],
      groupRoles: [{ code: 'LEGAL_REVIEWER', groupId: group.id, groupName: '리뷰어' }],
      liveSessionCount: 1,
      isLastSuperManager: false,
      abilities: { canUpdate: true, canChangeRoles: true, canDeactivate: true, canReactivate: false, canUnlock: false, canForcePasswordReset: true },
    });
    expect(detail.lastSignIn?.at).toBeTruthy();

    const self = (await t.app.inject({ method: 'GET', url: url(admin.userId), headers })).json().data;
    expect(self).toMatchObject({ isLastSuperManager: true, abilities: { canDeactivate: false, canForcePasswordReset: false } });

    const other = await adminWorkspace();
    expect((await t.app.inject({ method: 'GET', url: url(member.userId), headers: other.headers })).statusCode).toBe(404);
    const outsider = await newUser(t);
    expect((await t.app.inject({ method: 'GET', url: url(outsider.userId), headers })).statusCode).toBe(404);
  });
});

describe('PUT /api/workspace/users/:userId/v1', () => {
  it('changes the profile, refreshes the organisation names and records before/after', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const scope = { tenantId: ws.tenantId, workspaceId: ws.workspaceId };
    const member = await newUser(t, { workspace: ws });
    const [division] = await t.services.db.insert(divisions).values({ ...scope, name: '계약법무팀' }).returning();
    const [title] = await t.services.db.insert(jobTitles).values({ ...scope, name: '파트장' }).returning();
    const [senior] = await t.services.db.insert(jobPositions).values({ ...scope, name: '수석', displayOrder: 1 }).returning();
    const [lead] = await t.services.db.insert(jobPositions).values({ ...scope, name: '책임', displayOrder: 2 }).returning();

    const body = { displayName: '홍길동 변호사', phone: '010-1234-5678', employeeNumber: 'E-001', divisionId: division!.id, jobTitleId: title!.id, jobPositionIds: [lead!.id, senior!.id] };
    const res = await t.app.inject({ method: 'PUT', url: url(member.userId), headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      displayName: '홍길동 변호사', phone: '010-1234-5678', employeeNumber: 'E-001',
      divisionName: '계약법무팀', jobTitleName: '파트장', jobPositionName: '수석, 책임',
      jobPositions: [{ id: senior!.id, name: '수석' }, { id: lead!.id, name: '책임' }],
    });
    const audit = await lastAudit('user.updated', member.userId);
    expect(audit).toMatchObject({ actorUserId: admin.userId, tenantId: ws.tenantId, workspaceId: ws.workspaceId });
    expect(audit!.data).toMatchObject({
      before: { displayName: '홍길동', phone: null, divisionId: null, divisionName: '법무팀', jobPositionIds: [] },
      after: { displayName: '홍길동 변호사', phone: '010-1234-5678', divisionId: division!.id, divisionName: '계약법무팀', jobPositionName: '수석, 책임' },
    });

    // Clearing: empty text becomes null; only the changed field is recorded.
    const cleared = await t.app.inject({ method: 'PUT', url: url(member.userId), headers, payload: { phone: '', divisionId: null } });
    expect(cleared.json().data).toMatchObject({ phone: null, divisionId: null, divisionName: null, jobTitleName: '파트장' });
    expect((await lastAudit('user.updated', member.userId))!.data).toEqual({
      membershipId: (await membershipOf(ws, member.userId)).id,
      before: { phone: '010-1234-5678', divisionId: division!.id, divisionName: '계약법무팀' },
      after: { phone: null, divisionId: null, divisionName: null },
    });
  });

  it('answers 400 with the field (also for an id of another workspace), 404 across workspaces with the row unchanged, 403, 409 when deactivated', async () => {
    const { ws, headers } = await adminWorkspace();
    const member = await newUser(t, { workspace: ws });
    const other = await adminWorkspace();
    const [foreignDivision] = await t.services.db.insert(divisions).values({ tenantId: other.ws.tenantId, workspaceId: other.ws.workspaceId, name: '남의 부서' }).returning();

    expect((await t.app.inject({ method: 'PUT', url: url(member.userId), headers: workspaceHeaders(ws), payload: { displayName: 'x' } })).statusCode).toBe(401);
    const invalid = await t.app.inject({ method: 'PUT', url: url(member.userId), headers, payload: { displayName: ' ', phone: 'call me', jobPositionIds: [1, 1] } });
    expect(invalid.statusCode).toBe(400);
    expect(fields(invalid)).toEqual(expect.arrayContaining(['body.displayName', 'body.phone', 'body.jobPositionIds']));
    expect(fields(await t.app.inject({ method: 'PUT', url: url(member.userId), headers, payload: {} }))).toEqual(['body']);
    const foreign = await t.app.inject({ method: 'PUT', url: url(member.userId), headers, payload: { divisionId: foreignDivision!.id, jobPositionIds: [999_999] } });
    expect(foreign.statusCode).toBe(400);
    expect(fields(foreign)).toEqual(['body.divisionId', 'body.jobPositionIds']);
    expect((await membershipOf(ws, member.userId)).divisionId).toBeNull();

    const cross = await t.app.inject({ method: 'PUT', url: url(member.userId), headers: other.headers, payload: { displayName: '탈취' } });
    expect(cross.statusCode).toBe(404);
    expect((await membershipOf(ws, member.userId)).displayName).toBe('홍길동');

    const reader = await customRoleMember(ws, ['workspace.admin.access', 'workspace.user.read']);
    expect((await t.app.inject({ method: 'PUT', url: url(member.userId), headers: reader.headers, payload: { displayName: '변경' } })).statusCode).toBe(403);
    const plain = await newUser(t, { workspace: ws });
    expect((await t.app.inject({ method: 'PUT', url: url(member.userId), headers: workspaceHeaders(ws, await signIn(t, plain.loginId)), payload: { displayName: '변경' } })).statusCode).toBe(403);

    await t.app.inject({ method: 'POST', url: url(member.userId, 'deactivate'), headers });
    const frozen = await t.app.inject({ method: 'PUT', url: url(member.userId), headers, payload: { displayName: '변경' } });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'DEACTIVATED' } });
  });
});

describe('PUT /api/workspace/users/:userId/roles/v1', () => {
  it('replaces the direct roles and records the change', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const member = await newUser(t, { workspace: ws });
    const payload = { roleIds: [ws.roleIds.LEGAL_REVIEWER, ws.roleIds.READER] };
    const res = await t.app.inject({ method: 'PUT', url: url(member.userId, 'roles'), headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.roles.map((r: { code: string }) => r.code).sort()).toEqual(['LEGAL_REVIEWER', 'READER']);
    const audit = await lastAudit('user.roles_changed', member.userId);
    expect(audit).toMatchObject({ actorUserId: admin.userId, workspaceId: ws.workspaceId });
    expect(audit!.data).toMatchObject({ before: { roleIds: [ws.roleIds.GENERAL_MEMBER] }, after: { roleIds: [...payload.roleIds].sort((a, b) => a! - b!) } });
    // The same set again changes nothing and records nothing.
    await t.app.inject({ method: 'PUT', url: url(member.userId, 'roles'), headers, payload });
    expect((await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'user.roles_changed'), eq(auditEvents.subjectUserId, member.userId))))).toHaveLength(1);
  });

  it('answers 400 for a role of another workspace, 404 across workspaces, 403 and 409 for the last super manager', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const member = await newUser(t, { workspace: ws });
    const other = await adminWorkspace();
    expect((await t.app.inject({ method: 'PUT', url: url(member.userId, 'roles'), headers: workspaceHeaders(ws), payload: { roleIds: [] } })).statusCode).toBe(401);
    const foreign = await t.app.inject({ method: 'PUT', url: url(member.userId, 'roles'), headers, payload: { roleIds: [other.ws.roleIds.SUPER_MANAGER] } });
    expect(foreign.statusCode).toBe(400);
    expect(fields(foreign)).toEqual(['body.roleIds']);
    expect(fields(await t.app.inject({ method: 'PUT', url: url(member.userId, 'roles'), headers, payload: { roleIds: 'all' } }))).toEqual(['body.roleIds']);

    const cross = await t.app.inject({ method: 'PUT', url: url(member.userId, 'roles'), headers: other.headers, payload: { roleIds: [other.ws.roleIds.SUPER_MANAGER] } });
    expect(cross.statusCode).toBe(404);
    const memberRoles = await t.services.db.select().from(membershipRoles).where(eq(membershipRoles.membershipId, (await membershipOf(ws, member.userId)).id));
    expect(memberRoles.map((r) => r.roleId)).toEqual([ws.roleIds.GENERAL_MEMBER]);

    const plainHeaders = workspaceHeaders(ws, await signIn(t, member.loginId));
    expect((await t.app.inject({ method: 'PUT', url: url(member.userId, 'roles'), headers: plainHeaders, payload: { roleIds: [ws.roleIds.SUPER_MANAGER] } })).statusCode).toBe(403);

    const last = await t.app.inject({ method: 'PUT', url: url(admin.userId, 'roles'), headers, payload: { roleIds: [ws.roleIds.GENERAL_MEMBER] } });
    expect(last.statusCode).toBe(409);
    expect(last.json().data).toEqual({ reason: 'LAST_SUPER_MANAGER' });
    expect((await t.app.inject({ method: 'GET', url: url(admin.userId), headers })).json().data.roles.map((r: { code: string }) => r.code)).toEqual(['SUPER_MANAGER']);

    // A super manager through a group counts: then the direct role may go.
    await groupWith(ws, '운영진', ['SUPER_MANAGER'], [member.userId]);
    const allowed = await t.app.inject({ method: 'PUT', url: url(admin.userId, 'roles'), headers, payload: { roleIds: [ws.roleIds.WORKSPACE_ADMIN] } });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('deactivate and reactivate', () => {
  it('deactivates: the member is signed out and refused afterwards; reactivation lets them back in', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const member = await newUser(t, { workspace: ws, roles: ['LEGAL_REVIEWER'] });
    const memberCookie = await signIn(t, member.loginId);
    const pick = '/api/workspace/users/by-role/legalReviewers/v1';
    expect((await t.app.inject({ method: 'GET', url: pick, headers: workspaceHeaders(ws, memberCookie) })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'POST', url: url(member.userId, 'deactivate'), headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: url('x', 'deactivate'), headers })).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: url(member.userId, 'deactivate'), headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'DEACTIVATED', liveSessionCount: 0, abilities: { canReactivate: true, canUpdate: false } });
    expect(res.json().data.deactivatedAt).toBeTruthy();
    const audit = await lastAudit('user.deactivated', member.userId);
    expect(audit).toMatchObject({ actorUserId: admin.userId, workspaceId: ws.workspaceId });
    expect(audit!.data).toMatchObject({ revokedSessions: 1 });

    // The old session is gone; a fresh one is refused in this workspace.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: memberCookie } })).statusCode).toBe(401);
    const again = await signIn(t, member.loginId);
    expect((await t.app.inject({ method: 'GET', url: pick, headers: workspaceHeaders(ws, again) })).statusCode).toBe(403);

    const twice = await t.app.inject({ method: 'POST', url: url(member.userId, 'deactivate'), headers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data).toEqual({ reason: 'ALREADY_DEACTIVATED' });

    const back = await t.app.inject({ method: 'POST', url: url(member.userId, 'reactivate'), headers });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'ACTIVE', deactivatedAt: null });
    expect(await lastAudit('user.reactivated', member.userId)).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: pick, headers: workspaceHeaders(ws, again) })).statusCode).toBe(200);
    const reactivateTwice = await t.app.inject({ method: 'POST', url: url(member.userId, 'reactivate'), headers });
    expect(reactivateTwice.statusCode).toBe(409);
    expect(reactivateTwice.json().data).toEqual({ reason: 'ALREADY_ACTIVE' });
  });

  it('refuses your own account, the last super manager, other workspaces and non-admins', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const own = await t.app.inject({ method: 'POST', url: url(admin.userId, 'deactivate'), headers });
    expect(own.statusCode).toBe(409);
    expect(own.json().data).toEqual({ reason: 'OWN_ACCOUNT' });

    const workspaceAdmin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    const wsAdminHeaders = workspaceHeaders(ws, await signIn(t, workspaceAdmin.loginId));
    const last = await t.app.inject({ method: 'POST', url: url(admin.userId, 'deactivate'), headers: wsAdminHeaders });
    expect(last.statusCode).toBe(409);
    expect(last.json().data).toEqual({ reason: 'LAST_SUPER_MANAGER' });
    expect((await membershipOf(ws, admin.userId)).status).toBe('ACTIVE');

    const other = await adminWorkspace();
    expect((await t.app.inject({ method: 'POST', url: url(workspaceAdmin.userId, 'deactivate'), headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: url(workspaceAdmin.userId, 'reactivate'), headers: other.headers })).statusCode).toBe(404);
    expect((await membershipOf(ws, workspaceAdmin.userId)).status).toBe('ACTIVE');

    const member = await newUser(t, { workspace: ws });
    const memberHeaders = workspaceHeaders(ws, await signIn(t, member.loginId));
    expect((await t.app.inject({ method: 'POST', url: url(workspaceAdmin.userId, 'deactivate'), headers: memberHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: url(workspaceAdmin.userId, 'reactivate'), headers: memberHeaders })).statusCode).toBe(403);
  });
});

describe('POST /api/workspace/users/:userId/unlock/v1', () => {
  it('lifts a lockout (409 when not locked), 404 across workspaces, 403 for members', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const member = await newUser(t, { workspace: ws });
    const notLocked = await t.app.inject({ method: 'POST', url: url(member.userId, 'unlock'), headers });
    expect(notLocked.statusCode).toBe(409);
    expect(notLocked.json().data).toEqual({ reason: 'NOT_LOCKED' });

    for (let i = 0; i < 5; i++) await login(t, member.loginId, 'wrong-password');
    expect((await login(t, member.loginId, member.password)).statusCode).toBe(423);
    const detail = (await t.app.inject({ method: 'GET', url: url(member.userId), headers })).json().data;
    expect(detail).toMatchObject({ isLocked: true, failedLoginCount: 5, abilities: { canUnlock: true } });

    expect((await t.app.inject({ method: 'POST', url: url(member.userId, 'unlock'), headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    const other = await adminWorkspace();
    expect((await t.app.inject({ method: 'POST', url: url(member.userId, 'unlock'), headers: other.headers })).statusCode).toBe(404);
    const plain = await newUser(t, { workspace: ws });
    expect((await t.app.inject({ method: 'POST', url: url(member.userId, 'unlock'), headers: workspaceHeaders(ws, await signIn(t, plain.loginId)) })).statusCode).toBe(403);
    const [still] = await t.services.db.select().from(users).where(eq(users.id, member.userId));
    expect(still!.lockedUntil).not.toBeNull();

    const res = await t.app.inject({ method: 'POST', url: url(member.userId, 'unlock'), headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ isLocked: false, failedLoginCount: 0, lockedUntil: null });
    expect(await lastAudit('user.unlocked', member.userId)).toMatchObject({ actorUserId: admin.userId, data: { failedLoginCount: 5 } });
    expect((await login(t, member.loginId, member.password)).statusCode).toBe(200);
  });
});

describe('POST /api/workspace/users/:userId/force-password-reset/v1', () => {
  it('expires the password through the identity service; 409 for yourself or a deactivated member, 404 across, 403 without write', async () => {
    const { ws, admin, headers } = await adminWorkspace();
    const member = await newUser(t, { workspace: ws });
    const memberCookie = await signIn(t, member.loginId);
    expect((await t.app.inject({ method: 'POST', url: url(member.userId, 'force-password-reset'), headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    const reader = await customRoleMember(ws, ['workspace.admin.access', 'workspace.user.read']);
    expect((await t.app.inject({ method: 'POST', url: url(member.userId, 'force-password-reset'), headers: reader.headers })).statusCode).toBe(403);
    const other = await adminWorkspace();
    expect((await t.app.inject({ method: 'POST', url: url(member.userId, 'force-password-reset'), headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: memberCookie } })).statusCode).toBe(200);

    const own = await t.app.inject({ method: 'POST', url: url(admin.userId, 'force-password-reset'), headers });
    expect(own.statusCode).toBe(409);

    const res = await t.app.inject({ method: 'POST', url: url(member.userId, 'force-password-reset'), headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ revokedSessions: 1 });
    expect((await login(t, member.loginId, member.password)).json().data).toMatchObject({ passwordAlertLevel: 'EXPIRED' });
    expect(await lastAudit('password.force_reset', member.userId)).toMatchObject({ actorUserId: admin.userId, workspaceId: ws.workspaceId });

    await t.app.inject({ method: 'POST', url: url(member.userId, 'deactivate'), headers });
    const deactivated = await t.app.inject({ method: 'POST', url: url(member.userId, 'force-password-reset'), headers });
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json().data).toEqual({ reason: 'DEACTIVATED' });
  });
});

describe('GET /api/workspace/users/by-role/:kind/v1', () => {
  it('lists active members granted through their roles or their groups, for any member to pick from', async () => {
    const { ws, headers } = await adminWorkspace();
    const direct = await newUser(t, { workspace: ws, roles: ['LEGAL_REVIEWER'], displayName: '가검토' });
    const viaGroup = await newUser(t, { workspace: ws, roles: ['GENERAL_MEMBER'], displayName: '나그룹' });
    const gone = await newUser(t, { workspace: ws, roles: ['LEGAL_REVIEWER'], displayName: '다퇴사' });
    const lawyer = await newUser(t, { workspace: ws, roles: ['EXTERNAL_LAWYER'], displayName: '라변호' });
    const plain = await newUser(t, { workspace: ws, roles: ['GENERAL_MEMBER'], displayName: '마일반' });
    await groupWith(ws, '검토 지원', ['LEGAL_REVIEWER'], [viaGroup.userId]);
    await t.app.inject({ method: 'POST', url: url(gone.userId, 'deactivate'), headers });
    const other = await adminWorkspace();
    await newUser(t, { workspace: other.ws, roles: ['LEGAL_REVIEWER'], displayName: '바외부' });
    const memberHeaders = workspaceHeaders(ws, await signIn(t, plain.loginId));
    const list = (kind: string, query = '') => t.app.inject({ method: 'GET', url: `/api/workspace/users/by-role/${kind}/v1${query}`, headers: memberHeaders });

    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/users/by-role/legalReviewers/v1', headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    const outsider = await newUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/users/by-role/legalReviewers/v1', headers: workspaceHeaders(ws, await signIn(t, outsider.loginId)) })).statusCode).toBe(403);
    const unknown = await list('janitors');
    expect(unknown.statusCode).toBe(400);
    expect(fields(unknown)).toEqual(['params.kind']);
    expect(fields(await list('legalReviewers', '?size=10001'))).toEqual(['query.size']);
    expect(fields(await list('legalReviewers', '?sort=loginId,asc'))).toEqual(['query.sort']);

    const reviewers = await list('legalReviewers');
    expect(reviewers.statusCode, reviewers.body).toBe(200);
    // The super manager holds every workspace permission; the external lawyer reviews too.
    expect(reviewers.json().data).toMatchObject({ size: 30, totalElements: 4 });
    expect(reviewers.json().data.content.map((u: { displayName: string }) => u.displayName)).toEqual(['가검토', '관리자', '나그룹', '라변호']);
    expect(reviewers.json().data.content[0]).toEqual({ userId: direct.userId, displayName: '가검토', loginId: direct.loginId, divisionName: '법무팀', jobTitleName: '변호사', jobPositionName: '책임' });

    const lawyers = await list('externalLawyers');
    expect(lawyers.json().data.content.map((u: { userId: number }) => u.userId)).toEqual([lawyer.userId]);
    const keyword = await list('legalReviewers', `?keyword=${encodeURIComponent('그룹')}&sort=displayName,desc`);
    expect(keyword.json().data.content.map((u: { userId: number }) => u.userId)).toEqual([viaGroup.userId]);
    const readers = await list('contractReaders', '?sort=displayName,desc');
    expect(readers.json().data.content.map((u: { displayName: string }) => u.displayName)).toEqual(['마일반', '라변호', '나그룹', '관리자', '가검토']);
  });

  it('lists the seal screens\' people: usage approvers for the approval line, seal readers for custodians', { timeout: 90_000 }, async () => {
    const { ws } = await adminWorkspace();
    await newUser(t, { workspace: ws, roles: ['LEGAL_APPROVER'], displayName: '가결재' });
    await newUser(t, { workspace: ws, roles: ['EXTERNAL_LAWYER'], displayName: '나변호' });
    const plain = await newUser(t, { workspace: ws, roles: ['GENERAL_MEMBER'], displayName: '다일반' });
    const headers = workspaceHeaders(ws, await signIn(t, plain.loginId));
    const list = async (kind: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/workspace/users/by-role/${kind}/v1`, headers })).json().data.content.map((u: { displayName: string }) => u.displayName);
    expect(await list('sealApprovers')).toEqual(['가결재', '관리자']);
    // External lawyers hold no seal permission.
    expect(await list('sealReaders')).toEqual(['가결재', '관리자', '다일반']);
  });
});
