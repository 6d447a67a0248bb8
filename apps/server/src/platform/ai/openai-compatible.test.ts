import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOutboundClient, type OutboundClient } from '../http/outbound';
import { OpenAiCompatibleProvider } from './openai-compatible';
import { AiProviderError, type AiProviderConfig, type ChatStreamEvent } from './provider';
import { loopbackOutbound, openAiReplies, startOpenAiStandIn, type StandIn } from './testing/stand-ins';

const KEY = 'sk-test-0123456789abcdef';
let standIn: StandIn;
let outbound: OutboundClient;
let delays: number[];

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  outbound = loopbackOutbound();
});
afterAll(async () => {
  await outbound.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.reset();
  delays = [];
});

function provider(overrides: Partial<AiProviderConfig> = {}, client = outbound): OpenAiCompatibleProvider {
  const config: AiProviderConfig = {
    driver: 'OPENAI_COMPATIBLE', baseUrl: standIn.baseUrl, apiKey: KEY, chatModel: 'gpt-test', embeddingModel: 'embed-test', timeoutMs: 5_000, maxRetries: 2,
    ...overrides,
  };
  // The back-off's waits are recorded, not slept: the tests assert what was asked for.
  return new OpenAiCompatibleProvider(config, client, { sleep: async (ms) => void delays.push(ms), random: () => 0 });
}

async function failureOf(promise: Promise<unknown>): Promise<AiProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AiProviderError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const messages = [
  { role: 'system' as const, content: '당신은 계약 검토자입니다.' },
  { role: 'user' as const, content: '제5조를 요약해 주세요.' },
];

describe('the OpenAI-compatible driver', () => {
  it('sends a chat completion in the documented shape and reads the answer', async () => {
    standIn.enqueue(openAiReplies.completion('손해배상 한도는 계약금액입니다.', { model: 'gpt-test-2025', usage: { input: 42, output: 17 } }));
    const result = await provider().chat({ messages, temperature: 0.2, maxOutputTokens: 300 });
    expect(result).toEqual({ text: '손해배상 한도는 계약금액입니다.', model: 'gpt-test-2025', usage: { inputTokens: 42, outputTokens: 17 }, finishReason: 'stop' });
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({ model: 'gpt-test', messages, temperature: 0.2, max_tokens: 300 });
  });

  it('sends no Authorization header without a key (Ollama, vLLM) and takes a per-call model', async () => {
    standIn.enqueue(openAiReplies.completion('ok', { finishReason: 'length' }));
    const result = await provider({ apiKey: null }).chat({ messages, model: 'llama3' });
    expect(result.finishReason).toBe('length');
    expect(standIn.requests[0]!.headers.authorization).toBeUndefined();
    expect(standIn.requests[0]!.body).toEqual({ model: 'llama3', messages });
  });

  it('speaks Azure OpenAI: api-key header, the api-version query kept on every path', async () => {
    const azureBase = 'https://legal-ai.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-10-21';
    // The Azure host is routed to the stand-in (no network in tests); the request is what Azure would receive.
    const routed: OutboundClient = {
      fetch: (input, init) => outbound.fetch(String(input).replace('https://legal-ai.openai.azure.com', `http://127.0.0.1:${standIn.port}`), init),
      close: async () => undefined,
    };
    standIn.enqueue(openAiReplies.completion('애저'), openAiReplies.embeddings([[1]]));
    const azure = provider({ baseUrl: azureBase }, routed);
    expect((await azure.chat({ messages })).text).toBe('애저');
    await azure.embed({ input: ['x'] });
    expect(standIn.requests.map((r) => r.path)).toEqual([
      '/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
      '/openai/deployments/gpt-4o/embeddings?api-version=2024-10-21',
    ]);
    expect(standIn.requests[0]!.headers['api-key']).toBe(KEY);
    expect(standIn.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('reassembles a stream cut at awkward byte boundaries (mid-Korean character) and takes the usage from it', async () => {
    const pieces = ['갑은 ', '을에게 ', '계약금액의 ', '10%를 ', '지체상금으로 ', '지급한다.'];
    standIn.enqueue(openAiReplies.stream(pieces, { usage: { input: 31, output: 12 }, chunkBytes: 5 }));
    const events = await collect(provider().streamChat({ messages }));
    const deltas = events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text);
    expect(deltas).toEqual(pieces);
    expect(events.at(-1)).toEqual({
      type: 'done', result: { text: pieces.join(''), model: 'stand-in-model', usage: { inputTokens: 31, outputTokens: 12 }, finishReason: 'stop' },
    });
    expect(standIn.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true }, model: 'gpt-test' });
  });

  it('reads structured output against the zod schema, sent as a strict json_schema', async () => {
    const schema = z.object({ verdict: z.enum(['MET', 'NOT_MET']), reason: z.string() });
    standIn.enqueue(openAiReplies.json({ verdict: 'NOT_MET', reason: '책임 제한 조항이 없습니다.' }));
    const result = await provider().structured({ messages, schema, schemaName: 'checkpoint_verdict' });
    expect(result.value).toEqual({ verdict: 'NOT_MET', reason: '책임 제한 조항이 없습니다.' });
    expect(standIn.requests[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'checkpoint_verdict',
        strict: true,
        schema: {
          type: 'object',
          properties: { verdict: { type: 'string', enum: ['MET', 'NOT_MET'] }, reason: { type: 'string' } },
          required: ['verdict', 'reason'],
          additionalProperties: false,
        },
      },
    });
  });

  it('wraps a schema whose root is not an object, and sends strict: false when a field is optional', async () => {
    standIn.enqueue(openAiReplies.json({ value: ['제1조', '제2조'] }));
    const list = await provider().structured({ messages, schema: z.array(z.string()), schemaName: 'labels' });
    expect(list.value).toEqual(['제1조', '제2조']);
    expect(standIn.requests[0]!.body.response_format.json_schema.schema).toMatchObject({ type: 'object', required: ['value'] });
    standIn.enqueue(openAiReplies.json({ a: 'x' }));
    await provider().structured({ messages, schema: z.object({ a: z.string(), b: z.string().optional() }), schemaName: 'loose' });
    expect(standIn.requests[1]!.body.response_format.json_schema.strict).toBe(false);
  });

  it('answers BAD_OUTPUT for JSON that does not parse, fails the schema, a refusal or a cut-off answer', async () => {
    const schema = z.object({ verdict: z.enum(['MET', 'NOT_MET']) });
    standIn.enqueue(
      openAiReplies.completion('{"verdict": "MET"'),
      openAiReplies.json({ verdict: 'MAYBE' }),
      openAiReplies.completion('', { refusal: 'I cannot help with that.' }),
      openAiReplies.completion('{"verdict":', { finishReason: 'length' }),
      { kind: 'raw', status: 200, body: '<html>proxy</html>' },
    );
    for (let i = 0; i < 4; i++) expect((await failureOf(provider().structured({ messages, schema, schemaName: 'v' }))).failure).toBe('BAD_OUTPUT');
    expect((await failureOf(provider().chat({ messages }))).failure).toBe('BAD_OUTPUT');
  });

  it('embeds in order of the input whatever order the answer lists them in', async () => {
    standIn.enqueue(openAiReplies.embeddings([[1, 0], [0, 1], [0.5, 0.5]], { shuffle: true, promptTokens: 9 }));
    const result = await provider().embed({ input: ['갑', '을', '병'] });
    expect(result).toEqual({ vectors: [[1, 0], [0, 1], [0.5, 0.5]], model: 'stand-in-embedding', usage: { inputTokens: 9, outputTokens: 0 } });
    expect(standIn.requests[0]).toMatchObject({ path: '/v1/embeddings', body: { model: 'embed-test', input: ['갑', '을', '병'], encoding_format: 'float' } });
    standIn.enqueue(openAiReplies.embeddings([[1, 0]]));
    expect((await failureOf(provider().embed({ input: ['a', 'b'] }))).failure).toBe('BAD_OUTPUT');
  });

  it('says NOT_CONFIGURED without a model, before any request', async () => {
    expect((await failureOf(provider({ chatModel: null }).chat({ messages }))).failure).toBe('NOT_CONFIGURED');
    const embedding = await failureOf(provider({ embeddingModel: null }).embed({ input: ['x'] }));
    expect(embedding.failure).toBe('NOT_CONFIGURED');
    expect(embedding.message).toContain('AI_EMBEDDING_MODEL');
    expect(standIn.requests).toHaveLength(0);
  });

  describe('maps each error answer', () => {
    const cases = [
      { reply: openAiReplies.error(401, { message: `Incorrect API key provided: ${KEY}.`, type: 'invalid_request_error', code: 'invalid_api_key' }), failure: 'AUTH' },
      { reply: openAiReplies.error(403, { message: 'Project does not have access', type: 'invalid_request_error' }), failure: 'AUTH' },
      { reply: openAiReplies.error(404, { message: 'The model `gpt-x` does not exist or you do not have access to it.', code: 'model_not_found' }), failure: 'UNKNOWN_MODEL' },
      { reply: openAiReplies.error(400, { message: 'invalid model', code: 'model_not_found' }), failure: 'UNKNOWN_MODEL' },
      { reply: { kind: 'json' as const, status: 404, body: { error: 'model "llama9" not found, try pulling it first' } }, failure: 'UNKNOWN_MODEL' },
      {
        reply: openAiReplies.error(400, { message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9001 tokens.", code: 'context_length_exceeded' }),
        failure: 'CONTEXT_TOO_LONG',
      },
      { reply: openAiReplies.error(400, { message: "This model's maximum context length is 4096 tokens (vLLM)", code: null }), failure: 'CONTEXT_TOO_LONG' },
    ];
    for (const { reply, failure } of cases) {
      it(`${reply.kind === 'json' ? reply.status : ''} → ${failure}, at once, never echoing the key`, async () => {
        standIn.enqueue(reply);
        const error = await failureOf(provider().chat({ messages }));
        expect(error.failure).toBe(failure);
        expect(error.details).toMatchObject({ driver: 'OPENAI_COMPATIBLE', model: 'gpt-test' });
        expect(error.message).not.toContain(KEY);
        expect(JSON.stringify(error)).not.toContain(KEY);
        // 4xx is never retried.
        expect(standIn.requests).toHaveLength(1);
      });
    }
  });

  it('retries 429 with exponential back-off, then answers RATE_LIMITED', async () => {
    standIn.setHandler(() => openAiReplies.error(429, { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' }));
    const error = await failureOf(provider({ maxRetries: 2 }).chat({ messages }));
    expect(error.failure).toBe('RATE_LIMITED');
    expect(error.details.status).toBe(429);
    expect(standIn.requests).toHaveLength(3);
    expect(delays).toEqual([500, 1000]);
  });

  it('honours Retry-After in seconds and as a date, and succeeds on the retry', async () => {
    standIn.enqueue(
      openAiReplies.error(429, { message: 'slow down' }, { 'retry-after': '2' }),
      openAiReplies.error(503, { message: 'overloaded' }, { 'retry-after': new Date(Date.now() + 4_000).toUTCString() }),
      openAiReplies.completion('성공'),
    );
    const result = await provider().chat({ messages });
    expect(result.text).toBe('성공');
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBe(2000);
    expect(delays[1]).toBeGreaterThan(2000);
    expect(delays[1]).toBeLessThanOrEqual(4000);
  });

  it('does not wait for a Retry-After beyond the cap: RATE_LIMITED at once', async () => {
    standIn.enqueue(openAiReplies.error(429, { message: 'quota' }, { 'retry-after': '3600' }));
    expect((await failureOf(provider().chat({ messages }))).failure).toBe('RATE_LIMITED');
    expect(standIn.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('retries 5xx and a dropped connection, then answers UNAVAILABLE', async () => {
    standIn.enqueue({ kind: 'raw', status: 502, body: '<html>Bad gateway</html>' }, { kind: 'destroy' }, openAiReplies.error(500, { message: 'server_error', type: 'server_error' }));
    const error = await failureOf(provider().chat({ messages }));
    expect(error.failure).toBe('UNAVAILABLE');
    expect(standIn.requests).toHaveLength(3);
  });

  it('answers UNAVAILABLE for a refused connection after the retries', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failureOf(provider({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 1 }).chat({ messages }));
    expect(error.failure).toBe('UNAVAILABLE');
    expect(delays).toHaveLength(1);
  });

  it('answers TIMEOUT when no answer comes within the per-attempt timeout', async () => {
    standIn.enqueue({ kind: 'hang' });
    const error = await failureOf(provider({ timeoutMs: 300, maxRetries: 0 }).chat({ messages }));
    expect(error.failure).toBe('TIMEOUT');
  });

  it('answers REFUSED_ADDRESS when the outbound client may not call the endpoint', async () => {
    const strict = createOutboundClient();
    try {
      const error = await failureOf(provider({}, strict).chat({ messages }));
      expect(error.failure).toBe('REFUSED_ADDRESS');
      expect(standIn.requests).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });

  it('stops promptly when the caller aborts mid-stream, closing the HTTP request', async () => {
    standIn.enqueue(openAiReplies.stream(['첫 번째 ', '조각'], { holdOpen: true }));
    const controller = new AbortController();
    const received: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const event of provider().streamChat({ messages, signal: controller.signal })) {
          if (event.type === 'delta') received.push(event.text);
          if (received.join('') === '첫 번째 조각') controller.abort();
        }
      })(),
    );
    expect(error.failure).toBe('CANCELLED');
    expect(received.join('')).toBe('첫 번째 조각');
    await expect.poll(() => standIn.requests[0]!.closedByClient).toBe(true);
    expect(standIn.requests).toHaveLength(1);
  });

  it('answers CANCELLED at once for an already aborted signal', async () => {
    const error = await failureOf(provider().chat({ messages, signal: AbortSignal.abort() }));
    expect(error.failure).toBe('CANCELLED');
    expect(standIn.requests).toHaveLength(0);
  });

  it('never retries a stream that has started: an error chunk or an early end fails the call', async () => {
    standIn.enqueue({
      kind: 'sse',
      text: 'data: {"choices":[{"index":0,"delta":{"content":"부분"}}]}\n\ndata: {"error":{"message":"The server had an error","type":"server_error"}}\n\n',
    });
    const error = await failureOf(collect(provider().streamChat({ messages })));
    expect(error.failure).toBe('UNAVAILABLE');
    standIn.enqueue(openAiReplies.stream(['잘린 답'], { omitDone: true }));
    expect((await failureOf(collect(provider().streamChat({ messages })))).failure).toBe('UNAVAILABLE');
    expect(standIn.requests).toHaveLength(2);
  });

  it('retries a 5xx before the stream starts', async () => {
    standIn.enqueue(openAiReplies.error(503, { message: 'busy' }), openAiReplies.stream(['다시 ', '시도']));
    const events = await collect(provider().streamChat({ messages }));
    expect(events.at(-1)).toMatchObject({ type: 'done', result: { text: '다시 시도' } });
    expect(standIn.requests).toHaveLength(2);
  });
});
