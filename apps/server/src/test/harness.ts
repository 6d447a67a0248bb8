import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AnyJob } from '../platform/jobs/jobs';
import { type AppServices, createServices, startServices, stopServices } from '../platform/services';
import { LOG_SERIALIZERS } from '../platform/http/log-serializers';
import { MODULES } from '../modules';

/** The PostgreSQL server the suite also runs against when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** Creates a throwaway database on the test server; PGlite needs none (in memory). */
export async function createTestDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) return { url: undefined, drop: async () => undefined };
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface LogSink {
  lines: Array<Record<string, unknown>>;
}

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  logs: LogSink;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real application on a fresh database (PGlite in memory, or a throwaway database
 * on TEST_DATABASE_URL), with logs captured for assertions.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; extraJobs?: Array<AnyJob<AppServices>>; startJobs?: boolean; serveWeb?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-test-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JOBS_MAINTENANCE_INTERVAL_SECONDS: '1',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const logs: LogSink = { lines: [] };
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'info', serializers: LOG_SERIALIZERS }, stream);
  const services = await createServices(config, logger, MODULES, {
    extraJobs: options.extraJobs,
    ...(database.url ? {} : { dataDirOverride: 'memory://' }),
  });
  const app = await buildApp(services, { serveWeb: options.serveWeb ?? false });
  if (options.startJobs !== false) await startServices(services);
  return {
    app,
    services,
    logs,
    dataDir,
    async close() {
      await app.close();
      await stopServices(services, 2000);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until the check returns a truthy value or the time runs out. */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
