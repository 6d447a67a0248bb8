import {
  AiProviderError, type AiProvider, type ChatRequest, type ChatResult, type ChatStreamEvent, type EmbeddingRequest, type EmbeddingResult, type StructuredRequest,
  type StructuredResult,
} from './provider';

/**
 * The engine that needs no network. It cannot write free text: chat, streaming and structured
 * output throw NOT_CONFIGURED (503 ERROR_AI_PROVIDER_NOT_CONFIGURED) naming how to configure a model.
 *
 * Its embeddings are lexical, not semantic: feature-hashed counts of the words and of the character
 * bigrams inside each word (bigrams match Korean words whatever particle follows: 손해배상을 ~ 손해배상),
 * log-scaled and L2-normalised into BUILT_IN_EMBEDDING_DIMENSIONS numbers. The cosine of two vectors
 * measures shared wording; it knows no synonyms or translations.
 */

export const BUILT_IN_EMBEDDING_MODEL = 'built-in-lexical-hash-v1';
export const BUILT_IN_EMBEDDING_DIMENSIONS = 512;

export const NOT_CONFIGURED_MESSAGE =
  'No AI model is configured: set AI_PROVIDER (OPENAI_COMPATIBLE or ANTHROPIC), AI_BASE_URL, AI_API_KEY and AI_CHAT_MODEL, ' +
  'or have a super admin set the workspace\'s AI provider override. The built-in engine does not generate free text.';

/** FNV-1a, 32 bits, over the UTF-16 code units. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The features of a text: `w:word` per word, `b:xy` per character bigram of a word (the word itself when one character long). */
export function lexicalFeatures(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const features: string[] = [];
  for (const word of words) {
    features.push(`w:${word}`);
    const chars = [...word];
    if (chars.length === 1) features.push(`b:${word}`);
    for (let i = 0; i + 1 < chars.length; i++) features.push(`b:${chars[i]}${chars[i + 1]}`);
  }
  return features;
}

export function lexicalVector(text: string, dimensions = BUILT_IN_EMBEDDING_DIMENSIONS): number[] {
  const counts = new Float64Array(dimensions);
  for (const feature of lexicalFeatures(text)) counts[hash(feature) % dimensions]! += 1;
  let norm = 0;
  for (let i = 0; i < dimensions; i++) {
    counts[i] = counts[i]! > 0 ? 1 + Math.log(counts[i]!) : 0;
    norm += counts[i]! * counts[i]!;
  }
  norm = Math.sqrt(norm);
  // A text with no word has no direction: the zero vector (cosine 0 with everything).
  return Array.from(counts, (value) => (norm > 0 ? value / norm : 0));
}

export class BuiltInProvider implements AiProvider {
  readonly driver = 'BUILT_IN' as const;
  readonly chatModel = null;
  readonly embeddingModel = BUILT_IN_EMBEDDING_MODEL;
  readonly canGenerate = false;

  private notConfigured(): AiProviderError {
    return new AiProviderError('NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE, { driver: 'BUILT_IN', model: null });
  }

  chat(_request: ChatRequest): Promise<ChatResult> {
    return Promise.reject(this.notConfigured());
  }

  // eslint-disable-next-line require-yield -- fails on the first pull, as a driver that cannot stream.
  async *streamChat(_request: ChatRequest): AsyncGenerator<ChatStreamEvent> {
    throw this.notConfigured();
  }

  structured<T>(_request: StructuredRequest<T>): Promise<StructuredResult<T>> {
    return Promise.reject(this.notConfigured());
  }

  embed(request: EmbeddingRequest): Promise<EmbeddingResult> {
    if (request.signal?.aborted) return Promise.reject(new AiProviderError('CANCELLED', 'the AI call was cancelled', { driver: 'BUILT_IN' }));
    const vectors = request.input.map((text) => lexicalVector(text));
    const inputTokens = request.input.reduce((sum, text) => sum + (text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0), 0);
    return Promise.resolve({ vectors, model: BUILT_IN_EMBEDDING_MODEL, usage: { inputTokens, outputTokens: 0 } });
  }
}
