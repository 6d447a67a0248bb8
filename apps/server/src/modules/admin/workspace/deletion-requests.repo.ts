import type { DeletionRequestStatus } from '@legal/api';
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { users, workspaces } from '../../auth';
import type { SortOrder } from '../../../platform/db/sorting';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { workspaceDeletionRequests as requests } from './deletion-requests.table';

type Executor = Db | Tx;
export type DeletionRequestRow = typeof requests.$inferSelect;

/** A request with the names the screens show: the requester's and the workspace's. */
export interface DeletionRequestView {
  request: DeletionRequestRow;
  requesterName: string | null;
  requesterLoginId: string | null;
  requesterLocale: 'ko' | 'en' | null;
  workspaceName: string;
}

export const OPEN_STATUSES: DeletionRequestStatus[] = ['PENDING', 'APPROVED'];

export const SORT_COLUMNS = {
  createdAt: requests.createdAt,
  decidedAt: requests.decidedAt,
  purgeAfter: requests.purgeAfter,
  status: requests.status,
} as const;
export type SortField = keyof typeof SORT_COLUMNS;
export const SORT_FIELDS = Object.keys(SORT_COLUMNS) as SortField[];
export type Sort = Array<SortOrder<SortField>>;

function viewQuery(db: Executor) {
  return db
    .select({ request: requests, requesterName: users.name, requesterLoginId: users.loginId, requesterLocale: users.locale, workspaceName: workspaces.name })
    .from(requests)
    .innerJoin(workspaces, and(eq(workspaces.id, requests.workspaceId), eq(workspaces.tenantId, requests.tenantId)))
    .leftJoin(users, eq(users.id, requests.requestedByUserId))
    .$dynamic();
}

const orderOf = (sort: Sort) => [
  ...(sort.length ? sort : [{ field: 'createdAt' as const, direction: 'desc' as const }]).map((s) => (s.direction === 'asc' ? asc(SORT_COLUMNS[s.field]) : desc(SORT_COLUMNS[s.field]))),
  desc(requests.id),
];

async function lockable(query: ReturnType<typeof viewQuery>, forUpdate: boolean | undefined): Promise<DeletionRequestView | null> {
  const [row] = forUpdate ? await query.limit(1).for('update', { of: requests }) : await query.limit(1);
  return row ?? null;
}

// Workspace admin: always within the scope ----------------------------------------------------

export function findRequest(db: Executor, scope: TenantScope, requestId: number, options: { forUpdate?: boolean } = {}) {
  return lockable(viewQuery(db).where(and(inScope(requests, scope), eq(requests.id, requestId))), options.forUpdate);
}

export function findOpenRequest(db: Executor, scope: TenantScope) {
  return lockable(viewQuery(db).where(and(inScope(requests, scope), inArray(requests.status, OPEN_STATUSES))), false);
}

export function listRequests(db: Executor, scope: TenantScope, sort: Sort, limit: number, offset: number): Promise<DeletionRequestView[]> {
  return viewQuery(db).where(inScope(requests, scope)).orderBy(...orderOf(sort)).limit(limit).offset(offset);
}

export async function countRequests(db: Executor, condition: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(requests).where(condition);
  return Number(row?.n ?? 0);
}

export const scopeCondition = (scope: TenantScope) => inScope(requests, scope);

// Super admin and jobs: across tenants by design (unscoped, reviewed) ---------------------------

export function unscopedFindRequest(db: Executor, requestId: number, options: { forUpdate?: boolean } = {}) {
  return lockable(viewQuery(db).where(eq(requests.id, requestId)), options.forUpdate);
}

export const statusCondition = (statuses: DeletionRequestStatus[] | undefined) => (statuses?.length ? inArray(requests.status, statuses) : undefined);

export function unscopedListRequests(db: Executor, statuses: DeletionRequestStatus[] | undefined, sort: Sort, limit: number, offset: number): Promise<DeletionRequestView[]> {
  return viewQuery(db).where(statusCondition(statuses)).orderBy(...orderOf(sort)).limit(limit).offset(offset);
}

/** APPROVED requests whose grace period is over: the purge's work list. */
export async function unscopedDueRequestIds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.status, 'APPROVED'), lte(requests.purgeAfter, now)))
    .orderBy(asc(requests.purgeAfter))
    .limit(limit);
  return rows.map((r) => r.id);
}
