import { z } from 'zod';
import { type AnyJob, defineJob } from '../../platform/jobs/jobs';
import type { AppServices } from '../../platform/services';
import { corpusVersion, importCorpus } from './law.import';

/**
 * Imports every shipped statute version (current and history) and the operator's LAW_DATA_DIR not
 * yet stored; each is also loaded on first use. A run that left files out fails, and its retry
 * imports only what is still missing.
 */
export const importStatutesJob = defineJob<{ version: string }, AppServices>({
  name: 'law.import-statutes',
  payload: z.object({ version: z.string() }),
  policy: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  async handler(_payload, services) {
    const started = Date.now();
    const result = await importCorpus(services.db, { lawDataDir: services.config.lawDataDir, inTurnsWith: services.database });
    const log = { job: 'law.import-statutes', imported: result.imported, skipped: result.skipped, failed: result.failed, ms: Date.now() - started };
    if (result.failed.length) {
      services.logger.error(log, 'statutes imported with failures');
      throw new Error(`${result.failed.length} statute file(s) not imported`);
    }
    services.logger.info(log, 'statutes imported');
  },
});

/** Queues the import once per data set (its 법령MSTs, LAW_DATA_DIR's included), outside tests. */
export async function scheduleStatuteImport(services: Pick<AppServices, 'jobs' | 'config'>) {
  if (services.config.nodeEnv === 'test') return;
  const version = corpusVersion(services.config.lawDataDir);
  await services.jobs.send(importStatutesJob, { version }, { idempotencyKey: `law.import-statutes:${version}`, priority: -1 });
}

export function lawJobs(): Array<AnyJob<AppServices>> {
  return [importStatutesJob as AnyJob<AppServices>];
}
