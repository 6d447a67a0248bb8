import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUILT_IN_EMBEDDING_DIMENSIONS, BUILT_IN_EMBEDDING_MODEL, BuiltInProvider, lexicalFeatures } from './built-in';
import { AiProviderError } from './provider';

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

async function failureOf(promise: Promise<unknown>): Promise<AiProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AiProviderError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the built-in engine', () => {
  const engine = new BuiltInProvider();
  const messages = [{ role: 'user' as const, content: '요약해 주세요' }];

  it('cannot generate: chat, stream and structured say NOT_CONFIGURED and how to configure a model', async () => {
    expect(engine.canGenerate).toBe(false);
    expect(engine.chatModel).toBeNull();
    for (const call of [
      engine.chat({ messages }),
      engine.structured({ messages, schema: z.object({ a: z.string() }), schemaName: 'a' }),
      (async () => {
        for await (const event of engine.streamChat({ messages })) void event;
      })(),
    ]) {
      const error = await failureOf(call);
      expect(error.failure).toBe('NOT_CONFIGURED');
      for (const variable of ['AI_PROVIDER', 'AI_BASE_URL', 'AI_API_KEY', 'AI_CHAT_MODEL', 'super admin']) expect(error.message).toContain(variable);
    }
  });

  it('embeds as normalised lexical vectors of a fixed dimension, named as such', async () => {
    const result = await engine.embed({ input: ['갑은 을에게 손해를 배상한다.', '', 'Limitation of liability'] });
    expect(result.model).toBe(BUILT_IN_EMBEDDING_MODEL);
    expect(result.vectors).toHaveLength(3);
    for (const vector of result.vectors) expect(vector).toHaveLength(BUILT_IN_EMBEDDING_DIMENSIONS);
    expect(cosine(result.vectors[0]!, result.vectors[0]!)).toBeCloseTo(1, 10);
    // No words, no direction.
    expect(result.vectors[1]!.every((x) => x === 0)).toBe(true);
    expect(result.usage).toEqual({ inputTokens: 7, outputTokens: 0 });
  });

  it('puts shared wording close (Korean words with other particles too) and unrelated text far', async () => {
    const { vectors } = await engine.embed({
      input: ['손해배상의 범위는 계약금액을 한도로 한다.', '손해배상은 계약금액을 한도로 하여야 한다.', '본 계약은 서울중앙지방법원을 관할로 한다.', 'The Supplier shall indemnify the Buyer.'],
    });
    const [liability, liability2, court, english] = vectors as [number[], number[], number[], number[]];
    expect(cosine(liability, liability2)).toBeGreaterThan(0.5);
    expect(cosine(liability, liability2)).toBeGreaterThan(cosine(liability, court) + 0.2);
    expect(cosine(liability, english)).toBeLessThan(0.1);
    // Same wording, same vector: deterministic.
    const again = await engine.embed({ input: ['손해배상의 범위는 계약금액을 한도로 한다.'] });
    expect(again.vectors[0]).toEqual(liability);
  });

  it('features are words and the character bigrams inside them, case- and width-folded', () => {
    expect(lexicalFeatures('Ａ 손해배상을')).toEqual(['w:a', 'b:a', 'w:손해배상을', 'b:손해', 'b:해배', 'b:배상', 'b:상을']);
  });

  it('honours an aborted signal', async () => {
    expect((await failureOf(engine.embed({ input: ['x'], signal: AbortSignal.abort() }))).failure).toBe('CANCELLED');
  });
});
