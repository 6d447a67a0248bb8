import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { pruneIdentityJob, scheduleIdentityPrune } from '../modules/auth/auth.jobs';
import { seedDemoData } from '../modules/auth/demo-seed';
import { type Database, type Db, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { type AnyJob, JobQueue } from './jobs/jobs';
import { deliverMailJob, Mailer } from './mail/mailer';
import { createOutboundClient, type OutboundClient } from './http/outbound';
import { LocalStorage } from './storage/local-storage';
import { S3Storage } from './storage/s3-storage';
import type { ObjectStorage } from './storage/storage';
import { filesJobs, scheduleFilesMaintenance, shutdownOcr } from '../modules/files';
import { scheduleWorkspacePurgeSweep, workspaceJobs } from '../modules/admin/workspace/workspace.jobs';
import { contractJobs, scheduleReminderSweep } from '../modules/contracts/reminders.job';
import { contractBulkJobs } from '../modules/contracts/contract-bulk.job';
import { contractDiscoveryJobs } from '../modules/contracts/contract-discovery.job';

export const VERSION = '0.1.0';

/** What modules and jobs are given: the only shared state of a process. */
export interface AppServices {
  config: Config;
  database: Database;
  db: Db;
  jobs: JobQueue<AppServices>;
  mailer: Mailer;
  /** Where file bytes live (STORAGE_DRIVER). */
  storage: ObjectStorage;
  /** The guarded client for every call made on a user's behalf (OUTBOUND_ALLOW_HOSTS). */
  outbound: OutboundClient;
  logger: Logger;
  startedAt: number;
}

/** Every job of the product, registered in one place. */
export function allJobs(): Array<AnyJob<AppServices>> {
  return [deliverMailJob as AnyJob<AppServices>, pruneIdentityJob as AnyJob<AppServices>, ...filesJobs(), ...workspaceJobs(), ...contractJobs(), ...contractBulkJobs(), ...contractDiscoveryJobs()];
}

/** Opens the database (migrating it) and builds the services; jobs are not started yet. */
export async function createServices(
  config: Config,
  logger: Logger,
  options: { extraJobs?: Array<AnyJob<AppServices>>; dataDirOverride?: string } = {},
): Promise<AppServices> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: options.dataDirOverride ?? path.join(config.dataDir, 'db'),
    poolMax: config.databasePoolMax,
  });
  try {
    await migrateDatabase(database);
    // Demo tenants and users (never in production): ready before the first request.
    await seedDemoData(database, config, logger);
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
  jobs.register(...allJobs(), ...(options.extraJobs ?? []));
  const mailer = new Mailer({
    db: database.db,
    env: { publicUrl: config.publicUrl, productName: { ko: '리걸 스위트', en: 'Legal Suite' } },
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    logger: logger.child({ component: 'mail' }),
  });
  mailer.attachJobs(jobs);
  const storage = createStorage(config);
  const outbound = createOutboundClient({ allow: config.outbound.allowHosts });
  return { config, database, db: database.db, jobs, mailer, storage, outbound, logger, startedAt: Date.now() };
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
  await scheduleIdentityPrune(services);
  await scheduleFilesMaintenance(services);
  await scheduleWorkspacePurgeSweep(services);
  await scheduleReminderSweep(services);
}

/** Stops the workers (letting running jobs finish within the budget), then closes the database. */
export async function stopServices(services: AppServices, timeoutMs: number): Promise<void> {
  await services.jobs.stop(timeoutMs).catch((err) => services.logger.error({ err }, 'job queue stop failed'));
  await services.mailer.close();
  await services.outbound.close().catch(() => undefined);
  if (services.storage instanceof S3Storage) services.storage.close();
  await shutdownOcr().catch((err: unknown) => services.logger.warn({ err }, 'OCR shutdown failed'));
  await services.database.close();
}
