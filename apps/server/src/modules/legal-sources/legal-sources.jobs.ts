import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type AnyJob, defineJob } from '../../platform/jobs/jobs';
import type { AppServices } from '../../platform/services';
import { drfClientOf, storedPrecedentIds, storePrecedent } from './legal-sources.service';
import { lawSourceSyncs } from './legal-sources.table';

const DAY_MS = 24 * 3600 * 1000;
const PAGE_SIZE = 100;
/** Details read per run; a first sync of a long window continues the next day (or on a rerun). */
export const MAX_DETAILS_PER_RUN = 2000;
/** Decisions reach the source weeks after their date: each sync reads this far back again. */
const OVERLAP_DAYS = 60;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Reads the precedents decided since the last sync (the first time: LAW_OPEN_API_SYNC_DAYS back)
 * from the Open API, newest first, and stores the ones not stored yet. `syncedThrough` moves on
 * only when the whole window was read, so a run cut short by its cap or an error is resumed.
 */
export async function syncPrecedents(services: AppServices, today = isoDay(Date.now()), signal?: AbortSignal): Promise<{ stored: number; complete: boolean }> {
  const drf = drfClientOf(services);
  if (!drf) return { stored: 0, complete: true };
  const [state] = await services.db.select().from(lawSourceSyncs).where(eq(lawSourceSyncs.target, 'prec'));
  const from = state?.syncedThrough
    ? isoDay(Date.parse(state.syncedThrough) - OVERLAP_DAYS * DAY_MS)
    : isoDay(Date.parse(today) - services.config.lawOpenApi.syncDays * DAY_MS);
  let stored = 0;
  let complete = false;
  try {
    for (let page = 1; stored < MAX_DETAILS_PER_RUN && !signal?.aborted; page++) {
      const { total, items } = await drf.searchPrecedents({ from, to: today, page, display: PAGE_SIZE }, signal);
      const known = await storedPrecedentIds(services.db, items.map((i) => i.precedentId));
      for (const hit of items) {
        if (known.has(hit.precedentId) || stored >= MAX_DETAILS_PER_RUN || signal?.aborted) continue;
        const precedent = await drf.precedent(hit.precedentId, signal);
        if (precedent) {
          await storePrecedent(services.db, precedent);
          stored++;
        }
      }
      if (items.length === 0 || page * PAGE_SIZE >= total) {
        complete = !signal?.aborted && stored < MAX_DETAILS_PER_RUN;
        break;
      }
    }
  } catch (error) {
    await recordRun(services, state?.syncedThrough ?? null, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await recordRun(services, complete ? today : (state?.syncedThrough ?? null), null);
  return { stored, complete };
}

async function recordRun(services: AppServices, syncedThrough: string | null, lastError: string | null) {
  const values = { target: 'prec', syncedThrough, lastRunAt: new Date(), lastError };
  await services.db.insert(lawSourceSyncs).values(values).onConflictDoUpdate({ target: lawSourceSyncs.target, set: values });
}

export const syncPrecedentsJob = defineJob<{ day: string }, AppServices>({
  name: 'legal-sources.sync-precedents',
  payload: z.object({ day: z.string() }),
  policy: { retryLimit: 3, retryDelaySeconds: 15 * 60, expireInSeconds: 3 * 3600 },
  async handler({ day }, services) {
    const result = await syncPrecedents(services, day);
    services.logger.info({ job: 'legal-sources.sync-precedents', ...result }, 'precedents synced');
    await schedulePrecedentSync(services, Date.parse(day) + DAY_MS);
  },
});

/** Queues the sync of a day (once per day, whoever asks), when the operator configured a key. */
export async function schedulePrecedentSync(services: Pick<AppServices, 'jobs' | 'config'>, at = Date.now()) {
  if (!services.config.lawOpenApi.oc || services.config.nodeEnv === 'test') return;
  const day = isoDay(at);
  await services.jobs.send(syncPrecedentsJob, { day }, { idempotencyKey: `legal-sources.sync-precedents:${day}`, startAfter: Math.max(at, Date.now()) });
}

export function legalSourcesJobs(): Array<AnyJob<AppServices>> {
  return [syncPrecedentsJob as AnyJob<AppServices>];
}
