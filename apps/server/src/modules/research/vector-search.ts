import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Db, executorOf } from '../../platform/db/client';
import type { EmbeddingModelRow } from './passage-embeddings';
import { inForceVersionsSql } from './statute-versions';

/**
 * The passages nearest a question's vector among those BM25 searches (versions in force on the
 * date, the statutes asked for), by cosine over the vectors of one embedding model.
 *
 * Two ways, the same answer. By default (`exact`, every database) the process keeps each model's
 * vectors in memory, normalised, and scans them; the in-force filter then runs on the best
 * candidates, widened until enough pass it. With `RESEARCH_VECTOR_SEARCH=pgvector` and the extension
 * installed (PGlite always; PostgreSQL where available, `Database.hasVector`, detected once at
 * start) the database computes the distances instead, casting the stored `real[]` to `vector` (one
 * schema everywhere; no approximate index, exact over the in-force wordings): no copy per process,
 * but about 20x slower per question without an index (docs/legal-research.md).
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

interface Held {
  vectors: ModelVectors | null;
  loading: Promise<ModelVectors> | null;
}

/**
 * Rows read per statement when loading a model's vectors (1.2 MB at 1,536 dimensions): short
 * statements, the event loop given back between them, so that on PGlite's one connection the
 * requests' queries go between two pages of a read that takes a minute or more there.
 */
const LOAD_PAGE = 200;
/** Per database (a process has one; tests have one per file), per model. */
const held = new WeakMap<Db, Map<string, Held>>();

function heldOf(db: Db, model: string): Held {
  let models = held.get(db);
  if (!models) held.set(db, (models = new Map()));
  let entry = models.get(model);
  if (!entry) models.set(model, (entry = { vectors: null, loading: null }));
  return entry;
}

const isCurrent = (vectors: ModelVectors | null, row: EmbeddingModelRow): boolean =>
  vectors !== null && vectors.dimensions === row.dimensions && vectors.count === row.embedded && vectors.lastId >= row.lastId;

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

/** Reads the model's rows after `into.lastId` (binary, a page at a time: no text parsing of floats). */
async function loadAfter(db: Db, model: string, into: ModelVectors): Promise<void> {
  for (;;) {
    const { rows } = await executorOf(db).executeSql(
      `select id::float8 as id, text_id::int as text_id, array_send(embedding) as bytes from research_passage_embeddings
       where model = $1 and id > $2 and dimensions = $3 order by id limit $4`,
      [model, into.lastId, into.dimensions, LOAD_PAGE],
    );
    const list = rows as Array<{ id: number; text_id: number; bytes: Uint8Array }>;
    if (list.length === 0) return;
    const page = { textIds: new Int32Array(list.length), rows: new Float32Array(list.length * into.dimensions) };
    list.forEach((r, i) => {
      page.textIds[i] = Number(r.text_id);
      readSentArray(r.bytes, into.dimensions, page.rows, i * into.dimensions);
    });
    into.pages.push(page);
    into.count += list.length;
    into.lastId = Number(list.at(-1)!.id);
    if (list.length < LOAD_PAGE) return;
    await nextTurn();
  }
}

/**
 * Brings this process's copy of the model's vectors up to date and answers it: read whole the first
 * time, then only the rows added since (the job adds rows; none is ever changed). A copy that
 * missed rows committed out of id order (its count short of the model row's) is read again whole.
 * One read at a time per model; callers meanwhile share it.
 */
export function loadVectors(db: Db, row: EmbeddingModelRow): Promise<ModelVectors> {
  const entry = heldOf(db, row.model);
  if (entry.vectors && isCurrent(entry.vectors, row)) return Promise.resolve(entry.vectors);
  entry.loading ??= (async () => {
    const fresh = (): ModelVectors => ({ dimensions: row.dimensions, count: 0, lastId: 0, pages: [] });
    // Rows are appended to a copy of the page list: a scan running meanwhile keeps its own.
    let target = entry.vectors && entry.vectors.dimensions === row.dimensions ? { ...entry.vectors, pages: [...entry.vectors.pages] } : fresh();
    await loadAfter(db, row.model, target);
    if (target.count < row.embedded) {
      target = fresh();
      await loadAfter(db, row.model, target);
    }
    entry.vectors = target;
    return target;
  })().finally(() => {
    entry.loading = null;
  });
  return entry.loading;
}

/**
 * The copy a question may scan now: the current one, or the one held while a newer is read in the
 * background (it misses only the newest rows). Null while the first read runs: reading a whole
 * model takes seconds (100 MB for 16k wordings of 1536 dimensions), longer than a question may wait,
 * so those questions are answered without vectors.
 */
function vectorsNow(db: Db, row: EmbeddingModelRow, onLoadError: (err: unknown) => void): ModelVectors | null {
  const entry = heldOf(db, row.model);
  if (entry.vectors && isCurrent(entry.vectors, row)) return entry.vectors;
  if (!entry.loading) loadVectors(db, row).catch(onLoadError);
  return entry.vectors?.dimensions === row.dimensions ? entry.vectors : null;
}

interface Candidate {
  textId: number;
  cosine: number;
}

/** The dot product of the query with the row at `base`: four sums at a time (a third faster in V8 than one). */
function dotAt(rows: Float32Array, base: number, query: Float32Array): number {
  const dims = query.length;
  const whole = dims - (dims % 4);
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (let at = base; i < whole; i += 4, at += 4) {
    a += rows[at]! * query[i]!;
    b += rows[at + 1]! * query[i + 1]!;
    c += rows[at + 2]! * query[i + 2]!;
    d += rows[at + 3]! * query[i + 3]!;
  }
  for (; i < dims; i++) a += rows[base + i]! * query[i]!;
  return a + b + c + d;
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
    const rows = page.rows;
    for (let row = 0; row < page.textIds.length; row++) {
      const dot = dotAt(rows, row * dims, query);
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
async function nearestInMemory(db: Db, vectors: ModelVectors, query: readonly number[], filter: VectorFilter, limit: number): Promise<NearPassage[]> {
  const q = unit(query);
  for (let want = limit * FIRST_CANDIDATES_PER_HIT; ; want *= 8) {
    const candidates = bestCandidates(vectors, q, Math.min(want, vectors.count));
    const { rows } = await executorOf(db).executeSql(
      `with v as (${inForceVersionsSql('$1::text', '$2::text')}),
       near as (select * from unnest($4::bigint[], $5::float8[]) as c(text_id, cosine))
       ${PASSAGES_OF_NEAR}`,
      [filter.asOf, filter.today, filter.lawIds, candidates.map((c) => c.textId), candidates.map((c) => c.cosine)],
    );
    const found = toNear(rows);
    const wordings = new Set([...new Set(found.map((p) => p.textId))].slice(0, limit));
    if (wordings.size >= limit || candidates.length >= vectors.count) return found.filter((p) => wordings.has(p.textId));
  }
}

/**
 * The passages of the `limit` wordings nearest the query among those searched, best first (every
 * passage of a wording, as BM25 answers every passage of its wordings). Empty when the model has no
 * vectors of the query's length (the model row says which), and, scanning in memory, while this
 * process reads the model's vectors for the first time (`loadVectors`).
 */
export async function nearestPassages(
  db: Db, mode: VectorSearchMode, row: EmbeddingModelRow, query: readonly number[], filter: VectorFilter, limit: number, onLoadError: (err: unknown) => void = () => undefined,
): Promise<NearPassage[]> {
  if (row.dimensions !== query.length || limit <= 0) return [];
  if (mode === 'pgvector') return nearestInDatabase(db, row.model, query, filter, limit);
  const vectors = vectorsNow(db, row, onLoadError);
  return vectors ? nearestInMemory(db, vectors, query, filter, limit) : [];
}
