import { createHash } from 'node:crypto';
import type { ResearchIndexProgress } from '@legal/api';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import { type Database, type Db, executorOf, type Tx } from '../../platform/db/client';
import { eachInTurn, NO_TURNS } from '../../platform/jobs/in-turns';
import { lawArticles, lawStatutes } from '../law';
import { ensureInForceToday, INDEX_LOCK_SQL, INDEX_STATS_ID, invalidateInForce } from './in-force-today';
import { embeddingProgress } from './passage-embeddings';
import { koreanToday } from './research.policy';
import { researchIndexedVersions, researchPassages, researchPassageTexts, researchPostings } from './research.table';
import { termCounts, termLength } from './terms';

const INSERT_CHUNK = 500;

/**
 * The wording a passage is searched by: its heading and article title belong to it as much as its
 * text, and the title twice (a field boost): a title names what the article is about in a few words,
 * where a long article mentions many things once.
 */
export function indexedWording(passage: { heading: string | null; articleTitle: string | null; text: string }): string {
  return [passage.heading, passage.articleTitle, passage.articleTitle, passage.text].filter(Boolean).join('\n');
}

/** Versions of the law tables not yet indexed (new imports: the index follows them incrementally). */
export async function unindexedVersions(db: Db): Promise<string[]> {
  const indexed = db.select({ mst: researchIndexedVersions.lawSerialNumber }).from(researchIndexedVersions);
  const rows = await db.select({ mst: lawStatutes.lawSerialNumber }).from(lawStatutes).where(notInArray(lawStatutes.lawSerialNumber, indexed)).orderBy(asc(lawStatutes.lawSerialNumber));
  return rows.map((r) => r.mst);
}

/**
 * How far the index has followed the law tables (stored versions, indexed ones) and, for the
 * embedding model a workspace questions with, how far its vectors have followed the index.
 */
export async function indexProgress(db: Db, embeddingModel: string | null = null): Promise<ResearchIndexProgress> {
  const [stored] = await db.select({ n: count() }).from(lawStatutes);
  const [indexed] = await db.select({ n: count() }).from(researchIndexedVersions);
  const embeddings = embeddingModel ? await embeddingProgress(db, embeddingModel) : null;
  return { versions: stored?.n ?? 0, indexedVersions: indexed?.n ?? 0, embeddings };
}

/**
 * Indexes one statute version: a passage per main-text article that is not deleted, postings per
 * distinct wording (shared with earlier versions that had the same words). Whole or not at all, once.
 */
export async function indexVersion(db: Db, lawSerialNumber: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Indexers take turns (the job, a first question, another process): two versions may share a
    // wording, which only one of them may write; the second one sees the first's work.
    await tx.execute(INDEX_LOCK_SQL);
    const [done] = await tx.select().from(researchIndexedVersions).where(eq(researchIndexedVersions.lawSerialNumber, lawSerialNumber));
    if (done) return false;
    const [statute] = await tx.select().from(lawStatutes).where(eq(lawStatutes.lawSerialNumber, lawSerialNumber));
    if (!statute) return false;
    const articles = await tx
      .select()
      .from(lawArticles)
      .where(and(eq(lawArticles.lawSerialNumber, lawSerialNumber), eq(lawArticles.isAddendum, false), eq(lawArticles.isDeleted, false)))
      .orderBy(asc(lawArticles.ordinal));
    const passages = articles.map((a) => {
      // The heading (편/장/절) is shown with the passage but not searched: the evaluation figures were
      // measured on title and text, and a chapter name shared by dozens of articles would add noise.
      const wording = indexedWording({ heading: null, articleTitle: a.title, text: a.text });
      return { article: a, wording, text: a.text, hash: createHash('sha256').update(wording).digest('hex') };
    });
    const textIds = await textIdsFor(tx, passages);
    const rows = passages.map(({ article, hash }) => ({
      lawSerialNumber, lawId: statute.lawId, ordinal: article.ordinal, statuteTitle: statute.title, kind: statute.kind, effectiveDate: statute.effectiveDate,
      articleKey: article.articleKey, articleTitle: article.title, heading: article.heading, textId: textIds.get(hash)!,
    }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(researchPassages).values(rows.slice(i, i + INSERT_CHUNK));
    await tx.insert(researchIndexedVersions).values({ lawSerialNumber, passageCount: rows.length });
    await invalidateInForce(tx);
    return true;
  });
}

/** The text id of each wording, writing the texts (and their postings) not stored yet. */
async function textIdsFor(tx: Tx, passages: ReadonlyArray<{ wording: string; text: string; hash: string }>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const hashes = [...new Set(passages.map((p) => p.hash))];
  for (let i = 0; i < hashes.length; i += INSERT_CHUNK) {
    const existing = await tx.select({ id: researchPassageTexts.id, hash: researchPassageTexts.hash }).from(researchPassageTexts).where(inArray(researchPassageTexts.hash, hashes.slice(i, i + INSERT_CHUNK)));
    for (const row of existing) ids.set(row.hash, row.id);
  }
  const fresh = new Map<string, { wording: string; text: string }>();
  for (const p of passages) if (!ids.has(p.hash)) fresh.set(p.hash, p);
  const entries = [...fresh.entries()];
  for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
    const batch = entries.slice(i, i + INSERT_CHUNK).map(([hash, p]) => {
      const counts = termCounts(p.wording);
      return { hash, text: p.text, counts, length: termLength(counts) };
    });
    const inserted = await tx
      .insert(researchPassageTexts)
      .values(batch.map((b) => ({ hash: b.hash, length: b.length, articleText: b.text })))
      .returning({ id: researchPassageTexts.id, hash: researchPassageTexts.hash });
    for (const row of inserted) ids.set(row.hash, row.id);
    // Each posting carries its wording's length: the search scores from the postings index alone.
    const postings = batch.flatMap((b) => [...b.counts].map(([term, tf]) => ({ term, textId: ids.get(b.hash)!, tf, length: b.length })));
    for (let j = 0; j < postings.length; j += INSERT_CHUNK * 4) await tx.insert(researchPostings).values(postings.slice(j, j + INSERT_CHUNK * 4));
    await addTermStats(tx, batch.map((b) => b.counts));
  }
  return ids;
}

/**
 * Adds new wordings to the term statistics, in the transaction that writes their postings: a
 * wording is written once (its hash), so each counts once however often indexing runs.
 */
async function addTermStats(tx: Tx, wordings: ReadonlyArray<ReadonlyMap<string, number>>): Promise<void> {
  const df = new Map<string, number>();
  for (const counts of wordings) for (const term of counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const exec = executorOf(tx);
  await exec.executeSql(
    `insert into research_terms (term, df) select * from unnest($1::text[], $2::int[])
     on conflict (term) do update set df = research_terms.df + excluded.df`,
    [[...df.keys()], [...df.values()]],
  );
  const length = wordings.reduce((sum, counts) => sum + termLength(counts), 0);
  await exec.executeSql(
    `insert into research_index_stats (id, wordings, total_length) values (${INDEX_STATS_ID}, $1, $2)
     on conflict (id) do update set wordings = research_index_stats.wordings + excluded.wordings, total_length = research_index_stats.total_length + excluded.total_length`,
    [wordings.length, length],
  );
}

/** Share of the postings' pages the visibility map must mark all-visible for the search's index-only reads. */
const VISIBLE_SHARE = 0.9;

/**
 * The postings' visibility map lags (a migration rewrote the table, as 0042 did, or versions were
 * indexed without the run's vacuum): the search's index-only reads would fetch a table page per
 * posting. PGlite has no autovacuum to catch up.
 */
async function postingsNeedVacuum(db: Db): Promise<boolean> {
  // The table's size as it is (relpages is only as recent as the last vacuum, analyze or index build).
  const { rows } = await executorOf(db).executeSql(
    `select (pg_relation_size(oid) / current_setting('block_size')::int)::int as pages, relallvisible::int as visible from pg_class where oid = 'research_postings'::regclass`,
    [],
  );
  const row = rows[0] as { pages: number; visible: number } | undefined;
  return !!row && Number(row.visible) < VISIBLE_SHARE * Number(row.pages);
}

/**
 * Indexes every stored version not indexed yet; the number indexed. Then refreshes the planner's
 * statistics and visibility map of the index tables: without them the search's plan guesses row
 * counts and scans passages it could read from an index. Also done when nothing was indexed but
 * the postings' visibility map lags.
 */
export async function indexNewVersions(db: Db, options: { signal?: AbortSignal; inTurnsWith?: Pick<Database, 'yieldToRequests'>; today?: string } = {}): Promise<number> {
  let count = 0;
  // One version a unit, taken in turn with requests: on PGlite the whole corpus is minutes of WASM
  // that would otherwise hold the event loop (a health check waited 86 s at first start).
  await eachInTurn(options.inTurnsWith ?? NO_TURNS, await unindexedVersions(db), async (mst) => {
    if (!options.signal?.aborted && (await indexVersion(db, mst))) count++;
  });
  if (count === 0) {
    if (await postingsNeedVacuum(db)) await executorOf(db).executeSql('vacuum analyze research_postings');
    return 0;
  }
  // Today's versions now, not at the first question (which would wait for them).
  await ensureInForceToday(db, options.today ?? koreanToday());
  await executorOf(db).executeSql('vacuum analyze research_passages, research_passage_texts, research_postings, research_terms');
  return count;
}
