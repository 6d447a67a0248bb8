import { sql } from 'drizzle-orm';
import { type Db, executorOf, type Tx } from '../../platform/db/client';
import { inForceVersionsSql } from './statute-versions';

// The versions in force today, materialised (docs/legal-research.md, "Retrieval latency"). Most
// questions are about today; working out the versions in force and the wordings of their passages
// at every question was half of a search's time. research_in_force_versions holds them and
// research_passage_texts.in_force flags the wordings they carry; research_index_stats says for which
// days that holds. Questions about another date keep the general path (inForceVersionsSql).

/** The single row of research_index_stats. */
export const INDEX_STATS_ID = 1;

/** Indexers and the refresh take turns under this lock: a version indexed mid-refresh would be missed. */
export const INDEX_LOCK_SQL = sql`select pg_advisory_xact_lock(hashtext('research-index'))`;

export interface IndexState {
  from: string | null;
  until: string | null;
  storedVersions: number | null;
  /** Statute versions stored (law_statutes). */
  stored: number;
  /** BM25's collection statistics: wordings indexed and their total length. */
  wordings: number;
  totalLength: number;
  /** The greatest passage id: grows with every version indexed, even one adding no new wording. */
  lastPassage: number;
}

/** The index's state in one statement: the statistics, the stored versions and for which days the versions in force hold. */
export async function indexState(db: Db | Tx): Promise<IndexState> {
  const { rows } = await executorOf(db).executeSql(
    `select s.in_force_from, s.in_force_until, s.in_force_stored_versions, coalesce(s.wordings, 0)::int as wordings, coalesce(s.total_length, 0)::float8 as total_length,
            (select count(*) from law_statutes)::int as stored, coalesce((select max(id) from research_passages), 0)::float8 as last_passage
     from (select 1) one left join research_index_stats s on s.id = ${INDEX_STATS_ID}`,
    [],
  );
  const row = rows[0] as {
    in_force_from: string | null; in_force_until: string | null; in_force_stored_versions: number | null; stored: number; wordings: number; total_length: number; last_passage: number;
  };
  return {
    from: row.in_force_from, until: row.in_force_until, storedVersions: row.in_force_stored_versions === null ? null : Number(row.in_force_stored_versions),
    stored: Number(row.stored), wordings: Number(row.wordings), totalLength: Number(row.total_length), lastPassage: Number(row.last_passage),
  };
}

/**
 * The materialised versions hold for `today` when they were worked out on or before it, no stored
 * version takes effect between then and today (the choice per statute is then the same), and no
 * version was stored since (an imported version not indexed yet changes the choice too).
 */
export function holdsFor(state: Pick<IndexState, 'from' | 'until' | 'storedVersions' | 'stored'>, today: string): boolean {
  return state.from !== null && state.from <= today && (state.until === null || today < state.until) && state.storedVersions === state.stored;
}

/** Marks the materialised versions out of date (a version was indexed): the next search works them out again. */
export async function invalidateInForce(tx: Tx): Promise<void> {
  await tx.execute(sql`update research_index_stats set in_force_from = null where id = ${INDEX_STATS_ID}`);
}

/** Flags changed beyond which the refresh is followed by a VACUUM: the scoring reads the flags from an index only, which needs the visibility map. */
const VACUUM_AFTER_CHANGES = 1_000;

/** Works out the versions in force on `today` and flags the wordings their passages carry (only the flags that change are written); how many changed. */
async function refresh(tx: Tx, today: string): Promise<number> {
  const exec = executorOf(tx);
  await exec.executeSql('delete from research_in_force_versions', []);
  await exec.executeSql(`insert into research_in_force_versions (law_serial_number, law_id) select law_serial_number, law_id from (${inForceVersionsSql('$1::text', '$1::text')}) v`, [today]);
  const { rows } = await exec.executeSql(
    `with cur as (select distinct rp.text_id from research_passages rp join research_in_force_versions v on v.law_serial_number = rp.law_serial_number),
     changed as (update research_passage_texts t set in_force = not t.in_force where t.in_force <> (t.id in (select text_id from cur)) returning 1)
     select count(*)::int as n from changed`,
    [],
  );
  await exec.executeSql(
    `insert into research_index_stats (id, wordings, total_length, in_force_from, in_force_until, in_force_stored_versions)
     select ${INDEX_STATS_ID}, 0, 0, $1, (select min(effective_date) from law_statutes where effective_date > $1), (select count(*) from law_statutes)
     on conflict (id) do update set in_force_from = excluded.in_force_from, in_force_until = excluded.in_force_until, in_force_stored_versions = excluded.in_force_stored_versions`,
    [today],
  );
  return Number((rows[0] as { n: number }).n);
}

/**
 * Makes the materialised versions answer for `today`, working them out when they do not
 * (the first question of a day, after indexing): once per day and index change, under the
 * indexers' lock so that concurrent questions refresh once. Answers the index's state then.
 */
export async function ensureInForceToday(db: Db, today: string): Promise<IndexState> {
  const state = await indexState(db);
  if (holdsFor(state, today)) return state;
  const changed = await db.transaction(async (tx) => {
    await tx.execute(INDEX_LOCK_SQL);
    return holdsFor(await indexState(tx), today) ? 0 : refresh(tx, today);
  });
  if (changed > VACUUM_AFTER_CHANGES) await executorOf(db).executeSql('vacuum analyze research_passage_texts', []);
  return indexState(db);
}
