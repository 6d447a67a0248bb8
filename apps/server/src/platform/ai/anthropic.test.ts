import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OutboundClient } from '../http/outbound';
import { AnthropicProvider, toAnthropicMessages } from './anthropic';
import { AiProviderError, type AiProviderConfig, type ChatStreamEvent } from './provider';
import { anthropicReplies, loopbackOutbound, startAnthropicStandIn, type StandIn } from './testing/stand-ins';

const KEY = 'sk-ant-api03-test-secret-key';
let standIn: StandIn;
let outbound: OutboundClient;
let delays: number[];

beforeAll(async () => {
  standIn = await startAnthropicStandIn();
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

function provider(overrides: Partial<AiProviderConfig> = {}): AnthropicProvider {
  const config: AiProviderConfig = {
    driver: 'ANTHROPIC', baseUrl: standIn.baseUrl, apiKey: KEY, chatModel: 'claude-test', embeddingModel: null, timeoutMs: 5_000, maxRetries: 2, ...overrides,
  };
  return new AnthropicProvider(config, outbound, { sleep: async (ms) => void delays.push(ms), random: () => 0 });
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
  { role: 'system' as const, content: '당신은 을의 입장에서 계약을 검토합니다.' },
  { role: 'user' as const, content: '해지 조항이 일방적입니까?' },
];

describe('the Anthropic driver', () => {
  it('sends a Messages request: x-api-key, anthropic-version, top-level system, max_tokens by default', async () => {
    standIn.enqueue(anthropicReplies.message('네, 갑에게만 해지권이 있습니다.', { usage: { input: 55, output: 21 }, model: 'claude-test-20250101' }));
    const result = await provider().chat({ messages, temperature: 0 });
    expect(result).toEqual({ text: '네, 갑에게만 해지권이 있습니다.', model: 'claude-test-20250101', usage: { inputTokens: 55, outputTokens: 21 }, finishReason: 'stop' });
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(request!.headers['x-api-key']).toBe(KEY);
    expect(request!.headers['anthropic-version']).toBe('2023-06-01');
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).toEqual({
      model: 'claude-test', max_tokens: 4096, temperature: 0,
      system: '당신은 을의 입장에서 계약을 검토합니다.',
      messages: [{ role: 'user', content: '해지 조항이 일방적입니까?' }],
    });
  });

  it('takes a base URL ending in /v1 too, and maps max_tokens to a cut-off answer', async () => {
    standIn.enqueue(anthropicReplies.message('잘린', { stopReason: 'max_tokens' }));
    const result = await provider({ baseUrl: `${standIn.baseUrl}/v1/` }).chat({ messages, maxOutputTokens: 5 });
    expect(result.finishReason).toBe('length');
    expect(standIn.requests[0]!.path).toBe('/v1/messages');
    expect(standIn.requests[0]!.body.max_tokens).toBe(5);
  });

  it('joins consecutive turns of one role and every system message', () => {
    expect(
      toAnthropicMessages([
        { role: 'system', content: 'A' }, { role: 'user', content: 'u1' }, { role: 'user', content: 'u2' }, { role: 'system', content: 'B' },
        { role: 'assistant', content: 'a1' },
      ]),
    ).toEqual({ system: 'A\n\nB', messages: [{ role: 'user', content: 'u1\n\nu2' }, { role: 'assistant', content: 'a1' }] });
  });

  it('reassembles a streamed answer split mid-Korean character, usage from message_start and message_delta', async () => {
    const pieces = ['제9조는 ', '갑에게만 ', '즉시 해지권을 ', '줍니다.'];
    standIn.enqueue(anthropicReplies.stream(pieces, { usage: { input: 77, output: 9 }, chunkBytes: 4 }));
    const events = await collect(provider().streamChat({ messages }));
    expect(events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text)).toEqual(pieces);
    expect(events.at(-1)).toEqual({
      type: 'done', result: { text: pieces.join(''), model: 'stand-in-claude', usage: { inputTokens: 77, outputTokens: 9 }, finishReason: 'stop' },
    });
    expect(standIn.requests[0]!.body.stream).toBe(true);
  });

  it('fails a stream on its error event (overloaded → UNAVAILABLE) without retrying it', async () => {
    standIn.enqueue(anthropicReplies.stream(['시작'], { errorAfter: { type: 'overloaded_error', message: 'Overloaded' } }));
    const error = await failureOf(collect(provider().streamChat({ messages })));
    expect(error.failure).toBe('UNAVAILABLE');
    expect(standIn.requests).toHaveLength(1);
  });

  it('gets structured output from one forced tool, the tool_use input being the value', async () => {
    const schema = z.object({ verdict: z.enum(['MET', 'NOT_MET', 'UNCLEAR']), evidence: z.string() });
    standIn.enqueue(anthropicReplies.toolUse('checkpoint_verdict', { verdict: 'NOT_MET', evidence: '갑은 언제든지 해지할 수 있다' }));
    const result = await provider().structured({ messages, schema, schemaName: 'checkpoint_verdict' });
    expect(result).toEqual({ value: { verdict: 'NOT_MET', evidence: '갑은 언제든지 해지할 수 있다' }, model: 'stand-in-claude', usage: { inputTokens: 20, outputTokens: 8 } });
    const body = standIn.requests[0]!.body;
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'checkpoint_verdict' });
    expect(body.tools).toEqual([
      {
        name: 'checkpoint_verdict',
        description: expect.any(String),
        input_schema: {
          type: 'object',
          properties: { verdict: { type: 'string', enum: ['MET', 'NOT_MET', 'UNCLEAR'] }, evidence: { type: 'string' } },
          required: ['verdict', 'evidence'],
          additionalProperties: false,
        },
      },
    ]);
  });

  it('answers BAD_OUTPUT when the tool input fails the schema, the tool is not called, or the answer is not JSON', async () => {
    const schema = z.object({ verdict: z.enum(['MET', 'NOT_MET']) });
    standIn.enqueue(
      anthropicReplies.toolUse('v', { verdict: 'PERHAPS' }),
      anthropicReplies.message('I think it is met.'),
      { kind: 'raw', status: 200, body: '{"truncated": ' },
    );
    for (let i = 0; i < 3; i++) expect((await failureOf(provider().structured({ messages, schema, schemaName: 'v' }))).failure).toBe('BAD_OUTPUT');
  });

  it('has no embeddings: NOT_CONFIGURED naming the OpenAI-compatible endpoint it needs', async () => {
    const error = await failureOf(provider().embed({ input: ['x'] }));
    expect(error.failure).toBe('NOT_CONFIGURED');
    expect(error.message).toMatch(/OpenAI-compatible/);
    expect(provider().embeddingModel).toBeNull();
  });

  it('needs a key and a model: NOT_CONFIGURED before any request', async () => {
    expect((await failureOf(provider({ apiKey: null }).chat({ messages }))).failure).toBe('NOT_CONFIGURED');
    expect((await failureOf(provider({ chatModel: null }).chat({ messages }))).failure).toBe('NOT_CONFIGURED');
    expect(provider({ apiKey: null }).canGenerate).toBe(false);
    expect(standIn.requests).toHaveLength(0);
  });

  describe('maps each error answer in Anthropic\'s shape', () => {
    const cases = [
      { reply: anthropicReplies.error(401, 'authentication_error', `invalid x-api-key ${KEY}`), failure: 'AUTH', tries: 1 },
      { reply: anthropicReplies.error(403, 'permission_error', 'Your API key does not have permission to use the specified resource.'), failure: 'AUTH', tries: 1 },
      { reply: anthropicReplies.error(404, 'not_found_error', 'model: claude-nope'), failure: 'UNKNOWN_MODEL', tries: 1 },
      { reply: anthropicReplies.error(400, 'invalid_request_error', 'prompt is too long: 208310 tokens > 200000 maximum'), failure: 'CONTEXT_TOO_LONG', tries: 1 },
      { reply: anthropicReplies.error(400, 'invalid_request_error', 'max_tokens: Field required'), failure: 'UNAVAILABLE', tries: 1 },
      { reply: anthropicReplies.error(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'), failure: 'RATE_LIMITED', tries: 3 },
      { reply: anthropicReplies.error(529, 'overloaded_error', 'Overloaded'), failure: 'UNAVAILABLE', tries: 3 },
      { reply: anthropicReplies.error(500, 'api_error', 'Internal server error'), failure: 'UNAVAILABLE', tries: 3 },
    ];
    for (const { reply, failure, tries } of cases) {
      it(`${reply.kind === 'json' ? reply.status : ''} → ${failure} after ${tries} request(s), never echoing the key`, async () => {
        standIn.setHandler(() => reply);
        const error = await failureOf(provider().chat({ messages }));
        expect(error.failure).toBe(failure);
        expect(error.details).toMatchObject({ driver: 'ANTHROPIC', model: 'claude-test' });
        expect(error.message).not.toContain(KEY);
        expect(standIn.requests).toHaveLength(tries);
      });
    }
  });

  it('honours Retry-After from a 429 and then succeeds', async () => {
    standIn.enqueue(anthropicReplies.error(429, 'rate_limit_error', 'slow down', { 'retry-after': '1' }), anthropicReplies.message('다시 성공'));
    expect((await provider().chat({ messages })).text).toBe('다시 성공');
    expect(delays).toEqual([1000]);
  });

  it('stops promptly when the caller aborts mid-stream, closing the request', async () => {
    standIn.enqueue(anthropicReplies.stream(['끝나지 ', '않는 답'], { holdOpen: true }));
    const controller = new AbortController();
    let text = '';
    const error = await failureOf(
      (async () => {
        for await (const event of provider().streamChat({ messages, signal: controller.signal })) {
          if (event.type === 'delta') text += event.text;
          if (text === '끝나지 않는 답') controller.abort();
        }
      })(),
    );
    expect(error.failure).toBe('CANCELLED');
    await expect.poll(() => standIn.requests[0]!.closedByClient).toBe(true);
  });

  it('answers TIMEOUT when a stream stalls past the per-attempt timeout', async () => {
    standIn.enqueue(anthropicReplies.stream(['멈춘 '], { holdOpen: true }));
    const error = await failureOf(collect(provider({ timeoutMs: 400, maxRetries: 0 }).streamChat({ messages })));
    expect(error.failure).toBe('TIMEOUT');
  });
});
