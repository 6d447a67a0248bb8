import { z } from 'zod';
import { type AnyJob, defineJob } from '../../platform/jobs/jobs';
import type { AppServices } from '../../platform/services';
import { importCorpus } from '../law';
import { detectStatuteChanges } from './statute-alerts.detect';

/**
 * Compares every statute version not compared yet with the version it supersedes and alerts the
 * workspaces whose records cite a changed article. It runs the corpus import first (idempotent and
 * cheap once done; a concurrent import job shares each file's work in this process), so it always
 * follows the import: versions a restart brings (a new shipped set, LAW_DATA_DIR) are compared by
 * the run that imports them. Queued at every start outside tests; a run with nothing new costs a query.
 */
export const detectStatuteChangesJob = defineJob<{ startedAt: string }, AppServices>({
  name: 'statute-alerts.detect-changes',
  payload: z.object({ startedAt: z.string() }),
  policy: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 60 * 60 },
  async handler(_payload, services) {
    const started = Date.now();
    await importCorpus(services.db, { lawDataDir: services.config.lawDataDir, inTurnsWith: services.database });
    const result = await detectStatuteChanges(services.db, { inTurnsWith: services.database });
    services.logger.info({ job: 'statute-alerts.detect-changes', ...result, ms: Date.now() - started }, 'statute versions compared');
  },
});

export async function scheduleChangeDetection(services: Pick<AppServices, 'jobs' | 'config'>) {
  if (services.config.nodeEnv === 'test') return;
  const startedAt = new Date().toISOString();
  await services.jobs.send(detectStatuteChangesJob, { startedAt }, { idempotencyKey: `statute-alerts.detect-changes:${startedAt}`, priority: -1 });
}

export function statuteAlertJobs(): Array<AnyJob<AppServices>> {
  return [detectStatuteChangesJob as AnyJob<AppServices>];
}
