import type { AiFeature } from '@legal/api';
import type { AiProvider, AiUsage } from '../../platform/ai/provider';
import { AiProviderError } from '../../platform/ai/provider';
import type { AppServices } from '../../platform/services';
import { recordAiCall } from './ai-calls.service';
import { resolveAiProvider } from './ai-configs.service';
import { aiErrorToAppError } from './ai-errors';
import { type CreditScope, debitCredits, refundDebit } from './credits.service';
import { type ResolvedPrompt, resolvePrompt } from './prompts.service';

export interface MeteredInput {
  feature: AiFeature;
  /** The estimate shown to the user (estimateCredits); debited before the call. */
  credits: number;
  reference?: string;
  promptKey?: string;
  /** The prompt's language (default ko). */
  language?: 'ko' | 'en';
  /** Cancels the call (the request closed, the job was cancelled). */
  signal?: AbortSignal;
}

export interface MeteredRun<T> {
  (ctx: { provider: AiProvider; prompt: ResolvedPrompt | null; signal?: AbortSignal }): Promise<{ value: T; usage?: AiUsage; model?: string | null }>;
}

/**
 * One charged AI call: debit the credits (own transaction; 402 with nothing charged when short),
 * run, record. When the run fails the debit is refunded, the call recorded FAILED (CANCELLED when
 * aborted) with its failure code, and the error rethrown, a provider's error as its HTTP answer
 * (aiErrorToAppError).
 */
export async function meteredAiCall<T>(
  services: AppServices,
  scope: CreditScope,
  input: MeteredInput,
  run: MeteredRun<T>,
): Promise<{ value: T; creditsCharged: number; callId: number }> {
  const provider = await resolveAiProvider(services, scope);
  const prompt = input.promptKey ? await resolvePrompt(services.db, input.promptKey, input.language ?? 'ko') : null;
  const debit = await services.db.transaction((tx) =>
    debitCredits(tx, scope, { feature: input.feature, credits: input.credits, reference: input.reference, starterCredits: services.config.ai.starterCredits }),
  );
  const started = Date.now();
  const base = { feature: input.feature, driver: provider.driver, promptId: prompt?.promptId ?? null, creditEntryId: debit.entryId, reference: input.reference ?? null };
  try {
    const result = await run({ provider, prompt, signal: input.signal });
    const callId = await recordAiCall(services.db, scope, {
      ...base,
      model: result.model ?? provider.chatModel,
      inputTokens: result.usage?.inputTokens,
      outputTokens: result.usage?.outputTokens,
      latencyMs: Date.now() - started,
      credits: input.credits,
      outcome: 'SUCCESS',
    });
    return { value: result.value, creditsCharged: input.credits, callId };
  } catch (err) {
    const latencyMs = Date.now() - started;
    try {
      if (debit.entryId !== null) await refundDebit(services.db, scope, debit.entryId);
      const isCancelled = input.signal?.aborted === true || (err instanceof AiProviderError && err.failure === 'CANCELLED');
      await recordAiCall(services.db, scope, {
        ...base,
        model: err instanceof AiProviderError ? (err.details.model ?? provider.chatModel) : provider.chatModel,
        latencyMs,
        credits: 0,
        outcome: isCancelled ? 'CANCELLED' : 'FAILED',
        failureCode: err instanceof AiProviderError ? err.failure : 'ERROR',
      });
    } catch (bookkeeping) {
      services.logger.error({ err: bookkeeping, debitEntryId: debit.entryId }, 'AI call failed and its refund or record failed too');
    }
    throw aiErrorToAppError(err);
  }
}
