import type { Database } from '../platform/db/client';

/** One SQL statement (or a multi-statement exec) as the driver ran it. */
export interface RecordedStatement {
  sql: string;
  ms: number;
  rows: number;
  /** Whether it ran inside a transaction (BEGIN..COMMIT is a single hold of PGlite's connection). */
  inTransaction: boolean;
}

export interface StatementRecording {
  statements: RecordedStatement[];
  /** Wall time of each transaction, BEGIN to COMMIT: how long it held PGlite's one connection. */
  transactionsMs: number[];
  stop(): void;
}

type Query = (text: unknown, values?: unknown, ...rest: unknown[]) => Promise<{ rows?: unknown[] } | Array<{ rows?: unknown[] }>>;
type Queryable = { query: Query; exec?: Query };
const WRAPPED = Symbol('statement-recorder');

/**
 * Records every statement the application sends through `database` until `stop()`: for profiling
 * a job's database side (how many statements, which, how long, how long its transactions hold the
 * connection) on either driver. Wraps PGlite's client (query, exec, and the transaction object it
 * hands out) or the pg Pool (query, and the clients `connect()` lends for transactions).
 */
export function recordStatements(database: Pick<Database, 'db'>): StatementRecording {
  const client = (database.db as unknown as { session: { client: Record<string, unknown> } }).session.client;
  const recording: StatementRecording = { statements: [], transactionsMs: [], stop: () => undefined };
  const restore: Array<() => void> = [];
  let active = true;

  const patch = (target: Record<string | symbol, unknown>, name: string, make: (original: Query) => Query) => {
    const original = target[name] as Query | undefined;
    if (typeof original !== 'function' || (original as unknown as Record<symbol, boolean>)[WRAPPED]) return;
    const wrapped = make(original.bind(target));
    (wrapped as unknown as Record<symbol, boolean>)[WRAPPED] = true;
    target[name] = wrapped;
    restore.push(() => (target[name] = original));
  };
  const timed = (inTransaction: boolean, isCounted: () => boolean = () => true) => (original: Query): Query => async (text, ...rest) => {
    const started = performance.now();
    const result = await original(text, ...rest);
    if (active && isCounted()) {
      const sql = typeof text === 'string' ? text : String((text as { text?: string }).text ?? text);
      const rows = Array.isArray(result) ? result.reduce((n, r) => n + (r.rows?.length ?? 0), 0) : (result.rows?.length ?? 0);
      recording.statements.push({ sql, ms: performance.now() - started, rows, inTransaction });
    }
    return result;
  };
  const wrapQueryable = (target: Queryable, inTransaction: boolean, isCounted?: () => boolean) => {
    patch(target as unknown as Record<string, unknown>, 'query', timed(inTransaction, isCounted));
    patch(target as unknown as Record<string, unknown>, 'exec', timed(inTransaction, isCounted));
  };

  wrapQueryable(client as unknown as Queryable, false);
  // PGlite: a transaction runs its statements on the object it passes to the callback.
  patch(client, 'transaction', (original) => async (fn, ...rest) => {
    const started = performance.now();
    try {
      return await original(async (tx: Queryable) => {
        wrapQueryable(tx, true);
        return (fn as (tx: Queryable) => Promise<unknown>)(tx);
      }, ...rest);
    } finally {
      if (active) recording.transactionsMs.push(performance.now() - started);
    }
  });
  // pg: a transaction borrows a client from the pool (`connect()` without a callback); its
  // statements count while it is lent. Pool.query borrows one too (with a callback): that
  // statement is already counted by the pool's own query.
  const lent = new WeakSet<object>();
  patch(client, 'connect', (original) => (...args) => {
    const connect = original as unknown as (...a: unknown[]) => Promise<unknown>;
    if (typeof args[0] === 'function') return connect(...args) as never;
    const started = performance.now();
    return connect().then((borrowed) => {
      const conn = borrowed as unknown as Queryable & { release: (...a: unknown[]) => unknown };
      lent.add(conn);
      wrapQueryable(conn, true, () => lent.has(conn));
      const release = conn.release;
      conn.release = (...a: unknown[]) => {
        lent.delete(conn);
        conn.release = release;
        if (active) recording.transactionsMs.push(performance.now() - started);
        return release.apply(conn, a);
      };
      return conn as never;
    });
  });

  recording.stop = () => {
    active = false;
    for (const undo of restore.reverse()) undo();
  };
  return recording;
}

/** The recording grouped by statement (its first 90 characters): count, total and longest ms, rows. */
export function statementProfile(statements: readonly RecordedStatement[]) {
  const groups = new Map<string, { statement: string; count: number; totalMs: number; maxMs: number; rows: number }>();
  for (const s of statements) {
    const key = s.sql.replace(/\s+/g, ' ').slice(0, 90);
    const g = groups.get(key) ?? { statement: key, count: 0, totalMs: 0, maxMs: 0, rows: 0 };
    g.count++;
    g.totalMs += s.ms;
    g.maxMs = Math.max(g.maxMs, s.ms);
    g.rows += s.rows;
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => b.totalMs - a.totalMs).map((g) => ({ ...g, totalMs: Math.round(g.totalMs * 10) / 10, maxMs: Math.round(g.maxMs * 10) / 10 }));
}
