import type { ResearchEmbeddingProgress } from '@legal/api';
import { eq, sql } from 'drizzle-orm';
import type { AiProvider } from '../../platform/ai/provider';
import { type Database, type Db, executorOf } from '../../platform/db/client';
import { eachInTurn } from '../../platform/jobs/in-turns';
import { researchEmbeddingModels, researchPassageEmbeddings } from './research.table';

/**
 * The vectors of the indexed wordings (research_passage_texts), one per wording and embedding model,
 * computed by the job research.embed-passages after indexing. Only a real model's: the built-in
 * engine's embeddings are feature hashes of the words, which would only echo BM25.
 */

/** Inputs per embeddings call: small enough that a failed call loses little and a body stays well under any provider's limits. */
export const EMBED_BATCH = 64;
/**
 * Characters of a wording sent to the model. Most articles are far shorter; the longest (definition
 * lists) would pass the input window of many models (512 to 8k tokens) and fail their whole batch
 * again at every retry. The title and the first paragraphs say what an article is about.
 */
export const EMBED_MAX_CHARS = 2000;

/** The embedding model whose vectors retrieval may fuse: a configured model of a real provider, else none. */
export function embeddingModelOf(provider: Pick<AiProvider, 'driver' | 'embeddingModel'>): string | null {
  return provider.driver !== 'BUILT_IN' && provider.embeddingModel ? provider.embeddingModel : null;
}

/** What a wording is embedded from: the article title once (BM25 weighs it twice; a model reads it) and the text. */
export function embeddingInput(articleTitle: string | null, articleText: string): string {
  return (articleTitle ? `${articleTitle}\n${articleText}` : articleText).slice(0, EMBED_MAX_CHARS);
}

export interface EmbeddingModelRow {
  model: string;
  dimensions: number;
  embedded: number;
  lastId: number;
}

/** The model's summary row (null: nothing embedded with it). */
export async function embeddingModelRow(db: Db, model: string): Promise<EmbeddingModelRow | null> {
  const [row] = await db.select().from(researchEmbeddingModels).where(eq(researchEmbeddingModels.model, model));
  return row ? { model: row.model, dimensions: row.dimensions, embedded: row.embedded, lastId: row.lastId } : null;
}

/** How far the vectors of a model have followed the index (what answers report beside the index's progress). */
export async function embeddingProgress(db: Db, model: string): Promise<ResearchEmbeddingProgress> {
  const { rows } = await executorOf(db).executeSql(
    `select (select count(*) from research_passage_texts)::int as wordings,
            coalesce((select embedded from research_embedding_models where model = $1), 0)::int as embedded`,
    [model],
  );
  const row = rows[0] as { wordings: number; embedded: number };
  return { model, wordings: Number(row.wordings), embedded: Number(row.embedded) };
}

interface PendingWording {
  textId: number;
  input: string;
}

/**
 * The next wordings without a vector of this model, after `afterTextId` (a run walks the ids once;
 * a new run starts again from the first, so what a crashed run left is picked up).
 */
async function pendingWordings(db: Db, model: string, afterTextId: number, limit: number): Promise<PendingWording[]> {
  const { rows } = await executorOf(db).executeSql(
    `select distinct on (t.id) t.id::int as text_id, rp.article_title, t.article_text
     from research_passage_texts t
     join research_passages rp on rp.text_id = t.id
     where t.id > $2 and not exists (select 1 from research_passage_embeddings e where e.model = $1 and e.text_id = t.id)
     order by t.id
     limit $3`,
    [model, afterTextId, limit],
  );
  return (rows as Array<{ text_id: number; article_title: string | null; article_text: string }>).map((r) => ({
    textId: Number(r.text_id), input: embeddingInput(r.article_title, r.article_text),
  }));
}

/**
 * Stores a batch's vectors and counts them on the model's row, in one transaction: a wording
 * another run stored meanwhile is skipped (and not counted), so the count stays the rows' count.
 */
async function storeBatch(db: Db, model: string, rows: ReadonlyArray<{ textId: number; vector: number[] }>): Promise<number> {
  const dimensions = rows[0]!.vector.length;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(researchPassageEmbeddings)
      .values(rows.map((r) => ({ model, textId: r.textId, dimensions, embedding: r.vector })))
      .onConflictDoNothing()
      .returning({ id: researchPassageEmbeddings.id });
    if (inserted.length === 0) return 0;
    const lastId = Math.max(...inserted.map((r) => r.id));
    await tx
      .insert(researchEmbeddingModels)
      .values({ model, dimensions, embedded: inserted.length, lastId })
      .onConflictDoUpdate({
        target: researchEmbeddingModels.model,
        set: { embedded: sql`${researchEmbeddingModels.embedded} + ${inserted.length}`, lastId: sql`greatest(${researchEmbeddingModels.lastId}, ${lastId})`, updatedAt: sql`now()` },
      });
    return inserted.length;
  });
}

/** The provider answered vectors unlike the model's stored ones: a different model under the same name. */
function checkDimensions(model: string, stored: number | null, vectors: readonly number[][]): void {
  const expected = stored ?? vectors[0]?.length ?? 0;
  const wrong = vectors.find((v) => v.length !== expected || v.length === 0);
  if (wrong) {
    throw new Error(
      `embedding model ${model} answered ${wrong.length} dimensions where ${expected} were expected: a different model under the same name? ` +
        'Its stored vectors (research_passage_embeddings) must be deleted before it is embedded again.',
    );
  }
}

export interface EmbedRunResult {
  /** Wordings embedded by this run. */
  embedded: number;
  /** Embeddings calls made (0 when every wording already had a vector). */
  calls: number;
}

/**
 * Embeds every wording that has no vector of the provider's embedding model, `EMBED_BATCH` a call,
 * each batch stored in its own transaction and taken in turn with requests (PGlite): a run cut
 * short keeps what it stored and the next run embeds the rest; a run with nothing left makes no
 * call. A provider failure throws (the jobs platform retries the job later).
 */
export async function embedPendingWordings(
  database: Pick<Database, 'db' | 'yieldToRequests'>,
  provider: AiProvider,
  options: { signal?: AbortSignal; batchSize?: number } = {},
): Promise<EmbedRunResult> {
  const model = embeddingModelOf(provider);
  if (!model) return { embedded: 0, calls: 0 };
  const batchSize = options.batchSize ?? EMBED_BATCH;
  const db = database.db;
  let stored = (await embeddingModelRow(db, model))?.dimensions ?? null;
  const result: EmbedRunResult = { embedded: 0, calls: 0 };
  async function* batches() {
    for (let after = 0; !options.signal?.aborted; ) {
      const batch = await pendingWordings(db, model!, after, batchSize);
      if (batch.length === 0) return;
      after = batch.at(-1)!.textId;
      yield batch;
    }
  }
  await eachInTurn(database, batches(), async (batch) => {
    const answer = await provider.embed({ input: batch.map((w) => w.input), model, signal: options.signal });
    result.calls++;
    checkDimensions(model, stored, answer.vectors);
    result.embedded += await storeBatch(db, model, batch.map((w, i) => ({ textId: w.textId, vector: answer.vectors[i]! })));
    stored ??= answer.vectors[0]!.length;
  });
  return result;
}
