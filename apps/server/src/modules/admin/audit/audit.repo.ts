import { type AnyColumn, and, count, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { auditEvents } from '../../../platform/audit/audit.table';
import { memberships, users } from '../../auth';
import { likePattern } from '../../../platform/db/sorting';

type Executor = Db | Tx;

export interface AuditFilter {
  types?: string[];
  actorUserId?: number;
  subjectUserId?: number;
  from?: Date;
  to?: Date;
  keyword?: string;
}

/**
 * What a workspace may read: its own events, plus the events without a workspace (sign-ins,
 * failures, lockouts, one-time codes, password changes) whose subject is one of its members,
 * deactivated members included. `audit_events` is global, so this is the scope check.
 */
function visibleTo(db: Executor, scope: TenantScope): SQL {
  const members = db.select({ userId: memberships.userId }).from(memberships).where(inScope(memberships, scope));
  return or(
    and(eq(auditEvents.tenantId, scope.tenantId), eq(auditEvents.workspaceId, scope.workspaceId)),
    and(isNull(auditEvents.workspaceId), inArray(auditEvents.subjectUserId, members)),
  ) as SQL;
}

function conditions(db: Executor, scope: TenantScope, f: AuditFilter): SQL | undefined {
  return and(
    visibleTo(db, scope),
    f.types?.length ? inArray(auditEvents.type, f.types) : undefined,
    f.actorUserId ? eq(auditEvents.actorUserId, f.actorUserId) : undefined,
    f.subjectUserId ? eq(auditEvents.subjectUserId, f.subjectUserId) : undefined,
    f.from ? gte(auditEvents.createdAt, f.from) : undefined,
    f.to ? lt(auditEvents.createdAt, f.to) : undefined,
    f.keyword ? sql`${auditEvents.data}::text ILIKE ${likePattern(f.keyword)}` : undefined,
  );
}

const actorUser = alias(users, 'actor_user');
const actorMember = alias(memberships, 'actor_member');
const subjectUser = alias(users, 'subject_user');
const subjectMember = alias(memberships, 'subject_member');

/** An event with the names of its actor and subject as this workspace knows them. */
function selectEvents(db: Executor, scope: TenantScope) {
  const memberOf = (member: { tenantId: AnyColumn; workspaceId: AnyColumn; userId: AnyColumn }, userId: AnyColumn) =>
    and(eq(member.tenantId, scope.tenantId), eq(member.workspaceId, scope.workspaceId), eq(member.userId, userId));
  return db
    .select({
      event: auditEvents,
      cursor: sql<string>`${auditEvents.createdAt}::text`,
      actorLoginId: actorUser.loginId,
      actorName: sql<string | null>`coalesce(${actorMember.displayName}, ${actorUser.name})`,
      subjectLoginId: subjectUser.loginId,
      subjectName: sql<string | null>`coalesce(${subjectMember.displayName}, ${subjectUser.name})`,
    })
    .from(auditEvents)
    .leftJoin(actorUser, eq(actorUser.id, auditEvents.actorUserId))
    .leftJoin(actorMember, memberOf(actorMember, auditEvents.actorUserId))
    .leftJoin(subjectUser, eq(subjectUser.id, auditEvents.subjectUserId))
    .leftJoin(subjectMember, memberOf(subjectMember, auditEvents.subjectUserId));
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

const order = (direction: 'asc' | 'desc') =>
  direction === 'asc' ? [sql`${auditEvents.createdAt} ASC`, sql`${auditEvents.id} ASC`] : [sql`${auditEvents.createdAt} DESC`, sql`${auditEvents.id} DESC`];

export async function searchEvents(db: Executor, scope: TenantScope, filter: AuditFilter, direction: 'asc' | 'desc', limit: number, offset: number): Promise<AuditRow[]> {
  return selectEvents(db, scope)
    .where(conditions(db, scope, filter))
    .orderBy(...order(direction))
    .limit(limit)
    .offset(offset);
}

export async function countEvents(db: Executor, scope: TenantScope, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(conditions(db, scope, filter));
  return row?.n ?? 0;
}

/** Where the previous batch of an export stopped: the exact timestamp (as text, microseconds kept) and id. */
export interface ExportCursor {
  createdAt: string;
  id: number;
}

/** The next batch of an export, newest first, after the cursor (keyset paging: stable and cheap at any depth). */
export async function eventsAfter(db: Executor, scope: TenantScope, filter: AuditFilter, cursor: ExportCursor | null, limit: number): Promise<AuditRow[]> {
  const after = cursor ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})` : undefined;
  return selectEvents(db, scope)
    .where(and(conditions(db, scope, filter), after))
    .orderBy(...order('desc'))
    .limit(limit);
}

/** Events per calendar day of the time zone, for the days that have any. */
export async function countPerDay(db: Executor, scope: TenantScope, filter: AuditFilter, timeZone: string): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${auditEvents.createdAt} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  // GROUP BY 1: repeating the expression would bind the zone as a second parameter, which PostgreSQL treats as a different expression.
  const rows = await db.select({ day, n: count() }).from(auditEvents).where(conditions(db, scope, filter)).groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, r.n]));
}
