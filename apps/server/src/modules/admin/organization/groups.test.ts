import { GroupDetailSchema, GroupSummarySchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { groupMembers } from './organization.table';
import {
  call, dataOf, expectError, expectFieldError, grantCustomRole, lastAudit, memberOf, organizationTestApp, organizationWorld, plainMember,
} from './organization.test-support';

let t: TestApp;
let world: Awaited<ReturnType<typeof organizationWorld>>;

beforeAll(async () => {
  t = await organizationTestApp();
  world = await organizationWorld(t);
});
afterAll(() => t.close());

const GROUPS = '/api/workspace/groups/v1';
const groupUrl = (id: number) => `/api/workspace/groups/${id}/v1`;
const membersUrl = (id: number) => `/api/workspace/groups/${id}/members/v1`;
const rolesUrl = (id: number) => `/api/workspace/groups/${id}/roles/v1`;

async function createGroup(name: string, description?: string) {
  return GroupDetailSchema.parse(dataOf(await call(t, world.admin, 'POST', GROUPS, { name, description })));
}

describe('creating, renaming and deleting groups', () => {
  it('creates a group and records group.created', async () => {
    const group = await createGroup('계약 TF', '계약 검토 태스크포스');
    expect(group).toMatchObject({ name: '계약 TF', description: '계약 검토 태스크포스', memberCount: 0, members: [], roles: [] });
    expect((await lastAudit(t, world.ws, 'group.created'))?.data).toEqual({ groupId: group.id, name: '계약 TF', description: '계약 검토 태스크포스' });
  });

  it('answers 409 for a taken name, 400 naming the field, 403 for a member', async () => {
    await createGroup('중복 그룹');
    expectError(await call(t, world.admin, 'POST', GROUPS, { name: '중복 그룹' }), 409, 'ERROR_CONFLICT');
    expectFieldError(await call(t, world.admin, 'POST', GROUPS, { name: '' }), 'body.name');
    expectFieldError(await call(t, world.admin, 'POST', GROUPS, { name: 'ok', description: 'x'.repeat(1001) }), 'body.description');
    expectError(await call(t, world.member, 'POST', GROUPS, { name: '몰래 그룹' }), 403, 'ERROR_FORBIDDEN');
  });

  it('renames with before/after, 409 onto a taken name, 404 for an unknown group', async () => {
    const group = await createGroup('옛 이름');
    await createGroup('남의 이름');
    const renamed = dataOf(await call(t, world.admin, 'PUT', groupUrl(group.id), { name: '새 이름', description: null }));
    expect(renamed).toMatchObject({ name: '새 이름', description: null });
    expect((await lastAudit(t, world.ws, 'group.updated'))?.data).toEqual({ groupId: group.id, before: { name: '옛 이름', description: null }, after: { name: '새 이름', description: null } });
    expectError(await call(t, world.admin, 'PUT', groupUrl(group.id), { name: '남의 이름' }), 409, 'ERROR_CONFLICT');
    expectFieldError(await call(t, world.admin, 'PUT', groupUrl(group.id), {}), 'body');
    expectError(await call(t, world.admin, 'PUT', groupUrl(999_999), { name: '없음' }), 404, 'ERROR_NOT_FOUND');
    expectError(await call(t, world.member, 'PUT', groupUrl(group.id), { name: '몰래' }), 403, 'ERROR_FORBIDDEN');
  });

  it('deletes a group with its memberships and records who was in it', async () => {
    const group = await createGroup('지울 그룹');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(group.id), { userIds: [world.member.userId] }));
    dataOf(await call(t, world.admin, 'DELETE', groupUrl(group.id)));
    expectError(await call(t, world.admin, 'GET', groupUrl(group.id)), 404, 'ERROR_NOT_FOUND');
    expect(await t.services.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id))).toEqual([]);
    expect((await lastAudit(t, world.ws, 'group.deleted'))?.data).toMatchObject({ groupId: group.id, memberUserIds: [world.member.userId], roleIds: [] });
    expectError(await call(t, world.member, 'DELETE', groupUrl(group.id)), 403, 'ERROR_FORBIDDEN');
  });
});

describe('listing groups', () => {
  it('lists with member counts and roles, by name, filtered by keyword or member, page size up to 10000', async () => {
    const a = await createGroup('목록 가');
    await createGroup('목록 나');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(a.id), { userIds: [world.member.userId, world.admin.userId] }));
    dataOf(await call(t, world.admin, 'PUT', rolesUrl(a.id), { roleIds: [world.ws.roleIds.READER!] }));
    const page = dataOf(await call(t, world.member, 'GET', `${GROUPS}?keyword=${encodeURIComponent('목록')}`));
    expect(page).toMatchObject({ page: 0, size: 10, totalElements: 2, totalPages: 1 });
    const first = GroupSummarySchema.parse(page.content[0]);
    expect(first).toMatchObject({ name: '목록 가', memberCount: 2, roles: [{ id: world.ws.roleIds.READER, code: 'READER', name: '열람자' }] });
    const ofMember = dataOf(await call(t, world.member, 'GET', `${GROUPS}?userId=${world.member.userId}&size=10000`));
    expect(ofMember.content.map((g: { name: string }) => g.name)).toContain('목록 가');
    expect(ofMember.content.map((g: { name: string }) => g.name)).not.toContain('목록 나');
    const byCount = dataOf(await call(t, world.member, 'GET', `${GROUPS}?sort=memberCount,desc`));
    expect(byCount.content[0].memberCount).toBeGreaterThanOrEqual(byCount.content.at(-1).memberCount);
    expectFieldError(await call(t, world.member, 'GET', `${GROUPS}?size=10001`), 'query.size');
    expectFieldError(await call(t, world.member, 'GET', `${GROUPS}?sort=description,asc`), 'query.sort');
  });

  it('answers a group with its members by name', async () => {
    const group = await createGroup('상세 그룹');
    const other = await plainMember(t, world.ws, '가람');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(group.id), { userIds: [world.member.userId, other] }));
    const detail = GroupDetailSchema.parse(dataOf(await call(t, world.member, 'GET', groupUrl(group.id))));
    expect(detail.members.map((m) => m.displayName)).toEqual(['가람', '구성원']);
    expectFieldError(await call(t, world.member, 'GET', '/api/workspace/groups/x/v1'), 'params.groupId');
  });
});

describe('members and roles of a group', () => {
  it('replaces members (only active members of the workspace) and records the change', async () => {
    const group = await createGroup('멤버 그룹');
    const a = await plainMember(t, world.ws, '하나');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(group.id), { userIds: [a] }));
    const res = dataOf(await call(t, world.admin, 'PUT', membersUrl(group.id), { userIds: [world.member.userId] }));
    expect(res.members.map((m: { userId: number }) => m.userId)).toEqual([world.member.userId]);
    expect((await lastAudit(t, world.ws, 'group.members_changed'))?.data).toEqual({ groupId: group.id, addedUserIds: [world.member.userId], removedUserIds: [a] });
    expectFieldError(await call(t, world.admin, 'PUT', membersUrl(group.id), { userIds: [424_242] }), 'body.userIds.0');
    expectFieldError(await call(t, world.admin, 'PUT', membersUrl(group.id), { userIds: 'all' }), 'body.userIds');
    expectError(await call(t, world.member, 'PUT', membersUrl(group.id), { userIds: [] }), 403, 'ERROR_FORBIDDEN');
  });

  it('replaces roles (of this workspace only) with before/after', async () => {
    const group = await createGroup('역할 그룹');
    const reader = world.ws.roleIds.READER!;
    const reviewer = world.ws.roleIds.LEGAL_REVIEWER!;
    const res = dataOf(await call(t, world.admin, 'PUT', rolesUrl(group.id), { roleIds: [reviewer, reader] }));
    expect(res.roles.map((r: { id: number }) => r.id).sort()).toEqual([reader, reviewer].sort());
    dataOf(await call(t, world.admin, 'PUT', rolesUrl(group.id), { roleIds: [reader] }));
    expect((await lastAudit(t, world.ws, 'group.roles_changed'))?.data).toEqual({ groupId: group.id, before: [reader, reviewer].sort((x, y) => x - y), after: [reader] });
    expectFieldError(await call(t, world.admin, 'PUT', rolesUrl(group.id), { roleIds: [reader, 999_999] }), 'body.roleIds.1');
    expectError(await call(t, world.member, 'PUT', rolesUrl(group.id), { roleIds: [] }), 403, 'ERROR_FORBIDDEN');
  });

  it('a role given through a group lets its members call the routes that need it', async () => {
    const holder = await memberOf(t, world.ws, ['GENERAL_MEMBER'], '그룹 관리자');
    const roleId = await grantCustomRole(t, world.ws, null, '조직 관리', ['workspace.admin.access', 'workspace.group.write']);
    expectError(await call(t, holder, 'POST', GROUPS, { name: '그룹 권한 전' }), 403, 'ERROR_FORBIDDEN');
    const group = await createGroup('조직 관리 그룹');
    dataOf(await call(t, world.admin, 'PUT', rolesUrl(group.id), { roleIds: [roleId] }));
    dataOf(await call(t, world.admin, 'PUT', membersUrl(group.id), { userIds: [holder.userId] }));
    const created = dataOf(await call(t, holder, 'POST', GROUPS, { name: '그룹 권한 후' }));
    expect(created.name).toBe('그룹 권한 후');
    // Group write alone does not hand out roles: that needs workspace.role.write too.
    expectError(await call(t, holder, 'PUT', rolesUrl(created.id), { roleIds: [world.ws.roleIds.SUPER_MANAGER!] }), 403, 'ERROR_FORBIDDEN');
    expectError(await call(t, holder, 'PUT', membersUrl(group.id), { userIds: [holder.userId, world.member.userId] }), 403, 'ERROR_FORBIDDEN');
    dataOf(await call(t, holder, 'PUT', membersUrl(created.id), { userIds: [holder.userId] }));
  });

  it('refuses (409) to take SUPER_MANAGER from the last member who holds it through a group, and deleting that group', async () => {
    const boss = await memberOf(t, world.ws, ['WORKSPACE_ADMIN'], '운영자');
    const superManager = world.ws.roleIds.SUPER_MANAGER!;
    const group = await createGroup('최고 관리 그룹');
    const solo = await plainMember(t, world.ws, '그룹 최고');
    dataOf(await call(t, boss, 'PUT', rolesUrl(group.id), { roleIds: [superManager] }));
    dataOf(await call(t, boss, 'PUT', membersUrl(group.id), { userIds: [solo] }));
    // The admin (directly) and `solo` (through the group) hold it; the admin lets go.
    dataOf(await call(t, boss, 'PUT', `/api/workspace/roles/${superManager}/members/v1`, { userIds: [] }));
    for (const res of [
      await call(t, boss, 'PUT', membersUrl(group.id), { userIds: [] }),
      await call(t, boss, 'PUT', rolesUrl(group.id), { roleIds: [] }),
      await call(t, boss, 'DELETE', groupUrl(group.id)),
    ]) {
      expect(expectError(res, 409, 'ERROR_CONFLICT').data).toMatchObject({ reason: 'LAST_SUPER_MANAGER' });
    }
    const detail = dataOf(await call(t, boss, 'GET', groupUrl(group.id)));
    expect(detail.members.map((m: { userId: number }) => m.userId)).toEqual([solo]);
    expect(detail.roles.map((r: { id: number }) => r.id)).toEqual([superManager]);
    // Once the admin holds it again the group may go.
    dataOf(await call(t, boss, 'PUT', `/api/workspace/roles/${superManager}/members/v1`, { userIds: [world.admin.userId] }));
    dataOf(await call(t, boss, 'DELETE', groupUrl(group.id)));
  });
});
