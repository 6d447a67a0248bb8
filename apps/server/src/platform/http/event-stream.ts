import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';

/** One text/event-stream event: its name and its data as one line of JSON. */
export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Starts a text/event-stream answer on the raw response: the route answers nothing else after this. */
export function startEventStream(reply: FastifyReply): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // A buffering proxy (nginx) would hold the events back until the stream ends.
    'x-accel-buffering': 'no',
  });
}

const inFlight = new WeakMap<IncomingMessage, () => void>();

/**
 * Background jobs on the embedded database give way to API requests in flight
 * (Database.trackRequest); 'close' comes once the answer is sent or the client went away.
 */
export function trackApiRequests(app: FastifyInstance, database: Pick<Database, 'trackRequest'>): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      const release = database.trackRequest();
      inFlight.set(request.raw, release);
      reply.raw.once('close', release);
    }
    done();
  });
}

/**
 * A request that now only waits (an event stream between its events) stops holding background
 * work back: a page watching a review for a minute must not slow the review down.
 */
export function markRequestWaiting(request: FastifyRequest): void {
  inFlight.get(request.raw)?.();
}
