import { and, asc, count, desc, eq, gt, ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import type { LocalizedText } from '../../../platform/http/errors';
import { memberships } from '../../auth';
import { likePattern, type SortOrder } from '../../../platform/db/sorting';
import { type Executor, qualified } from './organization.common';
import { jobPositions, jobTitles } from './organization.table';

/**
 * Job titles (직책: one per member, memberships.job_title_id) and job positions (직위: several
 * per member, memberships.job_position_ids) are two ordered name lists with the same columns;
 * a kind says how members hold an item.
 */
export interface JobItemKind {
  table: typeof jobTitles | typeof jobPositions;
  audit: 'job_title' | 'job_position';
  nameTaken: LocalizedText;
  inUse: LocalizedText;
  /** Members holding the item (a column of the outer query or an id). */
  heldBy: (itemId: SQLWrapper | number) => SQL;
  /** Takes the item away from the members holding it. */
  clear: (db: Executor, scope: TenantScope, itemId: number) => Promise<void>;
  /** Members whose display copy shows the order of the items (positions are joined in display order); null when none does. */
  orderShownBy: ((db: Executor, scope: TenantScope) => Promise<number[]>) | null;
}

export const JOB_TITLE: JobItemKind = {
  table: jobTitles,
  audit: 'job_title',
  nameTaken: { ko: '같은 이름의 직책이 이미 있습니다.', en: 'A job title with this name already exists.' },
  inUse: { ko: '이 직책을 가진 구성원이 있어 삭제할 수 없습니다.', en: 'Members still have this job title.' },
  heldBy: (itemId) => sql`${qualified(memberships.jobTitleId)} = ${itemId}`,
  clear: async (db, scope, itemId) => {
    await db.update(memberships).set({ jobTitleId: null, updatedAt: new Date() }).where(and(inScope(memberships, scope), eq(memberships.jobTitleId, itemId)));
  },
  orderShownBy: null,
};

export const JOB_POSITION: JobItemKind = {
  table: jobPositions,
  audit: 'job_position',
  nameTaken: { ko: '같은 이름의 직위가 이미 있습니다.', en: 'A job position with this name already exists.' },
  inUse: { ko: '이 직위를 가진 구성원이 있어 삭제할 수 없습니다.', en: 'Members still have this job position.' },
  heldBy: (itemId) => sql`${itemId} = ANY(${qualified(memberships.jobPositionIds)})`,
  clear: async (db, scope, itemId) => {
    await db
      .update(memberships)
      .set({ jobPositionIds: sql`array_remove(${memberships.jobPositionIds}, ${itemId}::bigint)`, updatedAt: new Date() })
      .where(and(inScope(memberships, scope), sql`${itemId} = ANY(${memberships.jobPositionIds})`));
  },
  orderShownBy: async (db, scope) => {
    const rows = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(inScope(memberships, scope), gt(sql`cardinality(${memberships.jobPositionIds})`, 1)));
    return rows.map((r) => r.id);
  },
};

export type JobItemSortField = 'displayOrder' | 'name' | 'createdAt';
export interface JobItemRow {
  id: number;
  name: string;
  displayOrder: number;
  memberCount: number;
  createdAt: Date;
}

function columnsOf(kind: JobItemKind, scope: TenantScope) {
  const { table } = kind;
  return {
    id: table.id,
    name: table.name,
    displayOrder: table.displayOrder,
    createdAt: table.createdAt,
    memberCount: sql<number>`(SELECT count(*)::int FROM ${memberships} WHERE ${memberships.tenantId} = ${scope.tenantId} AND ${memberships.workspaceId} = ${scope.workspaceId} AND ${kind.heldBy(qualified(table.id))})`,
  };
}

const filterOf = (kind: JobItemKind, scope: TenantScope, keyword?: string) => and(inScope(kind.table, scope), keyword ? ilike(kind.table.name, likePattern(keyword)) : undefined);

export async function searchJobItems(db: Executor, kind: JobItemKind, scope: TenantScope, keyword: string | undefined, sorts: SortOrder<JobItemSortField>[], limit: number, offset: number): Promise<JobItemRow[]> {
  const columns = columnsOf(kind, scope);
  const order = (sorts.length > 0 ? sorts : [{ field: 'displayOrder' as const, direction: 'asc' as const }]).map((s) =>
    s.direction === 'desc' ? desc(columns[s.field]) : asc(columns[s.field]),
  );
  return db.select(columns).from(kind.table).where(filterOf(kind, scope, keyword)).orderBy(...order, asc(kind.table.id)).limit(limit).offset(offset);
}

export async function countJobItems(db: Executor, kind: JobItemKind, scope: TenantScope, keyword: string | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(kind.table).where(filterOf(kind, scope, keyword));
  return row?.n ?? 0;
}

/** Every item in display order; `forUpdate` locks the list (renames, reorders and deletes serialize on it). */
export async function allJobItems(db: Executor, kind: JobItemKind, scope: TenantScope, options: { forUpdate?: boolean } = {}): Promise<JobItemRow[]> {
  if (options.forUpdate) await db.select({ id: kind.table.id }).from(kind.table).where(inScope(kind.table, scope)).orderBy(asc(kind.table.id)).for('update');
  return db.select(columnsOf(kind, scope)).from(kind.table).where(inScope(kind.table, scope)).orderBy(asc(kind.table.displayOrder), asc(kind.table.id));
}

export async function findJobItemByName(db: Executor, kind: JobItemKind, scope: TenantScope, name: string) {
  const [row] = await db.select({ id: kind.table.id }).from(kind.table).where(and(inScope(kind.table, scope), eq(kind.table.name, name)));
  return row ?? null;
}

export async function insertJobItem(db: Executor, kind: JobItemKind, scope: TenantScope, name: string, displayOrder: number) {
  const [row] = await db.insert(kind.table).values({ ...scope, name, displayOrder }).returning({ id: kind.table.id, createdAt: kind.table.createdAt });
  return row!;
}

export async function updateJobItem(db: Executor, kind: JobItemKind, scope: TenantScope, itemId: number, values: { name?: string; displayOrder?: number }) {
  await db.update(kind.table).set(values).where(and(inScope(kind.table, scope), eq(kind.table.id, itemId)));
}

export async function deleteJobItem(db: Executor, kind: JobItemKind, scope: TenantScope, itemId: number) {
  await db.delete(kind.table).where(and(inScope(kind.table, scope), eq(kind.table.id, itemId)));
}

/** Membership ids of the members holding the item. */
export async function holderIds(db: Executor, kind: JobItemKind, scope: TenantScope, itemId: number): Promise<number[]> {
  const rows = await db.select({ id: memberships.id }).from(memberships).where(and(inScope(memberships, scope), kind.heldBy(itemId)));
  return rows.map((r) => r.id);
}
