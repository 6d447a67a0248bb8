import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy: X-Forwarded-For is trusted for request.ip, but never for the mailbox.
  t = await createTestApp({ startJobs: false, env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const PATHS = ['/api/dev/mailbox/v1', '/dev/mailbox', '/dev/mailbox/1', '/dev/mailbox/1/attachments/0'];

describe('the development mailbox', () => {
  it('answers clients on this machine (127.0.0.0/8, ::1, IPv4-mapped loopback)', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/v1', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json().data).toHaveProperty('content');
    }
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('answers any other client 404, whatever X-Forwarded-For claims', async () => {
    for (const remoteAddress of ['10.1.2.3', '192.168.0.5', '::ffff:10.0.0.1', '2001:db8::1']) {
      for (const url of PATHS) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
        expect(res.statusCode, `${remoteAddress} ${url}`).toBe(404);
        expect(res.json().code).toBe('ERROR_NOT_FOUND');
        expect(res.body).not.toContain('@');
      }
    }
  });
});
