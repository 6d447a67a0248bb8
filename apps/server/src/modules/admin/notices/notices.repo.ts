import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { memberships } from '../../auth';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { likePattern, type SortOrder } from '../../../platform/db/sorting';
import { noticeReads, notices } from './notices.table';

type Executor = Db | Tx;
export type NoticeRow = typeof notices.$inferSelect;
export type NoticeType = NoticeRow['noticeType'];

export interface NoticeFilter {
  keyword?: string;
  noticeTypes?: NoticeType[];
  creatorIds?: number[];
  /** Member lists: only notices this reader has (true) or has not (false) opened. */
  isRead?: boolean;
}

export type NoticeSort = SortOrder<'createdAt' | 'title'>;

/** Whether the reader has opened the notice of the outer row. */
function hasRead(scope: TenantScope, userId: number) {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${noticeReads} WHERE ${noticeReads.tenantId} = ${scope.tenantId} AND ${noticeReads.workspaceId} = ${scope.workspaceId}
    AND ${noticeReads.noticeId} = ${notices.id} AND ${noticeReads.userId} = ${userId})`;
}

/** The live notices of the scope matching the filter (`readerId` is needed for `isRead`). */
function conditions(scope: TenantScope, f: NoticeFilter, readerId?: number): SQL | undefined {
  const pattern = f.keyword ? likePattern(f.keyword) : undefined;
  return and(
    inScope(notices, scope),
    isNull(notices.deletedAt),
    pattern ? or(ilike(notices.title, pattern), ilike(notices.body, pattern)) : undefined,
    f.noticeTypes?.length ? inArray(notices.noticeType, f.noticeTypes) : undefined,
    f.creatorIds?.length ? inArray(notices.creatorUserId, f.creatorIds) : undefined,
    f.isRead === undefined || readerId === undefined ? undefined : f.isRead ? hasRead(scope, readerId) : not(hasRead(scope, readerId)),
  );
}

/** The creator's display name in this workspace (their membership), if they are still a member. */
function creatorName(scope: TenantScope) {
  return sql<string | null>`(SELECT ${memberships.displayName} FROM ${memberships}
    WHERE ${memberships.tenantId} = ${scope.tenantId} AND ${memberships.workspaceId} = ${scope.workspaceId} AND ${memberships.userId} = ${notices.creatorUserId})`;
}

function readCount(scope: TenantScope) {
  return sql<number>`(SELECT count(*)::int FROM ${noticeReads}
    WHERE ${noticeReads.tenantId} = ${scope.tenantId} AND ${noticeReads.workspaceId} = ${scope.workspaceId} AND ${noticeReads.noticeId} = ${notices.id})`;
}

/** Pinned first, then the requested order, the id breaking ties. */
function ordering(sort: NoticeSort[]) {
  const columns = { createdAt: notices.createdAt, title: notices.title } as const;
  const requested = sort.map((s) => (s.direction === 'asc' ? asc(columns[s.field]) : desc(columns[s.field])));
  return [desc(notices.isPinned), ...requested, desc(notices.id)];
}

export type AdminNoticeRow = { notice: NoticeRow; creatorName: string | null; readCount: number };
export type MemberNoticeRow = { notice: NoticeRow; creatorName: string | null; isRead: boolean };

export async function findNotice(
  db: Executor,
  scope: TenantScope,
  noticeId: number,
  options: { includeDeleted?: boolean; forUpdate?: boolean } = {},
): Promise<NoticeRow | null> {
  const query = db
    .select()
    .from(notices)
    .where(and(inScope(notices, scope), eq(notices.id, noticeId), options.includeDeleted ? undefined : isNull(notices.deletedAt)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findAdminNotice(db: Executor, scope: TenantScope, noticeId: number): Promise<AdminNoticeRow | null> {
  const [row] = await db
    .select({ notice: notices, creatorName: creatorName(scope), readCount: readCount(scope) })
    .from(notices)
    .where(and(inScope(notices, scope), eq(notices.id, noticeId)))
    .limit(1);
  return row ?? null;
}

export async function searchAdminNotices(db: Executor, scope: TenantScope, filter: NoticeFilter, sort: NoticeSort[], limit: number, offset: number): Promise<AdminNoticeRow[]> {
  return db
    .select({ notice: notices, creatorName: creatorName(scope), readCount: readCount(scope) })
    .from(notices)
    .where(conditions(scope, filter))
    .orderBy(...ordering(sort))
    .limit(limit)
    .offset(offset);
}

export async function searchMemberNotices(
  db: Executor,
  scope: TenantScope,
  readerId: number,
  filter: NoticeFilter,
  sort: NoticeSort[],
  limit: number,
  offset: number,
): Promise<MemberNoticeRow[]> {
  return db
    .select({ notice: notices, creatorName: creatorName(scope), isRead: hasRead(scope, readerId).mapWith(Boolean) })
    .from(notices)
    .where(conditions(scope, filter, readerId))
    .orderBy(...ordering(sort))
    .limit(limit)
    .offset(offset);
}

export async function countNotices(db: Executor, scope: TenantScope, filter: NoticeFilter, readerId?: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notices).where(conditions(scope, filter, readerId));
  return Number(row?.n ?? 0);
}

export async function findMemberNotice(db: Executor, scope: TenantScope, readerId: number, noticeId: number): Promise<MemberNoticeRow | null> {
  const [row] = await db
    .select({ notice: notices, creatorName: creatorName(scope), isRead: hasRead(scope, readerId).mapWith(Boolean) })
    .from(notices)
    .where(and(inScope(notices, scope), isNull(notices.deletedAt), eq(notices.id, noticeId)))
    .limit(1);
  return row ?? null;
}

/** Records that the reader opened the notice (the first time counts; later opens change nothing). */
export async function markRead(db: Executor, scope: TenantScope, noticeId: number, readerId: number): Promise<void> {
  await db.insert(noticeReads).values({ ...scope, noticeId, userId: readerId }).onConflictDoNothing();
}

/** Marks every live notice the reader has not opened; answers how many. */
export async function markAllRead(db: Executor, scope: TenantScope, readerId: number): Promise<number> {
  const unread = db
    .select({
      tenantId: sql<number>`${scope.tenantId}::bigint`.as('tenant_id'),
      workspaceId: sql<number>`${scope.workspaceId}::bigint`.as('workspace_id'),
      noticeId: sql<number>`${notices.id}`.as('notice_id'),
      userId: sql<number>`${readerId}::bigint`.as('user_id'),
      readAt: sql<Date>`now()`.as('read_at'),
    })
    .from(notices)
    .where(conditions(scope, { isRead: false }, readerId));
  const inserted = await db.insert(noticeReads).select(unread).onConflictDoNothing().returning({ noticeId: noticeReads.noticeId });
  return inserted.length;
}

/** Everyone who has created a live notice, with their display name in this workspace. */
export async function listCreators(db: Executor, scope: TenantScope): Promise<Array<{ userId: number; displayName: string | null }>> {
  const rows = await db
    .selectDistinct({ userId: notices.creatorUserId, displayName: creatorName(scope) })
    .from(notices)
    .where(and(inScope(notices, scope), isNull(notices.deletedAt), isNotNull(notices.creatorUserId)));
  return rows
    .filter((r): r is { userId: number; displayName: string | null } => r.userId !== null)
    .sort((a, b) => (a.displayName ?? '').localeCompare(b.displayName ?? '', 'ko') || a.userId - b.userId);
}
