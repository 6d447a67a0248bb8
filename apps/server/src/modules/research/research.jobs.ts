import { z } from 'zod';
import { aiProviderConfigFromEnv, createAiProvider } from '../../platform/ai/create-provider';
import { type AnyJob, defineJob } from '../../platform/jobs/jobs';
import type { AppServices } from '../../platform/services';
import { importCorpus } from '../law';
import { embeddingModelOf, embeddingModelRow, embedPendingWordings } from './passage-embeddings';
import { indexNewVersions } from './passage-index';
import { readTermIndexAhead } from './retrieval';
import { vectorSearchMode } from './question-vectors';
import { loadVectors } from './vector-search';

/** One embedding run at a time across processes: two would pay the provider twice for the same wordings. */
const EMBED_LOCK = 727_160;

/** The server's provider (AI_* environment): the corpus is public law, embedded once for every workspace at the operator's cost. */
function serverProvider(services: Pick<AppServices, 'config' | 'aiOutbound'>) {
  return createAiProvider(aiProviderConfigFromEnv(services.config), services.aiOutbound);
}

/**
 * Embeds the indexed wordings that have no vector of the server's embedding model yet (none
 * configured, or the built-in engine: nothing to do). Resumable and idempotent: every batch of 64
 * is stored in its own transaction, a wording is never embedded twice for a model, and a run with
 * nothing left calls nobody. A provider failure fails the run; the jobs platform retries it with
 * back-off and the retry continues where it stopped.
 */
export const embedPassagesJob = defineJob<{ startedAt: string }, AppServices>({
  name: 'research.embed-passages',
  payload: z.object({ startedAt: z.string() }),
  policy: { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 3 * 60 * 60 },
  async handler(_payload, services) {
    const provider = serverProvider(services);
    const model = embeddingModelOf(provider);
    if (!model) return;
    const started = Date.now();
    const run = await services.database.withLock(EMBED_LOCK, () => embedPendingWordings(services.database, provider));
    // Questions scan the vectors in memory (unless pgvector is chosen): this process reads them now rather than at its first question.
    const row = vectorSearchMode(services) === 'exact' ? await embeddingModelRow(services.db, model) : null;
    if (row) await loadVectors(services.db, row);
    services.logger.info({ job: 'research.embed-passages', model, ...run, ms: Date.now() - started }, 'research wordings embedded');
  },
});

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
  async handler(payload, services) {
    const started = Date.now();
    await importCorpus(services.db, { lawDataDir: services.config.lawDataDir, inTurnsWith: services.database });
    const indexed = await indexNewVersions(services.db, { inTurnsWith: services.database });
    services.logger.info({ job: 'research.index-passages', indexed, ms: Date.now() - started }, 'research passages indexed');
    // This process's questions then score from lists in memory from the first (seconds in the background; retrieval.ts).
    readTermIndexAhead(services.db).catch((err: unknown) => services.logger.warn({ err }, 'research term lists not read ahead'));
    // Then the vectors of what is indexed (also after a run that indexed nothing: it resumes an embedding cut short).
    if (embeddingModelOf(serverProvider(services))) {
      await services.jobs.send(embedPassagesJob, { startedAt: payload.startedAt }, { idempotencyKey: `research.embed-passages:${payload.startedAt}`, priority: -1 });
    }
  },
});

/** Queued at every start outside tests: a run with nothing new to index costs one query. */
export async function scheduleIndexing(services: Pick<AppServices, 'jobs' | 'config'>) {
  if (services.config.nodeEnv === 'test') return;
  const startedAt = new Date().toISOString();
  await services.jobs.send(indexPassagesJob, { startedAt }, { idempotencyKey: `research.index-passages:${startedAt}`, priority: -1 });
}

export function researchJobs(): Array<AnyJob<AppServices>> {
  return [indexPassagesJob as AnyJob<AppServices>, embedPassagesJob as AnyJob<AppServices>];
}
