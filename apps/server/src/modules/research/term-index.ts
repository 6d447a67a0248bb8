import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Db, executorOf } from '../../platform/db/client';

// The statute index's posting lists, held in the process (docs/legal-research.md, "What indexing
// keeps for the search"). PostgreSQL keeps the index (research_postings, research_terms, the in-force flags);
// scoring a question there read and aggregated every posting of its terms at every question, a
// statement that on PGlite held the one connection for tens of milliseconds, so eight questions at
// once queued behind each other. A term's postings only change when the index grows, so the
// process keeps the lists it has read, least recently used out first, and scores in memory; what
// the database is asked per question is the index's state and the passages of the best wordings.

/** Postings held at most (about 12 bytes each): the shipped corpus with its history has 1.66 M. */
export const HELD_POSTINGS = 4_000_000;
/**
 * Postings read per statement when the lists are read ahead in the background (about 75 ms of
 * PGlite's one connection): requests' statements go between two pages.
 */
const READ_AHEAD_PAGE = 20_000;
/** Wordings sets of a date or of named statutes held at most (a few statutes are asked about by name). */
const HELD_WORDING_SETS = 64;

/** The wordings holding a term (ascending id), how often each holds it and each wording's length. A common term's lists are not read. */
export interface PostingList {
  df: number;
  textIds: Int32Array;
  tf: Float32Array;
  lengths: Int32Array;
}

/**
 * What the held lists and sets depend on. `postings` changes when a wording is indexed (the index
 * only grows: a term's list grows with it); `versions` when a version was indexed (even one adding
 * no wording: its passages carry old ones), stored, or the versions in force today were worked out
 * again (what today's, a date's or a statute's wordings are). The sets are dropped on either.
 */
export interface IndexGeneration {
  postings: string;
  versions: string;
}

const EMPTY: Omit<PostingList, 'df'> = { textIds: new Int32Array(0), tf: new Float32Array(0), lengths: new Int32Array(0) };

export class TermIndex {
  private generation: IndexGeneration | null = null;
  /** Incremented at every reset: a read that started before it does not fill the new generation. */
  private epoch = 0;
  /** When the postings generation was last seen to change (ms). */
  private changedAt = 0;
  private lists = new Map<string, PostingList>();
  private held = 0;
  private pending = new Map<string, Promise<PostingList>>();
  private inForce: Promise<Uint8Array> | null = null;
  private wordingSets = new Map<string, Promise<Set<number>>>();
  /** The read-ahead of the current epoch, once started. */
  private readingAhead: { epoch: number; done: Promise<void> } | null = null;
  /** Score per wording id, reused by every question (scoring is synchronous) and cleared after. */
  private scratch = new Float64Array(0);

  constructor(private readonly capacity = HELD_POSTINGS) {}

  /** Postings held (each list counts one more: a common or absent term's entry). */
  get heldPostings(): number {
    return this.held;
  }

  /** Drops what the index's state no longer supports. */
  sync(generation: IndexGeneration): void {
    const postingsChanged = this.generation?.postings !== generation.postings;
    if (postingsChanged) {
      this.changedAt = Date.now();
      this.lists.clear();
      this.held = 0;
      this.pending.clear();
      this.epoch++;
    }
    if (postingsChanged || this.generation?.versions !== generation.versions) {
      this.inForce = null;
      this.wordingSets.clear();
    }
    this.generation = generation;
  }

  /** The lists of `terms`; those not held are read in one statement. A list longer than `maxDf` (a common term) is left unread. */
  async postings(db: Db, terms: readonly string[], maxDf: number): Promise<Map<string, PostingList>> {
    const missing = terms.filter((t) => !this.lists.has(t) && !this.pending.has(t));
    if (missing.length > 0) {
      const read = readPostings(db, missing, maxDf);
      const epoch = this.epoch;
      for (const term of missing) {
        const one = read.then((lists) => lists.get(term)!);
        this.pending.set(term, one);
        // A failed read is not held: the next question reads again (the caller sees the error).
        one.catch(() => undefined).finally(() => this.pending.get(term) === one && this.pending.delete(term));
      }
      void read.then((lists) => epoch === this.epoch && lists.forEach((list, term) => this.hold(term, list)), () => undefined);
    }
    // Taken before any await: a read that completes meanwhile moves its lists from pending to held.
    const wanted = terms.map((term) => {
      const held = this.lists.get(term);
      if (!held) return this.pending.get(term)!;
      // Least recently used first out: a hit moves the term to the end of the map's order.
      this.lists.delete(term);
      this.lists.set(term, held);
      return held;
    });
    const lists = await Promise.all(wanted);
    return new Map(terms.map((term, i) => [term, lists[i]!]));
  }

  /** Whether the postings generation has held this long: an index still growing (the first start's indexing) is not read ahead at every question. */
  heldFor(ms: number): boolean {
    return this.generation !== null && Date.now() - this.changedAt >= ms;
  }

  /**
   * Reads every list not held yet (up to the capacity) in the background, a page at a time with the
   * event loop given back between pages, once per generation: the questions after it read nothing
   * but their passages. A failed page ends it quietly: questions read the lists they need themselves.
   */
  readAhead(db: Db, maxDf: number): Promise<void> {
    if (this.readingAhead?.epoch === this.epoch) return this.readingAhead.done;
    const epoch = this.epoch;
    const done = (async () => {
      // The terms first (one statement), then their lists a page at a time: paging through the terms in order made PostgreSQL sort them at every page.
      const { rows } = await executorOf(db).executeSql('select term, df from research_terms where df <= $1::float8', [maxDf]);
      let page: string[] = [];
      let postings = 0;
      for (const [i, r] of (rows as Array<{ term: string; df: number }>).entries()) {
        if (!this.lists.has(r.term) && !this.pending.has(r.term)) {
          page.push(r.term);
          postings += Number(r.df);
        }
        if (postings < READ_AHEAD_PAGE && i < rows.length - 1) continue;
        if (epoch !== this.epoch || this.held >= this.capacity) return;
        if (page.length > 0) {
          const lists = await readPostings(db, page, maxDf);
          if (epoch === this.epoch) lists.forEach((list, term) => this.hold(term, list));
          await nextTurn();
        }
        page = [];
        postings = 0;
      }
    })().catch(() => undefined);
    this.readingAhead = { epoch, done };
    return done;
  }

  private hold(term: string, list: PostingList): void {
    if (this.lists.has(term)) return;
    this.lists.set(term, list);
    this.held += list.textIds.length + 1;
    for (const [oldest, old] of this.lists) {
      if (this.held <= this.capacity) break;
      this.lists.delete(oldest);
      this.held -= old.textIds.length + 1;
    }
  }

  /** The wordings flagged in force today, as a bitmap by id (read once per generation). */
  inForceToday(db: Db): Promise<Uint8Array> {
    if (!this.inForce) {
      const read = readInForce(db);
      this.inForce = read;
      read.catch(() => this.inForce === read && (this.inForce = null));
    }
    return this.inForce;
  }

  /** The wordings a statement answers (`select text_id ...`), held by `key` within the generation. */
  wordingSet(db: Db, key: string, statement: string, values: unknown[]): Promise<Set<number>> {
    let set = this.wordingSets.get(key);
    if (set) {
      this.wordingSets.delete(key);
    } else {
      set = executorOf(db).executeSql(statement, values).then(({ rows }) => new Set((rows as Array<{ text_id: number }>).map((r) => Number(r.text_id))));
      set.catch(() => this.wordingSets.get(key) === set && this.wordingSets.delete(key));
      if (this.wordingSets.size >= HELD_WORDING_SETS) this.wordingSets.delete(this.wordingSets.keys().next().value!);
    }
    this.wordingSets.set(key, set);
    return set;
  }

  /** A zeroed score array covering wording ids up to `maxId`; the caller zeroes what it touched. */
  scores(maxId: number): Float64Array {
    if (this.scratch.length <= maxId) this.scratch = new Float64Array(Math.max(maxId + 1, this.scratch.length * 2));
    return this.scratch;
  }
}

/** A list from the three arrays the database answered, put in wording order if it was not already. */
function listOf(df: number, ids: number[], tf: number[], lengths: number[]): PostingList {
  if (ids.every((id, i) => i === 0 || id > ids[i - 1]!)) return { df, textIds: Int32Array.from(ids), tf: Float32Array.from(tf), lengths: Int32Array.from(lengths) };
  const order = ids.map((_, i) => i).sort((a, b) => ids[a]! - ids[b]!);
  return { df, textIds: Int32Array.from(order, (i) => ids[i]!), tf: Float32Array.from(order, (i) => tf[i]!), lengths: Int32Array.from(order, (i) => lengths[i]!) };
}

async function readPostings(db: Db, terms: readonly string[], maxDf: number): Promise<Map<string, PostingList>> {
  // A row per term with its postings as arrays: a row per posting cost PGlite ten times as much to
  // hand over, and ordering inside the aggregates twice as much (the order is checked here). A
  // common term's postings are not read (null). A term no wording holds has no research_terms row.
  const { rows } = await executorOf(db).executeSql(
    `select t.term, t.df, array_agg(po.text_id::int) filter (where po.text_id is not null) as text_ids,
            array_agg(po.tf) filter (where po.text_id is not null) as tf, array_agg(po.length) filter (where po.text_id is not null) as lengths
     from research_terms t left join research_postings po on po.term = t.term and t.df <= $2::float8
     where t.term = any($1::text[])
     group by t.term, t.df`,
    [terms, maxDf],
  );
  const out = new Map<string, PostingList>(terms.map((t) => [t, { df: 0, ...EMPTY }]));
  for (const r of rows as Array<{ term: string; df: number; text_ids: number[] | null; tf: number[] | null; lengths: number[] | null }>) {
    out.set(r.term, r.text_ids ? listOf(Number(r.df), r.text_ids, r.tf!, r.lengths!) : { df: Number(r.df), ...EMPTY });
  }
  return out;
}

async function readInForce(db: Db): Promise<Uint8Array> {
  const { rows } = await executorOf(db).executeSql('select id::int as id from research_passage_texts where in_force order by id', []);
  const ids = (rows as Array<{ id: number }>).map((r) => Number(r.id));
  const flags = new Uint8Array((ids.at(-1) ?? 0) + 1);
  for (const id of ids) flags[id] = 1;
  return flags;
}

const indexes = new WeakMap<Db, TermIndex>();

/** The process's term index of a database. */
export function termIndexOf(db: Db): TermIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new TermIndex()));
  return index;
}
