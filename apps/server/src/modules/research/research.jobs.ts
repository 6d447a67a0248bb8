import { z } from 'zod';
import { type AnyJob, defineJob } from '../../platform/jobs/jobs';
import type { AppServices } from '../../platform/services';
import { importCorpus } from '../law';
import { indexNewVersions } from './passage-index';

/**
 * Builds the research index for every stored statute version not indexed yet. It runs the corpus
 * import first (idempotent, cheap once done; a concurrent run of the law module's import job shares
 * each file's work in this process), so the index never waits on the other job; versions imported
 * later (a customer's LAW_DATA_DIR) are picked up by the next run.
 */
export const indexPassagesJob = defineJob<{ startedAt: string }, AppServices>({
  name: 'research.index-passages',
  payload: z.object({ startedAt: z.string() }),
  policy: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 60 * 60 },
  async handler(_payload, services) {
    const started = Date.now();
    await importCorpus(services.db, { lawDataDir: services.config.lawDataDir, inTurnsWith: services.database });
    const indexed = await indexNewVersions(services.db, { inTurnsWith: services.database });
    services.logger.info({ job: 'research.index-passages', indexed, ms: Date.now() - started }, 'research passages indexed');
  },
});

/** Queued at every start outside tests: a run with nothing new to index costs one query. */
export async function scheduleIndexing(services: Pick<AppServices, 'jobs' | 'config'>) {
  if (services.config.nodeEnv === 'test') return;
  const startedAt = new Date().toISOString();
  await services.jobs.send(indexPassagesJob, { startedAt }, { idempotencyKey: `research.index-passages:${startedAt}`, priority: -1 });
}

export function researchJobs(): Array<AnyJob<AppServices>> {
  return [indexPassagesJob as AnyJob<AppServices>];
}
