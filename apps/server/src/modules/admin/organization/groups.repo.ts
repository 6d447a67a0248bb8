import type { OrgRoleRef, RoleCode } from '@legal/api';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { memberships, roles } from '../../auth';
import { likePattern, type SortOrder } from '../../../platform/db/sorting';
import { type Executor, qualified } from './organization.common';
import { groupMembers, groupRoles, groups } from './organization.table';

export type GroupRow = typeof groups.$inferSelect & { memberCount: number };
export type GroupSortField = 'name' | 'createdAt' | 'memberCount';

export interface GroupFilter {
  keyword?: string;
  /** Only groups this user belongs to. */
  userId?: number;
}

const memberCountOf = (scope: TenantScope) =>
  sql<number>`(SELECT count(*)::int FROM ${groupMembers} WHERE ${groupMembers.tenantId} = ${scope.tenantId} AND ${groupMembers.workspaceId} = ${scope.workspaceId} AND ${qualified(groupMembers.groupId)} = ${qualified(groups.id)})`;

function filterOf(db: Executor, scope: TenantScope, f: GroupFilter): SQL | undefined {
  const ofUser = f.userId
    ? inArray(
        groups.id,
        db
          .select({ id: groupMembers.groupId })
          .from(groupMembers)
          .innerJoin(memberships, and(inScope(memberships, scope), eq(memberships.id, groupMembers.membershipId)))
          .where(and(inScope(groupMembers, scope), eq(memberships.userId, f.userId))),
      )
    : undefined;
  return and(inScope(groups, scope), f.keyword ? ilike(groups.name, likePattern(f.keyword)) : undefined, ofUser);
}

const toRow = (r: { group: typeof groups.$inferSelect; memberCount: number }): GroupRow => ({ ...r.group, memberCount: r.memberCount });

export async function searchGroups(db: Executor, scope: TenantScope, f: GroupFilter, sorts: SortOrder<GroupSortField>[], limit: number, offset: number): Promise<GroupRow[]> {
  const memberCount = memberCountOf(scope);
  const column = { name: groups.name, createdAt: groups.createdAt, memberCount };
  const order = sorts.length > 0 ? sorts.map((s) => (s.direction === 'desc' ? desc(column[s.field]) : asc(column[s.field]))) : [asc(groups.name)];
  const rows = await db
    .select({ group: groups, memberCount })
    .from(groups)
    .where(filterOf(db, scope, f))
    .orderBy(...order, asc(groups.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toRow);
}

export async function countGroups(db: Executor, scope: TenantScope, f: GroupFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groups).where(filterOf(db, scope, f));
  return row?.n ?? 0;
}

export async function findGroup(db: Executor, scope: TenantScope, groupId: number, options: { forUpdate?: boolean } = {}): Promise<GroupRow | null> {
  if (options.forUpdate) await db.select({ id: groups.id }).from(groups).where(and(inScope(groups, scope), eq(groups.id, groupId))).for('update');
  const [row] = await db
    .select({ group: groups, memberCount: memberCountOf(scope) })
    .from(groups)
    .where(and(inScope(groups, scope), eq(groups.id, groupId)));
  return row ? toRow(row) : null;
}

export async function findGroupByName(db: Executor, scope: TenantScope, name: string) {
  const [row] = await db.select({ id: groups.id }).from(groups).where(and(inScope(groups, scope), eq(groups.name, name)));
  return row ?? null;
}

/** The roles of several groups at once (one query for a page of groups). */
export async function rolesOfGroups(db: Executor, scope: TenantScope, groupIds: readonly number[]): Promise<Map<number, OrgRoleRef[]>> {
  const result = new Map<number, OrgRoleRef[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return result;
  const rows = await db
    .select({ groupId: groupRoles.groupId, id: roles.id, code: roles.code, name: roles.name })
    .from(groupRoles)
    .innerJoin(roles, and(inScope(roles, scope), eq(roles.id, groupRoles.roleId)))
    .where(and(inScope(groupRoles, scope), inArray(groupRoles.groupId, [...groupIds])))
    .orderBy(sql`${roles.code} IS NULL`, asc(roles.createdAt), asc(roles.id));
  for (const r of rows) result.get(r.groupId)?.push({ id: r.id, code: r.code as RoleCode | null, name: r.name });
  return result;
}

export function membersOfGroup(db: Executor, scope: TenantScope, groupId: number) {
  return db
    .select({ id: groupMembers.membershipId })
    .from(groupMembers)
    .where(and(inScope(groupMembers, scope), eq(groupMembers.groupId, groupId)));
}

export async function membershipIdsOfGroup(db: Executor, scope: TenantScope, groupId: number): Promise<number[]> {
  return (await membersOfGroup(db, scope, groupId)).map((r) => r.id);
}

export async function roleIdsOfGroup(db: Executor, scope: TenantScope, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: groupRoles.roleId })
    .from(groupRoles)
    .where(and(inScope(groupRoles, scope), eq(groupRoles.groupId, groupId)))
    .orderBy(asc(groupRoles.roleId));
  return rows.map((r) => r.id);
}

export async function addGroupMembers(db: Executor, scope: TenantScope, groupId: number, membershipIds: readonly number[]) {
  if (membershipIds.length === 0) return;
  await db
    .insert(groupMembers)
    .values(membershipIds.map((membershipId) => ({ ...scope, groupId, membershipId })))
    .onConflictDoNothing();
}

export async function removeGroupMembers(db: Executor, scope: TenantScope, groupId: number, membershipIds: readonly number[]) {
  if (membershipIds.length === 0) return;
  await db
    .delete(groupMembers)
    .where(and(inScope(groupMembers, scope), eq(groupMembers.groupId, groupId), inArray(groupMembers.membershipId, [...membershipIds])));
}

export async function replaceGroupRoles(db: Executor, scope: TenantScope, groupId: number, roleIds: readonly number[]) {
  await db.delete(groupRoles).where(and(inScope(groupRoles, scope), eq(groupRoles.groupId, groupId)));
  if (roleIds.length > 0) await db.insert(groupRoles).values(roleIds.map((roleId) => ({ ...scope, groupId, roleId })));
}
