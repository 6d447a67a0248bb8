import { z } from 'zod';
import { aiProviderConfigFromEnv, createAiProvider } from '../../platform/ai/create-provider';
import { type AiProvider, AiProviderError, type EmbeddingRequest } from '../../platform/ai/provider';
import type { TenantScope } from '../../platform/http/context';
import { type AnyJob, defineJob } from '../../platform/jobs/jobs';
import type { AppServices } from '../../platform/services';
import { type AiCallRecord, embeddingOverrides, recordAiCall, resolveAiProvider } from '../ai';
import { importCorpus } from '../law';
import { embeddingModelOf, embeddingModelRow, embeddingProgress, embedPendingWordings } from './passage-embeddings';
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

/** A workspace's provider whose every embeddings call is recorded against the workspace (its key pays; no credits). */
function recordedEmbeddings(services: AppServices, scope: TenantScope, provider: AiProvider): AiProvider {
  const record = (started: number, outcome: Omit<AiCallRecord, 'feature' | 'driver' | 'latencyMs' | 'credits'>) =>
    recordAiCall(services.db, { ...scope, userId: null }, { feature: 'RESEARCH_INDEX', driver: provider.driver, latencyMs: Date.now() - started, credits: 0, ...outcome });
  return {
    driver: provider.driver,
    chatModel: provider.chatModel,
    embeddingModel: provider.embeddingModel,
    canGenerate: provider.canGenerate,
    chat: (request) => provider.chat(request),
    streamChat: (request) => provider.streamChat(request),
    structured: (request) => provider.structured(request),
    async embed(request: EmbeddingRequest) {
      const started = Date.now();
      try {
        const result = await provider.embed(request);
        await record(started, { model: result.model, inputTokens: result.usage.inputTokens, outcome: 'SUCCESS' });
        return result;
      } catch (err) {
        const failure = err instanceof AiProviderError ? err.failure : 'ERROR';
        await record(started, { model: request.model ?? provider.embeddingModel, outcome: failure === 'CANCELLED' ? 'CANCELLED' : 'FAILED', failureCode: failure });
        throw err;
      }
    },
  };
}

const EmbedPayloadSchema = z.object({
  startedAt: z.string(),
  /** The workspace whose own provider embeds (its override's embedding model); absent: the server's provider. */
  workspace: z.object({ tenantId: z.number().int().positive(), workspaceId: z.number().int().positive() }).optional(),
});

/**
 * Embeds the indexed wordings that have no vector of an embedding model yet: the server's (none
 * configured, or the built-in engine: nothing to do), or a workspace's own provider's, whose calls
 * are recorded against it. Resumable and idempotent: every batch of 64 is stored in its own
 * transaction, a wording is never embedded twice for a model, and a run with nothing left calls
 * nobody. A provider failure fails the run; the jobs platform retries it with back-off and the
 * retry continues where it stopped.
 */
export const embedPassagesJob = defineJob<z.infer<typeof EmbedPayloadSchema>, AppServices>({
  name: 'research.embed-passages',
  payload: EmbedPayloadSchema,
  policy: { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 3 * 60 * 60 },
  async handler(payload, services) {
    const provider = payload.workspace
      ? recordedEmbeddings(services, payload.workspace, await resolveAiProvider(services, payload.workspace))
      : serverProvider(services);
    const model = embeddingModelOf(provider);
    if (!model) return;
    const started = Date.now();
    const run = await services.database.withLock(EMBED_LOCK, () => embedPendingWordings(services.database, provider));
    // Questions scan the vectors in memory (unless pgvector is chosen): this process reads them now rather than at its first question.
    const row = vectorSearchMode(services) === 'exact' ? await embeddingModelRow(services.db, model) : null;
    if (row) await loadVectors(services.db, row);
    services.logger.info({ job: 'research.embed-passages', model, ...payload.workspace, ...run, ms: Date.now() - started }, 'research wordings embedded');
  },
});

/**
 * Queues the embedding of the statutes for the server's model and for each workspace's own
 * embedding model (one run per model: the vectors are shared by the workspaces using it).
 */
export async function queueEmbeddings(services: AppServices, startedAt: string): Promise<void> {
  const server = embeddingModelOf(serverProvider(services));
  if (server) await services.jobs.send(embedPassagesJob, { startedAt }, { idempotencyKey: `research.embed-passages:${startedAt}`, priority: -1 });
  for (const { embeddingModel, ...workspace } of await embeddingOverrides(services.db)) {
    if (embeddingModel === server) continue;
    await services.jobs.send(embedPassagesJob, { startedAt, workspace }, { idempotencyKey: `research.embed-passages:${startedAt}:${embeddingModel}`, priority: -1 });
  }
}

/** Models whose embedding a question queued lately (per process): a question does not queue it again before this long. */
const QUEUE_AGAIN_MS = 10 * 60_000;
const queuedLately = new Map<string, number>();

/**
 * A question of a workspace whose own embedding model has not embedded the statutes (its override
 * set after the last start) queues that embedding; the question itself is answered from BM25.
 */
export async function queueWorkspaceEmbedding(services: AppServices, scope: TenantScope, model: string): Promise<void> {
  const now = Date.now();
  if (now - (queuedLately.get(model) ?? 0) < QUEUE_AGAIN_MS) return;
  queuedLately.set(model, now);
  const progress = await embeddingProgress(services.db, model);
  if (progress.embedded >= progress.wordings) return;
  const startedAt = new Date(now).toISOString();
  await services.jobs.send(embedPassagesJob, { startedAt, workspace: scope }, { idempotencyKey: `research.embed-passages:${startedAt}:${model}`, priority: -1 });
}

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
    await queueEmbeddings(services, payload.startedAt);
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
