/**
 * The vectors of `npm run eval:research`.
 *
 * configuredVectors: the server's AI provider from the environment, built as the server builds it
 * (AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_EMBEDDING_MODEL, AI_TIMEOUT_MS, OUTBOUND_ALLOW_HOSTS).
 * With a real embedding model the corpus is embedded first (kept in the data directory: a second
 * run embeds nothing) and every question is retrieved fused, searched as the server would
 * (RESEARCH_VECTOR_SEARCH); with the built-in engine nothing changes (BM25 alone, the figures of
 * docs/legal-research.md).
 *
 * measureVectorCost (`--vector-stand-in <dimensions>`): what the vector path costs, with a loopback
 * stand-in answering random unit vectors of that length for every wording and question. Latency
 * only: random vectors say nothing of quality, and no recall is reported for them.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../../apps/server/src/config';
import { aiProviderConfigFromEnv, createAiProvider } from '../../apps/server/src/platform/ai/create-provider';
import type { AiProvider } from '../../apps/server/src/platform/ai/provider';
import { embeddingsHandler, loopbackOutbound, startOpenAiStandIn } from '../../apps/server/src/platform/ai/testing/stand-ins';
import type { Database } from '../../apps/server/src/platform/db/client';
import { createOutboundClient } from '../../apps/server/src/platform/http/outbound';
import { NO_TURNS } from '../../apps/server/src/platform/jobs/in-turns';
import { embeddingModelOf, embeddingModelRow, embedPendingWordings } from '../../apps/server/src/modules/research/passage-embeddings';
import { type QuestionVectors, questionVectors, QUESTION_EMBED_TIMEOUT_MS, type VectorFailure, vectorSearchMode } from '../../apps/server/src/modules/research/question-vectors';
import { retrievePassages } from '../../apps/server/src/modules/research/retrieval';
import { loadVectors, nearestPassages, type VectorSearchMode } from '../../apps/server/src/modules/research/vector-search';
import { underLoad } from './under-load';


/** Embeds the wordings the model has no vector for yet, saying what it cost. */
async function embedCorpus(database: Database, provider: AiProvider): Promise<void> {
  const started = performance.now();
  const run = await embedPendingWordings({ db: database.db, yieldToRequests: NO_TURNS.yieldToRequests }, provider);
  const row = await embeddingModelRow(database.db, provider.embeddingModel!);
  console.log(`embedding model ${provider.embeddingModel}: ${run.embedded} wordings embedded in ${run.calls} calls (${Math.round(performance.now() - started)} ms); ` +
    `${row?.embedded ?? 0} stored, ${row?.dimensions ?? '-'} dimensions`);
}

/** The questions' vectors when the environment configures a real embedding model (the corpus embedded first); null otherwise. */
export async function configuredVectors(database: Database, config: Config): Promise<QuestionVectors | null> {
  const outbound = createOutboundClient({ allow: config.outbound.allowHosts, timeoutMs: Math.max(10_000, config.ai.timeoutMs) });
  const provider = createAiProvider(aiProviderConfigFromEnv(config), outbound);
  if (!embeddingModelOf(provider)) {
    console.log(`retrieval: BM25 alone (AI_PROVIDER ${config.ai.driver}${config.ai.embeddingModel ? '' : ', no AI_EMBEDDING_MODEL'})`);
    return null;
  }
  await embedCorpus(database, provider);
  const questions = createAiProvider({ ...aiProviderConfigFromEnv(config), timeoutMs: QUESTION_EMBED_TIMEOUT_MS, maxRetries: 0 }, outbound);
  const mode = vectorSearchMode({ config, database });
  if (mode === 'exact') await loadVectors(database.db, (await embeddingModelRow(database.db, provider.embeddingModel!))!);
  console.log(`retrieval: BM25 fused with ${provider.embeddingModel} (${mode})`);
  return questionVectors(questions, mode, reportFailure);
}

/** A unit vector drawn from the text's hash: deterministic, unrelated to meaning. */
function randomVector(dimensions: number) {
  return (text: string): number[] => {
    let seed = createHash('sha256').update(text).digest().readUInt32LE(0);
    const next = () => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296 - 0.5;
    };
    const v = Array.from({ length: dimensions }, next);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function reportFailure(failed: VectorFailure): void {
  const why = failed.err instanceof Error ? failed.err.message : String(failed.err);
  console.log(`  vectors not used for a question (${failed.stage === 'EMBED' ? failed.failure : 'reading them'}: ${why}): BM25 alone for it`);
}

/** The vector path's cost over the whole corpus with a stand-in model of `dimensions` (see above). */
export async function measureVectorCost(database: Database, dimensions: number, questions: readonly string[], today: string): Promise<void> {
  const stand = await startOpenAiStandIn();
  stand.setHandler(embeddingsHandler(randomVector(dimensions)));
  try {
    const model = `stand-in-random-${dimensions}`;
    const provider = createAiProvider(
      { driver: 'OPENAI_COMPATIBLE', baseUrl: stand.baseUrl, apiKey: null, chatModel: null, embeddingModel: model, timeoutMs: 60_000, maxRetries: 0 },
      loopbackOutbound(60_000),
    );
    console.log(`\nvector path with a stand-in model (${dimensions} random dimensions; latency only, not quality):`);
    await embedCorpus(database, provider);
    const row = (await embeddingModelRow(database.db, model))!;
    const filter = { asOf: today, today, lawIds: null };
    const query = randomVector(dimensions)('질문');
    const bm25 = await underLoad(questions, 5, 8, (question) => retrievePassages(database.db, { question, limit: 10, today }));
    console.log(`  BM25 alone at 8 concurrent: p50 ${ms(bm25.p50)}, p95 ${ms(bm25.p95)}`);
    const modes: VectorSearchMode[] = database.hasVector ? ['exact', 'pgvector'] : ['exact'];
    for (const mode of modes) {
      const first = performance.now();
      if (mode === 'exact') await loadVectors(database.db, row);
      else await nearestPassages(database.db, mode, row, query, filter, 10);
      const cold = performance.now() - first;
      const warm = await underLoad(questions.map((q) => randomVector(dimensions)(q)), 1, 1, (vector) => nearestPassages(database.db, mode, row, vector, filter, 10));
      const vectors = questionVectors(provider, mode, reportFailure);
      const fused = await underLoad(questions, 5, 8, (question) => retrievePassages(database.db, { question, limit: 10, today, vectors }));
      console.log(`  ${mode}: ${row.embedded} vectors; ${mode === 'exact' ? 'read into memory' : 'first search'} ${ms(cold)}; ` +
        `nearest 10 in force, sequential p50 ${ms(warm.p50)}, p95 ${ms(warm.p95)}; fused retrieval at 8 concurrent p50 ${ms(fused.p50)}, p95 ${ms(fused.p95)}`);
    }
  } finally {
    await stand.close();
  }
}
