import type { InvitationSortField, InvitationStatus } from '@legal/api';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, not, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { likePattern, type SortOrder } from '../../../platform/db/sorting';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { memberships, roles, tenants, workspaces, users } from '../../auth';
import { groups, jobPositions } from '../organization/organization.table';
import { invitations } from './invitations.table';

type Executor = Db | Tx;
export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;

export async function findInvitation(db: Executor, scope: TenantScope, invitationId: number, options: { forUpdate?: boolean } = {}): Promise<InvitationRow | null> {
  const query = db.select().from(invitations).where(and(inScope(invitations, scope), eq(invitations.id, invitationId))).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The invitation behind the token of a link, with its workspace. Unscoped by nature: the token
 * is what names the workspace (the accept page has no X-Tenant/X-Workspace). A purged workspace
 * answers nothing.
 */
export async function unscopedFindInvitationByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      workspace: {
        name: workspaces.name,
        tenantName: tenants.name,
        isTwoFactorRequired: workspaces.isTwoFactorRequired,
        passwordMaxAgeDays: workspaces.passwordMaxAgeDays,
        sessionIdleMinutes: workspaces.sessionIdleMinutes,
      },
    })
    .from(invitations)
    .innerJoin(workspaces, and(eq(workspaces.id, invitations.workspaceId), eq(workspaces.tenantId, invitations.tenantId)))
    .innerJoin(tenants, eq(tenants.id, workspaces.tenantId))
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(workspaces.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type InvitationWithWorkspace = NonNullable<Awaited<ReturnType<typeof unscopedFindInvitationByTokenHash>>>;

/** Inserts an invitation; null when the address has a pending one already (partial unique index). */
export async function insertInvitation(tx: Tx, values: NewInvitation): Promise<InvitationRow | null> {
  const [row] = await tx.insert(invitations).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Moves an invitation on, only from the state the caller saw (`fromStatus`): null when it moved meanwhile. */
export async function updateInvitation(tx: Tx, scope: TenantScope, invitationId: number, fromStatus: InvitationStatus, changes: Partial<NewInvitation>): Promise<InvitationRow | null> {
  const [row] = await tx
    .update(invitations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(inScope(invitations, scope), eq(invitations.id, invitationId), eq(invitations.status, fromStatus)))
    .returning();
  return row ?? null;
}

/** The pending invitations of these addresses. */
export async function findPendingByLoginIds(db: Executor, scope: TenantScope, loginIds: string[]): Promise<InvitationRow[]> {
  if (loginIds.length === 0) return [];
  return db.select().from(invitations).where(and(inScope(invitations, scope), eq(invitations.status, 'PENDING'), inArray(invitations.loginId, loginIds)));
}

/** Which of these addresses belong to a member of the workspace (active or deactivated). */
export async function findMemberLoginIds(db: Executor, scope: TenantScope, loginIds: string[]): Promise<Set<string>> {
  if (loginIds.length === 0) return new Set();
  const rows = await db
    .select({ loginId: users.loginId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inScope(memberships, scope), inArray(users.loginId, loginIds)));
  return new Set(rows.map((r) => r.loginId));
}

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

export interface InvitationFilter {
  statuses?: InvitationStatus[];
  keyword?: string;
  expired?: boolean;
}

function expiredCondition(now: Date): SQL {
  return and(eq(invitations.status, 'PENDING'), lte(invitations.expiresAt, now)) as SQL;
}

function filterConditions(scope: TenantScope, f: InvitationFilter, now: Date): SQL | undefined {
  const pattern = f.keyword ? likePattern(f.keyword) : undefined;
  return and(
    inScope(invitations, scope),
    f.statuses?.length ? inArray(invitations.status, f.statuses) : undefined,
    pattern ? or(ilike(invitations.loginId, pattern), ilike(invitations.displayName, pattern)) : undefined,
    f.expired === true ? expiredCondition(now) : f.expired === false ? not(expiredCondition(now)) : undefined,
  );
}

const SORT_COLUMNS = { createdAt: invitations.createdAt, loginId: invitations.loginId, expiresAt: invitations.expiresAt, lastSentAt: invitations.lastSentAt } as const satisfies Record<InvitationSortField, unknown>;

export type InvitationSort = SortOrder<InvitationSortField>;

export async function searchInvitations(db: Executor, scope: TenantScope, filter: InvitationFilter, sort: InvitationSort[], now: Date, limit: number, offset: number) {
  const order = (sort.length ? sort : [{ field: 'createdAt' as const, direction: 'desc' as const }]).map((s) =>
    s.direction === 'asc' ? asc(SORT_COLUMNS[s.field]) : desc(SORT_COLUMNS[s.field]),
  );
  return db
    .select()
    .from(invitations)
    .where(filterConditions(scope, filter, now))
    .orderBy(...order, sort[0]?.direction === 'asc' ? asc(invitations.id) : desc(invitations.id))
    .limit(limit)
    .offset(offset);
}

export async function countInvitations(db: Executor, scope: TenantScope, filter: InvitationFilter, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invitations).where(filterConditions(scope, filter, now));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The organisation an invitation names (groups, job positions, roles of the workspace)
// ---------------------------------------------------------------------------------------------

export interface NamedRef {
  id: number;
  name: string;
}

export async function groupsByIds(db: Executor, scope: TenantScope, ids: number[]): Promise<NamedRef[]> {
  if (ids.length === 0) return [];
  return db.select({ id: groups.id, name: groups.name }).from(groups).where(and(inScope(groups, scope), inArray(groups.id, ids)));
}

export async function jobPositionsByIds(db: Executor, scope: TenantScope, ids: number[]): Promise<NamedRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: jobPositions.id, name: jobPositions.name })
    .from(jobPositions)
    .where(and(inScope(jobPositions, scope), inArray(jobPositions.id, ids)))
    .orderBy(asc(jobPositions.displayOrder), asc(jobPositions.id));
}

export async function rolesByIds(db: Executor, scope: TenantScope, ids: number[]): Promise<NamedRef[]> {
  if (ids.length === 0) return [];
  return db.select({ id: roles.id, name: roles.name }).from(roles).where(and(inScope(roles, scope), inArray(roles.id, ids))).orderBy(asc(roles.id));
}

/** Display names of members of the workspace by user id. */
export async function memberNames(db: Executor, scope: TenantScope, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: memberships.userId, displayName: memberships.displayName })
    .from(memberships)
    .where(and(inScope(memberships, scope), inArray(memberships.userId, userIds)));
  return new Map(rows.map((r) => [r.userId, r.displayName]));
}

/** Everything an invitation form may choose from, in display order. */
export async function formOptions(db: Executor, scope: TenantScope) {
  const [groupRows, positionRows, roleRows] = await Promise.all([
    db.select({ id: groups.id, name: groups.name }).from(groups).where(inScope(groups, scope)).orderBy(asc(groups.name)),
    db.select({ id: jobPositions.id, name: jobPositions.name }).from(jobPositions).where(inScope(jobPositions, scope)).orderBy(asc(jobPositions.displayOrder), asc(jobPositions.id)),
    db.select({ id: roles.id, name: roles.name, code: roles.code }).from(roles).where(inScope(roles, scope)).orderBy(asc(roles.id)),
  ]);
  return { groups: groupRows, jobPositions: positionRows, roles: roleRows };
}

export async function roleIdByCode(db: Executor, scope: TenantScope, code: string): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(and(inScope(roles, scope), eq(roles.code, code)));
  return row?.id ?? null;
}
