import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { fileRevisions, files, filePages } from '../../files';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import type { Tx } from '../../../platform/db/client';
import { contractColumns, type ContractRow, type Executor, refreshSearchText } from '../contracts.repo';
import { contractFiles, contracts } from '../contracts.table';

/**
 * The SQL of the built-in ranking engine and of reindexing. Ranking: the share of the query's
 * character bigrams (ko_bigrams, the same grams the keyword search uses) found in the title, in
 * the whole metadata text (title, memo, counterparties, hashtags) and in the best of the files'
 * extracted texts, weighted in that order, plus a pg_trgm similarity of the title as a tie
 * breaker for near spellings. The caller's read rule and filters come from
 * contract-search.repo.ts `searchConditions` and are passed in as `where`.
 */

const WEIGHT = { title: 1, metadata: 0.9, content: 0.8 } as const;
const TRGM_WEIGHT = 0.1;

export type MatchSource = 'TITLE' | 'METADATA' | 'CONTENT';

/** Share (0..1) of the query's bigrams that `doc` (a text[] of bigrams) contains. */
function overlap(queryGrams: SQL, doc: SQL): SQL<number> {
  return sql<number>`((SELECT count(*) FROM unnest(${queryGrams}) AS q(g) WHERE q.g = ANY(${doc}))::float8 / greatest(cardinality(${queryGrams}), 1))`;
}

/** The current revision of every live file attached to the contract in the outer query. */
function attachedRevisions(db: Executor, scope: TenantScope, select: Record<string, SQL>, extra?: SQL) {
  return db
    .select(select)
    .from(contractFiles)
    .innerJoin(files, and(eq(files.fileKey, contractFiles.fileKey), inScope(files, scope), isNull(files.deletedAt)))
    .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision), inScope(fileRevisions, scope)))
    .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contracts.id), extra));
}

/** Rows worth ranking: sharing at least one bigram with the query (both GIN-indexed). */
export function sharesAnyGram(db: Executor, scope: TenantScope, query: string): SQL {
  const queryGrams = sql`ko_bigrams(${query})`;
  const inContent = attachedRevisions(db, scope, { one: sql`1` }, sql`${fileRevisions.grams} && ${queryGrams}`);
  return sql`(${contracts.grams} && ${queryGrams} OR EXISTS (${inContent}))`;
}

export interface RankedId {
  id: number;
  score: number;
  matchedIn: MatchSource;
}

/** One page of `where`, best score first (ties: newest first). `query` is already normalised. */
export async function rankedIds(db: Executor, scope: TenantScope, where: SQL | undefined, query: string, limit: number, offset: number): Promise<RankedId[]> {
  const queryGrams = sql`ko_bigrams(${query})`;
  const content = attachedRevisions(db, scope, { best: sql`max(${overlap(queryGrams, sql`${fileRevisions.grams}`)})` });
  const parts = db
    .select({
      id: contracts.id,
      title: sql<number>`${overlap(queryGrams, sql`ko_bigrams(${contracts.title})`)} * ${sql.raw(String(WEIGHT.title))}`.as('title_s'),
      metadata: sql<number>`${overlap(queryGrams, sql`${contracts.grams}`)} * ${sql.raw(String(WEIGHT.metadata))}`.as('metadata_s'),
      content: sql<number>`coalesce((${content}), 0) * ${sql.raw(String(WEIGHT.content))}`.as('content_s'),
      trgm: sql<number>`similarity(lower(${contracts.title}), ${query})`.as('trgm_s'),
    })
    .from(contracts)
    .where(where)
    .as('parts');
  const best = sql`greatest(${parts.title}, ${parts.metadata}, ${parts.content})`;
  const score = sql<number>`least(1, ${best} * ${sql.raw(String(1 - TRGM_WEIGHT))} + ${parts.trgm} * ${sql.raw(String(TRGM_WEIGHT))})`;
  const rows = await db
    .select({
      id: parts.id,
      score: sql<number>`round((${score})::numeric, 4)::float8`,
      matchedIn: sql<MatchSource>`CASE WHEN ${parts.title} >= ${parts.metadata} AND ${parts.title} >= ${parts.content} THEN 'TITLE'
        WHEN ${parts.metadata} >= ${parts.content} THEN 'METADATA' ELSE 'CONTENT' END`,
    })
    .from(parts)
    .orderBy(desc(score), desc(parts.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ id: Number(r.id), score: Number(r.score), matchedIn: r.matchedIn }));
}

/** The rows of these ids (scope-checked), in the order given. */
export async function rowsInOrder(db: Executor, scope: TenantScope, ids: number[]): Promise<ContractRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(contractColumns).from(contracts).where(and(inScope(contracts, scope), inArray(contracts.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ContractRow => r !== undefined);
}

/** The page of the contract's files closest to the query: its number and text. */
export async function closestPage(db: Executor, scope: TenantScope, contractId: number, query: string): Promise<{ pageNumber: number; text: string } | null> {
  const queryGrams = sql`ko_bigrams(${query})`;
  const [page] = await db
    .select({ pageNumber: filePages.pageNumber, text: filePages.text })
    .from(contractFiles)
    .innerJoin(files, and(eq(files.fileKey, contractFiles.fileKey), inScope(files, scope), isNull(files.deletedAt)))
    .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision), inScope(fileRevisions, scope)))
    .innerJoin(filePages, and(eq(filePages.revisionId, fileRevisions.id), inScope(filePages, scope)))
    .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId)))
    .orderBy(desc(overlap(queryGrams, sql`ko_bigrams(${filePages.text})`)), asc(filePages.pageNumber))
    .limit(1);
  return page ?? null;
}

// Reindex ------------------------------------------------------------------------------------------

export interface IdRange {
  idStart?: number;
  idEnd?: number;
}

const inRange = (range: IdRange) =>
  and(range.idStart !== undefined ? gte(contracts.id, range.idStart) : undefined, range.idEnd !== undefined ? lte(contracts.id, range.idEnd) : undefined);

export async function countInRange(db: Executor, scope: TenantScope, range: IdRange): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contracts).where(and(inScope(contracts, scope), inRange(range)));
  return Number(row?.n ?? 0);
}

/** The next ids of the range after `afterId`, ascending (deleted contracts too: a restore finds them indexed). */
export async function nextIds(db: Executor, scope: TenantScope, range: IdRange, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(inScope(contracts, scope), inRange(range), sql`${contracts.id} > ${afterId}`))
    .orderBy(asc(contracts.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Rewrites the name copies of each contract from its children; the UPDATE makes PostgreSQL
 * recompute the generated bigram column from the current ko_bigrams as well.
 */
export async function reindexContracts(tx: Tx, scope: TenantScope, ids: number[]): Promise<void> {
  for (const id of ids) await refreshSearchText(tx, scope, id);
}
