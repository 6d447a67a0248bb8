import { z } from 'zod';
import type { OutboundClient } from '../http/outbound';
import { AiTransport, type TransportTuning } from './http-transport';
import type {
  AiProvider, AiProviderConfig, AiUsage, ChatRequest, ChatResult, ChatStreamEvent, EmbeddingRequest, EmbeddingResult, StructuredRequest,
  StructuredResult,
} from './provider';
import { readSse } from './sse';
import { checkStructured, toProviderSchema } from './structured-output';

/**
 * The OpenAI chat-completions and embeddings API, as OpenAI, Azure OpenAI (`api-key` header, a base
 * URL's `?api-version=` kept), vLLM, Ollama (/v1), LM Studio and most gateways speak it. Streaming asks for the usage in the last
 * chunk (stream_options.include_usage); structured output uses response_format json_schema.
 */

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Azure OpenAI resources: https://<name>.openai.azure.com or <name>.cognitiveservices.azure.com. */
function isAzureHost(baseUrl: string): boolean {
  try {
    return /\.(openai|cognitiveservices)\.azure\.com$/i.test(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

const Usage = z.looseObject({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() });

const Completion = z.looseObject({
  model: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: Usage.nullable().optional(),
});

const Chunk = z.looseObject({
  model: z.string().optional(),
  choices: z
    .array(z.looseObject({ delta: z.looseObject({ content: z.string().nullable().optional() }).optional(), finish_reason: z.string().nullable().optional() }))
    .optional(),
  usage: Usage.nullable().optional(),
  error: z.unknown().optional(),
});

const Embeddings = z.looseObject({
  model: z.string().optional(),
  data: z.array(z.looseObject({ index: z.number().int(), embedding: z.array(z.number()) })),
  usage: Usage.nullable().optional(),
});

function usageOf(usage: z.infer<typeof Usage> | null | undefined): AiUsage {
  return { inputTokens: usage?.prompt_tokens ?? 0, outputTokens: usage?.completion_tokens ?? 0 };
}

function finishOf(reason: string | null | undefined): ChatResult['finishReason'] {
  return reason === 'stop' ? 'stop' : reason === 'length' ? 'length' : 'other';
}

export class OpenAiCompatibleProvider implements AiProvider {
  readonly driver = 'OPENAI_COMPATIBLE' as const;
  readonly chatModel: string | null;
  readonly embeddingModel: string | null;
  readonly canGenerate: boolean;
  private readonly transport: AiTransport;
  private readonly baseUrl: string;
  private readonly isAzure: boolean;

  constructor(
    private readonly config: AiProviderConfig,
    outbound: OutboundClient,
    tuning: TransportTuning = {},
  ) {
    this.chatModel = config.chatModel;
    this.embeddingModel = config.embeddingModel;
    this.canGenerate = config.chatModel !== null;
    this.baseUrl = (config.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.isAzure = isAzureHost(this.baseUrl);
    this.transport = new AiTransport({ ...tuning, driver: this.driver, outbound, timeoutMs: config.timeoutMs, maxRetries: config.maxRetries, apiKey: config.apiKey });
  }

  /** Azure OpenAI takes its key as `api-key`; everyone else as a Bearer token. */
  private headers(): Record<string, string> {
    if (!this.config.apiKey) return {};
    return this.isAzure ? { 'api-key': this.config.apiKey } : { authorization: `Bearer ${this.config.apiKey}` };
  }

  /** `{base}/path`, keeping a query of the base URL (Azure's `?api-version=`). */
  private url(path: string): string {
    const [base, query] = this.baseUrl.split('?', 2) as [string, string | undefined];
    return `${base.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
  }

  private model(requested: string | undefined, kind: 'chat' | 'embedding'): string {
    const model = requested ?? (kind === 'chat' ? this.chatModel : this.embeddingModel);
    if (!model) {
      const variable = kind === 'chat' ? 'AI_CHAT_MODEL' : 'AI_EMBEDDING_MODEL';
      throw this.transport.error('NOT_CONFIGURED', `no ${kind} model is configured for the OpenAI-compatible provider: set ${variable} or the workspace's AI settings`);
    }
    return model;
  }

  private chatBody(request: ChatRequest, model: string): Record<string, unknown> {
    return {
      model,
      messages: request.messages.map(({ role, content }) => ({ role, content })),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxOutputTokens === undefined ? {} : { max_tokens: request.maxOutputTokens }),
    };
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const model = this.model(request.model, 'chat');
    const exchange = await this.transport.post(this.url('/chat/completions'), this.headers(), this.chatBody(request, model), request.signal, model);
    const completion = await this.transport.readJson(exchange, Completion, model);
    const choice = completion.choices[0]!;
    return { text: choice.message.content ?? '', model: completion.model ?? model, usage: usageOf(completion.usage), finishReason: finishOf(choice.finish_reason) };
  }

  async *streamChat(request: ChatRequest): AsyncGenerator<ChatStreamEvent> {
    const model = this.model(request.model, 'chat');
    const body = { ...this.chatBody(request, model), stream: true, stream_options: { include_usage: true } };
    const exchange = await this.transport.post(this.url('/chat/completions'), this.headers(), body, request.signal, model);
    if (!exchange.response.body) throw this.transport.error('BAD_OUTPUT', 'the provider answered a stream without a body', { model });
    let text = '';
    let answeredModel = model;
    let usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
    let finish: string | null = null;
    let isDone = false;
    try {
      for await (const event of readSse(exchange.response.body as ReadableStream<Uint8Array>)) {
        if (event.data === '[DONE]') {
          isDone = true;
          break;
        }
        let json: unknown;
        try {
          json = JSON.parse(event.data);
        } catch {
          throw this.transport.error('BAD_OUTPUT', 'a streamed chunk is not JSON', { model });
        }
        const chunk = Chunk.safeParse(json);
        if (!chunk.success) throw this.transport.error('BAD_OUTPUT', 'a streamed chunk has an unexpected shape', { model });
        if (chunk.data.error !== undefined) throw this.transport.fromAnswer(500, JSON.stringify({ error: chunk.data.error }), model);
        if (chunk.data.model) answeredModel = chunk.data.model;
        if (chunk.data.usage) usage = usageOf(chunk.data.usage);
        const choice = chunk.data.choices?.[0];
        if (choice?.finish_reason) finish = choice.finish_reason;
        const delta = choice?.delta?.content;
        if (delta) {
          text += delta;
          yield { type: 'delta', text: delta };
        }
      }
    } catch (error) {
      throw exchange.fail(error);
    }
    if (!isDone && finish === null) throw this.transport.error('UNAVAILABLE', 'the stream ended before the answer was complete', { model });
    yield { type: 'done', result: { text, model: answeredModel, usage, finishReason: finishOf(finish) } };
  }

  async structured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const model = this.model(request.model, 'chat');
    const target = toProviderSchema(request.schema);
    const body = {
      ...this.chatBody(request, model),
      response_format: { type: 'json_schema', json_schema: { name: request.schemaName, schema: target.schema, strict: target.isStrictCompatible } },
    };
    const exchange = await this.transport.post(this.url('/chat/completions'), this.headers(), body, request.signal, model);
    const completion = await this.transport.readJson(exchange, Completion, model);
    const choice = completion.choices[0]!;
    if (choice.message.refusal) throw this.transport.error('BAD_OUTPUT', `the model refused: ${choice.message.refusal}`, { model });
    if (choice.finish_reason === 'length') throw this.transport.error('BAD_OUTPUT', 'the answer was cut off at the output token limit', { model });
    let raw: unknown;
    try {
      raw = JSON.parse(choice.message.content ?? '');
    } catch {
      throw this.transport.error('BAD_OUTPUT', 'the structured answer is not JSON', { model });
    }
    const checked = checkStructured(raw, request.schema, target.isWrapped);
    if (!checked.ok) throw this.transport.error('BAD_OUTPUT', checked.reason, { model });
    return { value: checked.value, model: completion.model ?? model, usage: usageOf(completion.usage) };
  }

  async embed(request: EmbeddingRequest): Promise<EmbeddingResult> {
    const model = this.model(request.model, 'embedding');
    if (request.input.length === 0) return { vectors: [], model, usage: { inputTokens: 0, outputTokens: 0 } };
    const body = { model, input: request.input, encoding_format: 'float' };
    const exchange = await this.transport.post(this.url('/embeddings'), this.headers(), body, request.signal, model);
    const answer = await this.transport.readJson(exchange, Embeddings, model);
    const vectors = [...answer.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
    if (vectors.length !== request.input.length) {
      throw this.transport.error('BAD_OUTPUT', `asked for ${request.input.length} embeddings, got ${vectors.length}`, { model });
    }
    return { vectors, model: answer.model ?? model, usage: { inputTokens: answer.usage?.prompt_tokens ?? 0, outputTokens: 0 } };
  }
}
