import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { pruneIdentityJob, scheduleIdentityPrune } from '../modules/auth/auth.jobs';
import { seedDemoData } from '../modules/auth/demo-seed';
import { type Database, type Db, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { type AnyJob, JobQueue } from './jobs/jobs';
import { deliverMailJob, Mailer } from './mail/mailer';

export const VERSION = '0.1.0';

/** What modules and jobs are given: the only shared state of a process. */
export interface AppServices {
  config: Config;
  database: Database;
  db: Db;
  jobs: JobQueue<AppServices>;
  mailer: Mailer;
  logger: Logger;
  startedAt: number;
}

/** Every job of the product, registered in one place. */
export function allJobs(): Array<AnyJob<AppServices>> {
  return [deliverMailJob as AnyJob<AppServices>, pruneIdentityJob as AnyJob<AppServices>];
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
  return { config, database, db: database.db, jobs, mailer, logger, startedAt: Date.now() };
}

export async function startServices(services: AppServices): Promise<void> {
  await services.jobs.start({ work: services.config.jobsEnabled, deps: services });
  await scheduleIdentityPrune(services);
}

/** Stops the workers (letting running jobs finish within the budget), then closes the database. */
export async function stopServices(services: AppServices, timeoutMs: number): Promise<void> {
  await services.jobs.stop(timeoutMs).catch((err) => services.logger.error({ err }, 'job queue stop failed'));
  await services.mailer.close();
  await services.database.close();
}
