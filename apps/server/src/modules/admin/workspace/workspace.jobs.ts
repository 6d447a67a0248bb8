import { z } from 'zod';
import { type AnyJob, defineJob } from '../../../platform/jobs/jobs';
import type { AppServices } from '../../../platform/services';
import { purgeDueWorkspaces, purgeWorkspace } from './workspace-purge';

const HOUR_MS = 3600_000;

/**
 * Booked at approval for the end of the grace period (`startAfter = purgeAfter`), in the
 * approval's transaction. Idempotent: a request no longer APPROVED and due is left alone.
 */
export const purgeWorkspaceJob = defineJob<{ requestId: number }, AppServices>({
  name: 'workspace.purge',
  payload: z.object({ requestId: z.number().int().positive() }),
  policy: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 60 * 60 },
  handler: async (payload, services) => {
    await purgeWorkspace(services, payload.requestId);
  },
});

const hourKey = (at: number) => new Date(Math.floor(at / HOUR_MS) * HOUR_MS).toISOString();

/** Hourly safety net: purges every due request a lost or failed purge job left behind; books the next run. */
export const workspacePurgeSweepJob = defineJob<{ hour: string }, AppServices>({
  name: 'workspace.purge-sweep',
  payload: z.object({ hour: z.string() }),
  policy: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 60 * 60 },
  async handler(_payload, services) {
    const purged = await purgeDueWorkspaces(services);
    if (purged > 0) services.logger.info({ job: 'workspace.purge-sweep', purged }, 'due workspaces purged');
    await scheduleWorkspacePurgeSweep(services, HOUR_MS);
  },
});

export async function scheduleWorkspacePurgeSweep(services: Pick<AppServices, 'jobs'>, delayMs = 60_000) {
  const at = Date.now() + delayMs;
  await services.jobs.send(workspacePurgeSweepJob, { hour: hourKey(at) }, { idempotencyKey: `workspace.purge-sweep:${hourKey(at)}`, startAfter: at });
}

export function workspaceJobs(): Array<AnyJob<AppServices>> {
  return [purgeWorkspaceJob as AnyJob<AppServices>, workspacePurgeSweepJob as AnyJob<AppServices>];
}
