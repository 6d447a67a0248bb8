import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { membershipRoles, roles } from '../../auth';
import { likePattern, type SortOrder } from '../../../platform/db/sorting';
import { type Executor, qualified } from './organization.common';
import { groupMembers, groupRoles, groups } from './organization.table';

export type RoleRow = typeof roles.$inferSelect & { memberCount: number; groupCount: number };
export type RoleSortField = 'name' | 'createdAt' | 'memberCount';

/** Counts correlated with the `roles` row of the outer query. */
function roleColumns(scope: TenantScope) {
  return {
    memberCount: sql<number>`(SELECT count(*)::int FROM ${membershipRoles} WHERE ${membershipRoles.tenantId} = ${scope.tenantId} AND ${membershipRoles.workspaceId} = ${scope.workspaceId} AND ${qualified(membershipRoles.roleId)} = ${qualified(roles.id)})`,
    groupCount: sql<number>`(SELECT count(*)::int FROM ${groupRoles} WHERE ${groupRoles.tenantId} = ${scope.tenantId} AND ${groupRoles.workspaceId} = ${scope.workspaceId} AND ${qualified(groupRoles.roleId)} = ${qualified(roles.id)})`,
  };
}

function selectRoles(db: Executor, scope: TenantScope) {
  const counts = roleColumns(scope);
  return { counts, query: db.select({ role: roles, ...counts }).from(roles) };
}

const toRow = (r: { role: typeof roles.$inferSelect; memberCount: number; groupCount: number }): RoleRow => ({ ...r.role, memberCount: r.memberCount, groupCount: r.groupCount });

const keywordFilter = (scope: TenantScope, keyword?: string): SQL | undefined => and(inScope(roles, scope), keyword ? ilike(roles.name, likePattern(keyword)) : undefined);

export async function searchRoles(db: Executor, scope: TenantScope, keyword: string | undefined, sorts: SortOrder<RoleSortField>[], limit: number, offset: number): Promise<RoleRow[]> {
  const { counts, query } = selectRoles(db, scope);
  const column = { name: roles.name, createdAt: roles.createdAt, memberCount: counts.memberCount };
  // Default: built-in roles first (in the order they were created), then custom ones by creation.
  const order = sorts.length > 0 ? sorts.map((s) => (s.direction === 'desc' ? desc(column[s.field]) : asc(column[s.field]))) : [sql`${roles.code} IS NULL`, asc(roles.createdAt)];
  const rows = await query.where(keywordFilter(scope, keyword)).orderBy(...order, asc(roles.id)).limit(limit).offset(offset);
  return rows.map(toRow);
}

export async function countRoles(db: Executor, scope: TenantScope, keyword: string | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(roles).where(keywordFilter(scope, keyword));
  return row?.n ?? 0;
}

export async function allRoles(db: Executor, scope: TenantScope): Promise<RoleRow[]> {
  const { query } = selectRoles(db, scope);
  const rows = await query.where(inScope(roles, scope)).orderBy(sql`${roles.code} IS NULL`, asc(roles.createdAt), asc(roles.id));
  return rows.map(toRow);
}

export async function findRole(db: Executor, scope: TenantScope, roleId: number, options: { forUpdate?: boolean } = {}): Promise<RoleRow | null> {
  const { query } = selectRoles(db, scope);
  const where = query.where(and(inScope(roles, scope), eq(roles.id, roleId)));
  // FOR UPDATE cannot apply to the aggregate subqueries' tables: lock the role row itself first.
  if (options.forUpdate) await db.select({ id: roles.id }).from(roles).where(and(inScope(roles, scope), eq(roles.id, roleId))).for('update');
  const [row] = await where;
  return row ? toRow(row) : null;
}

export async function findRolesByIds(db: Executor, scope: TenantScope, roleIds: readonly number[], options: { forUpdate?: boolean } = {}) {
  if (roleIds.length === 0) return [];
  const query = db.select().from(roles).where(and(inScope(roles, scope), inArray(roles.id, [...roleIds])));
  return options.forUpdate ? query.for('update') : query;
}

export async function findRoleByName(db: Executor, scope: TenantScope, name: string) {
  const [row] = await db.select({ id: roles.id }).from(roles).where(and(inScope(roles, scope), eq(roles.name, name)));
  return row ?? null;
}

export async function groupsOfRole(db: Executor, scope: TenantScope, roleId: number) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      memberCount: sql<number>`(SELECT count(*)::int FROM ${groupMembers} WHERE ${groupMembers.tenantId} = ${scope.tenantId} AND ${groupMembers.workspaceId} = ${scope.workspaceId} AND ${qualified(groupMembers.groupId)} = ${qualified(groups.id)})`,
    })
    .from(groupRoles)
    .innerJoin(groups, and(inScope(groups, scope), eq(groups.id, groupRoles.groupId)))
    .where(and(inScope(groupRoles, scope), eq(groupRoles.roleId, roleId)))
    .orderBy(asc(groups.name), asc(groups.id));
}

export async function membershipIdsOfRole(db: Executor, scope: TenantScope, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: membershipRoles.membershipId })
    .from(membershipRoles)
    .where(and(inScope(membershipRoles, scope), eq(membershipRoles.roleId, roleId)));
  return rows.map((r) => r.id);
}

/** `memberships.id IN (members holding the role directly)`, for member lists. */
export function holdsRoleDirectly(db: Executor, scope: TenantScope, roleId: number) {
  return db
    .select({ id: membershipRoles.membershipId })
    .from(membershipRoles)
    .where(and(inScope(membershipRoles, scope), eq(membershipRoles.roleId, roleId)));
}

export async function addRoleMembers(db: Executor, scope: TenantScope, roleId: number, membershipIds: readonly number[]) {
  if (membershipIds.length === 0) return;
  await db
    .insert(membershipRoles)
    .values(membershipIds.map((membershipId) => ({ ...scope, membershipId, roleId })))
    .onConflictDoNothing();
}

export async function removeRoleMembers(db: Executor, scope: TenantScope, roleId: number, membershipIds: readonly number[]) {
  if (membershipIds.length === 0) return;
  await db
    .delete(membershipRoles)
    .where(and(inScope(membershipRoles, scope), eq(membershipRoles.roleId, roleId), inArray(membershipRoles.membershipId, [...membershipIds])));
}
