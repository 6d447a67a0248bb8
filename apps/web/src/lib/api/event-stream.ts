import { HEADER } from '@legal/api';
import { currentLocale } from '../i18n';
import { sessionStore } from '../session';
import { ApiError, defaultCodeForStatus } from './api-error';
import { readErrorEnvelope } from './error-policy';
import { buildUrl } from './request-url';
import { readSseEvents } from './sse-reader';

export interface EventStreamOptions<T> {
  /** Each `delta` event's `text`, as the answer is written. */
  onDelta: (text: string) => void;
  /** Turns the `done` event's data into the caller's answer. */
  readDone: (data: unknown) => T;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/**
 * POSTs to a raw route that answers text/event-stream in the app's vocabulary (`delta` {text}
 * events, then one `done`, or an `error` {code, message}) and reads it as it streams: the API
 * client reads whole answers only. A failure before the stream (the usual JSON envelope: 400,
 * 401, 402, 403, 404, 503...) or an `error` event rejects with an ApiError carrying the server's
 * own message; a stream that ends without `done` rejects as a network failure.
 */
export async function postEventStream<T>(
  path: string,
  body: unknown,
  { onDelta, readDone, signal, fetchImpl }: EventStreamOptions<T>,
): Promise<T> {
  const done = await readEventStream<T>(path, { method: 'POST', body, signal, fetchImpl }, (event, data) => {
    if (event === 'delta') {
      const text = (data as { text?: unknown } | null)?.text;
      if (typeof text === 'string') onDelta(text);
    } else if (event === 'done') {
      return { value: readDone(data) };
    }
  });
  if (done === null) throw new ApiError({ status: 0, code: 'ERROR_NETWORK', message: '', path });
  return done.value;
}

export interface WatchOptions {
  /** Each event but `error`, with its data parsed as JSON (null when it is not JSON). */
  onEvent: (event: string, data: unknown) => void;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/**
 * GETs a raw route that answers text/event-stream (a record's progress) and hands each event to
 * `onEvent` until the server ends the stream, when it resolves. Refusals before the stream and
 * `error` events reject with an ApiError, as postEventStream does.
 */
export async function watchEventStream(path: string, { onEvent, signal, fetchImpl }: WatchOptions): Promise<void> {
  await readEventStream(path, { method: 'GET', signal, fetchImpl }, (event, data) => void onEvent(event, data));
}

/** Reads the stream until `onEvent` answers a value (which it resolves to) or the stream ends (null). */
async function readEventStream<T = never>(
  path: string,
  { method, body, signal, fetchImpl = (url, init) => globalThis.fetch(url, init) }: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal; fetchImpl?: typeof fetch },
  onEvent: (event: string, data: unknown) => { value: T } | void,
): Promise<{ value: T } | null> {
  const state = sessionStore.getState();
  const response = await fetchImpl(buildUrl('', path), {
    method,
    credentials: 'include',
    signal,
    headers: {
      [HEADER.tenant]: String(state.tenantId),
      [HEADER.workspace]: String(state.workspaceId),
      [HEADER.locale]: currentLocale(),
      accept: 'text/event-stream',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok || !response.body) {
    const envelope = await readErrorEnvelope(await response.text().catch(() => ''));
    throw new ApiError({
      status: response.status,
      code: envelope.code ?? defaultCodeForStatus(response.status),
      message: envelope.message ?? response.statusText,
      data: envelope.data,
      serverErrorId: envelope.errorId,
      path,
    });
  }
  for await (const event of readSseEvents(response.body, signal)) {
    const data = parseJson(event.data);
    if (event.event === 'error') {
      const error = (data ?? {}) as { code?: string; message?: string };
      throw new ApiError({ status: 200, code: error.code ?? 'ERROR_INTERNAL', message: error.message ?? '', path });
    }
    const answer = onEvent(event.event, data);
    if (answer) return answer;
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
