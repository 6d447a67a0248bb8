import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { type SqlExecutor, type Tx, executorOf } from '../db/client';

export interface JobRetryPolicy {
  /** Attempts after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled on each retry when `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run still active after this long is considered dead (crashed worker) and retried. */
  expireInSeconds: number;
}

export interface JobRun {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

/** Any job, for registries (handlers are methods, so definitions of any payload fit). */
export type AnyJob<D> = JobDefinition<unknown, D>;

export interface JobDefinition<P = unknown, D = unknown> {
  name: string;
  payload: z.ZodType<P>;
  policy: JobRetryPolicy;
  /** Runs in parallel per process. */
  concurrency: number;
  handler(payload: P, deps: D, run: JobRun): Promise<void>;
}

const DEFAULT_POLICY: JobRetryPolicy = { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 15 * 60 };

/**
 * Declares a background job: a zod-checked payload, retries with back-off and a handler that
 * receives the application's services. Handlers must be idempotent: a run can repeat after a crash.
 */
export function defineJob<P, D>(definition: {
  name: string;
  payload: z.ZodType<P>;
  policy?: Partial<JobRetryPolicy>;
  concurrency?: number;
  handler: (payload: P, deps: D, run: JobRun) => Promise<void>;
}): JobDefinition<P, D> {
  if (!/^[a-z][a-z0-9.-]{2,80}$/.test(definition.name)) throw new Error(`bad job name ${definition.name}`);
  return {
    ...definition,
    policy: { ...DEFAULT_POLICY, ...definition.policy },
    concurrency: definition.concurrency ?? 1,
  };
}

/** A stable UUID for an idempotency key, so the same logical job is stored once. */
export function idempotentJobId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  const variant = ((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

export interface SendOptions {
  /** Same key, same job: a second send with it is a no-op answering the first job's id. */
  idempotencyKey?: string;
  startAfter?: Date | number;
  /** Higher runs first among waiting jobs of a queue (default 0); background bulk work (the demo seed) sends below 0. */
  priority?: number;
  /** Store the job inside this transaction: it exists only if the transaction commits. */
  tx?: Tx;
}

export interface JobQueueOptions {
  sql: SqlExecutor;
  logger: Logger;
  maintenanceIntervalSeconds: number;
  /** Single-process embedded database: any job still active at start-up was cut off by a crash. */
  recoverActiveOnStart: boolean;
}

export class JobQueue<D = unknown> {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, AnyJob<D>>();
  private started = false;
  private working = false;
  /** Set once stop() has returned: the database may be closed next, so pg-boss must not write. */
  private stopped = false;
  /** Handlers running now, so stop() can wait for them (pg-boss stops waiting at its timeout). */
  private readonly running = new Set<Promise<void>>();
  private lastError: string | undefined;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.executeSql(text, values) } as PgBoss.Db,
      schema: 'pgboss',
      supervise: true,
      schedule: false,
      migrate: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      monitorStateIntervalSeconds: Math.max(options.maintenanceIntervalSeconds, 10),
    });
    this.boss.on('error', (err: Error) => {
      this.lastError = err.message;
      options.logger.error({ err }, 'job queue error');
    });
  }

  /**
   * pg-boss records a handler's outcome without awaiting it. A handler that outlives stop() would
   * record it on a closed pool (an unhandled rejection); after stop() the outcome is left unwritten
   * instead, and the job, still active, is retried when it expires or at the next start.
   */
  private executeSql(text: string, values?: unknown[]) {
    if (this.stopped) {
      this.options.logger.warn({ sql: text.slice(0, 60) }, 'job queue stopped: a late job outcome is not recorded');
      return Promise.resolve({ rows: [{ count: '0' }] });
    }
    return this.options.sql.executeSql(text, values);
  }

  register(...definitions: Array<AnyJob<D>>): this {
    for (const definition of definitions) {
      if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} registered twice`);
      this.definitions.set(definition.name, definition);
    }
    return this;
  }

  /** Creates the queues; with `work`, also starts workers for every registered job. */
  async start({ work, deps }: { work: boolean; deps: D }): Promise<void> {
    await this.boss.start();
    this.started = true;
    this.stopped = false;
    const existing = new Set((await this.boss.getQueues()).map((q) => q.name));
    for (const definition of this.definitions.values()) {
      const queue = {
        name: definition.name,
        retryLimit: definition.policy.retryLimit,
        retryDelay: definition.policy.retryDelaySeconds,
        retryBackoff: definition.policy.retryBackoff,
        expireInSeconds: definition.policy.expireInSeconds,
      };
      if (existing.has(definition.name)) {
        await this.boss.updateQueue(definition.name, queue);
      } else {
        await this.boss.createQueue(definition.name, queue).catch(async (err: unknown) => {
          // another process created it first
          if (!(await this.boss.getQueue(definition.name))) throw err;
        });
      }
    }
    if (!work) return;
    if (this.options.recoverActiveOnStart) await this.recoverInterrupted();
    for (const definition of this.definitions.values()) {
      for (let i = 0; i < definition.concurrency; i++) {
        await this.boss.work(
          definition.name,
          { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
          (jobs: PgBoss.JobWithMetadata<unknown>[]) => this.runBatch(definition, jobs, deps),
        );
      }
    }
    this.working = true;
  }

  private async runBatch(definition: AnyJob<D>, jobs: PgBoss.JobWithMetadata<unknown>[], deps: D) {
    for (const job of jobs) {
      const log = this.options.logger.child({ job: definition.name, jobId: job.id });
      const parsed = definition.payload.safeParse(job.data);
      if (!parsed.success) {
        log.error({ issues: parsed.error.issues }, 'job payload invalid; not retried');
        await this.boss.cancel(definition.name, job.id);
        continue;
      }
      const started = Date.now();
      log.info({ retryCount: job.retryCount }, 'job started');
      const run = definition.handler(parsed.data, deps, { id: job.id, name: definition.name, retryCount: job.retryCount });
      const settled = run.then(() => undefined, () => undefined);
      this.running.add(settled);
      try {
        await run;
        log.info({ ms: Date.now() - started }, 'job completed');
      } catch (err) {
        log.warn({ err, ms: Date.now() - started }, 'job failed; will retry while attempts remain');
        throw err;
      } finally {
        this.running.delete(settled);
      }
    }
  }

  /** Fails (and so retries) every job left active by a process that died. */
  private async recoverInterrupted() {
    const { rows } = await this.options.sql.executeSql(
      `SELECT name, array_agg(id) AS ids FROM pgboss.job WHERE state = 'active' GROUP BY name`,
      [],
    );
    for (const row of rows as Array<{ name: string; ids: string[] }>) {
      this.options.logger.warn({ job: row.name, count: row.ids.length }, 'retrying jobs interrupted by a restart');
      for (const id of row.ids) await this.boss.fail(row.name, id, { message: 'interrupted by a restart' });
    }
  }

  async send<P>(definition: JobDefinition<P, D>, payload: P, options: SendOptions = {}): Promise<string> {
    if (!this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is not registered`);
    const data = definition.payload.parse(payload);
    const id = options.idempotencyKey ? idempotentJobId(definition.name, options.idempotencyKey) : undefined;
    const sent = await this.boss.send(definition.name, data as object, {
      ...(id ? { id } : {}),
      ...(options.tx ? { db: executorOf(options.tx) as PgBoss.Db } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter instanceof Date ? options.startAfter : new Date(options.startAfter) } : {}),
    });
    const jobId = sent ?? id;
    if (!jobId) throw new Error(`job ${definition.name} was not stored`);
    return jobId;
  }

  async getJob(name: string, id: string) {
    return this.boss.getJobById(name, id, { includeArchive: true });
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    if (!this.started) return { ok: false, detail: 'not started' };
    try {
      await this.options.sql.executeSql('SELECT 1 FROM pgboss.version LIMIT 1', []);
      return this.lastError ? { ok: true, detail: `last error: ${this.lastError}` } : { ok: true };
    } catch (err) {
      return { ok: false, detail: (err as Error).message };
    }
  }

  get isWorking() {
    return this.working;
  }

  /**
   * Stops fetching, waits for running jobs up to the timeout, then fails the rest for retry. A
   * handler still running then gets the same time again to finish; its outcome after that is not
   * recorded (see executeSql), so the caller can close the database.
   */
  async stop(timeoutMs: number): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const timeout = Math.max(1000, timeoutMs);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout });
    if (this.running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(this.running), new Promise((resolve) => (timer = setTimeout(resolve, timeout)))]);
      clearTimeout(timer);
      // pg-boss records the outcome a turn after the handler settles.
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.stopped = true;
  }
}
