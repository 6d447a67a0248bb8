import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createOutboundClient, type OutboundClient } from '../../http/outbound';

/**
 * Loopback stand-ins for the AI providers, for tests: real HTTP servers on 127.0.0.1:0 that speak
 * the documented wire formats (OpenAI chat completions + embeddings, Anthropic messages), scripted
 * per test with a queue of replies or a handler, recording every request they receive.
 *
 *   const openai = await startOpenAiStandIn();
 *   openai.enqueue(openAiReplies.stream(['안녕', '하세요']));
 *   const provider = createAiProvider({ driver: 'OPENAI_COMPATIBLE', baseUrl: openai.baseUrl, ... }, loopbackOutbound());
 *   ... openai.requests[0].body.messages ...
 *
 * Streams are cut into small chunks (7 bytes by default) so SSE lines and Korean characters
 * (3 bytes in UTF-8) are split across reads, as real networks do.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body (undefined when not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever the driver sent
  rawBody: string;
  /** Set when the client went away before the reply ended (a cancelled or timed-out call). */
  closedByClient: boolean;
}

export type StandInReply =
  /** A JSON answer (a success or a provider-shaped error). */
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  /** An event stream: `text` is the raw SSE, sent in `chunkBytes` pieces; `holdOpen` keeps the connection open after it (never ends). */
  | { kind: 'sse'; text: string; chunkBytes?: number; holdOpen?: boolean }
  /** Any status and body text as is (HTML error pages, truncated JSON). */
  | { kind: 'raw'; status: number; body: string; headers?: Record<string, string> }
  /** Headers never come: for timeouts. */
  | { kind: 'hang' }
  /** The socket is destroyed without an answer: a connection failure. */
  | { kind: 'destroy' };

export type StandInHandler = (request: RecordedRequest) => StandInReply | Promise<StandInReply>;

export interface StandIn {
  /** OpenAI: http://127.0.0.1:port/v1 (the base URL a driver is configured with); Anthropic: http://127.0.0.1:port. */
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  /** Replies served in order, before the handler. */
  enqueue(...replies: StandInReply[]): void;
  /** Answers requests once the queue is empty (default: a 500 saying nothing was scripted). */
  setHandler(handler: StandInHandler): void;
  /** Forgets requests, queue and handler. */
  reset(): void;
  close(): Promise<void>;
}

async function startStandIn(basePath: string): Promise<StandIn> {
  const queue: StandInReply[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let handler: StandInHandler | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body, rawBody, closedByClient: false };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) recorded.closedByClient = true;
      });
      const next = queue.shift();
      void Promise.resolve(next ?? (handler ? handler(recorded) : noScript())).then((reply) => send(res, reply));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}${basePath}`,
    port,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    setHandler: (next) => {
      handler = next;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      handler = null;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function noScript(): StandInReply {
  return { kind: 'raw', status: 500, body: 'the stand-in has no reply scripted for this request' };
}

async function send(res: http.ServerResponse, reply: StandInReply): Promise<void> {
  switch (reply.kind) {
    case 'json':
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
      return;
    case 'raw':
      res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers }).end(reply.body);
      return;
    case 'hang':
      return;
    case 'destroy':
      res.socket?.destroy();
      return;
    case 'sse': {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const bytes = Buffer.from(reply.text, 'utf8');
      const size = Math.max(1, reply.chunkBytes ?? 7);
      for (let at = 0; at < bytes.length && !res.destroyed; at += size) {
        res.write(bytes.subarray(at, at + size));
        // Let each piece leave as its own read on the client.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!reply.holdOpen) res.end();
      return;
    }
  }
}

/** Raw SSE text from events: `event:` line when named, one `data:` line of JSON (or a string as is). */
export function sseText(events: Array<{ event?: string; data: unknown }>): string {
  return events.map(({ event, data }) => `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`).join('');
}

/** An OpenAI-compatible server: POST /v1/chat/completions and /v1/embeddings. */
export function startOpenAiStandIn(): Promise<StandIn> {
  return startStandIn('/v1');
}

/** An Anthropic Messages server: POST /v1/messages. */
export function startAnthropicStandIn(): Promise<StandIn> {
  return startStandIn('');
}

/** A stand-in for any other JSON-over-HTTP service (the law Open API): same recording and scripting. */
export function startHttpStandIn(basePath = ''): Promise<StandIn> {
  return startStandIn(basePath);
}

/** A guarded outbound client that may call 127.0.0.1 (the stand-ins), as production would with OUTBOUND_ALLOW_HOSTS. */
export function loopbackOutbound(timeoutMs = 10_000): OutboundClient {
  return createOutboundClient({ allow: ['127.0.0.1'], timeoutMs });
}

interface Usage {
  input: number;
  output: number;
}

/** Replies in OpenAI's documented shapes. */
export const openAiReplies = {
  completion(text: string, options: { model?: string; usage?: Usage; finishReason?: string; refusal?: string } = {}): StandInReply {
    const usage = options.usage ?? { input: 10, output: 5 };
    return {
      kind: 'json',
      body: {
        id: 'chatcmpl-standin',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: options.model ?? 'stand-in-model',
        choices: [
          { index: 0, message: { role: 'assistant', content: options.refusal ? null : text, refusal: options.refusal ?? null }, finish_reason: options.finishReason ?? 'stop' },
        ],
        usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
      },
    };
  },

  /** A structured answer: the value as the message's JSON content. */
  json(value: unknown, options: { model?: string; usage?: Usage } = {}): StandInReply {
    return openAiReplies.completion(JSON.stringify(value), options);
  },

  /** A streamed answer: a role chunk, one chunk per piece, the finish chunk, the usage chunk (include_usage), [DONE]. */
  stream(pieces: string[], options: { model?: string; usage?: Usage; finishReason?: string; chunkBytes?: number; holdOpen?: boolean; omitDone?: boolean } = {}): StandInReply {
    const model = options.model ?? 'stand-in-model';
    const usage = options.usage ?? { input: 12, output: pieces.length };
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id: 'chatcmpl-standin', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const events: Array<{ data: unknown }> = [{ data: chunk({ role: 'assistant', content: '' }, null) }, ...pieces.map((piece) => ({ data: chunk({ content: piece }, null) }))];
    if (!options.holdOpen && !options.omitDone) {
      events.push({ data: chunk({}, options.finishReason ?? 'stop') });
      events.push({
        data: { id: 'chatcmpl-standin', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } },
      });
      events.push({ data: '[DONE]' });
    }
    return { kind: 'sse', text: sseText(events), chunkBytes: options.chunkBytes, holdOpen: options.holdOpen };
  },

  embeddings(vectors: number[][], options: { model?: string; promptTokens?: number; shuffle?: boolean } = {}): StandInReply {
    const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding }));
    if (options.shuffle) data.reverse();
    const tokens = options.promptTokens ?? vectors.length * 3;
    return { kind: 'json', body: { object: 'list', data, model: options.model ?? 'stand-in-embedding', usage: { prompt_tokens: tokens, total_tokens: tokens } } };
  },

  /** OpenAI's error body: `{error: {message, type, param, code}}`. */
  error(status: number, error: { message: string; type?: string; code?: string | null }, headers?: Record<string, string>): StandInReply {
    return { kind: 'json', status, headers, body: { error: { message: error.message, type: error.type ?? 'invalid_request_error', param: null, code: error.code ?? null } } };
  },
};

/**
 * A handler answering every /v1/embeddings request with `vectorOf` of each input (in order, as
 * OpenAI does), under the model the request named: a deterministic embedding model for tests and
 * benchmarks. Other paths answer 404.
 */
export function embeddingsHandler(vectorOf: (input: string) => number[]): StandInHandler {
  return (request) => {
    if (!request.path.endsWith('/embeddings') || !Array.isArray(request.body?.input)) return openAiReplies.error(404, { message: 'only /v1/embeddings is served here' });
    const inputs = request.body.input as string[];
    return openAiReplies.embeddings(inputs.map(vectorOf), { model: String(request.body.model), promptTokens: inputs.join('').length });
  };
}

/** Replies in Anthropic's documented shapes. */
export const anthropicReplies = {
  message(text: string, options: { model?: string; usage?: Usage; stopReason?: string } = {}): StandInReply {
    const usage = options.usage ?? { input: 10, output: 5 };
    return {
      kind: 'json',
      body: {
        id: 'msg_standin', type: 'message', role: 'assistant', model: options.model ?? 'stand-in-claude',
        content: [{ type: 'text', text }],
        stop_reason: options.stopReason ?? 'end_turn', stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      },
    };
  },

  /** A forced tool call whose input is the structured value. */
  toolUse(name: string, input: unknown, options: { model?: string; usage?: Usage } = {}): StandInReply {
    const usage = options.usage ?? { input: 20, output: 8 };
    return {
      kind: 'json',
      body: {
        id: 'msg_standin', type: 'message', role: 'assistant', model: options.model ?? 'stand-in-claude',
        content: [{ type: 'tool_use', id: 'toolu_standin', name, input }],
        stop_reason: 'tool_use', stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      },
    };
  },

  /** message_start, a text block of deltas, message_delta (stop reason, output usage), message_stop; a ping in between. */
  stream(pieces: string[], options: { model?: string; usage?: Usage; stopReason?: string; chunkBytes?: number; holdOpen?: boolean; errorAfter?: { type: string; message: string } } = {}): StandInReply {
    const usage = options.usage ?? { input: 15, output: pieces.length };
    const events: Array<{ event: string; data: unknown }> = [
      {
        event: 'message_start',
        data: {
          type: 'message_start',
          message: { id: 'msg_standin', type: 'message', role: 'assistant', model: options.model ?? 'stand-in-claude', content: [], stop_reason: null, usage: { input_tokens: usage.input, output_tokens: 1 } },
        },
      },
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
      { event: 'ping', data: { type: 'ping' } },
      ...pieces.map((text) => ({ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } } })),
    ];
    if (options.errorAfter) events.push({ event: 'error', data: { type: 'error', error: options.errorAfter } });
    else if (!options.holdOpen) {
      events.push(
        { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
        { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: options.stopReason ?? 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output } } },
        { event: 'message_stop', data: { type: 'message_stop' } },
      );
    }
    return { kind: 'sse', text: sseText(events), chunkBytes: options.chunkBytes, holdOpen: options.holdOpen };
  },

  /** Anthropic's error body: `{type: 'error', error: {type, message}}`. */
  error(status: number, type: string, message: string, headers?: Record<string, string>): StandInReply {
    return { kind: 'json', status, headers, body: { type: 'error', error: { type, message } } };
  },
};
