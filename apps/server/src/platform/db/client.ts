import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
/** The database as Drizzle's query builder; tables come from the modules (no relational-query schema). */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle is used exactly like the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw SQL access for libraries that bring their own SQL (pg-boss). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Raw SQL on the database or an open transaction: for a library with its own SQL (pg-boss) that
 * must write inside the caller's transaction, and for the hand-written queries that run on every
 * request. Both drivers' sessions hold a client with `query(text, values)`: the pg Pool or a
 * PoolClient, PGlite or its transaction object.
 */
export function executorOf(db: Db | Tx): SqlExecutor {
  const client = (db as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('database session has no SQL client');
  const query = client.query as (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  return { executeSql: (text, values) => query.call(client, text, values ?? []) };
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  sql: SqlExecutor;
  /** Whether the pgvector extension is installed; vector search falls back to an exact scan otherwise. */
  hasVector: boolean;
  /** Runs fn while holding a cluster-wide advisory lock (a no-op lock on single-process PGlite). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * For background work, between two of its short units of work (see platform/jobs/in-turns.ts):
   * lets the event loop take in requests, timers and I/O, and on PGlite, whose one connection
   * serves everyone in turn, then waits (up to `maxWaitMs`) until nobody else's query or
   * transaction is running or queued, so that requests go before the job's next unit.
   */
  yieldToRequests(maxWaitMs?: number): Promise<void>;
  /**
   * Marks an API request in flight until the returned function is called: on PGlite background
   * work also waits (up to its `maxWaitMs`) for requests in flight, not only for running queries,
   * since a request between two of its queries (hashing a password, rendering a document) would
   * otherwise find the connection idle and wait behind the job's whole next unit for each query.
   */
  trackRequest(): () => void;
  /** PGlite only: the whole data directory as a tarball, which `DatabaseOptions.pgliteTemplate` starts from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; absent means embedded PGlite. */
  url?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  poolMax?: number;
  /** PGlite: start from this data directory (a `dumpDataDir` tarball) instead of an empty cluster; test databases skip initdb and the migrations this way. */
  pgliteTemplate?: Blob;
}

// pg returns BIGINT and NUMERIC as strings; ids here stay within 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolMax ?? 10) : openPglite(options.dataDir ?? 'memory://', options.pgliteTemplate);
}

/** How long background work waits at most for the embedded database to be free: it still moves under steady load. */
export const YIELD_MAX_WAIT_MS = 500;

/**
 * Counts the operations (queries, exec batches, whole transactions) running or queued on the
 * PGlite connection. PGlite runs them one at a time in arrival order; its queries are synchronous
 * WASM calls chained by promises, so a job issuing them back to back never lets the event loop
 * read a request, and a job's next transaction queued first makes every request wait behind it.
 */
function trackUse(client: PGlite) {
  let inUse = 0;
  let requests = 0;
  let idle: Array<() => void> = [];
  const wakeIfIdle = () => {
    if (inUse > 0 || requests > 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };
  const wrap = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inUse++;
      try {
        return await fn(...args);
      } finally {
        inUse--;
        wakeIfIdle();
      }
    };
  client.query = wrap(client.query.bind(client)) as PGlite['query'];
  client.exec = wrap(client.exec.bind(client));
  client.transaction = wrap(client.transaction.bind(client)) as PGlite['transaction'];

  function trackRequest(): () => void {
    requests++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      requests--;
      wakeIfIdle();
    };
  }

  async function yieldToRequests(maxWaitMs = YIELD_MAX_WAIT_MS): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    await nextTurn();
    while (inUse > 0 || requests > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        idle.push(resolve);
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
      // A request between two of its queries continues in promise callbacks: one more turn of the
      // event loop lets it queue its next query before the job takes the connection again.
      await nextTurn();
    }
  }

  return { yieldToRequests, trackRequest };
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, vector }, ...(template ? { loadDataDir: template } : {}) });
  const { yieldToRequests, trackRequest } = trackUse(client);
  const db = drizzlePglite({ client }) as unknown as Db;
  const sqlExec: SqlExecutor = {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // pg-boss sends several statements at once without parameters.
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
  await client.exec('CREATE EXTENSION IF NOT EXISTS vector');
  return {
    db,
    driver: 'pglite',
    sql: sqlExec,
    hasVector: true,
    withLock: (_key, fn) => fn(),
    yieldToRequests,
    trackRequest,
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * A connection runs one statement at a time. A transaction holds one connection, and code that
 * works on a pool or a transaction alike (a record's DTO read with Promise.all) may issue several
 * at once: pg queued them itself, which it deprecates (removed in pg@9). They wait their turn here
 * instead, in the order issued, as before. Callback and submittable calls (the pool's own) pass.
 */
function oneStatementAtATime(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const [first] = args;
    if (typeof args.at(-1) === 'function' || (typeof first === 'object' && first !== null && 'submit' in first)) return query(...args);
    const turn = last.then(() => query(...args));
    last = turn.catch(() => undefined);
    return turn;
  }) as typeof client.query;
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, application_name: 'legal-suite' });
  pool.on('error', () => {
    /* idle client errors surface on the next query; keep the process alive */
  });
  pool.on('connect', oneStatementAtATime);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  const available = await pool.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
  let hasVector = false;
  if (available.rowCount) {
    try {
      await pool.query('CREATE EXTENSION IF NOT EXISTS vector');
      hasVector = true;
    } catch {
      hasVector = false;
    }
  }
  return {
    db,
    driver: 'postgres',
    sql: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    hasVector,
    async withLock(key, fn) {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        conn.release();
      }
    },
    // A pool of connections: requests never wait behind a job's turn; only the event loop is given back.
    yieldToRequests: () => nextTurn(),
    // A pool serves requests beside background work: nothing to wait for.
    trackRequest: () => () => undefined,
    close: () => pool.end(),
  };
}
