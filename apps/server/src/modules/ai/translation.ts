import { estimateCredits } from '@legal/api';
import { z } from 'zod';
import { AiProviderError } from '../../platform/ai/provider';
import type { AppServices } from '../../platform/services';
import type { CreditScope } from './credits.service';
import { meteredAiCall } from './metering';

/**
 * Translation ko<->en of texts cut into segments (a contract's clauses, a research answer's
 * paragraphs), one charged AI call (feature TRANSLATION, one debit, one call record) that asks
 * the model in batches of about 8,000 characters for structured output: each segment under its id
 * (C1, C2...), so none is merged, split or dropped. An answer that misses a segment is not used
 * (502 ERROR_AI_BAD_OUTPUT, refunded). The caller checks the service switch and that a model can
 * generate before calling.
 */

const TranslationOutputSchema = z.object({ clauses: z.array(z.object({ id: z.string(), text: z.string() })) });
/** Segments per model call, by characters: a long text goes in several calls. */
const BATCH_CHARS = 8_000;

export interface TranslationInput {
  segments: readonly string[];
  targetLanguage: 'ko' | 'en';
  /** The ledger's and the call record's reference (ai-review:12:translation). */
  reference: string;
  /** The prompt key the system message is resolved by, and the text used while none is stored. */
  promptKey: string;
  fallbackPrompt: string;
}

export async function translateSegments(services: AppServices, scope: CreditScope, input: TranslationInput): Promise<{ texts: string[]; model: string; creditsCharged: number }> {
  const batches: Array<Array<{ id: string; text: string }>> = [[]];
  let size = 0;
  input.segments.forEach((text, i) => {
    if (size + text.length > BATCH_CHARS && batches.at(-1)!.length > 0) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)!.push({ id: `C${i + 1}`, text });
    size += text.length;
  });
  const textLength = input.segments.reduce((sum, s) => sum + s.length, 0);
  const credits = estimateCredits('TRANSLATION', { driver: 'OPENAI_COMPATIBLE', textLength, items: input.segments.length });
  const target = input.targetLanguage === 'ko' ? 'Korean (ko)' : 'English (en)';
  const { value, creditsCharged } = await meteredAiCall(
    services,
    scope,
    { feature: 'TRANSLATION', credits, reference: input.reference, promptKey: input.promptKey, language: input.targetLanguage },
    async ({ provider, prompt, signal }) => {
      const texts: string[] = [];
      const usage = { inputTokens: 0, outputTokens: 0 };
      let model = provider.chatModel ?? '';
      for (const batch of batches) {
        const result = await provider.structured({
          signal,
          schema: TranslationOutputSchema,
          schemaName: 'clause_translations',
          messages: [
            { role: 'system', content: prompt?.text ?? input.fallbackPrompt },
            { role: 'user', content: `Target language: ${target}\n\n${batch.map((b) => `[${b.id}]\n${b.text}`).join('\n\n')}` },
          ],
        });
        model = result.model;
        usage.inputTokens += result.usage.inputTokens;
        usage.outputTokens += result.usage.outputTokens;
        const byId = new Map(result.value.clauses.map((c) => [c.id.replace(/[[\]\s]/g, ''), c.text]));
        for (const { id } of batch) {
          const translated = byId.get(id);
          // Every segment comes back under its id, or the answer is not usable (numbering would shift).
          if (translated === undefined || translated.trim() === '') throw new AiProviderError('BAD_OUTPUT', `the translation has no segment ${id}`, { driver: provider.driver, model });
          texts.push(translated.trim());
        }
      }
      return { value: { texts, model }, usage, model };
    },
  );
  return { ...value, creditsCharged };
}
