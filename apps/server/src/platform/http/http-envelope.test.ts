import { ErrorEnvelopeSchema } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
import { AppError } from './errors';
import { route } from './route';
import { defineRoute } from '@legal/api';

const echo = defineRoute({
  method: 'POST',
  path: '/api/test/echo/:id/v1',
  access: 'public',
  summary: 'test route',
  schemas: {
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ mode: z.enum(['a', 'b']) }),
    body: z.object({ title: z.string().min(1), amount: z.string().regex(/^\d+(\.\d+)?$/) }),
    data: z.object({ id: z.number(), title: z.string() }),
  },
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '4096' } });
  route(t.app, echo, async ({ params, body }) => ({ id: params.id, title: body.title }));
  t.app.get('/api/test/boom', async () => {
    throw new Error('SELECT secret FROM internal_table failed at db.ts:42');
  });
  t.app.get('/api/test/deadlock', async () => {
    throw new Error('Failed query: update "contracts" set ...', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
  });
  t.app.get('/api/test/conflict', async () => {
    throw new AppError('ERROR_CONFLICT', { data: { state: 'APPROVED' } });
  });
  await t.app.ready();
});
afterAll(() => t.close());

function expectEnvelope(body: unknown) {
  expect(ErrorEnvelopeSchema.safeParse(body).success).toBe(true);
}

describe('the envelope and error rules', () => {
  it('wraps a success in {code: SUCCESS, message: null, data}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo/7/v1?mode=a', payload: { title: '계약', amount: '10.50' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'SUCCESS', message: null, data: { id: 7, title: '계약' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('lists every bad field across params, query and body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo/-1/v1?mode=z', payload: { title: '', amount: 'ten' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expectEnvelope(body);
    expect(body.code).toBe('ERROR_VALIDATION');
    const fields = body.data.fieldErrors.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['body.amount', 'body.title', 'params.id', 'query.mode']);
  });

  it('answers unknown routes with 404 in the envelope, localized', async () => {
    const ko = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(ko.statusCode).toBe(404);
    expect(ko.json()).toEqual({ code: 'ERROR_NOT_FOUND', message: '요청한 대상을 찾을 수 없습니다.' });
    const en = await t.app.inject({ method: 'DELETE', url: '/api/nothing/here', headers: { 'x-locale': 'en' } });
    expect(en.json().message).toBe('The requested item was not found.');
  });

  it('refuses malformed JSON, empty JSON, wrong content types and oversize bodies with 4xx', async () => {
    const cases = [
      { payload: '{"title":', type: 'application/json', status: 400, code: 'ERROR_VALIDATION' },
      { payload: '', type: 'application/json', status: 400, code: 'ERROR_VALIDATION' },
      { payload: '<x/>', type: 'application/xml', status: 415, code: 'ERROR_UNSUPPORTED_MEDIA_TYPE' },
      { payload: JSON.stringify({ title: 'x'.repeat(5000), amount: '1' }), type: 'application/json', status: 413, code: 'ERROR_PAYLOAD_TOO_LARGE' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/echo/1/v1?mode=a', payload: c.payload, headers: { 'content-type': c.type } });
      expect(res.statusCode, c.type + c.payload.slice(0, 10)).toBe(c.status);
      expectEnvelope(res.json());
      expect(res.json().code).toBe(c.code);
    }
  });

  it('refuses deep nesting and prototype-pollution keys with 400', async () => {
    const deep = '['.repeat(1000) + ']'.repeat(1000); // under the 4 KB body limit, far past the depth limit
    const nested = await t.app.inject({ method: 'POST', url: '/api/test/echo/1/v1?mode=a', payload: deep, headers: { 'content-type': 'application/json' } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().data.fieldErrors[0].reason).toMatch(/nested/);

    for (const payload of ['{"__proto__":{"admin":true},"title":"a","amount":"1"}', '{"constructor":{"prototype":{"x":1}},"title":"a","amount":"1"}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/echo/1/v1?mode=a', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('ERROR_VALIDATION');
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers a path parameter past the length limit with 400, not 414 or 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/test/echo/${'9'.repeat(300)}/v1?mode=a`, payload: { title: 'a', amount: '1' } });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json());
  });

  it('refuses garbage X-Tenant / X-Workspace with 400 naming the header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/aireview/hello', headers: { 'x-tenant': '1; drop', 'x-workspace': '-3' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['header.x-tenant', 'header.x-workspace']);
    const ok = await t.app.inject({ method: 'GET', url: '/api/aireview/hello', headers: { 'x-tenant': '0', 'x-workspace': '0', 'x-locale': 'en' } });
    expect(ok.json().data.message).toMatch(/AI contract review/);
  });

  it('maps domain errors to their status with data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict', headers: { 'x-locale': 'en' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ERROR_CONFLICT', message: 'This cannot be done in the current state.', data: { state: 'APPROVED' } });
  });

  it('answers a transaction that lost to a concurrent one (deadlock) with a retryable 409, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/deadlock', headers: { 'x-locale': 'en' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ERROR_CONFLICT', message: expect.stringContaining('try again'), data: { reason: 'CONCURRENT_CHANGE' } });
    expect(res.body).not.toMatch(/contracts|deadlock/);
  });

  it('hides unexpected errors behind ERROR_INTERNAL with an errorId that the log also holds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'req-boom-0001' } });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe('ERROR_INTERNAL');
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toMatch(/SELECT|internal_table|db\.ts|at /);
    const logged = t.logs.lines.find((l) => l.errorId === body.errorId);
    expect(logged).toBeDefined();
    expect(logged?.reqId).toBe('req-boom-0001');
    expect(JSON.stringify(logged)).toContain('internal_table');
  });

  it('puts the request id on every log line of a request', async () => {
    await t.app.inject({ method: 'GET', url: '/api/aistudio/hello', headers: { 'x-request-id': 'trace-abc-12345' } });
    const lines = t.logs.lines.filter((l) => l.reqId === 'trace-abc-12345');
    expect(lines.length).toBeGreaterThanOrEqual(2); // incoming request + request completed
  });

  it('keeps secret link parameters out of the request log', async () => {
    await t.app.inject({ method: 'GET', url: '/invitations/accept?token=s3cret-token-value&x=1', headers: { 'x-request-id': 'trace-secret-0001' } });
    const lines = t.logs.lines.filter((l) => l.reqId === 'trace-secret-0001');
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain('s3cret-token-value');
    expect(JSON.stringify(lines)).toContain('token=[redacted]&x=1');
  });

  it('sets security headers (CSP, nosniff, frame ancestors, no base URI)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'"); // no <base> may redirect relative URLs
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
