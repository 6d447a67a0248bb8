import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Slow clients against a real listening server, with small limits so that each case ends in a
 * second or two: headers within 1 s, a body at 50 bytes/s or more per 500 ms window, a whole
 * request within 4 s. The outcome is asserted (a 408 envelope, a closed socket), not the timing.
 */
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp({
    startJobs: false,
    env: { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '4000', HTTP_BODY_MIN_BYTES_PER_SECOND: '50', HTTP_BODY_RATE_WINDOW_MS: '500' },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface Outcome {
  /** Everything the server wrote before the connection ended. */
  answer: string;
  isClosedByServer: boolean;
  /** Body bytes the client had written when the server closed. */
  bodyBytesSent: number;
}

/**
 * Sends the head at once, then the body in `chunk`-byte pieces every `everyMs` until the server
 * closes the connection (or a generous guard of 20 s passes, which fails the test).
 */
function slowRequest(head: string, body: { total: number; chunk: number; everyMs: number } | null): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let bodyBytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (isClosedByServer: boolean) => {
      clearInterval(timer);
      clearTimeout(guard);
      socket.destroy();
      resolve({ answer, isClosedByServer, bodyBytesSent });
    };
    const guard = setTimeout(() => finish(false), 20_000);
    socket.on('data', (data) => (answer += data.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      socket.write(head);
      if (!body) return;
      timer = setInterval(() => {
        if (bodyBytesSent >= body.total || socket.destroyed) return;
        const size = Math.min(body.chunk, body.total - bodyBytesSent);
        socket.write('x'.repeat(size));
        bodyBytesSent += size;
      }, body.everyMs);
    });
  });
}

const post = (length: number, extra = '') =>
  `POST /api/auth/login/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('request timeouts', () => {
  it('closes a connection whose body trickles (one byte at a time) with a 408 envelope, before the body is complete', async () => {
    const outcome = await slowRequest(post(200, 'X-Locale: en\r\n'), { total: 200, chunk: 1, everyMs: 100 });
    expect(outcome.isClosedByServer).toBe(true);
    expect(outcome.bodyBytesSent).toBeLessThan(200);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    const json = JSON.parse(outcome.answer.slice(outcome.answer.indexOf('\r\n\r\n') + 4));
    expect(json).toEqual({ code: 'ERROR_REQUEST_TIMEOUT', message: 'The request took too long to arrive; the connection was closed.' });
  });

  it('closes a connection whose headers never end with a 408 envelope', async () => {
    const outcome = await slowRequest('POST /api/auth/login/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\n', null);
    expect(outcome.isClosedByServer).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.answer).toContain('"code":"ERROR_REQUEST_TIMEOUT"');
  });

  it('lets a body that keeps the minimum pace run, up to the whole-request ceiling', async () => {
    // 100 bytes every 100 ms (1,000 bytes/s) for a 200,000-byte body: 200 s if let run.
    const outcome = await slowRequest(post(200_000), { total: 200_000, chunk: 100, everyMs: 100 });
    expect(outcome.isClosedByServer).toBe(true);
    expect(outcome.bodyBytesSent).toBeGreaterThan(1_000); // past several rate windows
    expect(outcome.bodyBytesSent).toBeLessThan(200_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.answer).toContain('"code":"ERROR_REQUEST_TIMEOUT"');
  });

  it('still answers a request whose body arrives at once', async () => {
    const body = JSON.stringify({ loginId: 'nobody@example.kr', password: 'Wrong-password-00' });
    const outcome = await slowRequest(`${post(Buffer.byteLength(body), 'Connection: close\r\n')}${body}`, null);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(outcome.answer).toContain('"code":"ERROR_LOGIN_FAILED"');
  });
});
