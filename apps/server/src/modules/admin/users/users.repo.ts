import type { AssignedRole, UserOrgRef, UserSortField, UserStatus } from '@legal/api';
import { type AnyColumn, and, asc, count, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { membershipRoles, memberships, roles, userLoginTracks, users } from '../../auth';
import { divisions, groupMembers, groupRoles, groups, jobPositions, jobTitles } from '../organization/organization.table';
import { likePattern, type SortOrder } from '../../../platform/db/sorting';
import { type MemberProfile, type RoleGrant } from './users.policy';

type Executor = Db | Tx;

// ---------------------------------------------------------------------------------------------
// Members (a membership of the scope with its global account)
// ---------------------------------------------------------------------------------------------

/** The newest successful sign-in of the member's account (impersonation is not the user signing in). */
const lastSignedInAt = sql<Date | null>`(
  SELECT ${userLoginTracks.createdAt} FROM ${userLoginTracks}
   WHERE ${userLoginTracks.userId} = ${memberships.userId} AND ${userLoginTracks.result} = 'SUCCESS' AND ${userLoginTracks.method} <> 'IMPERSONATED'
   ORDER BY ${userLoginTracks.createdAt} DESC LIMIT 1)`.mapWith((value: string | Date): Date | null => new Date(value));

const memberColumns = {
  membershipId: memberships.id,
  userId: users.id,
  loginId: users.loginId,
  name: users.name,
  locale: users.locale,
  accountStatus: users.status,
  failedLoginCount: users.failedLoginCount,
  lockedUntil: users.lockedUntil,
  passwordExpiresAt: users.passwordExpiresAt,
  displayName: memberships.displayName,
  phone: memberships.phone,
  employeeNumber: memberships.employeeNumber,
  divisionId: memberships.divisionId,
  divisionName: memberships.divisionName,
  jobTitleId: memberships.jobTitleId,
  jobTitleName: memberships.jobTitleName,
  jobPositionIds: memberships.jobPositionIds,
  jobPositionName: memberships.jobPositionName,
  status: memberships.status,
  deactivatedAt: memberships.deactivatedAt,
  createdAt: memberships.createdAt,
};


/** The member behind a user id in the scope (null: not a member here). `forUpdate` locks the membership row. */
export async function findMember(db: Executor, scope: TenantScope, userId: number, options: { forUpdate?: boolean } = {}): Promise<MemberRow | null> {
  const query = db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inScope(memberships, scope), eq(memberships.userId, userId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: memberships }) : await query;
  if (!row) return null;
  const [last] = await db.select({ at: lastSignedInAt }).from(memberships).where(and(inScope(memberships, scope), eq(memberships.id, row.membershipId)));
  return { ...row, lastSignedInAt: last?.at ?? null };
}

export interface UserFilter {
  keyword?: string;
  status?: UserStatus;
  roleIds?: number[];
  groupIds?: number[];
  divisionId?: number;
  jobTitleIds?: number[];
}

/** The division and every division below it, as a set of ids (for `memberships.division_id IN (...)`). */
function divisionSubtree(scope: TenantScope, divisionId: number): SQL {
  return sql`(
    WITH RECURSIVE tree AS (
      SELECT id FROM divisions WHERE tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} AND id = ${divisionId}
      UNION
      SELECT d.id FROM divisions d JOIN tree ON d.parent_id = tree.id WHERE d.tenant_id = ${scope.tenantId} AND d.workspace_id = ${scope.workspaceId}
    ) SELECT id FROM tree)`;
}

function keywordCondition(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = likePattern(keyword);
  return or(ilike(memberships.displayName, pattern), ilike(users.name, pattern), ilike(users.loginId, pattern));
}

function filterConditions(db: Executor, scope: TenantScope, f: UserFilter): SQL | undefined {
  return and(
    inScope(memberships, scope),
    keywordCondition(f.keyword),
    f.status ? eq(memberships.status, f.status) : undefined,
    f.roleIds?.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(membershipRoles)
            .where(and(inScope(membershipRoles, scope), eq(membershipRoles.membershipId, memberships.id), inArray(membershipRoles.roleId, f.roleIds))),
        )
      : undefined,
    f.groupIds?.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(groupMembers)
            .where(and(inScope(groupMembers, scope), eq(groupMembers.membershipId, memberships.id), inArray(groupMembers.groupId, f.groupIds))),
        )
      : undefined,
    f.divisionId ? sql`${memberships.divisionId} IN ${divisionSubtree(scope, f.divisionId)}` : undefined,
    f.jobTitleIds?.length ? inArray(memberships.jobTitleId, f.jobTitleIds) : undefined,
  );
}

const SORT_COLUMNS: Record<UserSortField, SQL | AnyColumn> = {
  displayName: memberships.displayName,
  loginId: users.loginId,
  createdAt: memberships.createdAt,
  lastSignedInAt,
};

const ordered = (expression: SQL | AnyColumn, direction: 'asc' | 'desc') =>
  direction === 'asc' ? sql`${expression} ASC NULLS LAST` : sql`${expression} DESC NULLS LAST`;

export type MemberRow = Awaited<ReturnType<typeof searchMembers>>[number];

export async function searchMembers(db: Executor, scope: TenantScope, filter: UserFilter, sorts: Array<SortOrder<UserSortField>>, limit: number, offset: number) {
  return db
    .select({ ...memberColumns, lastSignedInAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(filterConditions(db, scope, filter))
    .orderBy(...sorts.map((s) => ordered(SORT_COLUMNS[s.field], s.direction)), asc(memberships.id))
    .limit(limit)
    .offset(offset);
}

export async function countMembers(db: Executor, scope: TenantScope, filter: UserFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(filterConditions(db, scope, filter));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Roles and groups of members
// ---------------------------------------------------------------------------------------------

const roleRef = { id: roles.id, name: roles.name, code: roles.code };

/** The roles each member holds directly, by membership id. */
export async function rolesOfMembers(db: Executor, scope: TenantScope, membershipIds: number[]): Promise<Map<number, AssignedRole[]>> {
  const result = new Map<number, AssignedRole[]>(membershipIds.map((id) => [id, []]));
  if (membershipIds.length === 0) return result;
  const rows = await db
    .select({ membershipId: membershipRoles.membershipId, ...roleRef })
    .from(membershipRoles)
    .innerJoin(roles, and(inScope(roles, scope), eq(roles.id, membershipRoles.roleId)))
    .where(and(inScope(membershipRoles, scope), inArray(membershipRoles.membershipId, membershipIds)))
    .orderBy(asc(roles.name));
  for (const { membershipId, ...role } of rows) result.get(membershipId)?.push(role);
  return result;
}

/** The groups of each member, by membership id. */
export async function groupsOfMembers(db: Executor, scope: TenantScope, membershipIds: number[]): Promise<Map<number, UserOrgRef[]>> {
  const result = new Map<number, UserOrgRef[]>(membershipIds.map((id) => [id, []]));
  if (membershipIds.length === 0) return result;
  const rows = await db
    .select({ membershipId: groupMembers.membershipId, id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, and(inScope(groups, scope), eq(groups.id, groupMembers.groupId)))
    .where(and(inScope(groupMembers, scope), inArray(groupMembers.membershipId, membershipIds)))
    .orderBy(asc(groups.name));
  for (const { membershipId, ...group } of rows) result.get(membershipId)?.push(group);
  return result;
}

/** The roles a member holds through their groups. */
export async function groupRolesOf(db: Executor, scope: TenantScope, membershipId: number) {
  return db
    .select({ ...roleRef, groupId: groups.id, groupName: groups.name })
    .from(groupMembers)
    .innerJoin(groups, and(inScope(groups, scope), eq(groups.id, groupMembers.groupId)))
    .innerJoin(groupRoles, and(inScope(groupRoles, scope), eq(groupRoles.groupId, groupMembers.groupId)))
    .innerJoin(roles, and(inScope(roles, scope), eq(roles.id, groupRoles.roleId)))
    .where(and(inScope(groupMembers, scope), eq(groupMembers.membershipId, membershipId)))
    .orderBy(asc(groups.name), asc(roles.name));
}

export async function rolesByIds(db: Executor, scope: TenantScope, ids: number[]): Promise<AssignedRole[]> {
  if (ids.length === 0) return [];
  return db.select(roleRef).from(roles).where(and(inScope(roles, scope), inArray(roles.id, ids)));
}

export async function replaceMemberRoles(tx: Tx, scope: TenantScope, membershipId: number, change: { add: number[]; remove: number[] }): Promise<void> {
  if (change.remove.length > 0) {
    await tx
      .delete(membershipRoles)
      .where(and(inScope(membershipRoles, scope), eq(membershipRoles.membershipId, membershipId), inArray(membershipRoles.roleId, change.remove)));
  }
  if (change.add.length > 0) {
    await tx.insert(membershipRoles).values(change.add.map((roleId) => ({ ...scope, membershipId, roleId }))).onConflictDoNothing();
  }
}

// ---------------------------------------------------------------------------------------------
// Who holds a permission or a role (role-filtered lists)
// ---------------------------------------------------------------------------------------------

function roleGrants(grant: RoleGrant): SQL {
  return grant.kind === 'permission' ? sql`${grant.permission} = ANY(${roles.permissions})` : eq(roles.code, grant.code);
}

/** The membership (outer `memberships` row) holds the grant through its own roles or its groups' roles. */
export function holdsGrant(db: Executor, scope: TenantScope, grant: RoleGrant): SQL {
  const direct = db
    .select({ one: sql`1` })
    .from(membershipRoles)
    .innerJoin(roles, and(inScope(roles, scope), eq(roles.id, membershipRoles.roleId)))
    .where(and(inScope(membershipRoles, scope), eq(membershipRoles.membershipId, memberships.id), roleGrants(grant)));
  const viaGroup = db
    .select({ one: sql`1` })
    .from(groupMembers)
    .innerJoin(groupRoles, and(inScope(groupRoles, scope), eq(groupRoles.groupId, groupMembers.groupId)))
    .innerJoin(roles, and(inScope(roles, scope), eq(roles.id, groupRoles.roleId)))
    .where(and(inScope(groupMembers, scope), eq(groupMembers.membershipId, memberships.id), roleGrants(grant)));
  return or(exists(direct), exists(viaGroup)) as SQL;
}

function holdersCondition(db: Executor, scope: TenantScope, grant: RoleGrant, keyword?: string): SQL | undefined {
  return and(inScope(memberships, scope), eq(memberships.status, 'ACTIVE'), eq(users.status, 'ACTIVE'), holdsGrant(db, scope, grant), keywordCondition(keyword));
}

export async function searchHolders(
  db: Executor,
  scope: TenantScope,
  grant: RoleGrant,
  options: { keyword?: string; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  return db
    .select({
      userId: users.id,
      displayName: memberships.displayName,
      loginId: users.loginId,
      divisionName: memberships.divisionName,
      jobTitleName: memberships.jobTitleName,
      jobPositionName: memberships.jobPositionName,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(holdersCondition(db, scope, grant, options.keyword))
    .orderBy(ordered(memberships.displayName, options.direction), asc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function countHolders(db: Executor, scope: TenantScope, grant: RoleGrant, keyword: string | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(holdersCondition(db, scope, grant, keyword));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Changes of a membership and its account
// ---------------------------------------------------------------------------------------------

export async function updateMemberProfile(tx: Tx, scope: TenantScope, membershipId: number, changes: Partial<MemberProfile>, now: Date): Promise<void> {
  await tx.update(memberships).set({ ...changes, updatedAt: now }).where(and(inScope(memberships, scope), eq(memberships.id, membershipId)));
}

export async function setMemberStatus(tx: Tx, scope: TenantScope, membershipId: number, status: UserStatus, now: Date): Promise<void> {
  await tx
    .update(memberships)
    .set({ status, deactivatedAt: status === 'DEACTIVATED' ? now : null, updatedAt: now })
    .where(and(inScope(memberships, scope), eq(memberships.id, membershipId), ne(memberships.status, status)));
}

/** Clears the lockout of an account (global: the lock is the account's, whichever workspace lifts it). */
export async function clearLockout(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null, updatedAt: now }).where(eq(users.id, userId));
}

export async function lastSignInOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ at: userLoginTracks.createdAt, ip: userLoginTracks.ip, userAgent: userLoginTracks.userAgent })
    .from(userLoginTracks)
    .where(and(eq(userLoginTracks.userId, userId), eq(userLoginTracks.result, 'SUCCESS'), ne(userLoginTracks.method, 'IMPERSONATED')))
    .orderBy(sql`${userLoginTracks.createdAt} DESC`)
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// The organisation of the workspace (pickers and id checks)
// ---------------------------------------------------------------------------------------------

export type OrganisationTable = typeof divisions | typeof jobTitles | typeof jobPositions;

/** Which of the ids name a row of the table in the scope. */
export async function existingIds(db: Executor, scope: TenantScope, table: OrganisationTable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows: Array<{ id: number }> = await db
    .select({ id: table.id })
    .from(table as typeof divisions)
    .where(and(inScope(table, scope), inArray(table.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function jobPositionsByIds(db: Executor, scope: TenantScope, ids: number[]): Promise<UserOrgRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: jobPositions.id, name: jobPositions.name })
    .from(jobPositions)
    .where(and(inScope(jobPositions, scope), inArray(jobPositions.id, ids)))
    .orderBy(asc(jobPositions.displayOrder), asc(jobPositions.id));
}

export async function organisationOptions(db: Executor, scope: TenantScope) {
  const [roleRows, groupRows, divisionRows, titleRows, positionRows] = await Promise.all([
    db.select(roleRef).from(roles).where(inScope(roles, scope)).orderBy(sql`${roles.isDefault} DESC`, asc(roles.name)),
    db.select({ id: groups.id, name: groups.name }).from(groups).where(inScope(groups, scope)).orderBy(asc(groups.name)),
    db
      .select({ id: divisions.id, name: divisions.name, parentId: divisions.parentId })
      .from(divisions)
      .where(inScope(divisions, scope))
      .orderBy(asc(divisions.displayOrder), asc(divisions.id)),
    db.select({ id: jobTitles.id, name: jobTitles.name }).from(jobTitles).where(inScope(jobTitles, scope)).orderBy(asc(jobTitles.displayOrder), asc(jobTitles.id)),
    db.select({ id: jobPositions.id, name: jobPositions.name }).from(jobPositions).where(inScope(jobPositions, scope)).orderBy(asc(jobPositions.displayOrder), asc(jobPositions.id)),
  ]);
  return { roles: roleRows, groups: groupRows, divisions: divisionRows, jobTitles: titleRows, jobPositions: positionRows };
}
