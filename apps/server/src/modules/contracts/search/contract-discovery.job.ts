import { z } from 'zod';
import { eachInTurn } from '../../../platform/jobs/in-turns';
import { type AnyJob, defineJob } from '../../../platform/jobs/jobs';
import type { RequestContext } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import * as discovery from './contract-discovery.repo';
import { reindexContext } from './contract-discovery.service';

/**
 * Reindexing (7.3 "reindex by id range and all"): a durable job that rewrites the search copies
 * of the contracts in batches, each batch its own short transaction, taking turns with requests
 * (eachInTurn). Re-running it (a retry after a
 * crash, a second request) only rewrites the same values again.
 */

type Services = Pick<AppServices, 'db' | 'jobs'>;

/** Small enough that a batch holds the embedded database for tens of milliseconds, not seconds. */
const BATCH = 50;
/** Requests for the same range within this window are one job (double clicks, retries). */
const DEDUPLICATION_WINDOW_MS = 60_000;

const PayloadSchema = z.object({
  tenantId: z.number().int().positive(),
  workspaceId: z.number().int().positive(),
  idStart: z.number().int().positive().optional(),
  idEnd: z.number().int().positive().optional(),
});
type Payload = z.infer<typeof PayloadSchema>;

export async function runReindex(services: Pick<AppServices, 'db' | 'database'>, payload: Payload): Promise<number> {
  const scope = { tenantId: payload.tenantId, workspaceId: payload.workspaceId };
  const range = { idStart: payload.idStart, idEnd: payload.idEnd };
  async function* batches() {
    for (let afterId = 0; ; ) {
      const ids = await discovery.nextIds(services.db, scope, range, afterId, BATCH);
      if (ids.length === 0) return;
      yield ids;
      afterId = ids.at(-1)!;
    }
  }
  let done = 0;
  await eachInTurn(services.database, batches(), async (ids) => {
    await services.db.transaction((tx) => discovery.reindexContracts(tx, scope, ids));
    done += ids.length;
  });
  return done;
}

export const reindexContractsJob = defineJob<Payload, AppServices>({
  name: 'contracts.reindex',
  payload: PayloadSchema,
  policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 60 * 60 },
  handler: async (payload, services) => {
    await runReindex(services, payload);
  },
});

/** Queues a reindex of the range (every contract without one) and answers the job and the count. */
export async function queueReindex(services: Services, ctx: RequestContext, range: discovery.IdRange): Promise<{ jobId: string; acceptedCount: number }> {
  const { scope, actor } = await reindexContext(services, ctx);
  const window = Math.floor(Date.now() / DEDUPLICATION_WINDOW_MS);
  return services.db.transaction(async (tx) => {
    const acceptedCount = await discovery.countInRange(tx, scope, range);
    const jobId = await services.jobs.send(reindexContractsJob, { ...scope, ...range }, {
      tx,
      idempotencyKey: `${scope.tenantId}:${scope.workspaceId}:${range.idStart ?? '*'}-${range.idEnd ?? '*'}:${window}`,
    });
    await recordAudit(tx, { type: 'contract.reindexed', data: { idStart: range.idStart ?? null, idEnd: range.idEnd ?? null, acceptedCount, jobId } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    return { jobId, acceptedCount };
  });
}

export function contractDiscoveryJobs(): Array<AnyJob<AppServices>> {
  return [reindexContractsJob as AnyJob<AppServices>];
}
