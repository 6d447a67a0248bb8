import { type CreateGroupBody, GROUP_SORT_FIELDS, type GroupDetail, type GroupSummary, type Page, type UpdateGroupBody } from '@legal/api';
import { and, eq, inArray } from 'drizzle-orm';
import { fetchPage } from '../../../platform/db/paging';
import { parseSort } from '../../../platform/db/sorting';
import { requirePermission } from '../../../platform/http/access';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { type LocalizedText, notFound } from '../../../platform/http/errors';
import { memberships } from '../../auth';
import * as repo from './groups.repo';
import { keepingSuperManager, listMembers, resolveMemberSet, userIdsOf } from './members.repo';
import { audit, diffIds, type Executor, GROUP_WRITE, iso, nameTaken, requireKnownIds, ROLE_WRITE, type Services, withUniqueName, writerOf } from './organization.common';
import { groups } from './organization.table';
import { findRolesByIds } from './roles.repo';

const GROUP_NAME_TAKEN: LocalizedText = { ko: '같은 이름의 그룹이 이미 있습니다.', en: 'A group with this name already exists.' };

function summaryDto(row: repo.GroupRow, roles: GroupSummary['roles']): GroupSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    memberCount: row.memberCount,
    roles,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

async function detailOf(db: Executor, scope: TenantScope, groupId: number): Promise<GroupDetail> {
  const row = await repo.findGroup(db, scope, groupId);
  if (!row) throw notFound();
  const [roles, members] = await Promise.all([
    repo.rolesOfGroups(db, scope, [groupId]),
    listMembers(db, scope, inArray(memberships.id, repo.membersOfGroup(db, scope, groupId))),
  ]);
  return { ...summaryDto(row, roles.get(groupId) ?? []), members };
}

/** A group locked for the change, or 404. */
async function lockedGroup(db: Executor, scope: TenantScope, groupId: number) {
  const group = await repo.findGroup(db, scope, groupId, { forUpdate: true });
  if (!group) throw notFound();
  return group;
}

export interface ListGroupsInput extends repo.GroupFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

export async function listGroups(services: Services, scope: TenantScope, input: ListGroupsInput): Promise<Page<GroupSummary>> {
  const sorts = parseSort(input.sort, GROUP_SORT_FIELDS);
  return fetchPage(
    input,
    async (limit, offset) => {
      const rows = await repo.searchGroups(services.db, scope, input, sorts, limit, offset);
      const roles = await repo.rolesOfGroups(services.db, scope, rows.map((r) => r.id));
      return rows.map((r) => summaryDto(r, roles.get(r.id) ?? []));
    },
    () => repo.countGroups(services.db, scope, input),
  );
}

export function getGroup(services: Services, scope: TenantScope, groupId: number): Promise<GroupDetail> {
  return detailOf(services.db, scope, groupId);
}

export async function createGroup(services: Services, ctx: RequestContext, scope: TenantScope, body: CreateGroupBody): Promise<GroupDetail> {
  writerOf(ctx, GROUP_WRITE);
  return withUniqueName(GROUP_NAME_TAKEN, () =>
    services.db.transaction(async (tx) => {
      if (await repo.findGroupByName(tx, scope, body.name)) throw nameTaken(GROUP_NAME_TAKEN);
      const [group] = await tx.insert(groups).values({ ...scope, name: body.name, description: body.description || null }).returning();
      await audit(tx, ctx, scope, { type: 'group.created', data: { groupId: group!.id, name: group!.name, description: group!.description } });
      return detailOf(tx, scope, group!.id);
    }),
  );
}

export async function updateGroup(services: Services, ctx: RequestContext, scope: TenantScope, groupId: number, body: UpdateGroupBody): Promise<GroupDetail> {
  writerOf(ctx, GROUP_WRITE);
  return withUniqueName(GROUP_NAME_TAKEN, () =>
    services.db.transaction(async (tx) => {
      const group = await lockedGroup(tx, scope, groupId);
      const after = { name: body.name ?? group.name, description: body.description === undefined ? group.description : body.description || null };
      if (after.name === group.name && after.description === group.description) return detailOf(tx, scope, groupId);
      const taken = after.name !== group.name ? await repo.findGroupByName(tx, scope, after.name) : null;
      if (taken) throw nameTaken(GROUP_NAME_TAKEN);
      await tx.update(groups).set({ ...after, updatedAt: new Date() }).where(and(inScope(groups, scope), eq(groups.id, groupId)));
      await audit(tx, ctx, scope, { type: 'group.updated', data: { groupId, before: { name: group.name, description: group.description }, after } });
      return detailOf(tx, scope, groupId);
    }),
  );
}

export async function deleteGroup(services: Services, ctx: RequestContext, scope: TenantScope, groupId: number): Promise<void> {
  writerOf(ctx, GROUP_WRITE);
  await services.db.transaction(async (tx) => {
    const group = await lockedGroup(tx, scope, groupId);
    const [memberIds, roleIds] = await Promise.all([repo.membershipIdsOfGroup(tx, scope, groupId), repo.roleIdsOfGroup(tx, scope, groupId)]);
    const memberUserIds = await userIdsOf(tx, scope, memberIds);
    // Members and roles of the group go with it (foreign keys cascade).
    await keepingSuperManager(tx, scope, () => tx.delete(groups).where(and(inScope(groups, scope), eq(groups.id, groupId))));
    await audit(tx, ctx, scope, { type: 'group.deleted', data: { groupId, name: group.name, description: group.description, memberUserIds, roleIds } });
  });
}

export async function setGroupMembers(services: Services, ctx: RequestContext, scope: TenantScope, groupId: number, userIds: readonly number[]): Promise<GroupDetail> {
  writerOf(ctx, GROUP_WRITE);
  return services.db.transaction(async (tx) => {
    await lockedGroup(tx, scope, groupId);
    // Joining a group that holds roles gives those roles: that is role management too.
    if ((await repo.roleIdsOfGroup(tx, scope, groupId)).length > 0) requirePermission(ctx, ROLE_WRITE);
    const current = await repo.membershipIdsOfGroup(tx, scope, groupId);
    const next = (await resolveMemberSet(tx, scope, userIds, current)).map((m) => m.id);
    const { added, removed } = diffIds(current, next);
    if (added.length === 0 && removed.length === 0) return detailOf(tx, scope, groupId);
    const [addedUserIds, removedUserIds] = await Promise.all([userIdsOf(tx, scope, added), userIdsOf(tx, scope, removed)]);
    await keepingSuperManager(tx, scope, async () => {
      await repo.removeGroupMembers(tx, scope, groupId, removed);
      await repo.addGroupMembers(tx, scope, groupId, added);
    });
    await audit(tx, ctx, scope, { type: 'group.members_changed', data: { groupId, addedUserIds, removedUserIds } });
    return detailOf(tx, scope, groupId);
  });
}

export async function setGroupRoles(services: Services, ctx: RequestContext, scope: TenantScope, groupId: number, roleIds: readonly number[]): Promise<GroupDetail> {
  writerOf(ctx, GROUP_WRITE);
  requirePermission(ctx, ROLE_WRITE);
  return services.db.transaction(async (tx) => {
    await lockedGroup(tx, scope, groupId);
    const known = new Set((await findRolesByIds(tx, scope, roleIds)).map((r) => r.id));
    requireKnownIds('body.roleIds', roleIds, known, 'no such role in this workspace');
    const before = await repo.roleIdsOfGroup(tx, scope, groupId);
    const after = [...roleIds].sort((a, b) => a - b);
    const { added, removed } = diffIds(before, after);
    if (added.length === 0 && removed.length === 0) return detailOf(tx, scope, groupId);
    await keepingSuperManager(tx, scope, () => repo.replaceGroupRoles(tx, scope, groupId, after));
    await audit(tx, ctx, scope, { type: 'group.roles_changed', data: { groupId, before, after } });
    return detailOf(tx, scope, groupId);
  });
}
