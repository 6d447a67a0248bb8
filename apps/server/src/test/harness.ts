import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AnyJob } from '../platform/jobs/jobs';
import { type AppServices, createServices, startServices, stopServices } from '../platform/services';
import { LOG_SERIALIZERS } from '../platform/http/log-serializers';
import { MODULES } from '../modules';
import { migrationsFolder } from '../platform/db/migrate';

/** The PostgreSQL server the suite also runs against when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/**
 * Every test app starts from a template: a database migrated, with pg-boss's schema and queues, as
 * any app's first boot leaves it (demo accounts are not in it; each app seeds its own). It is built
 * once per set of migrations and reused: on PGlite a data-directory tarball in the temporary folder
 * (loading it skips initdb and the migrations, about 3 s of a 4.5 s boot), on PostgreSQL a template
 * database that CREATE DATABASE copies.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  for (const file of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const pgBoss = path.join(path.dirname(createRequire(import.meta.url).resolve('pg-boss')), '..', 'package.json');
  hash.update(fs.readFileSync(pgBoss)).update(MODULES.map((m) => m.name).join());
  return hash.digest('hex').slice(0, 16);
}

/** Boots the services without jobs on the given database, then leaves it as the template. */
async function buildTemplate(url: string | undefined, keep: (services: AppServices) => Promise<void>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-template-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', ...(url ? { DATABASE_URL: url } : {}) });
  const services = await createServices(config, pino({ level: 'silent' }), MODULES, url ? {} : { dataDirOverride: 'memory://' });
  try {
    await services.jobs.start({ work: false, deps: services });
    await services.jobs.stop(1000);
    await keep(services);
  } finally {
    await stopServices(services, 1000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

let pgliteTemplate: Promise<Blob> | undefined;
function pgliteTemplateOnce(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `legal-test-pglite-${templateKey()}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    let blob: Blob | undefined;
    await buildTemplate(undefined, async (services) => {
      blob = await services.database.dumpDataDir!();
    });
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await blob!.arrayBuffer()));
    fs.renameSync(partial, file); // atomic: a parallel worker reads a whole file or builds its own
    return blob!;
  })();
  return pgliteTemplate;
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | undefined;
function postgresTemplateOnce(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `legal_template_${templateKey()}`;
    const exists = await withAdmin(async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount);
    if (exists) return name;
    const building = `${name}_${randomBytes(3).toString('hex')}`;
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${building}`));
    await buildTemplate(databaseUrl(building), async () => undefined);
    await withAdmin(async (admin) => {
      // A parallel worker may have renamed its own first: then this copy goes.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`).catch(() => admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
    });
    return name;
  })();
  return postgresTemplate;
}

/** Creates a throwaway database (a copy of the template) on the test server, or PGlite's starting point. */
export async function createTestDatabase(): Promise<{ url: string | undefined; pgliteTemplate?: Blob; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) return { url: undefined, pgliteTemplate: await pgliteTemplateOnce(), drop: async () => undefined };
  const template = await postgresTemplateOnce();
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: databaseUrl(name),
    drop: () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
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
    ...(database.url ? {} : { dataDirOverride: 'memory://', pgliteTemplate: database.pgliteTemplate }),
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

/**
 * A TCP port on 127.0.0.1 that nothing listens on, for a child server the test spawns. It is drawn
 * below the kernel's ephemeral range (32768 and up on Linux), where outgoing connections take their
 * local ports: a random port up there was once taken by a connection between check and listen.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
