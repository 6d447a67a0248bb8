import type { AnalyzedClause } from '@legal/api';
import { ConfigError, loadConfig } from '../../../config';
import { aiProviderConfigFromEnv, createAiProvider } from '../../../platform/ai/create-provider';
import type { AiProvider, AiUsage } from '../../../platform/ai/provider';
import { createOutboundClient } from '../../../platform/http/outbound';
import { DEFAULT_PROMPTS } from '../../ai';
import type { PlaybookCheckpoint } from '../playbook/playbook.types';
import type { LabelledContract, VerdictPair } from './evaluation';
import { runModelReview } from './model-engine';

/**
 * `npm run eval:review -- --provider`: the model engine over the labelled set, with the provider
 * the AI_* variables name (no server, no database: the shipped review.checkpoint prompt, version 1).
 */

export type ProviderEvaluation =
  | { ok: false; message: string }
  | {
    ok: true;
    driver: string;
    model: string | null;
    pairs: VerdictPair[];
    usage: AiUsage;
    /** Checkpoints decided by their rule after a failed call, per contract. */
    fallbacks: Array<{ contractId: string; code: string; failure: string }>;
  };

const HOW_TO = 'Set AI_PROVIDER (OPENAI_COMPATIBLE or ANTHROPIC), AI_BASE_URL, AI_API_KEY and AI_CHAT_MODEL (a private or loopback address also needs OUTBOUND_ALLOW_HOSTS).';

/** The provider of the environment, or why there is none. */
export function providerFromEnvironment(env: Record<string, string | undefined>): { ok: true; provider: AiProvider; close: () => Promise<void> } | { ok: false; message: string } {
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return { ok: false, message: `the environment is not valid: ${err.problems.join('; ')}` };
    throw err;
  }
  if (config.ai.driver === 'BUILT_IN') return { ok: false, message: `no model is configured (AI_PROVIDER is BUILT_IN or unset). ${HOW_TO}` };
  const outbound = createOutboundClient({ allow: config.outbound.allowHosts, timeoutMs: Math.max(10_000, config.ai.timeoutMs) });
  const provider = createAiProvider(aiProviderConfigFromEnv(config), outbound);
  if (!provider.canGenerate) {
    void outbound.close();
    return { ok: false, message: `the ${config.ai.driver} provider cannot generate text (no chat model or key). ${HOW_TO}` };
  }
  return { ok: true, provider, close: () => outbound.close() };
}

/**
 * Each contract segmented and reviewed by the model engine (checkpoints of its type that apply
 * to its side), one pair per label, as `evaluateSet` does for the rules. A contract whose run
 * fails as a whole (refused key, provider down) stops the evaluation with that error.
 */
export async function evaluateWithProvider(
  env: Record<string, string | undefined>,
  contracts: Array<LabelledContract & { text: string }>,
  playbook: PlaybookCheckpoint[],
  segment: (text: string) => AnalyzedClause[],
  options: { concurrency?: number; onContract?: (id: string, index: number) => void } = {},
): Promise<ProviderEvaluation> {
  const resolved = providerFromEnvironment(env);
  if (!resolved.ok) return resolved;
  const { provider } = resolved;
  const pairs: VerdictPair[] = [];
  const usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
  const fallbacks: Array<{ contractId: string; code: string; failure: string }> = [];
  let model: string | null = provider.chatModel;
  try {
    for (const [index, c] of contracts.entries()) {
      options.onContract?.(c.id, index);
      const checkpoints = playbook.filter((cp) => cp.contractType === c.contractType);
      const out = await runModelReview(
        { text: c.text, language: c.language, clauses: segment(c.text), position: c.position, checkpoints },
        { provider, systemPrompt: DEFAULT_PROMPTS['review.checkpoint']![c.language], contractType: c.contractType, concurrency: options.concurrency },
      );
      usage.inputTokens += out.usage.inputTokens;
      usage.outputTokens += out.usage.outputTokens;
      model = out.model ?? model;
      fallbacks.push(...out.fallbacks.map((f) => ({ contractId: c.id, ...f })));
      const found = new Map(out.findings.map((f) => [f.checkpointCode, f.verdict]));
      for (const [code, label] of Object.entries(c.verdicts)) pairs.push({ contractId: c.id, code, expected: label.verdict, actual: found.get(code) ?? 'MISSING' });
    }
  } finally {
    await resolved.close();
  }
  return { ok: true, driver: provider.driver, model, pairs, usage, fallbacks };
}
