import type { RoleRequestSortField, RoleRequestStatus } from '@legal/api';
import { and, arrayContains, asc, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import type { SortOrder } from '../../../platform/db/sorting';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { membershipRoles, memberships, roles, users } from '../../auth';
import { groupMembers, groupRoles } from '../organization/organization.table';
import { roleRequests } from './role-requests.table';

type Executor = Db | Tx;
export type RoleRequestRow = typeof roleRequests.$inferSelect;
export type NewRoleRequest = typeof roleRequests.$inferInsert;
export interface RoleRef {
  id: number;
  name: string;
  code: string | null;
}

export async function findRoleRequest(db: Executor, scope: TenantScope, roleRequestId: number, options: { forUpdate?: boolean } = {}): Promise<RoleRequestRow | null> {
  const query = db.select().from(roleRequests).where(and(inScope(roleRequests, scope), eq(roleRequests.id, roleRequestId))).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertRoleRequest(tx: Tx, values: NewRoleRequest): Promise<RoleRequestRow> {
  const [row] = await tx.insert(roleRequests).values(values).returning();
  if (!row) throw new Error('role request insert returned nothing');
  return row;
}

/** Moves a PENDING request to its outcome; null when it is not pending any more. */
export async function finishRoleRequest(tx: Tx, scope: TenantScope, roleRequestId: number, changes: Partial<NewRoleRequest> & { status: RoleRequestStatus }): Promise<RoleRequestRow | null> {
  const [row] = await tx
    .update(roleRequests)
    .set(changes)
    .where(and(inScope(roleRequests, scope), eq(roleRequests.id, roleRequestId), eq(roleRequests.status, 'PENDING')))
    .returning();
  return row ?? null;
}

export async function findPendingRequest(db: Executor, scope: TenantScope, requesterUserId: number, roleId: number): Promise<RoleRequestRow | null> {
  const [row] = await db
    .select()
    .from(roleRequests)
    .where(and(inScope(roleRequests, scope), eq(roleRequests.requesterUserId, requesterUserId), eq(roleRequests.roleId, roleId), eq(roleRequests.status, 'PENDING')))
    .limit(1);
  return row ?? null;
}

export async function pendingRoleIdsOf(db: Executor, scope: TenantScope, requesterUserId: number): Promise<Set<number>> {
  const rows = await db
    .select({ roleId: roleRequests.roleId })
    .from(roleRequests)
    .where(and(inScope(roleRequests, scope), eq(roleRequests.requesterUserId, requesterUserId), eq(roleRequests.status, 'PENDING')));
  return new Set(rows.map((r) => r.roleId));
}

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

export interface RoleRequestFilter {
  statuses?: RoleRequestStatus[];
  requesterIds?: number[];
  roleIds?: number[];
  approveUserId?: number;
}

function filterConditions(scope: TenantScope, f: RoleRequestFilter): SQL | undefined {
  return and(
    inScope(roleRequests, scope),
    f.statuses?.length ? inArray(roleRequests.status, f.statuses) : undefined,
    f.requesterIds?.length ? inArray(roleRequests.requesterUserId, f.requesterIds) : undefined,
    f.roleIds?.length ? inArray(roleRequests.roleId, f.roleIds) : undefined,
    f.approveUserId ? eq(roleRequests.approveUserId, f.approveUserId) : undefined,
  );
}

const SORT_COLUMNS = { createdAt: roleRequests.createdAt, decidedAt: roleRequests.decidedAt } as const satisfies Record<RoleRequestSortField, unknown>;
export type RoleRequestSort = SortOrder<RoleRequestSortField>;

export async function searchRoleRequests(db: Executor, scope: TenantScope, filter: RoleRequestFilter, sort: RoleRequestSort[], limit: number, offset: number) {
  const order = (sort.length ? sort : [{ field: 'createdAt' as const, direction: 'desc' as const }]).map((s) =>
    // Undecided requests (decidedAt null) come last either way.
    s.direction === 'asc' ? sql`${SORT_COLUMNS[s.field]} asc nulls last` : sql`${SORT_COLUMNS[s.field]} desc nulls last`,
  );
  return db
    .select()
    .from(roleRequests)
    .where(filterConditions(scope, filter))
    .orderBy(...order, sort[0]?.direction === 'asc' ? asc(roleRequests.id) : desc(roleRequests.id))
    .limit(limit)
    .offset(offset);
}

export async function countRoleRequests(db: Executor, scope: TenantScope, filter: RoleRequestFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(roleRequests).where(filterConditions(scope, filter));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Roles, members and who holds what
// ---------------------------------------------------------------------------------------------

export async function rolesOfWorkspace(db: Executor, scope: TenantScope, ids?: number[]): Promise<RoleRef[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select({ id: roles.id, name: roles.name, code: roles.code })
    .from(roles)
    .where(and(inScope(roles, scope), ids ? inArray(roles.id, ids) : undefined))
    .orderBy(asc(roles.id));
}

export interface PersonRef {
  userId: number;
  displayName: string;
  loginId: string;
  locale: 'ko' | 'en';
}

/** Users by id with their display name in the workspace (their account name once they left it). */
export async function peopleByIds(db: Executor, scope: TenantScope, userIds: number[]): Promise<Map<number, PersonRef>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.id, displayName: sql<string>`coalesce(${memberships.displayName}, ${users.name})`, loginId: users.loginId, locale: users.locale })
    .from(users)
    .leftJoin(memberships, and(inScope(memberships, scope), eq(memberships.userId, users.id)))
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** The role ids a membership holds, directly or through its groups. */
export async function heldRoleIds(db: Executor, scope: TenantScope, membershipId: number): Promise<Set<number>> {
  const [direct, viaGroups] = await Promise.all([
    db.select({ roleId: membershipRoles.roleId }).from(membershipRoles).where(and(inScope(membershipRoles, scope), eq(membershipRoles.membershipId, membershipId))),
    db
      .select({ roleId: groupRoles.roleId })
      .from(groupMembers)
      .innerJoin(groupRoles, and(inScope(groupRoles, scope), eq(groupRoles.groupId, groupMembers.groupId)))
      .where(and(inScope(groupMembers, scope), eq(groupMembers.membershipId, membershipId))),
  ]);
  return new Set([...direct, ...viaGroups].map((r) => r.roleId));
}

/**
 * Active members (with active accounts) holding a permission through a role of their own or of
 * one of their groups: the approvers of role requests, the recipients of their mail.
 */
export async function membersWithPermission(db: Executor, scope: TenantScope, permission: string): Promise<PersonRef[]> {
  const directly = db
    .select({ one: sql`1` })
    .from(membershipRoles)
    .innerJoin(roles, and(inScope(roles, scope), eq(roles.id, membershipRoles.roleId)))
    .where(and(inScope(membershipRoles, scope), eq(membershipRoles.membershipId, memberships.id), arrayContains(roles.permissions, [permission])));
  const throughGroups = db
    .select({ one: sql`1` })
    .from(groupMembers)
    .innerJoin(groupRoles, and(inScope(groupRoles, scope), eq(groupRoles.groupId, groupMembers.groupId)))
    .innerJoin(roles, and(inScope(roles, scope), eq(roles.id, groupRoles.roleId)))
    .where(and(inScope(groupMembers, scope), eq(groupMembers.membershipId, memberships.id), arrayContains(roles.permissions, [permission])));
  return db
    .select({ userId: memberships.userId, displayName: memberships.displayName, loginId: users.loginId, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inScope(memberships, scope), eq(memberships.status, 'ACTIVE'), eq(users.status, 'ACTIVE'), or(exists(directly), exists(throughGroups))))
    .orderBy(asc(memberships.displayName), asc(memberships.userId));
}

/** The active membership of a user, locked when asked (serialises the requests of one member). */
export async function activeMembershipOf(db: Executor, scope: TenantScope, userId: number, options: { forUpdate?: boolean } = {}): Promise<{ id: number } | null> {
  const query = db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(inScope(memberships, scope), eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE')))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function grantRole(tx: Tx, scope: TenantScope, membershipId: number, roleId: number): Promise<void> {
  await tx.insert(membershipRoles).values({ ...scope, membershipId, roleId }).onConflictDoNothing();
}
