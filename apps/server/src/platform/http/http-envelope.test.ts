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

const text = defineRoute({
  method: 'POST',
  path: '/api/test/text/:name/v1',
  access: 'public',
  summary: 'test route taking free text everywhere',
  schemas: {
    params: z.object({ name: z.string() }),
    query: z.object({ q: z.string().optional() }),
    body: z.object({ memo: z.string(), labels: z.record(z.string(), z.string()).optional(), items: z.array(z.string()).optional() }),
    data: z.object({ name: z.string(), memo: z.string() }),
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
  route(t.app, text, async ({ params, body }) => ({ name: params.name, memo: body.memo }));
  t.app.get('/api/test/duplicate', async () => {
    throw new Error('Failed query: insert into "counterparty_bookmarks" ...', {
      cause: Object.assign(new Error('duplicate key value violates unique constraint "counterparty_bookmarks_scope_identity_key"'), { code: '23505', constraint: 'counterparty_bookmarks_scope_identity_key' }),
    });
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

  it('answers a unique violation no service expected with 409 DUPLICATE, localized, never naming the constraint', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/test/duplicate', headers: { 'x-locale': 'en', 'x-request-id': 'req-dup-0001' } });
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ code: 'ERROR_CONFLICT', message: 'The same entry already exists, so nothing was saved. Please refresh and check.', data: { reason: 'DUPLICATE' } });
    expect(en.body).not.toMatch(/counterparty|constraint|duplicate key/);
    const ko = await t.app.inject({ method: 'GET', url: '/api/test/duplicate' });
    expect(ko.json().message).toBe('같은 내용이 이미 있어 저장하지 않았습니다. 목록을 새로 고쳐 확인해 주세요.');
    // The operator still learns which key it was.
    expect(t.logs.lines.find((l) => l.reqId === 'req-dup-0001' && l.msg === 'unique constraint refused the request')).toMatchObject({ level: 40, constraint: 'counterparty_bookmarks_scope_identity_key', status: 409 });
  });

  it('refuses NUL, other C0 controls, DEL, lone surrogates and bidi overrides in params, query, body values and keys, naming each field', async () => {
    const url = (name: string, q: string) => `/api/test/text/${encodeURIComponent(name)}/v1?q=${encodeURIComponent(q)}`;
    const refused: Array<[string, string]> = [
      ['\u0000', 'no control characters'],
      ['\u0001', 'no control characters'],
      ['\u001b[31m', 'no control characters'],
      ['\u007f', 'no control characters'],
      ['\ud800x', 'ill-formed Unicode (lone surrogate)'],
      ['x\udfff', 'ill-formed Unicode (lone surrogate)'],
      ['invoice\u202Efdp.exe', 'no bidirectional override characters'],
      ['\u202D', 'no bidirectional override characters'],
    ];
    for (const [bad, reason] of refused) {
      // A URL cannot carry a lone surrogate (it has no UTF-8 form): there the surrogate cases send a NUL.
      const value = /[\ud800-\udfff]/.test(bad) ? '\u0000' : bad;
      const urlReason = value === bad ? reason : 'no control characters';
      // JSON.stringify writes the characters as \\u escapes, as an attacker would send them.
      const payload = JSON.stringify({ memo: `a${bad}b`, labels: { ok: bad, [`k${bad}`]: 'v' }, items: ['fine', bad] });
      const res = await t.app.inject({ method: 'POST', url: url(`n${value}`, value), payload, headers: { 'content-type': 'application/json', 'x-locale': 'en' } });
      expect(res.statusCode, bad).toBe(400);
      const body = res.json();
      expectEnvelope(body);
      expect(body.code).toBe('ERROR_VALIDATION');
      const byField = Object.fromEntries((body.data.fieldErrors as Array<{ field: string; reason: string }>).map((f) => [f.field, f.reason]));
      expect(byField['params.name'], bad).toBe(urlReason);
      expect(byField['query.q'], bad).toBe(urlReason);
      expect(byField['body.memo'], bad).toBe(reason);
      expect(byField['body.labels.ok'], bad).toBe(reason);
      expect(byField['body.items.1'], bad).toBe(reason);
      // The bad key is named with the refused character written out, so the answer is plain text.
      const keyField = Object.keys(byField).find((f) => f.startsWith('body.labels.k'));
      expect(keyField, bad).toBeDefined();
      expect(byField[keyField!]).toBe(`${reason} in a key`);
      // eslint-disable-next-line no-control-regex
      expect(keyField).not.toMatch(/[\u0000-\u001f\u007f\u202d\u202e]/);
    }
  });

  it('keeps TAB, LF, CR, emoji, Korean and bidi embeddings and marks', async () => {
    const memo = '제1조\t목적\r\n본 계약은\n😀 \u200f\u202bعقد\u202c \u2067שלום\u2069';
    const res = await t.app.inject({ method: 'POST', url: `/api/test/text/${encodeURIComponent('갑\t을')}/v1?q=${encodeURIComponent('a\nb')}`, payload: { memo, labels: { '키\t': '값\n' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ name: '갑\t을', memo });
  });

  it('answers the UTF-8 bytes of a lone surrogate or overlong forms in a URL below 500', async () => {
    for (const url of ['/api/test/text/%ED%A0%80/v1', '/api/test/text/a/v1?q=%ED%A0%80', '/api/test/text/%C0%80/v1', '/api/test/text/a/v1?q=%C0%80%FF']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { memo: 'm' } });
      // The path answers 400 (malformed URL); the query parser keeps undecodable bytes as they came.
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().code).toMatch(/^(SUCCESS|ERROR_VALIDATION)$/);
    }
  });

  it('lists at most 100 string issues however many bad strings a body carries', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/text/a/v1', payload: { memo: 'm', items: Array.from({ length: 400 }, () => '\u0000') } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors).toHaveLength(100);
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
