import {
  type CreateRoleBody, GRANTABLE_PERMISSIONS, type Page, type RoleCode, type RoleDetail, type RoleMatrix, type RoleSummary, ROLE_SORT_FIELDS,
  type UpdateRoleBody, type UpdateRoleMatrixBody,
} from '@legal/api';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { fetchPage } from '../../../platform/db/paging';
import { parseSort } from '../../../platform/db/sorting';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { conflict, type LocalizedText, notFound, validationError } from '../../../platform/http/errors';
import { memberships, roles } from '../../auth';
import { keepingSuperManager, listMembers, resolveMemberSet, userIdsOf } from './members.repo';
import { type Actor, actorOf, audit, diffIds, type Executor, iso, nameTaken, ROLE_WRITE, type Services, withUniqueName, writerOf } from './organization.common';
import { isBuiltIn, isLocked, isReservedRoleName, lockedPermissionsLost, normalizePermissions, roleAbilities, samePermissions } from './roles.policy';
import * as repo from './roles.repo';

const ROLE_NAME_TAKEN: LocalizedText = { ko: '같은 이름의 역할이 이미 있습니다.', en: 'A role with this name already exists.' };
const BUILT_IN_NAME: LocalizedText = { ko: '기본 제공 역할의 이름은 바꿀 수 없습니다.', en: 'The names of built-in roles cannot be changed.' };

// ---------------------------------------------------------------------------------------------
// DTOs
// ---------------------------------------------------------------------------------------------

function summaryDto(row: repo.RoleRow, actor: Actor): RoleSummary {
  return {
    id: row.id,
    code: row.code as RoleCode | null,
    name: row.name,
    description: row.description,
    isDefault: row.isDefault,
    isBuiltIn: isBuiltIn(row),
    isLocked: isLocked(row),
    permissions: row.permissions,
    memberCount: row.memberCount,
    groupCount: row.groupCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    abilities: roleAbilities(row, actor.permissions.has(ROLE_WRITE)),
  };
}

async function detailOf(db: Executor, scope: TenantScope, roleId: number, actor: Actor): Promise<RoleDetail> {
  const row = await repo.findRole(db, scope, roleId);
  if (!row) throw notFound();
  const [members, groups] = await Promise.all([
    listMembers(db, scope, inArray(memberships.id, repo.holdsRoleDirectly(db, scope, roleId))),
    repo.groupsOfRole(db, scope, roleId),
  ]);
  return { ...summaryDto(row, actor), members, groups };
}

const stateOf = (role: { name: string; description: string | null; permissions: string[] }) => ({
  name: role.name,
  description: role.description,
  permissions: role.permissions,
});

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export async function listRoles(services: Services, ctx: RequestContext, scope: TenantScope, input: { page: number; size: number; sort?: string | string[]; keyword?: string }): Promise<Page<RoleSummary>> {
  const actor = actorOf(ctx);
  const sorts = parseSort(input.sort, ROLE_SORT_FIELDS);
  return fetchPage(
    input,
    async (limit, offset) => (await repo.searchRoles(services.db, scope, input.keyword, sorts, limit, offset)).map((r) => summaryDto(r, actor)),
    () => repo.countRoles(services.db, scope, input.keyword),
  );
}

export function getRole(services: Services, ctx: RequestContext, scope: TenantScope, roleId: number): Promise<RoleDetail> {
  return detailOf(services.db, scope, roleId, actorOf(ctx));
}

export async function getRoleMatrix(services: Services, scope: TenantScope): Promise<RoleMatrix> {
  const rows = await repo.allRoles(services.db, scope);
  return matrixOf(rows);
}

function matrixOf(rows: Array<{ id: number; code: string | null; name: string; permissions: string[] }>): RoleMatrix {
  return {
    permissions: [...GRANTABLE_PERMISSIONS],
    roles: rows.map((r) => ({ id: r.id, code: r.code as RoleCode | null, name: r.name, isBuiltIn: isBuiltIn(r), isLocked: isLocked(r), permissions: r.permissions })),
  };
}

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

async function assertNameFree(tx: Tx, scope: TenantScope, name: string, exceptRoleId?: number) {
  if (isReservedRoleName(name)) throw nameTaken(ROLE_NAME_TAKEN);
  const found = await repo.findRoleByName(tx, scope, name);
  if (found && found.id !== exceptRoleId) throw nameTaken(ROLE_NAME_TAKEN);
}

const lockedRoleReduced = (lost: string[]) =>
  conflict(
    { ko: '최고 관리자 역할은 모든 워크스페이스 권한을 유지해야 합니다.', en: 'The super manager role always keeps every workspace permission.' },
    { reason: 'LOCKED_ROLE', permissions: lost },
  );

export async function createRole(services: Services, ctx: RequestContext, scope: TenantScope, body: CreateRoleBody): Promise<RoleDetail> {
  const actor = writerOf(ctx, ROLE_WRITE);
  const permissions = normalizePermissions(body.permissions);
  return withUniqueName(ROLE_NAME_TAKEN, () =>
    services.db.transaction(async (tx) => {
      await assertNameFree(tx, scope, body.name);
      const [role] = await tx
        .insert(roles)
        .values({ ...scope, code: null, name: body.name, description: body.description || null, isDefault: false, permissions })
        .returning();
      await audit(tx, ctx, scope, { type: 'role.created', data: { roleId: role!.id, ...stateOf(role!) } });
      return detailOf(tx, scope, role!.id, actor);
    }),
  );
}

/** The normalized permission set a role may take, or 409 when it would reduce the locked role. */
function checkedPermissions(role: { code: string | null; permissions: string[] }, requested: readonly string[]) {
  const next = normalizePermissions(requested);
  const lost = lockedPermissionsLost(role, next);
  if (lost.length > 0) throw lockedRoleReduced(lost);
  return next;
}

export async function updateRole(services: Services, ctx: RequestContext, scope: TenantScope, roleId: number, body: UpdateRoleBody): Promise<RoleDetail> {
  const actor = writerOf(ctx, ROLE_WRITE);
  return withUniqueName(ROLE_NAME_TAKEN, () =>
    services.db.transaction(async (tx) => {
      const role = await repo.findRole(tx, scope, roleId, { forUpdate: true });
      if (!role) throw notFound();
      const name = body.name ?? role.name;
      if (name !== role.name) {
        if (isBuiltIn(role)) throw conflict(BUILT_IN_NAME, { field: 'name' });
        await assertNameFree(tx, scope, name, role.id);
      }
      const permissions = body.permissions ? checkedPermissions(role, body.permissions) : role.permissions;
      const description = body.description === undefined ? role.description : body.description || null;
      const after = { name, description, permissions };
      if (name === role.name && description === role.description && samePermissions(permissions, role.permissions)) return detailOf(tx, scope, roleId, actor);
      await tx.update(roles).set({ ...after, updatedAt: new Date() }).where(and(inScope(roles, scope), eq(roles.id, roleId)));
      await audit(tx, ctx, scope, { type: 'role.updated', data: { roleId, code: role.code, before: stateOf(role), after } });
      return detailOf(tx, scope, roleId, actor);
    }),
  );
}

export async function deleteRole(services: Services, ctx: RequestContext, scope: TenantScope, roleId: number): Promise<void> {
  writerOf(ctx, ROLE_WRITE);
  await services.db.transaction(async (tx) => {
    const role = await repo.findRole(tx, scope, roleId, { forUpdate: true });
    if (!role) throw notFound();
    if (isBuiltIn(role)) throw conflict({ ko: '기본 제공 역할은 삭제할 수 없습니다.', en: 'Built-in roles cannot be deleted.' }, { reason: 'BUILT_IN' });
    if (role.memberCount > 0 || role.groupCount > 0) {
      throw conflict(
        { ko: '이 역할을 가진 구성원이나 그룹이 있어 삭제할 수 없습니다.', en: 'Members or groups still hold this role.' },
        { reason: 'IN_USE', memberCount: role.memberCount, groupCount: role.groupCount },
      );
    }
    await tx.delete(roles).where(and(inScope(roles, scope), eq(roles.id, roleId)));
    await audit(tx, ctx, scope, { type: 'role.deleted', data: { roleId, ...stateOf(role) } });
  });
}

export async function setRoleMembers(services: Services, ctx: RequestContext, scope: TenantScope, roleId: number, userIds: readonly number[]): Promise<RoleDetail> {
  const actor = writerOf(ctx, ROLE_WRITE);
  return services.db.transaction(async (tx) => {
    const role = await repo.findRole(tx, scope, roleId, { forUpdate: true });
    if (!role) throw notFound();
    const current = await repo.membershipIdsOfRole(tx, scope, roleId);
    const next = (await resolveMemberSet(tx, scope, userIds, current)).map((m) => m.id);
    const { added, removed } = diffIds(current, next);
    if (added.length === 0 && removed.length === 0) return detailOf(tx, scope, roleId, actor);
    const [addedUserIds, removedUserIds] = await Promise.all([userIdsOf(tx, scope, added), userIdsOf(tx, scope, removed)]);
    const change = async () => {
      await repo.removeRoleMembers(tx, scope, roleId, removed);
      await repo.addRoleMembers(tx, scope, roleId, added);
    };
    // Only the locked role's holders can run out; other roles change without the guard's lock.
    await (isLocked(role) ? keepingSuperManager(tx, scope, change) : change());
    await audit(tx, ctx, scope, { type: 'role.members_changed', data: { roleId, code: role.code, addedUserIds, removedUserIds } });
    return detailOf(tx, scope, roleId, actor);
  });
}

/** Sets the permissions of several roles at once: every role must exist here, the same rules as one update, all or nothing. */
export async function updateRoleMatrix(services: Services, ctx: RequestContext, scope: TenantScope, body: UpdateRoleMatrixBody): Promise<RoleMatrix> {
  writerOf(ctx, ROLE_WRITE);
  return services.db.transaction(async (tx) => {
    const ids = body.roles.map((r) => r.roleId);
    const found = new Map((await repo.findRolesByIds(tx, scope, ids, { forUpdate: true })).map((r) => [r.id, r]));
    const missing = body.roles.flatMap((r, index) => (found.has(r.roleId) ? [] : [{ field: `body.roles.${index}.roleId`, reason: 'no such role in this workspace' }]));
    if (missing.length > 0) throw validationError(missing);
    for (const change of body.roles) {
      const role = found.get(change.roleId)!;
      const permissions = checkedPermissions(role, change.permissions);
      if (samePermissions(permissions, role.permissions)) continue;
      await tx.update(roles).set({ permissions, updatedAt: new Date() }).where(and(inScope(roles, scope), eq(roles.id, role.id)));
      await audit(tx, ctx, scope, { type: 'role.updated', data: { roleId: role.id, code: role.code, before: stateOf(role), after: { ...stateOf(role), permissions } } });
    }
    return matrixOf(await repo.allRoles(tx, scope));
  });
}
