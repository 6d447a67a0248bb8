import { z } from 'zod';
import type { OutboundClient } from '../http/outbound';
import { AiTransport, type TransportTuning } from './http-transport';
import type {
  AiMessage, AiProvider, AiProviderConfig, AiUsage, ChatRequest, ChatResult, ChatStreamEvent, EmbeddingRequest, EmbeddingResult,
  StructuredRequest, StructuredResult,
} from './provider';
import { readSse } from './sse';
import { checkStructured, toProviderSchema } from './structured-output';

/**
 * The Anthropic Messages API (POST /v1/messages, anthropic-version 2023-06-01): system prompt as the
 * top-level `system`, max_tokens always sent, streaming as typed SSE events, structured output as
 * one forced tool whose input is the value. Anthropic has no embeddings endpoint.
 */

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

const Usage = z.looseObject({ input_tokens: z.number().optional(), output_tokens: z.number().optional() });

const Message = z.looseObject({
  model: z.string().optional(),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional(), name: z.string().optional(), input: z.unknown().optional() })),
  stop_reason: z.string().nullable().optional(),
  usage: Usage.optional(),
});

const StreamEvent = z.looseObject({
  type: z.string(),
  message: z.looseObject({ model: z.string().optional(), usage: Usage.optional() }).optional(),
  delta: z.looseObject({ type: z.string().optional(), text: z.string().optional(), stop_reason: z.string().nullable().optional() }).optional(),
  usage: Usage.optional(),
  error: z.looseObject({ type: z.string().optional(), message: z.string().optional() }).optional(),
});

function finishOf(reason: string | null | undefined): ChatResult['finishReason'] {
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'stop';
  return reason === 'max_tokens' ? 'length' : 'other';
}

/** System messages to `system`; the rest alternating user/assistant (consecutive turns of one role joined). */
export function toAnthropicMessages(messages: readonly AiMessage[]): { system: string | undefined; messages: Array<{ role: 'user' | 'assistant'; content: string }> } {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const turns: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const last = turns.at(-1);
    if (last && last.role === message.role) last.content += `\n\n${message.content}`;
    else turns.push({ role: message.role, content: message.content });
  }
  return { system: system.length ? system.join('\n\n') : undefined, messages: turns };
}

export class AnthropicProvider implements AiProvider {
  readonly driver = 'ANTHROPIC' as const;
  readonly chatModel: string | null;
  readonly embeddingModel = null;
  readonly canGenerate: boolean;
  private readonly transport: AiTransport;
  private readonly url: string;

  constructor(
    private readonly config: AiProviderConfig,
    outbound: OutboundClient,
    tuning: TransportTuning = {},
  ) {
    this.chatModel = config.chatModel;
    this.canGenerate = config.chatModel !== null && config.apiKey !== null;
    // Either spelling of the base URL: https://api.anthropic.com or .../v1.
    this.url = `${(config.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/messages`;
    this.transport = new AiTransport({ ...tuning, driver: this.driver, outbound, timeoutMs: config.timeoutMs, maxRetries: config.maxRetries, apiKey: config.apiKey });
  }

  private prepare(request: ChatRequest): { model: string; headers: Record<string, string>; body: Record<string, unknown> } {
    const model = request.model ?? this.chatModel;
    if (!model || !this.config.apiKey) {
      throw this.transport.error('NOT_CONFIGURED', 'the Anthropic provider needs AI_API_KEY and AI_CHAT_MODEL (or the workspace\'s AI settings)');
    }
    const { system, messages } = toAnthropicMessages(request.messages);
    return {
      model,
      headers: { 'x-api-key': this.config.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
      body: {
        model,
        max_tokens: request.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
        messages,
        ...(system === undefined ? {} : { system }),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      },
    };
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const { model, headers, body } = this.prepare(request);
    const exchange = await this.transport.post(this.url, headers, body, request.signal, model);
    const message = await this.transport.readJson(exchange, Message, model);
    const text = message.content.filter((block) => block.type === 'text').map((block) => block.text ?? '').join('');
    return {
      text,
      model: message.model ?? model,
      usage: { inputTokens: message.usage?.input_tokens ?? 0, outputTokens: message.usage?.output_tokens ?? 0 },
      finishReason: finishOf(message.stop_reason),
    };
  }

  async *streamChat(request: ChatRequest): AsyncGenerator<ChatStreamEvent> {
    const { model, headers, body } = this.prepare(request);
    const exchange = await this.transport.post(this.url, headers, { ...body, stream: true }, request.signal, model);
    if (!exchange.response.body) throw this.transport.error('BAD_OUTPUT', 'the provider answered a stream without a body', { model });
    let text = '';
    let answeredModel = model;
    const usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
    let stopReason: string | null = null;
    let isStopped = false;
    try {
      for await (const sse of readSse(exchange.response.body as ReadableStream<Uint8Array>)) {
        let json: unknown;
        try {
          json = JSON.parse(sse.data);
        } catch {
          throw this.transport.error('BAD_OUTPUT', 'a streamed event is not JSON', { model });
        }
        const parsed = StreamEvent.safeParse(json);
        if (!parsed.success) throw this.transport.error('BAD_OUTPUT', 'a streamed event has an unexpected shape', { model });
        const event = parsed.data;
        if (event.type === 'error') {
          // Mid-stream errors carry no status: overloaded_error is Anthropic's 529.
          const status = event.error?.type === 'overloaded_error' ? 529 : event.error?.type === 'rate_limit_error' ? 429 : 500;
          throw this.transport.fromAnswer(status, JSON.stringify({ type: 'error', error: event.error }), model);
        }
        if (event.type === 'message_start') {
          answeredModel = event.message?.model ?? answeredModel;
          usage.inputTokens = event.message?.usage?.input_tokens ?? usage.inputTokens;
          usage.outputTokens = event.message?.usage?.output_tokens ?? usage.outputTokens;
        } else if (event.type === 'content_block_delta' && event.delta?.type === 'text_delta' && event.delta.text) {
          text += event.delta.text;
          yield { type: 'delta', text: event.delta.text };
        } else if (event.type === 'message_delta') {
          stopReason = event.delta?.stop_reason ?? stopReason;
          // message_delta's usage is cumulative.
          usage.outputTokens = event.usage?.output_tokens ?? usage.outputTokens;
          if (event.usage?.input_tokens) usage.inputTokens = event.usage.input_tokens;
        } else if (event.type === 'message_stop') {
          isStopped = true;
          break;
        }
      }
    } catch (error) {
      throw exchange.fail(error);
    }
    if (!isStopped) throw this.transport.error('UNAVAILABLE', 'the stream ended before the answer was complete', { model });
    yield { type: 'done', result: { text, model: answeredModel, usage, finishReason: finishOf(stopReason) } };
  }

  async structured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const { model, headers, body } = this.prepare(request);
    const target = toProviderSchema(request.schema);
    const tool = { name: request.schemaName, description: 'Record the answer in this exact structure.', input_schema: target.schema };
    const exchange = await this.transport.post(
      this.url,
      headers,
      { ...body, tools: [tool], tool_choice: { type: 'tool', name: request.schemaName } },
      request.signal,
      model,
    );
    const message = await this.transport.readJson(exchange, Message, model);
    const usage = { inputTokens: message.usage?.input_tokens ?? 0, outputTokens: message.usage?.output_tokens ?? 0 };
    if (message.stop_reason === 'max_tokens') throw this.transport.error('BAD_OUTPUT', 'the answer was cut off at max_tokens', { model });
    const call = message.content.find((block) => block.type === 'tool_use' && block.name === request.schemaName);
    if (!call) throw this.transport.error('BAD_OUTPUT', 'the model did not call the answer tool', { model });
    const checked = checkStructured(call.input, request.schema, target.isWrapped);
    if (!checked.ok) throw this.transport.error('BAD_OUTPUT', checked.reason, { model });
    return { value: checked.value, model: message.model ?? model, usage };
  }

  embed(_request: EmbeddingRequest): Promise<EmbeddingResult> {
    return Promise.reject(
      this.transport.error(
        'NOT_CONFIGURED',
        'Anthropic has no embeddings API: embeddings need an OpenAI-compatible embedding endpoint (AI_PROVIDER=OPENAI_COMPATIBLE with AI_EMBEDDING_MODEL)',
      ),
    );
  }
}
