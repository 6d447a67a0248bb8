import { Socket } from 'node:net';
import { type Locale, statusOf } from '@legal/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { defaultMessage } from './errors';

/**
 * How long one client may hold a connection while sending a request (ASVS 15.2.2):
 *
 * - headers: `HTTP_HEADERS_TIMEOUT_MS` (Node's headersTimeout; a few hundred bytes need no more);
 * - the whole request, body included: `HTTP_REQUEST_TIMEOUT_MS` (Node's requestTimeout), a ceiling
 *   long enough for the largest upload (50 MB) on a slow link;
 * - the body's pace: at least `HTTP_BODY_MIN_BYTES_PER_SECOND` over every window of
 *   `HTTP_BODY_RATE_WINDOW_MS`. One short cap for every body would cut slow uploads, one long
 *   cap lets a client trickle a JSON body for minutes: a minimum data rate stops the trickle in
 *   one window whatever the route, and never stops an upload that moves.
 *
 * No idle-socket timeout (Fastify's connectionTimeout): a long export may write nothing for a
 * while; keep-alive connections between requests end after Fastify's keepAliveTimeout (72 s).
 * Each refusal answers 408 ERROR_REQUEST_TIMEOUT in the error envelope and closes the connection.
 */
export function timeoutOptions(config: Pick<Config, 'http'>) {
  const { headersTimeoutMs, requestTimeoutMs } = config.http;
  return {
    requestTimeout: requestTimeoutMs,
    // Node checks both limits every connectionsCheckingInterval (30 s by default): often enough to keep them.
    http: { headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(headersTimeoutMs / 4))) },
    clientErrorHandler: answerClientError,
  };
}

function rawAnswer(status: number, reason: string, code: 'ERROR_REQUEST_TIMEOUT' | 'ERROR_VALIDATION', locale: Locale): string {
  const body = JSON.stringify({ code, message: defaultMessage(code, locale) });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Errors Node raises on a connection before any request exists (headers or request too slow,
 * malformed HTTP): the same envelope as every other error, then the socket closes.
 */
function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code !== 'ECONNRESET' && socket.writable) {
    const isTimeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    socket.write(isTimeout ? rawAnswer(statusOf('ERROR_REQUEST_TIMEOUT'), 'Request Timeout', 'ERROR_REQUEST_TIMEOUT', 'ko') : rawAnswer(400, 'Bad Request', 'ERROR_VALIDATION', 'ko'));
  }
  socket.destroy();
}

const hasBody = (request: FastifyRequest) => {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
};

/**
 * The minimum body data rate. It reads the socket's byte count (it never consumes the body), and a
 * window in which the server itself had not taken what came (data waiting in the request stream:
 * a slow handler or storage pushing back) is not held against the client.
 */
export function installBodyRateLimit(app: FastifyInstance, config: Pick<Config, 'http'>): void {
  const { bodyMinBytesPerSecond, bodyRateWindowMs } = config.http;
  if (bodyMinBytesPerSecond <= 0) return;
  const minPerWindow = Math.ceil((bodyMinBytesPerSecond * bodyRateWindowMs) / 1000);

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket;
    // An injected request (app.inject) has no connection to watch: its fake socket cannot be closed.
    if (!(socket instanceof Socket) || raw.complete || !hasBody(request)) {
      done();
      return;
    }
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        clearInterval(timer);
        return;
      }
      const received = socket.bytesRead - seen;
      seen = socket.bytesRead;
      if (raw.readableLength > 0 || received >= minPerWindow) return;
      clearInterval(timer);
      request.log.warn({ received, windowMs: bodyRateWindowMs }, 'request body too slow: connection closed');
      if (!reply.raw.headersSent && socket.writable) {
        socket.write(rawAnswer(statusOf('ERROR_REQUEST_TIMEOUT'), 'Request Timeout', 'ERROR_REQUEST_TIMEOUT', request.ctx?.locale ?? 'ko'));
      }
      socket.destroy();
    }, bodyRateWindowMs);
    timer.unref();
    // Not stopped by the answer: a body left unread after an early answer (401, 413) is still
    // drained by Node before the connection serves another request, at the same minimum pace.
    raw.once('end', () => clearInterval(timer));
    done();
  });
}
