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
  { onDelta, readDone, signal, fetchImpl = (url, init) => globalThis.fetch(url, init) }: EventStreamOptions<T>,
): Promise<T> {
  const state = sessionStore.getState();
  const response = await fetchImpl(buildUrl('', path), {
    method: 'POST',
    credentials: 'include',
    signal,
    headers: {
      [HEADER.tenant]: String(state.tenantId),
      [HEADER.workspace]: String(state.workspaceId),
      [HEADER.locale]: currentLocale(),
      accept: 'text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
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
    if (event.event === 'delta') {
      const text = (data as { text?: unknown } | null)?.text;
      if (typeof text === 'string') onDelta(text);
    } else if (event.event === 'done') {
      return readDone(data);
    } else if (event.event === 'error') {
      const error = (data ?? {}) as { code?: string; message?: string };
      throw new ApiError({ status: 200, code: error.code ?? 'ERROR_INTERNAL', message: error.message ?? '', path });
    }
  }
  throw new ApiError({ status: 0, code: 'ERROR_NETWORK', message: '', path });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
