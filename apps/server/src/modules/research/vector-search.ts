import { type Db, executorOf } from '../../platform/db/client';
import type { EmbeddingModelRow } from './passage-embeddings';
import { inForceVersionsSql } from './statute-versions';

/**
 * The passages nearest a question's vector among those BM25 searches (versions in force on the
 * date, the statutes asked for), by cosine over the vectors of one embedding model.
 *
 * Two ways, the same answer: with pgvector installed (PGlite always; PostgreSQL where the extension
 * is available, `Database.hasVector`, detected once at start) the database computes the distances,
 * casting the stored `real[]` to `vector` (one schema everywhere; no approximate index: the scan is
 * exact, over the in-force wordings only). Without it (Debian's PostgreSQL 15 here) the process
 * keeps each model's vectors in memory, normalised, and scans them; the in-force filter then runs
 * on the best candidates, widened until enough pass it.
 */
export type VectorSearchMode = 'pgvector' | 'exact';

export interface NearPassage {
  passageId: number;
  textId: number;
  cosine: number;
}

export interface VectorFilter {
  asOf: string;
  today: string;
  /** Only these statutes (법령ID); null for all. */
  lawIds: readonly string[] | null;
}

/** Candidates scanned first in memory, per passage wanted (most wordings are in force: one round is the rule). */
const FIRST_CANDIDATES_PER_HIT = 4;

/** The wordings of the passages searched, as the BM25 statement selects them ($1 date, $2 today, $3 statutes or null). */
const IN_FORCE_DOCS = `v as (${inForceVersionsSql('$1::text', '$2::text')}),
     docs as (
       select distinct rp.text_id from research_passages rp
       join v on v.law_serial_number = rp.law_serial_number
       where $3::text[] is null or rp.law_id = any($3::text[]))`;

/** The passages in force (and in the statutes asked for) carrying the given wordings, best wording first. */
const PASSAGES_OF_NEAR = `select rp.id::int as passage_id, near.text_id::int as text_id, near.cosine::float8 as cosine
     from near
     join research_passages rp on rp.text_id = near.text_id
     join v on v.law_serial_number = rp.law_serial_number
     where $3::text[] is null or rp.law_id = any($3::text[])
     order by near.cosine desc, rp.id`;

type NearRow = { passage_id: number; text_id: number; cosine: number };
const toNear = (rows: unknown[]): NearPassage[] =>
  (rows as NearRow[]).map((r) => ({ passageId: Number(r.passage_id), textId: Number(r.text_id), cosine: Number(r.cosine) }));

/** pgvector: one statement, distances computed by the database over the in-force wordings. */
async function nearestInDatabase(db: Db, model: string, query: readonly number[], filter: VectorFilter, limit: number): Promise<NearPassage[]> {
  const { rows } = await executorOf(db).executeSql(
    `with ${IN_FORCE_DOCS},
     near as (
       select e.text_id, 1 - (e.embedding::vector <=> $4::vector) as cosine
       from research_passage_embeddings e
       join docs on docs.text_id = e.text_id
       where e.model = $5
       order by e.embedding::vector <=> $4::vector, e.text_id
       limit $6)
     ${PASSAGES_OF_NEAR}`,
    [filter.asOf, filter.today, filter.lawIds, `[${query.join(',')}]`, model, limit],
  );
  return toNear(rows);
}

// --- the exact scan in memory ------------------------------------------------------------------

/** One model's vectors in this process: text ids and unit-length rows, in pages as they were read. */
interface ModelVectors {
  dimensions: number;
  /** Rows held (the model row's `embedded` when whole). */
  count: number;
  /** The greatest row id read: later rows are read from there. */
  lastId: number;
  pages: Array<{ textIds: Int32Array; rows: Float32Array }>;
}

/** Rows read per statement when loading a model's vectors. */
const LOAD_PAGE = 1000;
const cache = new Map<string, ModelVectors>();
const loading = new Map<string, Promise<ModelVectors>>();

/** `array_send` of a one-dimensional float4[]: a 20-byte header, then per element its length (4) and the big-endian float. */
function readSentArray(bytes: Uint8Array, dimensions: number, into: Float32Array, at: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let norm = 0;
  for (let i = 0; i < dimensions; i++) {
    const value = view.getFloat32(20 + i * 8 + 4, false);
    into[at + i] = value;
    norm += value * value;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < dimensions; i++) into[at + i]! *= scale;
}

/** Reads the model's rows after `from.lastId` into `from` (binary, a page at a time: no text parsing of floats). */
async function loadAfter(db: Db, model: string, from: ModelVectors): Promise<void> {
  for (;;) {
    const { rows } = await executorOf(db).executeSql(
      `select id::float8 as id, text_id::int as text_id, array_send(embedding) as bytes from research_passage_embeddings
       where model = $1 and id > $2 and dimensions = $3 order by id limit $4`,
      [model, from.lastId, from.dimensions, LOAD_PAGE],
    );
    const list = rows as Array<{ id: number; text_id: number; bytes: Uint8Array }>;
    if (list.length === 0) return;
    const page = { textIds: new Int32Array(list.length), rows: new Float32Array(list.length * from.dimensions) };
    list.forEach((r, i) => {
      page.textIds[i] = Number(r.text_id);
      readSentArray(r.bytes, from.dimensions, page.rows, i * from.dimensions);
    });
    from.pages.push(page);
    from.count += list.length;
    from.lastId = Number(list.at(-1)!.id);
    if (list.length < LOAD_PAGE) return;
  }
}

/**
 * The model's vectors, read once per process and then only the rows added since (the job adds
 * rows; none is ever changed). A copy that misses rows committed out of id order (its count differs
 * from the model row's) is read again whole.
 */
async function vectorsOf(db: Db, row: EmbeddingModelRow): Promise<ModelVectors> {
  const held = cache.get(row.model);
  if (held && held.dimensions === row.dimensions && held.count === row.embedded && held.lastId >= row.lastId) return held;
  const pending = loading.get(row.model);
  if (pending) return pending;
  const load = (async () => {
    const fresh = (): ModelVectors => ({ dimensions: row.dimensions, count: 0, lastId: 0, pages: [] });
    let target = held && held.dimensions === row.dimensions ? held : fresh();
    await loadAfter(db, row.model, target);
    if (target.count !== row.embedded && target.count < row.embedded) {
      target = fresh();
      await loadAfter(db, row.model, target);
    }
    cache.set(row.model, target);
    return target;
  })().finally(() => loading.delete(row.model));
  loading.set(row.model, load);
  return load;
}

/** Drops the in-memory copies (tests that store vectors behind the job's back; a model's rows deleted by hand). */
export function forgetVectorCache(): void {
  cache.clear();
}

interface Candidate {
  textId: number;
  cosine: number;
}

/** The `count` highest cosines of the unit query against every row (a min-heap of that size). */
function bestCandidates(vectors: ModelVectors, query: Float32Array, count: number): Candidate[] {
  const heap: Candidate[] = [];
  const dims = vectors.dimensions;
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && heap[l]!.cosine < heap[m]!.cosine) m = l;
      if (r < heap.length && heap[r]!.cosine < heap[m]!.cosine) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const page of vectors.pages) {
    for (let row = 0; row < page.textIds.length; row++) {
      let dot = 0;
      const base = row * dims;
      for (let i = 0; i < dims; i++) dot += page.rows[base + i]! * query[i]!;
      if (heap.length < count) {
        heap.push({ textId: page.textIds[row]!, cosine: dot });
        for (let i = heap.length - 1; i > 0; ) {
          const parent = (i - 1) >> 1;
          if (heap[parent]!.cosine <= heap[i]!.cosine) break;
          [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
          i = parent;
        }
      } else if (dot > heap[0]!.cosine) {
        heap[0] = { textId: page.textIds[row]!, cosine: dot };
        siftDown(0);
      }
    }
  }
  return heap.sort((a, b) => b.cosine - a.cosine || a.textId - b.textId);
}

function unit(query: readonly number[]): Float32Array {
  const out = Float32Array.from(query);
  const norm = Math.sqrt(out.reduce((s, v) => s + v * v, 0));
  return norm > 0 ? out.map((v) => v / norm) : out;
}

/** The in-memory scan: the best candidates, kept when their passages are searched, widened until `limit` wordings pass. */
async function nearestInMemory(db: Db, row: EmbeddingModelRow, query: readonly number[], filter: VectorFilter, limit: number): Promise<NearPassage[]> {
  const vectors = await vectorsOf(db, row);
  const q = unit(query);
  for (let want = limit * FIRST_CANDIDATES_PER_HIT; ; want *= 8) {
    const candidates = bestCandidates(vectors, q, Math.min(want, vectors.count));
    const { rows } = await executorOf(db).executeSql(
      `with ${IN_FORCE_DOCS},
       near as (
         select c.text_id, c.cosine from unnest($4::bigint[], $5::float8[]) as c(text_id, cosine)
         join docs on docs.text_id = c.text_id)
       ${PASSAGES_OF_NEAR}`,
      [filter.asOf, filter.today, filter.lawIds, candidates.map((c) => c.textId), candidates.map((c) => c.cosine)],
    );
    const found = toNear(rows);
    const wordings = [...new Set(found.map((p) => p.textId))].slice(0, limit);
    if (wordings.length >= limit || candidates.length >= vectors.count) return found.filter((p) => wordings.includes(p.textId));
  }
}

/**
 * The passages of the `limit` wordings nearest the query among those searched, best first (every
 * passage of a wording, as BM25 answers every passage of its wordings). Empty when the model has no
 * vectors of the query's length (the model row says which).
 */
export async function nearestPassages(db: Db, mode: VectorSearchMode, row: EmbeddingModelRow, query: readonly number[], filter: VectorFilter, limit: number): Promise<NearPassage[]> {
  if (row.dimensions !== query.length || limit <= 0) return [];
  return mode === 'pgvector' ? nearestInDatabase(db, row.model, query, filter, limit) : nearestInMemory(db, row, query, filter, limit);
}
