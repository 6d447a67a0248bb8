import { GRANTABLE_PERMISSIONS, PermissionCatalogueSchema, RoleDetailSchema, RoleMatrixSchema, RoleSummarySchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { roles } from '../../auth';
import {
  call, dataOf, expectError, expectFieldError, lastAudit, memberOf, organizationTestApp, organizationWorld, plainMember,
} from './organization.test-support';

let t: TestApp;
let world: Awaited<ReturnType<typeof organizationWorld>>;

beforeAll(async () => {
  t = await organizationTestApp();
  world = await organizationWorld(t);
});
afterAll(() => t.close());

const ROLES = '/api/workspace/roles/v1';
const roleUrl = (id: number) => `/api/workspace/roles/${id}/v1`;
const membersUrl = (id: number) => `/api/workspace/roles/${id}/members/v1`;
const MATRIX = '/api/workspace/roles/matrix/v1';

async function createCustomRole(name: string, permissions: string[] = ['contract.contract.read']) {
  return dataOf(await call(t, world.admin, 'POST', ROLES, { name, description: '설명', permissions }));
}

describe('the permission catalogue', () => {
  it('groups every grantable permission by area with Korean and English texts, and never super_admin.*', async () => {
    const data = PermissionCatalogueSchema.parse(dataOf(await call(t, world.member, 'GET', '/api/workspace/permissions/v1')));
    const names = data.areas.flatMap((a) => a.permissions.map((p) => p.name));
    expect(names.sort()).toEqual([...GRANTABLE_PERMISSIONS].sort());
    expect(names.some((n) => n.startsWith('super_admin.'))).toBe(false);
    const workspace = data.areas.find((a) => a.area === 'workspace')!;
    expect(workspace.label).toEqual({ ko: '워크스페이스 관리', en: 'Workspace administration' });
    expect(workspace.permissions.find((p) => p.name === 'workspace.role.write')?.description).toEqual({ ko: '역할과 역할 요청 관리', en: 'Manage roles and role requests' });
    expect(data.areas[0]!.area).toBe('contract');
  });
});

describe('listing and reading roles', () => {
  it('lists built-in roles first with member and group counts, searchable and sortable', async () => {
    const page = dataOf(await call(t, world.member, 'GET', `${ROLES}?size=100`));
    const list = (page.content as unknown[]).map((r) => RoleSummarySchema.parse(r));
    expect(list.slice(0, 3).map((r) => r.code)).toEqual(['SUPER_MANAGER', 'LEGAL_MANAGER', 'GENERAL_MEMBER']);
    const superManager = list.find((r) => r.code === 'SUPER_MANAGER')!;
    expect(superManager).toMatchObject({ name: '최고 관리자', isBuiltIn: true, isLocked: true, isDefault: true, memberCount: 1, groupCount: 0 });
    // A member without workspace.role.write reads but may not change anything.
    expect(superManager.abilities).toEqual({ canRename: false, canEditDescription: false, canEditPermissions: false, canEditMembers: false, canDelete: false });

    const searched = dataOf(await call(t, world.member, 'GET', `${ROLES}?keyword=${encodeURIComponent('관리자')}`));
    expect(searched.content.map((r: { code: string }) => r.code).sort()).toEqual(['LEGAL_MANAGER', 'SUPER_MANAGER', 'WORKSPACE_ADMIN']);
    const byName = dataOf(await call(t, world.member, 'GET', `${ROLES}?sort=name,desc&size=2`));
    expect(byName).toMatchObject({ size: 2, page: 0 });
    expect(byName.content[0].name >= byName.content[1].name).toBe(true);
  });

  it('refuses unknown sort fields and oversize pages with 400 naming the field', async () => {
    expectFieldError(await call(t, world.member, 'GET', `${ROLES}?sort=permissions,asc`), 'query.sort');
    expectFieldError(await call(t, world.member, 'GET', `${ROLES}?size=1001`), 'query.size');
  });

  it('answers a role with its permissions, direct members and groups', async () => {
    const id = world.ws.roleIds.SUPER_MANAGER!;
    const detail = RoleDetailSchema.parse(dataOf(await call(t, world.admin, 'GET', roleUrl(id))));
    expect(detail.members.map((m) => m.userId)).toEqual([world.admin.userId]);
    expect(detail.members[0]).toMatchObject({ displayName: '관리자', loginId: world.admin.loginId, status: 'ACTIVE' });
    expect(detail.permissions.sort()).toEqual([...GRANTABLE_PERMISSIONS].sort());
    expect(detail.abilities).toMatchObject({ canEditPermissions: false, canRename: false, canEditMembers: true, canDelete: false });
    expectError(await call(t, world.admin, 'GET', roleUrl(999_999)), 404, 'ERROR_NOT_FOUND');
    expectFieldError(await call(t, world.admin, 'GET', '/api/workspace/roles/abc/v1'), 'params.roleId');
  });
});

describe('creating roles', () => {
  it('creates a custom role with catalogue permissions, normalized, and records role.created', async () => {
    const res = await call(t, world.admin, 'POST', ROLES, { name: '계약 검토 보조', description: '  검토 지원  ', permissions: ['legal.review.read', 'contract.contract.read', 'legal.review.read'] });
    const role = RoleDetailSchema.parse(dataOf(res));
    expect(role).toMatchObject({ code: null, name: '계약 검토 보조', description: '검토 지원', isBuiltIn: false, isLocked: false, memberCount: 0, members: [] });
    expect(role.permissions).toEqual(['contract.contract.read', 'legal.review.read']);
    expect(role.abilities).toMatchObject({ canRename: true, canDelete: true, canEditPermissions: true });
    const event = await lastAudit(t, world.ws, 'role.created');
    expect(event).toMatchObject({ actorUserId: world.admin.userId, data: { roleId: role.id, name: '계약 검토 보조', permissions: ['contract.contract.read', 'legal.review.read'] } });
  });

  it('answers 400 naming the field for unknown permissions, super_admin.* and bad names', async () => {
    expectFieldError(await call(t, world.admin, 'POST', ROLES, { name: 'x', permissions: ['contract.contract.read', 'contract.teleport'] }), 'body.permissions.1');
    const superAdmin = await call(t, world.admin, 'POST', ROLES, { name: 'x', permissions: ['super_admin.workspace.read'] });
    expectFieldError(superAdmin, 'body.permissions.0');
    expect(superAdmin.json().data.fieldErrors[0].reason).toMatch(/super-admin session/);
    expectFieldError(await call(t, world.admin, 'POST', ROLES, { name: '   ', permissions: [] }), 'body.name');
    expectFieldError(await call(t, world.admin, 'POST', ROLES, { name: 'a'.repeat(101), permissions: [] }), 'body.name');
    expectFieldError(await call(t, world.admin, 'POST', ROLES, { name: 'ok' }), 'body.permissions');
  });

  it('answers 409 for a name in use or a built-in role name in either language', async () => {
    await createCustomRole('중복 이름');
    expectError(await call(t, world.admin, 'POST', ROLES, { name: '중복 이름', permissions: [] }), 409, 'ERROR_CONFLICT');
    expectError(await call(t, world.admin, 'POST', ROLES, { name: '최고 관리자', permissions: [] }), 409, 'ERROR_CONFLICT');
    expectError(await call(t, world.admin, 'POST', ROLES, { name: 'super MANAGER', permissions: [] }), 409, 'ERROR_CONFLICT');
  });

  it('answers 403 to a member without workspace.role.write and 401 without a session', async () => {
    expectError(await call(t, world.member, 'POST', ROLES, { name: '몰래', permissions: [] }), 403, 'ERROR_FORBIDDEN');
    expectError(await call(t, null, 'POST', ROLES, { name: '몰래', permissions: [] }, { 'x-tenant': String(world.ws.tenantId), 'x-workspace': String(world.ws.workspaceId) }), 401, 'ERROR_UNAUTHORIZED');
  });
});

describe('updating roles', () => {
  it('renames a custom role and changes its permissions, with before/after in role.updated', async () => {
    const role = await createCustomRole('이름 바꿀 역할', ['contract.contract.read']);
    const updated = dataOf(await call(t, world.admin, 'PUT', roleUrl(role.id), { name: '바뀐 역할', permissions: ['file.file.read'] }));
    expect(updated).toMatchObject({ name: '바뀐 역할', permissions: ['file.file.read'] });
    const event = await lastAudit(t, world.ws, 'role.updated');
    expect(event?.data).toMatchObject({ roleId: role.id, before: { name: '이름 바꿀 역할', permissions: ['contract.contract.read'] }, after: { name: '바뀐 역할', permissions: ['file.file.read'] } });
  });

  it('lets built-in roles change permissions and descriptions but not names', async () => {
    const legalManager = world.ws.roleIds.LEGAL_MANAGER!;
    const res = dataOf(await call(t, world.admin, 'PUT', roleUrl(legalManager), { description: '법무팀 리더', permissions: ['contract.contract.read', 'workspace.user.read'] }));
    expect(res).toMatchObject({ description: '법무팀 리더', permissions: ['contract.contract.read', 'workspace.user.read'], name: '법무 관리자' });
    expectError(await call(t, world.admin, 'PUT', roleUrl(legalManager), { name: '법무 대장' }), 409, 'ERROR_CONFLICT');
    // Sending the unchanged name is fine.
    dataOf(await call(t, world.admin, 'PUT', roleUrl(legalManager), { name: '법무 관리자' }));
  });

  it('keeps SUPER_MANAGER on every workspace permission: 409 on any reduction, row unchanged', async () => {
    const id = world.ws.roleIds.SUPER_MANAGER!;
    const reduced = GRANTABLE_PERMISSIONS.filter((p) => p !== 'workspace.audit.read');
    const res = expectError(await call(t, world.admin, 'PUT', roleUrl(id), { permissions: reduced }), 409, 'ERROR_CONFLICT');
    expect(res.data).toMatchObject({ reason: 'LOCKED_ROLE', permissions: ['workspace.audit.read'] });
    const [row] = await t.services.db.select().from(roles).where(eq(roles.id, id));
    expect(row!.permissions.length).toBe(GRANTABLE_PERMISSIONS.length);
    // The full set (a no-op) is accepted.
    dataOf(await call(t, world.admin, 'PUT', roleUrl(id), { permissions: [...GRANTABLE_PERMISSIONS] }));
  });

  it('answers 409 for a rename onto a taken name, 400 for an empty body, 403 for a member', async () => {
    const a = await createCustomRole('역할 가');
    await createCustomRole('역할 나');
    expectError(await call(t, world.admin, 'PUT', roleUrl(a.id), { name: '역할 나' }), 409, 'ERROR_CONFLICT');
    expectFieldError(await call(t, world.admin, 'PUT', roleUrl(a.id), {}), 'body');
    expectError(await call(t, world.member, 'PUT', roleUrl(a.id), { description: 'x' }), 403, 'ERROR_FORBIDDEN');
    expectError(await call(t, world.admin, 'PUT', roleUrl(999_999), { description: 'x' }), 404, 'ERROR_NOT_FOUND');
  });
});

describe('deleting roles', () => {
  it('deletes an unused custom role and records role.deleted', async () => {
    const role = await createCustomRole('지울 역할');
    dataOf(await call(t, world.admin, 'DELETE', roleUrl(role.id)));
    expectError(await call(t, world.admin, 'GET', roleUrl(role.id)), 404, 'ERROR_NOT_FOUND');
    expect((await lastAudit(t, world.ws, 'role.deleted'))?.data).toMatchObject({ roleId: role.id, name: '지울 역할' });
  });

  it('refuses built-in roles and roles still held (409), and members (403)', async () => {
    expectError(await call(t, world.admin, 'DELETE', roleUrl(world.ws.roleIds.GENERAL_MEMBER!)), 409, 'ERROR_CONFLICT');
    const role = await createCustomRole('쓰는 역할');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(role.id), { userIds: [world.member.userId] }));
    const res = expectError(await call(t, world.admin, 'DELETE', roleUrl(role.id)), 409, 'ERROR_CONFLICT');
    expect(res.data).toMatchObject({ reason: 'IN_USE', memberCount: 1, groupCount: 0 });
    expectError(await call(t, world.member, 'DELETE', roleUrl(role.id)), 403, 'ERROR_FORBIDDEN');
    expectFieldError(await call(t, world.admin, 'DELETE', '/api/workspace/roles/0/v1'), 'params.roleId');
  });
});

describe('members of a role', () => {
  it('replaces the direct members and records who joined and left', async () => {
    const role = await createCustomRole('멤버 역할');
    const a = await plainMember(t, world.ws, '가나다');
    const b = await plainMember(t, world.ws, '라마바');
    const first = dataOf(await call(t, world.admin, 'PUT', membersUrl(role.id), { userIds: [b, a] }));
    expect(first.members.map((m: { userId: number }) => m.userId)).toEqual([a, b]);
    expect(first.memberCount).toBe(2);
    const second = dataOf(await call(t, world.admin, 'PUT', membersUrl(role.id), { userIds: [b, world.member.userId] }));
    expect(second.members.map((m: { displayName: string }) => m.displayName)).toEqual(['구성원', '라마바']);
    expect((await lastAudit(t, world.ws, 'role.members_changed'))?.data).toEqual({ roleId: role.id, code: null, addedUserIds: [world.member.userId], removedUserIds: [a] });
  });

  it('answers 400 naming each user who is not an active member here', async () => {
    const role = await createCustomRole('멤버 검사 역할');
    const res = await call(t, world.admin, 'PUT', membersUrl(role.id), { userIds: [world.member.userId, 987_654] });
    expectFieldError(res, 'body.userIds.1');
    expectFieldError(await call(t, world.admin, 'PUT', membersUrl(role.id), { userIds: [world.member.userId, world.member.userId] }), 'body.userIds');
  });

  it('refuses to remove the last super manager (409), allows it while another remains', async () => {
    const id = world.ws.roleIds.SUPER_MANAGER!;
    const res = expectError(await call(t, world.admin, 'PUT', membersUrl(id), { userIds: [] }), 409, 'ERROR_CONFLICT');
    expect(res.data).toMatchObject({ reason: 'LAST_SUPER_MANAGER' });
    const second = await plainMember(t, world.ws, '부관리자');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(id), { userIds: [world.admin.userId, second] }));
    const after = dataOf(await call(t, world.admin, 'PUT', membersUrl(id), { userIds: [world.admin.userId] }));
    expect(after.members.map((m: { userId: number }) => m.userId)).toEqual([world.admin.userId]);
  });

  it('answers 403 to a member and 404 for an unknown role', async () => {
    expectError(await call(t, world.member, 'PUT', membersUrl(world.ws.roleIds.GENERAL_MEMBER!), { userIds: [] }), 403, 'ERROR_FORBIDDEN');
    expectError(await call(t, world.admin, 'PUT', membersUrl(999_999), { userIds: [] }), 404, 'ERROR_NOT_FOUND');
  });
});

describe('the permission matrix', () => {
  it('answers every role with its permissions, rows in catalogue order', async () => {
    const matrix = RoleMatrixSchema.parse(dataOf(await call(t, world.member, 'GET', MATRIX)));
    expect(matrix.permissions).toEqual([...GRANTABLE_PERMISSIONS]);
    expect(matrix.roles[0]).toMatchObject({ code: 'SUPER_MANAGER', isLocked: true });
    expect(matrix.roles.every((r) => r.isBuiltIn === (r.code !== null))).toBe(true);
  });

  it('saves several roles in one transaction and records role.updated for each changed one', async () => {
    const a = await createCustomRole('행렬 가', ['file.file.read']);
    const b = await createCustomRole('행렬 나', ['file.file.read']);
    const res = dataOf(
      await call(t, world.admin, 'PUT', MATRIX, {
        roles: [
          { roleId: a.id, permissions: ['file.file.read', 'file.file.write'] },
          { roleId: b.id, permissions: ['file.file.read'] },
          { roleId: world.ws.roleIds.READER!, permissions: ['contract.contract.read'] },
        ],
      }),
    );
    const byId = new Map(res.roles.map((r: { id: number; permissions: string[] }) => [r.id, r.permissions]));
    expect(byId.get(a.id)).toEqual(['file.file.read', 'file.file.write']);
    expect(byId.get(b.id)).toEqual(['file.file.read']);
    expect(byId.get(world.ws.roleIds.READER!)).toEqual(['contract.contract.read']);
    expect((await lastAudit(t, world.ws, 'role.updated'))?.data).toMatchObject({ roleId: world.ws.roleIds.READER });
  });

  it('changes nothing when one role breaks a rule (409) or is unknown (400)', async () => {
    const a = await createCustomRole('행렬 다', ['file.file.read']);
    const reduce = await call(t, world.admin, 'PUT', MATRIX, {
      roles: [
        { roleId: a.id, permissions: ['ai.review.use'] },
        { roleId: world.ws.roleIds.SUPER_MANAGER!, permissions: ['ai.review.use'] },
      ],
    });
    expectError(reduce, 409, 'ERROR_CONFLICT');
    const unknown = await call(t, world.admin, 'PUT', MATRIX, { roles: [{ roleId: a.id, permissions: ['ai.review.use'] }, { roleId: 999_999, permissions: [] }] });
    expectFieldError(unknown, 'body.roles.1.roleId');
    const [row] = await t.services.db.select().from(roles).where(and(eq(roles.id, a.id)));
    expect(row!.permissions).toEqual(['file.file.read']);
    expectFieldError(await call(t, world.admin, 'PUT', MATRIX, { roles: [{ roleId: a.id, permissions: ['super_admin.workspace.write'] }] }), 'body.roles.0.permissions.0');
    expectFieldError(await call(t, world.admin, 'PUT', MATRIX, { roles: [] }), 'body.roles');
    expectError(await call(t, world.member, 'PUT', MATRIX, { roles: [{ roleId: a.id, permissions: [] }] }), 403, 'ERROR_FORBIDDEN');
  });

  it('takes effect on the next request of a holder (permissions are read per request)', async () => {
    const holder = await memberOf(t, world.ws, ['GENERAL_MEMBER'], '새 관리자');
    const role = await createCustomRole('그룹 관리 역할', ['workspace.admin.access', 'workspace.group.write']);
    expectError(await call(t, holder, 'POST', '/api/workspace/groups/v1', { name: '권한 전 그룹' }), 403, 'ERROR_FORBIDDEN');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(role.id), { userIds: [holder.userId] }));
    dataOf(await call(t, holder, 'POST', '/api/workspace/groups/v1', { name: '권한 후 그룹' }));
  });
});
