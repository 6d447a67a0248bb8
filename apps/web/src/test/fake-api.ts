import { type RouteDescriptor } from '@legal/api';
import { vi } from 'vitest';

/** One request the app made, as the fake server saw it. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type FakeReply = Response | ((call: FakeCall) => Response | Promise<Response>);

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A SUCCESS envelope. */
export const ok = (data: unknown = null, message: string | null = null) => json(200, { code: 'SUCCESS', message, data });

/** An error envelope. */
export const fail = (status: number, code: string, message = `${code} message`, data?: Record<string, unknown>) =>
  json(status, data === undefined ? { code, message } : { code, message, data });

function pattern(route: RouteDescriptor): RegExp {
  const source = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
  return new RegExp(`^${source}$`);
}

export interface FakeApi {
  /** Answers calls of a route; a later registration for the same route wins. Responses are cloned per call. */
  on(route: RouteDescriptor, reply: FakeReply): FakeApi;
  /** The calls made so far, optionally of one route only. */
  calls(route?: RouteDescriptor): FakeCall[];
  fetch: ReturnType<typeof vi.fn>;
}

/**
 * Replaces `fetch` for the app's API client (`api`, which calls the global fetch) with a fake
 * server that answers by route descriptor. Unknown routes answer 404 ERROR_NOT_FOUND; error
 * reports are accepted. `vi.unstubAllGlobals()` (test/setup.ts) restores fetch after each test.
 */
export function installFakeApi(): FakeApi {
  const handlers: Array<{ route: RouteDescriptor; regex: RegExp; reply: FakeReply }> = [];
  const log: Array<FakeCall & { route: RouteDescriptor | null }> = [];

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: keep the text
      }
    }
    const handler = [...handlers].reverse().find((h) => h.route.method === method && h.regex.test(url.pathname));
    const call = { method, path: url.pathname, query: url.searchParams, headers: new Headers(init.headers), body, route: handler?.route ?? null };
    log.push(call);
    if (url.pathname === '/api/client-errors/v1') return ok({ errorId: 'stored' });
    if (!handler) return fail(404, 'ERROR_NOT_FOUND', 'not found');
    const reply = handler.reply;
    return typeof reply === 'function' ? reply(call) : reply.clone();
  });
  vi.stubGlobal('fetch', fetch);

  const api: FakeApi = {
    on(route, reply) {
      handlers.push({ route, regex: pattern(route), reply });
      return api;
    },
    calls(route) {
      return log.filter((c) => (route ? c.route === route : true));
    },
    fetch,
  };
  return api;
}
