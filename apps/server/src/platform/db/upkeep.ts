import { z } from 'zod';
import { eachInTurn } from '../jobs/in-turns';
import { defineJob } from '../jobs/jobs';
import type { AppServices } from '../services';
import type { Database } from './client';

/**
 * Table statistics and dead rows: what autovacuum looks after on a PostgreSQL server, and nothing
 * does on the embedded database.
 *
 * PostgreSQL plans each statement from the statistics ANALYZE gathers. PGlite runs no autovacuum,
 * so its tables were never analyzed: the planner guessed one row per table and, for the contract
 * search, scanned every file revision's bigrams once per attached file (40 ms where 2.6 ms was
 * enough once analyzed; docs/performance.md). Dead rows were never vacuumed either (a review writes
 * its progress every 500 ms). A PostgreSQL server's autovacuum analyzes a table once 50 rows and
 * 10% of it have changed, so a small table (the 40 files of a new workspace's contracts) may never
 * be analyzed at all.
 *
 * Every minute this job asks the cumulative statistics which tables need it, with
 * autovacuum's own default thresholds, and runs ANALYZE (or VACUUM ANALYZE) one table at a time,
 * in turns with the requests. On PostgreSQL it only analyzes the tables that have no statistics or
 * have changed by as many rows as they held (a table analyzed empty); the rest stays autovacuum's.
 */
/** As often as autovacuum looks (autovacuum_naptime): a run with nothing to do is one read of the counters. */
export const UPKEEP_INTERVAL_MS = 60_000;
/** The first run after start-up: once the demo seed's first writes are in, before anyone has waited long. */
export const UPKEEP_FIRST_DELAY_MS = 60_000;
/** The schemas looked after: the application's tables and the job queue's. */
const SCHEMAS = ['public', 'pgboss'];

export interface TableActivity {
  schema: string;
  name: string;
  /** Rows inserted, updated or deleted since the table was last analyzed. */
  modified: number;
  dead: number;
  /** The planner's row count (pg_class.reltuples; -1 when never analyzed nor vacuumed). */
  tuples: number;
  /**
   * Analyzed since the counters began, or holding statistics. The counters start again in a
   * database copied from a template and after a crash, so the statistics themselves are asked too;
   * an empty table has none, and is analyzed once per such start (a millisecond).
   */
  analyzed: boolean;
}

export type UpkeepAction = 'ANALYZE' | 'VACUUM ANALYZE';

/**
 * What one table needs now: autovacuum's default thresholds (50 rows and 10% to analyze, 50 rows
 * and 20% to vacuum) on PGlite; on both drivers, a table without statistics or grown twofold.
 */
export function upkeepOf(table: TableActivity, driver: Database['driver']): UpkeepAction | null {
  const rows = Math.max(table.tuples, 0);
  if (driver === 'pglite' && table.dead > 50 + 0.2 * rows) return 'VACUUM ANALYZE';
  if (!table.analyzed) return 'ANALYZE';
  // Grown at least twofold since (analyzed empty at start-up, say): below autovacuum's 50 rows, yet
  // its statistics describe another table.
  if (table.modified > 0 && table.modified >= rows) return 'ANALYZE';
  if (driver === 'pglite' && table.modified > 50 + 0.1 * rows) return 'ANALYZE';
  return null;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs what each table needs, a table at a time in turns with the requests; answers what was done. */
export async function upkeepTables(database: Pick<Database, 'driver' | 'sql' | 'yieldToRequests'>): Promise<Array<{ table: string; action: UpkeepAction; ms: number }>> {
  // The embedded database reports its counters lazily; this makes them current for the read below.
  if (database.driver === 'pglite') await database.sql.executeSql('select pg_stat_force_next_flush()', []).catch(() => undefined);
  const { rows } = await database.sql.executeSql(
    `select s.schemaname as schema, s.relname as name, s.n_mod_since_analyze::float8 as modified, s.n_dead_tup::float8 as dead,
            c.reltuples::float8 as tuples,
            (s.last_analyze is not null or s.last_autoanalyze is not null
              or exists (select 1 from pg_stats st where st.schemaname = s.schemaname and st.tablename = s.relname)) as analyzed
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = any($1::text[]) and c.relkind = 'r'
      order by s.schemaname, s.relname`,
    [SCHEMAS],
  );
  const due = (rows as TableActivity[]).flatMap((table) => {
    const action = upkeepOf(table, database.driver);
    return action ? [{ table: `${table.schema}.${table.name}`, action, sql: `${action} ${quoted(table.schema)}.${quoted(table.name)}` }] : [];
  });
  const done: Array<{ table: string; action: UpkeepAction; ms: number }> = [];
  await eachInTurn(database, due, async ({ table, action, sql }) => {
    const started = performance.now();
    await database.sql.executeSql(sql, []);
    done.push({ table, action, ms: Math.round(performance.now() - started) });
  });
  return done;
}

const slotKey = (at: number) => new Date(Math.floor(at / UPKEEP_INTERVAL_MS) * UPKEEP_INTERVAL_MS).toISOString();

/** Looks after the tables (see above), then books its next run. */
export const databaseUpkeepJob = defineJob<{ slot: string }, AppServices>({
  name: 'db.upkeep',
  payload: z.object({ slot: z.string() }),
  policy: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  async handler(_payload, services) {
    const started = Date.now();
    const done = await upkeepTables(services.database);
    // The job queue's own tables change every minute: a run of small analyses is not news.
    const worth = done.some((d) => d.action === 'VACUUM ANALYZE' || d.ms >= 100);
    if (done.length > 0) services.logger[worth ? 'info' : 'debug']({ job: 'db.upkeep', ms: Date.now() - started, tables: done }, 'tables analyzed');
    await scheduleDatabaseUpkeep(services, UPKEEP_INTERVAL_MS);
  },
});

export async function scheduleDatabaseUpkeep(services: Pick<AppServices, 'jobs'>, delayMs = UPKEEP_FIRST_DELAY_MS) {
  const at = Date.now() + delayMs;
  await services.jobs.send(databaseUpkeepJob, { slot: slotKey(at) }, { idempotencyKey: `db.upkeep:${slotKey(at)}`, startAfter: at });
}
