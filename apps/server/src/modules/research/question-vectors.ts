import type { AiProvider } from '../../platform/ai/provider';
import { AiProviderError } from '../../platform/ai/provider';
import type { TenantScope } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { aiProviderConfigFromEnv } from '../../platform/ai/create-provider';
import { resolveAiProvider } from '../ai';
import { embeddingModelOf } from './passage-embeddings';
import { queueWorkspaceEmbedding } from './research.jobs';
import type { VectorSearchMode } from './vector-search';

/**
 * How a question reaches the vectors: embedded by the provider the workspace's AI calls go through
 * (its override, else the server's), in one call that may take this long at most and is not
 * retried. A question is a request's: on any failure the answer is served from BM25 alone.
 */
export const QUESTION_EMBED_TIMEOUT_MS = 2000;

/** What kept a question from its vectors: the provider did not embed it, or the stored vectors could not be read into memory. */
export type VectorFailure = { stage: 'EMBED'; failure: string; err: unknown } | { stage: 'LOAD'; err: unknown };

export interface QuestionVectors {
  /** The embedding model: only its stored vectors are searched. */
  model: string;
  mode: VectorSearchMode;
  /** The question's vector; null when the provider failed (reported). */
  embed(question: string): Promise<number[] | null>;
  /** Reading the stored vectors into memory failed (the exact scan): reported; the next question tries again. */
  onLoadError(err: unknown): void;
}

/** Question vectors through a provider (null: no real embedding model, retrieval by words only). */
export function questionVectors(provider: AiProvider, mode: VectorSearchMode, report: (failure: VectorFailure) => void): QuestionVectors | null {
  const model = embeddingModelOf(provider);
  if (!model) return null;
  return {
    model,
    mode,
    async embed(question) {
      try {
        const { vectors } = await provider.embed({ input: [question], model });
        return vectors[0] ?? null;
      } catch (err) {
        report({ stage: 'EMBED', failure: err instanceof AiProviderError ? err.failure : 'UNKNOWN', err });
        return null;
      }
    },
    onLoadError: (err) => report({ stage: 'LOAD', err }),
  };
}

/** pgvector when the operator asks for it and the database has it (detected once at start: `Database.hasVector`); else the exact scan in memory. */
export function vectorSearchMode(services: Pick<AppServices, 'config' | 'database'>): VectorSearchMode {
  return services.config.researchVectorSearch === 'pgvector' && services.database.hasVector ? 'pgvector' : 'exact';
}

/**
 * The workspace's question vectors: its provider with the short timeout, searched as `vectorSearchMode`
 * says. A workspace's own embedding model that has not embedded the statutes yet gets that queued.
 */
export async function questionVectorsFor(services: AppServices, scope: TenantScope): Promise<QuestionVectors | null> {
  const provider = await resolveAiProvider(services, scope, { timeoutMs: QUESTION_EMBED_TIMEOUT_MS, maxRetries: 0 });
  const model = embeddingModelOf(provider);
  if (model && model !== embeddingModelOf(aiProviderConfigFromEnv(services.config))) {
    queueWorkspaceEmbedding(services, scope, model).catch((err: unknown) => services.logger.error({ ...scope, model, err }, 'the statutes\' embedding with the workspace\'s model was not queued'));
  }
  return questionVectors(provider, vectorSearchMode(services), (failed) => {
    // Never the question: it is the workspace's confidential text.
    const err = failed.err instanceof Error ? failed.err.message : String(failed.err);
    if (failed.stage === 'EMBED') {
      services.logger.warn({ ...scope, model: provider.embeddingModel, failure: failed.failure, err }, 'question not embedded: research answered from BM25 alone');
    } else services.logger.error({ model: provider.embeddingModel, err }, 'research vectors not read into memory: answers use BM25 alone until a read succeeds');
  });
}
