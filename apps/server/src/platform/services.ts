import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { AttachmentRegistry } from './attachments';
import { type Database, type Db, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { localSignals, postgresSignals, type Signals } from './db/signals';
import { databaseUpkeepJob, scheduleDatabaseUpkeep } from './db/upkeep';
import { type AnyJob, JobQueue } from './jobs/jobs';
import { deliverMailJob, Mailer } from './mail/mailer';
import { createOutboundClient, type OutboundClient } from './http/outbound';
import { NotificationRecordRegistry } from './notifications/notifications';
import { LocalStorage } from './storage/local-storage';
import { S3Storage } from './storage/s3-storage';
import type { ObjectStorage } from './storage/storage';
import type { ModuleManifest } from './module';
import { type UnifiedSearchSource, unifiedSearchSources } from './search/unified-search';
import type { UnifiedSearchDomain } from '@legal/api';

export const VERSION = '0.1.0';

/** What modules and jobs are given: the only shared state of a process. */
export interface AppServices {
  config: Config;
  database: Database;
  db: Db;
  /** Messages to whoever watches a record, in every process (a review's progress to its page). */
  signals: Signals;
  jobs: JobQueue<AppServices>;
  mailer: Mailer;
  /** Where file bytes live (STORAGE_DRIVER). */
  storage: ObjectStorage;
  /** The guarded client for every call made on a user's behalf (OUTBOUND_ALLOW_HOSTS). */
  outbound: OutboundClient;
  /** The same guard for AI providers, with an overall timeout that fits AI_TIMEOUT_MS (a long or streamed answer). */
  aiOutbound: OutboundClient;
  logger: Logger;
  startedAt: number;
  /** The modules of this application, in registration order (src/modules.ts). */
  modules: readonly ModuleManifest[];
  /** The unified search's sources, from the modules' manifests. */
  searchSources: ReadonlyMap<UnifiedSearchDomain, UnifiedSearchSource>;
  /** Who may read what a file is attached to: each owning module registers its rule (platform/attachments.ts). */
  attachments: AttachmentRegistry;
  /** Who may read what a notification points at: each owning module registers its rule (platform/notifications). */
  notificationRecords: NotificationRecordRegistry;
}

/** Every job of the application: the platform's own (mail, the tables' upkeep) and each module's. */
export function allJobs(modules: readonly ModuleManifest[]): Array<AnyJob<AppServices>> {
  return [deliverMailJob as AnyJob<AppServices>, databaseUpkeepJob as AnyJob<AppServices>, ...modules.flatMap((m) => m.jobs ?? [])];
}

/** Opens the database (migrating it) and builds the services; jobs are not started yet. */
export async function createServices(
  config: Config,
  logger: Logger,
  modules: readonly ModuleManifest[],
  options: { extraJobs?: Array<AnyJob<AppServices>>; dataDirOverride?: string; pgliteTemplate?: Blob } = {},
): Promise<AppServices> {
  const searchSources = unifiedSearchSources(modules);
  const attachments = new AttachmentRegistry();
  for (const module of modules) module.attachments?.(attachments);
  const notificationRecords = new NotificationRecordRegistry();
  for (const module of modules) module.notificationRecords?.(notificationRecords, { attachments });
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: options.dataDirOverride ?? path.join(config.dataDir, 'db'),
    poolMax: config.databasePoolMax,
    pgliteTemplate: options.pgliteTemplate,
  });
  try {
    await migrateDatabase(database);
    // Demo data (never in production): ready before the first request.
    if (config.seedDemo) for (const module of modules) await module.seed?.(database, config, logger);
  } catch (err) {
    await database.close();
    throw err;
  }
  const jobs = new JobQueue<AppServices>({
    sql: database.sql,
    logger: logger.child({ component: 'jobs' }),
    maintenanceIntervalSeconds: config.jobsMaintenanceIntervalSeconds,
    recoverActiveOnStart: database.driver === 'pglite',
  });
  jobs.register(...allJobs(modules), ...(options.extraJobs ?? []));
  const storage = createStorage(config);
  const mailer = new Mailer({
    db: database.db,
    env: { publicUrl: config.publicUrl, productName: { ko: '리걸 스위트', en: 'Legal Suite' } },
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    logger: logger.child({ component: 'mail' }),
    storage,
    attachmentMaxBytes: config.mailAttachmentMaxBytes,
  });
  mailer.attachJobs(jobs);
  const outbound = createOutboundClient({ allow: config.outbound.allowHosts });
  const aiOutbound = createOutboundClient({ allow: config.outbound.allowHosts, timeoutMs: Math.max(10_000, config.ai.timeoutMs) });
  const signals = config.databaseUrl
    ? postgresSignals({ url: config.databaseUrl, query: (text, values) => database.sql.executeSql(text, values), logger: logger.child({ component: 'signals' }) })
    : localSignals(logger.child({ component: 'signals' }));
  return { config, database, db: database.db, signals, jobs, mailer, storage, outbound, aiOutbound, logger, startedAt: Date.now(), modules, searchSources, attachments, notificationRecords };
}

/** The object storage driver of the configuration. */
export function createStorage(config: Config): ObjectStorage {
  const { storage } = config;
  if (storage.driver === 's3') {
    if (!storage.s3) throw new Error('S3_BUCKET is required with STORAGE_DRIVER=s3');
    return new S3Storage(storage.s3);
  }
  return new LocalStorage(storage.localRoot);
}

export async function startServices(services: AppServices): Promise<void> {
  await services.jobs.start({ work: services.config.jobsEnabled, deps: services });
  await scheduleDatabaseUpkeep(services);
  for (const module of services.modules) await module.schedule?.(services);
  if (services.config.seedDemoContent) {
    const stop = new AbortController();
    demoContent.set(services, { written: seedDemoContent(services, stop.signal), stop });
  }
}

/** The demo content being written in the background, per application (several live in one test process). */
const demoContent = new WeakMap<AppServices, { written: Promise<void>; stop: AbortController }>();

/**
 * Writes the modules' demo content in the background, so that start-up does not wait for it (the
 * accounts are there before the first request; the contracts follow within seconds). A failure is
 * logged: the demo then lacks some content, the server runs on.
 */
async function seedDemoContent(services: AppServices, signal: AbortSignal): Promise<void> {
  const started = Date.now();
  try {
    for (const module of services.modules) if (!signal.aborted) await module.seedContent?.(services, signal);
    services.logger.info({ ms: Date.now() - started }, 'demo content ready');
  } catch (err) {
    services.logger.error({ err }, 'demo content failed');
  }
}

/** Resolves once the demo content of this application is written (at once when none is being written). */
export function demoContentWritten(services: AppServices): Promise<void> {
  return demoContent.get(services)?.written ?? Promise.resolve();
}

/** Stops the workers (letting running jobs finish within the budget), then closes the database. */
export async function stopServices(services: AppServices, timeoutMs: number): Promise<void> {
  // A shutdown during the demo seed stops it after the record it is writing (a restart completes it).
  demoContent.get(services)?.stop.abort();
  await demoContentWritten(services);
  await services.jobs.stop(timeoutMs).catch((err) => services.logger.error({ err }, 'job queue stop failed'));
  await services.mailer.close();
  await services.outbound.close().catch(() => undefined);
  await services.aiOutbound.close().catch(() => undefined);
  if (services.storage instanceof S3Storage) services.storage.close();
  for (const module of services.modules) {
    await module.shutdown?.(services).catch((err: unknown) => services.logger.warn({ err, module: module.name }, 'module shutdown failed'));
  }
  await services.signals.close();
  await services.database.close();
}
