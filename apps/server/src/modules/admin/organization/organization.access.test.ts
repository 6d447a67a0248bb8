/**
 * The route matrix of every organization route at once: 401 without a session, 403 for a
 * general member on changes (and for an admin-console user without the area's permission),
 * reads open to any member, 404 for another workspace's object with its rows unchanged, and
 * every route in the OpenAPI document. The behaviour of each route is in its resource's test.
 */
import {
  createDivision, createGroup, createRole, jobPositionRoutes, jobTitleRoutes, moveDivision, organizationRoutes, renameDivision, reorderDivisions,
  type RouteDescriptor, setDivisionMembers, setGroupMembers, setGroupRoles, setRoleMembers, updateGroup, updateRole, updateRoleMatrix,
} from '@legal/api';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { workspaceHeaders } from '../../auth/auth.test-support';
import { membershipRoles, memberships, roles } from '../../auth';
import { divisions, groupMembers, groupRoles, groups, jobPositions, jobTitles } from './organization.table';
import {
  call, dataOf, expectError, expectFieldError, grantCustomRole, memberOf, type Method, organizationTestApp, organizationWorld, plainMember, type Workspace,
} from './organization.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof organizationWorld>>;
let b: Awaited<ReturnType<typeof organizationWorld>>;
let idsA: Ids;
let idsB: Ids;

interface Ids {
  roleId: number;
  groupId: number;
  divisionId: number;
  jobTitleId: number;
  jobPositionId: number;
  userId: number;
}

/** One object of each kind in a workspace, with a member in the group, the division, the title and the position. */
async function objectsOf(world: Awaited<ReturnType<typeof organizationWorld>>, prefix: string): Promise<Ids> {
  const admin = world.admin;
  const userId = await plainMember(t, world.ws, `${prefix} 사람`);
  const role = dataOf(await call(t, admin, 'POST', '/api/workspace/roles/v1', { name: `${prefix} 역할`, permissions: ['file.file.read'] }));
  dataOf(await call(t, admin, 'PUT', `/api/workspace/roles/${role.id}/members/v1`, { userIds: [userId] }));
  const group = dataOf(await call(t, admin, 'POST', '/api/workspace/groups/v1', { name: `${prefix} 그룹` }));
  dataOf(await call(t, admin, 'PUT', `/api/workspace/groups/${group.id}/roles/v1`, { roleIds: [role.id] }));
  dataOf(await call(t, admin, 'PUT', `/api/workspace/groups/${group.id}/members/v1`, { userIds: [userId] }));
  const division = dataOf(await call(t, admin, 'POST', '/api/workspace/divisions/v1', { name: `${prefix} 부서` }));
  dataOf(await call(t, admin, 'PUT', `/api/workspace/divisions/${division.id}/members/v1`, { userIds: [userId] }));
  const title = dataOf(await call(t, admin, 'POST', '/api/workspace/job-titles/v1', { name: `${prefix} 직책` }));
  const position = dataOf(await call(t, admin, 'POST', '/api/workspace/job-positions/v1', { name: `${prefix} 직위` }));
  await t.services.db.update(memberships).set({ jobTitleId: title.id, jobPositionIds: [position.id] }).where(eq(memberships.userId, userId));
  return { roleId: role.id, groupId: group.id, divisionId: division.id, jobTitleId: title.id, jobPositionId: position.id, userId };
}

/** A valid body for each route that takes one, naming the given workspace's objects. */
function bodyFor(route: RouteDescriptor, ids: Ids): unknown {
  const name = { name: `새 이름 ${Math.random().toString(36).slice(2, 8)}` };
  const bodies = new Map<RouteDescriptor, unknown>([
    [updateRoleMatrix, { roles: [{ roleId: ids.roleId, permissions: ['ai.review.use'] }] }],
    [createRole, { ...name, permissions: [] }],
    [updateRole, { description: '바꿈', permissions: [] }],
    [setRoleMembers, { userIds: [] }],
    [createGroup, name],
    [updateGroup, name],
    [setGroupMembers, { userIds: [] }],
    [setGroupRoles, { roleIds: [] }],
    [createDivision, name],
    [reorderDivisions, { parentId: null, orderedIds: [ids.divisionId] }],
    [renameDivision, name],
    [moveDivision, { parentId: null }],
    [setDivisionMembers, { userIds: [] }],
    [jobTitleRoutes.create, name],
    [jobTitleRoutes.reorder, { orderedIds: [ids.jobTitleId] }],
    [jobTitleRoutes.rename, name],
    [jobPositionRoutes.create, name],
    [jobPositionRoutes.reorder, { orderedIds: [ids.jobPositionId] }],
    [jobPositionRoutes.rename, name],
  ]);
  return route.schemas.body ? bodies.get(route) : undefined;
}

const urlFor = (route: RouteDescriptor, ids: Ids) => route.path.replace(/:([A-Za-z]+)/g, (_, param: string) => String(ids[param as keyof Ids]));
const send = (who: { headers: Record<string, string> } | null, route: RouteDescriptor, ids: Ids, headers: Record<string, string> = {}) =>
  call(t, who, route.method as Method, urlFor(route, ids), bodyFor(route, ids), headers);
const isChange = (route: RouteDescriptor) => route.method !== 'GET';
const hasPathId = (route: RouteDescriptor) => route.path.includes(':');

/** Every organization row of a workspace, in a stable order. */
async function rowsOf(ws: Workspace) {
  const db = t.services.db;
  return {
    roles: await db.select().from(roles).where(eq(roles.workspaceId, ws.workspaceId)).orderBy(asc(roles.id)),
    membershipRoles: await db.select().from(membershipRoles).where(eq(membershipRoles.workspaceId, ws.workspaceId)).orderBy(asc(membershipRoles.membershipId), asc(membershipRoles.roleId)),
    groups: await db.select().from(groups).where(eq(groups.workspaceId, ws.workspaceId)).orderBy(asc(groups.id)),
    groupMembers: await db.select().from(groupMembers).where(eq(groupMembers.workspaceId, ws.workspaceId)).orderBy(asc(groupMembers.groupId), asc(groupMembers.membershipId)),
    groupRoles: await db.select().from(groupRoles).where(eq(groupRoles.workspaceId, ws.workspaceId)).orderBy(asc(groupRoles.groupId), asc(groupRoles.roleId)),
    divisions: await db.select().from(divisions).where(eq(divisions.workspaceId, ws.workspaceId)).orderBy(asc(divisions.id)),
    jobTitles: await db.select().from(jobTitles).where(eq(jobTitles.workspaceId, ws.workspaceId)).orderBy(asc(jobTitles.id)),
    jobPositions: await db.select().from(jobPositions).where(eq(jobPositions.workspaceId, ws.workspaceId)).orderBy(asc(jobPositions.id)),
    memberships: await db.select().from(memberships).where(eq(memberships.workspaceId, ws.workspaceId)).orderBy(asc(memberships.id)),
  };
}

beforeAll(async () => {
  t = await organizationTestApp();
  a = await organizationWorld(t);
  b = await organizationWorld(t);
  idsA = await objectsOf(a, '가');
  idsB = await objectsOf(b, '나');
});
afterAll(() => t.close());

describe('every organization route', () => {
  it('answers 401 without a session', async () => {
    for (const route of organizationRoutes) {
      const res = await send(null, route, idsA, workspaceHeaders(a.ws));
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
      expect(res.json().code).toBe('ERROR_UNAUTHORIZED');
    }
  });

  it('answers 403 to a general member on every change, and lets them read', async () => {
    for (const route of organizationRoutes) {
      const res = await send(a.member, route, idsA);
      if (isChange(route)) {
        expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
        expect(res.json().code).toBe('ERROR_FORBIDDEN');
      } else {
        expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBe(200);
      }
    }
  });

  it('answers 403 to an admin-console user without workspace.role.write or workspace.group.write', async () => {
    const consoleOnly = await memberOf(t, a.ws, ['GENERAL_MEMBER'], '콘솔 사용자');
    await grantCustomRole(t, a.ws, consoleOnly.userId, '콘솔만', ['workspace.admin.access', 'workspace.user.read']);
    const before = await rowsOf(a.ws);
    for (const route of organizationRoutes.filter(isChange)) {
      const res = await send(consoleOnly, route, idsA);
      expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBe(403);
    }
    expect(await rowsOf(a.ws)).toEqual(before);
  });

  it("answers 404 for another workspace's role, group, division, title or position and changes none of its rows", async () => {
    const before = await rowsOf(b.ws);
    for (const route of organizationRoutes.filter(hasPathId)) {
      const res = await send(a.admin, route, idsB);
      expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('ERROR_NOT_FOUND');
    }
    // Ids of the other workspace inside a body are unknown ids here: 400 naming them.
    expectFieldError(await call(t, a.admin, 'PUT', `/api/workspace/groups/${idsA.groupId}/roles/v1`, { roleIds: [idsB.roleId] }), 'body.roleIds.0');
    expectFieldError(await call(t, a.admin, 'PUT', `/api/workspace/groups/${idsA.groupId}/members/v1`, { userIds: [idsB.userId] }), 'body.userIds.0');
    expectFieldError(await call(t, a.admin, 'PUT', '/api/workspace/roles/matrix/v1', { roles: [{ roleId: idsB.roleId, permissions: [] }] }), 'body.roles.0.roleId');
    expectFieldError(await call(t, a.admin, 'POST', '/api/workspace/divisions/v1', { name: '남의 하위', parentId: idsB.divisionId }), 'body.parentId');
    expectFieldError(await call(t, a.admin, 'PUT', '/api/workspace/job-titles/order/v1', { orderedIds: [idsB.jobTitleId] }), 'body.orderedIds.0');
    expect(await rowsOf(b.ws)).toEqual(before);
  });

  it("lists only the caller's workspace", async () => {
    const roleNames = dataOf(await call(t, a.member, 'GET', '/api/workspace/roles/v1?size=1000')).content.map((r: { name: string }) => r.name);
    expect(roleNames).toContain('가 역할');
    expect(roleNames).not.toContain('나 역할');
    const tree = dataOf(await call(t, a.member, 'GET', '/api/workspace/divisions/v1'));
    expect(tree.map((d: { name: string }) => d.name)).toEqual(['가 부서']);
    const titles = dataOf(await call(t, a.member, 'GET', '/api/workspace/job-titles/v1')).content;
    expect(titles).toMatchObject([{ name: '가 직책', memberCount: 1 }]);
    const positions = dataOf(await call(t, a.member, 'GET', '/api/workspace/job-positions/v1')).content;
    expect(positions).toMatchObject([{ name: '가 직위', memberCount: 1 }]);
    const groupsPage = dataOf(await call(t, a.member, 'GET', '/api/workspace/groups/v1'));
    expect(groupsPage.content).toMatchObject([{ name: '가 그룹', memberCount: 1 }]);
  });

  it('refuses a workspace the caller is not a member of (403), whatever the ids', async () => {
    expectError(await call(t, { headers: { ...a.admin.headers, ...workspaceHeaders(b.ws) } }, 'GET', '/api/workspace/roles/v1'), 403, 'ERROR_FORBIDDEN');
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, { summary?: string }>> };
    for (const route of organizationRoutes) {
      const operation = doc.paths[route.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation?.summary, `${route.method} ${route.path}`).toBeTruthy();
    }
    expect(doc.paths['/api/workspace/job-titles/{jobTitleId}/v1']?.delete?.summary).toMatch(/clearFromMembers=true/);
  });
});
