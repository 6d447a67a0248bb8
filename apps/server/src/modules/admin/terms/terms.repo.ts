import { and, asc, count, desc, eq, ilike, inArray, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { memberships } from '../../auth';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { likePattern, type SortOrder } from '../../../platform/db/sorting';
import { termConsents, termRevisions, terms } from './terms.table';

type Executor = Db | Tx;
export type TermRow = typeof terms.$inferSelect;
export type TermType = TermRow['termType'];
export type RevisionRow = typeof termRevisions.$inferSelect;
export type ConsentRow = typeof termConsents.$inferSelect;


// ---------------------------------------------------------------------------------------------
// Terms
// ---------------------------------------------------------------------------------------------

export interface TermFilter {
  keyword?: string;
  termTypes?: TermType[];
  isActive?: boolean;
}

function termConditions(scope: TenantScope, f: TermFilter): SQL | undefined {
  return and(
    inScope(terms, scope),
    f.keyword ? ilike(terms.title, likePattern(f.keyword)) : undefined,
    f.termTypes?.length ? inArray(terms.termType, f.termTypes) : undefined,
    f.isActive === undefined ? undefined : eq(terms.isActive, f.isActive),
  );
}

export async function findTerm(db: Executor, scope: TenantScope, termId: number, options: { forUpdate?: boolean } = {}): Promise<TermRow | null> {
  const query = db.select().from(terms).where(and(inScope(terms, scope), eq(terms.id, termId))).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function searchTerms(db: Executor, scope: TenantScope, filter: TermFilter, sort: Array<SortOrder<'createdAt' | 'title'>>, limit: number, offset: number): Promise<TermRow[]> {
  const columns = { createdAt: terms.createdAt, title: terms.title } as const;
  const order = sort.map((s) => (s.direction === 'asc' ? asc(columns[s.field]) : desc(columns[s.field])));
  return db.select().from(terms).where(termConditions(scope, filter)).orderBy(...order, desc(terms.id)).limit(limit).offset(offset);
}

export async function countTerms(db: Executor, scope: TenantScope, filter: TermFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(terms).where(termConditions(scope, filter));
  return Number(row?.n ?? 0);
}

export type RevisionSummary = Pick<RevisionRow, 'id' | 'termId' | 'version' | 'requiresConsent' | 'effectiveAt'>;

/** Per term: how many revisions it has and its highest version (in effect or not). */
export async function revisionSummaries(db: Executor, scope: TenantScope, termIds: number[]): Promise<Map<number, { revisionCount: number; latest: RevisionSummary }>> {
  if (termIds.length === 0) return new Map();
  const latest = await db
    .selectDistinctOn([termRevisions.termId], {
      id: termRevisions.id,
      termId: termRevisions.termId,
      version: termRevisions.version,
      requiresConsent: termRevisions.requiresConsent,
      effectiveAt: termRevisions.effectiveAt,
      revisionCount: sql<number>`count(*) OVER (PARTITION BY ${termRevisions.termId})`.mapWith(Number),
    })
    .from(termRevisions)
    .where(and(inScope(termRevisions, scope), inArray(termRevisions.termId, termIds)))
    .orderBy(termRevisions.termId, desc(termRevisions.version));
  return new Map(latest.map(({ revisionCount, ...summary }) => [summary.termId, { revisionCount, latest: summary }]));
}

export async function countConsentsOfTerm(db: Executor, scope: TenantScope, termId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(termConsents)
    .innerJoin(termRevisions, eq(termRevisions.id, termConsents.revisionId))
    .where(and(inScope(termConsents, scope), inScope(termRevisions, scope), eq(termRevisions.termId, termId)));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Revisions
// ---------------------------------------------------------------------------------------------

export async function listRevisions(db: Executor, scope: TenantScope, termId: number, limit: number, offset: number): Promise<RevisionRow[]> {
  return db
    .select()
    .from(termRevisions)
    .where(and(inScope(termRevisions, scope), eq(termRevisions.termId, termId)))
    .orderBy(desc(termRevisions.version))
    .limit(limit)
    .offset(offset);
}

export async function countRevisions(db: Executor, scope: TenantScope, termId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(termRevisions).where(and(inScope(termRevisions, scope), eq(termRevisions.termId, termId)));
  return Number(row?.n ?? 0);
}

/** The next version number of a term (call with the term row locked). */
export async function nextVersion(tx: Tx, scope: TenantScope, termId: number): Promise<number> {
  const [row] = await tx.select({ v: max(termRevisions.version) }).from(termRevisions).where(and(inScope(termRevisions, scope), eq(termRevisions.termId, termId)));
  return (row?.v ?? 0) + 1;
}

export async function findRevisionWithTerm(db: Executor, scope: TenantScope, revisionId: number): Promise<{ revision: RevisionRow; term: TermRow } | null> {
  const [row] = await db
    .select({ revision: termRevisions, term: terms })
    .from(termRevisions)
    .innerJoin(terms, eq(terms.id, termRevisions.termId))
    .where(and(inScope(termRevisions, scope), inScope(terms, scope), eq(termRevisions.id, revisionId)))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// What is in effect, and what a member still has to agree to
// ---------------------------------------------------------------------------------------------

/** The current revision of every term: its highest version already in effect. */
function currentRevisions(db: Executor, scope: TenantScope, now: Date) {
  return db
    .selectDistinctOn([termRevisions.termId], {
      id: termRevisions.id,
      termId: termRevisions.termId,
      version: termRevisions.version,
      body: termRevisions.body,
      requiresConsent: termRevisions.requiresConsent,
      effectiveAt: termRevisions.effectiveAt,
    })
    .from(termRevisions)
    .where(and(inScope(termRevisions, scope), lte(termRevisions.effectiveAt, now)))
    .orderBy(termRevisions.termId, desc(termRevisions.version))
    .as('current_revisions');
}

export interface CurrentRevisionRow {
  termId: number;
  termType: TermType;
  title: string;
  revisionId: number;
  version: number;
  body: string;
  requiresConsent: boolean;
  effectiveAt: Date;
}

/** The current revisions of active terms, with their term (filtered further by `where`). */
async function selectCurrent(db: Executor, scope: TenantScope, now: Date, where: (current: ReturnType<typeof currentRevisions>) => SQL | undefined, limit?: number): Promise<CurrentRevisionRow[]> {
  const current = currentRevisions(db, scope, now);
  const query = db
    .select({
      termId: terms.id,
      termType: terms.termType,
      title: terms.title,
      revisionId: current.id,
      version: current.version,
      body: current.body,
      requiresConsent: current.requiresConsent,
      effectiveAt: current.effectiveAt,
    })
    .from(terms)
    .innerJoin(current, eq(current.termId, terms.id))
    .where(and(inScope(terms, scope), eq(terms.isActive, true), where(current)))
    .orderBy(desc(current.effectiveAt), asc(terms.id));
  return limit ? query.limit(limit) : query;
}

/** The user's last answer to a revision of the outer query (null: never answered). */
function lastAnswer(scope: TenantScope, userId: number, revisionId: SQL) {
  return sql<boolean | null>`(SELECT ${termConsents.isAgreed} FROM ${termConsents}
    WHERE ${termConsents.tenantId} = ${scope.tenantId} AND ${termConsents.workspaceId} = ${scope.workspaceId}
      AND ${termConsents.revisionId} = ${revisionId} AND ${termConsents.userId} = ${userId}
    ORDER BY ${termConsents.id} DESC LIMIT 1)`;
}

/** Current revisions requiring consent whose last answer by the user is not an agreement. */
export async function pendingFor(db: Executor, scope: TenantScope, userId: number, now: Date): Promise<CurrentRevisionRow[]> {
  return selectCurrent(db, scope, now, (current) => and(eq(current.requiresConsent, true), sql`coalesce(${lastAnswer(scope, userId, sql`${current.id}`)}, false) = false`));
}

/** The privacy policy in effect: the newest current revision of an active PRIVACY_POLICY term. */
export async function currentPrivacyPolicy(db: Executor, scope: TenantScope, now: Date): Promise<CurrentRevisionRow | null> {
  const [row] = await selectCurrent(db, scope, now, () => eq(terms.termType, 'PRIVACY_POLICY'), 1);
  return row ?? null;
}

/** The id of the current revision of one term (null: none in effect yet). */
export async function currentRevisionIdOf(db: Executor, scope: TenantScope, termId: number, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ id: termRevisions.id })
    .from(termRevisions)
    .where(and(inScope(termRevisions, scope), eq(termRevisions.termId, termId), lte(termRevisions.effectiveAt, now)))
    .orderBy(desc(termRevisions.version))
    .limit(1);
  return row?.id ?? null;
}

/** Whether the user's last answer to the revision was an agreement. */
export async function hasAgreed(db: Executor, scope: TenantScope, userId: number, revisionId: number): Promise<boolean> {
  const [row] = await db
    .select({ isAgreed: termConsents.isAgreed })
    .from(termConsents)
    .where(and(inScope(termConsents, scope), eq(termConsents.userId, userId), eq(termConsents.revisionId, revisionId)))
    .orderBy(desc(termConsents.id))
    .limit(1);
  return row?.isAgreed === true;
}

// ---------------------------------------------------------------------------------------------
// Consent history
// ---------------------------------------------------------------------------------------------

export interface ConsentFilter {
  userIds?: number[];
  termId?: number;
  revisionId?: number;
  isAgreed?: boolean;
}

function consentConditions(scope: TenantScope, f: ConsentFilter): SQL | undefined {
  return and(
    inScope(termConsents, scope),
    inScope(termRevisions, scope),
    inScope(terms, scope),
    f.userIds?.length ? inArray(termConsents.userId, f.userIds) : undefined,
    f.termId === undefined ? undefined : eq(termRevisions.termId, f.termId),
    f.revisionId === undefined ? undefined : eq(termConsents.revisionId, f.revisionId),
    f.isAgreed === undefined ? undefined : eq(termConsents.isAgreed, f.isAgreed),
  );
}

export async function searchConsents(db: Executor, scope: TenantScope, filter: ConsentFilter, sort: Array<SortOrder<'createdAt'>>, limit: number, offset: number) {
  const isAscending = sort[0]?.direction === 'asc';
  return db
    .select({
      consent: termConsents,
      userName: sql<string | null>`(SELECT ${memberships.displayName} FROM ${memberships}
        WHERE ${memberships.tenantId} = ${scope.tenantId} AND ${memberships.workspaceId} = ${scope.workspaceId} AND ${memberships.userId} = ${termConsents.userId})`,
      termId: terms.id,
      termTitle: terms.title,
      termType: terms.termType,
      version: termRevisions.version,
    })
    .from(termConsents)
    .innerJoin(termRevisions, eq(termRevisions.id, termConsents.revisionId))
    .innerJoin(terms, eq(terms.id, termRevisions.termId))
    .where(consentConditions(scope, filter))
    .orderBy(isAscending ? asc(termConsents.createdAt) : desc(termConsents.createdAt), isAscending ? asc(termConsents.id) : desc(termConsents.id))
    .limit(limit)
    .offset(offset);
}
export type ConsentHistoryRow = Awaited<ReturnType<typeof searchConsents>>[number];

export async function countConsents(db: Executor, scope: TenantScope, filter: ConsentFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(termConsents)
    .innerJoin(termRevisions, eq(termRevisions.id, termConsents.revisionId))
    .innerJoin(terms, eq(terms.id, termRevisions.termId))
    .where(consentConditions(scope, filter));
  return Number(row?.n ?? 0);
}
