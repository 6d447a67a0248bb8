import { ErrorEnvelopeSchema, type RouteDescriptor } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
import { ROUTE_TABLE } from './route';

let t: TestApp;
let routes: RouteDescriptor[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  routes = t.app[ROUTE_TABLE];
});
afterAll(() => t.close());

function sample(path: string) {
  return path.replace(/:[A-Za-z0-9_]+/g, '1');
}

/** A body that fails any object schema with at least one required field. */
function invalidBody(schema: z.ZodType | undefined): unknown {
  return schema ? { __not_a_field__: 1 } : undefined;
}

describe('the route table', () => {
  it('declares who may call every route (review changes to this list as permission changes)', () => {
    expect(routes.map((r) => `${r.method} ${r.path} ${r.access}`)).toMatchInlineSnapshot(`
      [
        "GET /api/health public",
        "POST /api/client-errors/v1 public",
        "GET /api/workspace/super-admin/client-errors/v1 superAdmin",
        "GET /api/aireview/hello public",
        "GET /api/aistudio/hello public",
        "POST /api/auth/login/v1 public",
        "POST /api/auth/login/v3 public",
        "POST /api/auth/login/v3/otp/verify public",
        "POST /api/auth/login/v3/otp/resend public",
        "POST /api/auth/login/super-admin/v1 public",
        "POST /api/auth/login/super-admin/v3 public",
        "POST /api/auth/login/super-admin/v3/otp/verify public",
        "POST /api/auth/login/super-admin/v3/otp/resend public",
        "POST /api/auth/login/dev/v1 devOnly",
        "GET /api/auth/demo-accounts/v1 public",
        "POST /api/auth/refresh/v1 public",
        "POST /api/auth/refresh/v2 public",
        "GET /api/auth/refresh-after/v1 signedIn",
        "GET /api/auth/check-logged-in/v1 public",
        "GET /api/auth/token/verify/v1 signedIn",
        "POST /api/auth/logout/v1 public",
        "GET /api/auth/sessions/v1 signedIn",
        "DELETE /api/auth/sessions/others/v1 signedIn",
        "DELETE /api/auth/sessions/:sessionId/v1 signedIn",
        "GET /api/auth/profile/v1 signedIn",
        "GET /api/auth/launcher/v1 signedIn",
        "GET /api/auth/permissions/v1 signedIn",
        "GET /api/auth/permissions/v2 signedIn",
        "GET /api/auth/permissions/v3 signedIn",
        "GET /api/auth/theme/v1 member",
        "GET /api/auth/user-login-tracks/v1 signedIn",
        "PUT /api/auth/credentials/password/v1 signedIn",
        "PUT /api/auth/password-expiry/postpone/v1 signedIn",
        "PUT /api/auth/alert/acknowledge/v1 signedIn",
        "POST /api/auth/api-keys/v1 admin",
        "GET /api/auth/api-keys/v1 admin",
        "DELETE /api/auth/api-keys/:apiKeyId/v1 admin",
        "POST /api/auth/api-key/verify/v1 apiKey",
        "POST /api/auth/service-auth-tokens/v1 apiKey",
        "POST /api/auth/credentials/reset-message/v1 public",
        "POST /api/auth/credentials/reset/v1 public",
        "PUT /api/auth/credentials/:userId/force-reset/v1 admin",
        "POST /api/auth/login/impersonated/v1 signedIn",
        "POST /api/workspace/super-admin/mail-check/v1 superAdmin",
        "POST /api/arxive/files/v1 member",
        "POST /api/arxive/files/v2 member",
        "POST /api/arxive/files/unlimited/v1 superAdmin",
        "PUT /api/arxive/files/:fileKey/v2 member",
        "GET /api/arxive/files/v1 member",
        "DELETE /api/arxive/files/v1 member",
        "GET /api/arxive/files/:fileKey/v1 member",
        "PUT /api/arxive/files/:fileKey/v1 member",
        "POST /api/arxive/files/:fileKey/v1 member",
        "DELETE /api/arxive/files/:fileKey/v1 member",
        "GET /api/arxive/files/:fileKey/revisions/v1 member",
        "GET /api/arxive/files/:fileKey/revision/v1 member",
        "GET /api/arxive/files/:fileKey/:revision/v1 member",
        "GET /api/arxive/files/:fileKey/text/v1 member",
        "GET /api/arxive/files/:fileKey/download/v1 member",
        "GET /api/dev/mailbox/v1 devOnly",
      ]
    `);
  });

  it('answers every route with the envelope: 401 without a session, 400 listing fields for bad bodies', async () => {
    for (const r of routes) {
      const url = sample(r.path);
      if (r.access !== 'public' && r.access !== 'devOnly') {
        const res = await t.app.inject({ method: r.method, url, payload: r.schemas.body ? {} : undefined });
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(401);
        expect(ErrorEnvelopeSchema.parse(res.json()).code).toBe('ERROR_UNAUTHORIZED');
        continue;
      }
      if (r.schemas.body) {
        const res = await t.app.inject({ method: r.method, url, payload: invalidBody(r.schemas.body) as object });
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(400);
        const body = ErrorEnvelopeSchema.parse(res.json());
        expect(body.code).toBe('ERROR_VALIDATION');
        expect((body.data?.fieldErrors as unknown[]).length).toBeGreaterThan(0);
      }
      if (r.schemas.query) {
        const res = await t.app.inject({ method: r.method, url: `${url}?page=-1&size=abc` });
        expect(res.statusCode, `${r.method} ${r.path} query`).toBe(400);
        expect(ErrorEnvelopeSchema.parse(res.json()).data?.fieldErrors).toBeDefined();
      }
      if (!r.schemas.body && r.method === 'GET') {
        const res = await t.app.inject({ method: r.method, url });
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(200);
        expect(res.json().code).toBe('SUCCESS');
      }
    }
  });

  it('describes every route in the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of routes) {
      const openApiPath = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
