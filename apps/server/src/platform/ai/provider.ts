import type { z } from 'zod';

/**
 * The one interface every AI feature talks to (chat, structured output, embeddings), whichever
 * driver answers: an OpenAI-compatible HTTP endpoint, the Anthropic Messages API, or the built-in
 * engine that needs no network. Drivers live beside this file; `createAiProvider` picks one from
 * an `AiProviderConfig` (environment defaults, a super admin's per-workspace override).
 *
 * The built-in engine cannot write free text: its `chat`, `streamChat` and `structured` throw
 * `AiProviderError('NOT_CONFIGURED')`, which the HTTP layer answers as 503
 * ERROR_AI_PROVIDER_NOT_CONFIGURED. Deterministic features (segmentation, rules, retrieval,
 * extractive summaries, similarity) do not go through a provider at all.
 */

export const AI_DRIVERS = ['BUILT_IN', 'OPENAI_COMPATIBLE', 'ANTHROPIC'] as const;
export type AiDriverName = (typeof AI_DRIVERS)[number];

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChatRequest {
  messages: AiMessage[];
  /** The configured chat model when omitted. */
  model?: string;
  temperature?: number;
  maxOutputTokens?: number;
  /** Aborted when the user leaves (the request closes) or the job is cancelled. */
  signal?: AbortSignal;
}

export interface ChatResult {
  text: string;
  model: string;
  usage: AiUsage;
  finishReason: 'stop' | 'length' | 'other';
}

/** A streamed answer: text deltas as they arrive, then the whole result once. */
export type ChatStreamEvent = { type: 'delta'; text: string } | { type: 'done'; result: ChatResult };

export interface StructuredRequest<T> extends ChatRequest {
  /** The answer must parse against this schema (sent to the model as a JSON schema). */
  schema: z.ZodType<T>;
  /** A short identifier for the schema (OpenAI json_schema name, Anthropic tool name): [a-zA-Z0-9_-]{1,64}. */
  schemaName: string;
}

export interface StructuredResult<T> {
  value: T;
  model: string;
  usage: AiUsage;
}

export interface EmbeddingRequest {
  input: string[];
  model?: string;
  signal?: AbortSignal;
}

export interface EmbeddingResult {
  vectors: number[][];
  model: string;
  usage: AiUsage;
}

export interface AiProvider {
  readonly driver: AiDriverName;
  readonly chatModel: string | null;
  readonly embeddingModel: string | null;
  /** False for the built-in engine: free-text generation, translation and open chat need a model. */
  readonly canGenerate: boolean;
  chat(request: ChatRequest): Promise<ChatResult>;
  streamChat(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
  structured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>>;
  embed(request: EmbeddingRequest): Promise<EmbeddingResult>;
}

/**
 * Why a provider call failed, mapped from each driver's wire errors:
 * NOT_CONFIGURED (no model for this), AUTH (key refused: 401/403), UNKNOWN_MODEL (404 or the
 * provider's model_not_found), CONTEXT_TOO_LONG (the input exceeds the model's window),
 * RATE_LIMITED (429 after the retries), UNAVAILABLE (5xx or connection failure after the retries),
 * TIMEOUT, CANCELLED (the signal was aborted), BAD_OUTPUT (the answer did not parse or match the schema),
 * REFUSED_ADDRESS (the outbound client refused the endpoint's address).
 */
export const AI_FAILURES = [
  'NOT_CONFIGURED', 'AUTH', 'UNKNOWN_MODEL', 'CONTEXT_TOO_LONG', 'RATE_LIMITED', 'UNAVAILABLE', 'TIMEOUT', 'CANCELLED', 'BAD_OUTPUT',
  'REFUSED_ADDRESS',
] as const;
export type AiFailure = (typeof AI_FAILURES)[number];

export class AiProviderError extends Error {
  constructor(
    readonly failure: AiFailure,
    message: string,
    readonly details: { status?: number; driver?: AiDriverName; model?: string | null } = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}

/** How to reach a provider: from the environment (AI_*), or a workspace override set by a super admin. */
export interface AiProviderConfig {
  driver: AiDriverName;
  /** OPENAI_COMPATIBLE: e.g. https://api.openai.com/v1, http://localhost:11434/v1; ANTHROPIC: https://api.anthropic.com */
  baseUrl: string | null;
  /** Plain text here, in memory only: stored sealed, never answered by an API. */
  apiKey: string | null;
  chatModel: string | null;
  embeddingModel: string | null;
  /** Per attempt. */
  timeoutMs: number;
  /** Retries after the first attempt on 429 and 5xx, with exponential back-off (Retry-After honoured). */
  maxRetries: number;
}
