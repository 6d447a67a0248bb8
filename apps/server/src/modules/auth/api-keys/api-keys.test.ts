import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { apiKeys, serviceAuthTokens } from './api-keys.table';
import { auditEvents } from '../../../platform/audit/audit.table';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

const KEYS = '/api/auth/api-keys/v1';
const VERIFY = '/api/auth/api-key/verify/v1';
const SERVICE_TOKENS = '/api/auth/service-auth-tokens/v1';

async function adminOf(ws: Awaited<ReturnType<typeof newWorkspace>>) {
  const user = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
  return { ...user, headers: workspaceHeaders(ws, await signIn(t, user.loginId)) };
}

async function createKey(headers: Record<string, string>, payload: object = { name: '전자서명 연동' }) {
  return t.app.inject({ method: 'POST', url: KEYS, headers, payload });
}

describe('API keys: the route matrix', () => {
  it('401 without a session, 400 listing the field, 403 for a plain member', async () => {
    const ws = await newWorkspace(t);
    expect((await t.app.inject({ method: 'POST', url: KEYS, payload: { name: 'x' } })).statusCode).toBe(401);
    const admin = await adminOf(ws);
    const bad = await createKey(admin.headers, { name: '', expiresAt: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().data.fieldErrors as Array<{ field: string }>).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.expiresAt']));
    const past = await createKey(admin.headers, { name: 'old', expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    const member = await newUser(t, { workspace: ws });
    const memberHeaders = workspaceHeaders(ws, await signIn(t, member.loginId));
    expect((await createKey(memberHeaders)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: KEYS, headers: memberHeaders })).statusCode).toBe(403);
  });

  it('creates a key whose secret is shown once and stored hashed with a visible prefix; lists it without the secret; audits', async () => {
    const ws = await newWorkspace(t);
    const admin = await adminOf(ws);
    const res = await createKey(admin.headers);
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created.secret).toMatch(/^lsk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.secret.slice(0, 12));
    const [row] = await t.services.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.secretHash).not.toContain(created.secret);
    expect(row).toMatchObject({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, createdByUserId: admin.userId });

    const list = await t.app.inject({ method: 'GET', url: `${KEYS}?size=5`, headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ totalElements: 1, size: 5, content: [{ id: created.id, name: '전자서명 연동', prefix: created.prefix, revokedAt: null }] });
    expect(list.body).not.toContain(created.secret);
    const audits = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'api_key.created'), eq(auditEvents.workspaceId, ws.workspaceId)));
    expect(audits).toHaveLength(1);
  });

  it('authenticates X-Api-Key: verify answers the workspace and name; revoked or expired keys are 401', async () => {
    const ws = await newWorkspace(t);
    const admin = await adminOf(ws);
    const key = (await createKey(admin.headers)).json().data;
    const verify = await t.app.inject({ method: 'POST', url: VERIFY, headers: { 'x-api-key': key.secret } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toEqual({ apiKeyId: key.id, name: '전자서명 연동', tenantId: ws.tenantId, workspaceId: ws.workspaceId, workspaceName: expect.any(String) });
    expect((await t.app.inject({ method: 'POST', url: VERIFY, headers: { 'x-api-key': 'lsk_unknown' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: VERIFY })).statusCode).toBe(401);
    // A key is no session: user routes stay closed to it.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { 'x-api-key': key.secret } })).statusCode).toBe(401);

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/auth/api-keys/${key.id}/v1`, headers: admin.headers });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data.revokedAt).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'POST', url: VERIFY, headers: { 'x-api-key': key.secret } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/api-keys/${key.id}/v1`, headers: admin.headers })).statusCode).toBe(409);
    expect(await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'api_key.revoked'), eq(auditEvents.workspaceId, ws.workspaceId)))).toHaveLength(1);

    const expiring = (await createKey(admin.headers, { name: 'soon', expiresAt: new Date(Date.now() + 60_000).toISOString() })).json().data;
    expect((await t.app.inject({ method: 'POST', url: VERIFY, headers: { 'x-api-key': expiring.secret } })).statusCode).toBe(200);
    await t.services.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, expiring.id));
    expect((await t.app.inject({ method: 'POST', url: VERIFY, headers: { 'x-api-key': expiring.secret } })).statusCode).toBe(401);
  });

  it('keeps workspaces apart: a key of A never reaches B (403), B cannot list or revoke it (404, unchanged)', async () => {
    const a = await newWorkspace(t);
    const b = await newWorkspace(t);
    const adminA = await adminOf(a);
    const adminB = await adminOf(b);
    const key = (await createKey(adminA.headers)).json().data;
    const crossed = await t.app.inject({ method: 'POST', url: VERIFY, headers: { 'x-api-key': key.secret, ...workspaceHeaders(b) } });
    expect(crossed.statusCode).toBe(403);
    const listB = await t.app.inject({ method: 'GET', url: KEYS, headers: adminB.headers });
    expect(listB.json().data.totalElements).toBe(0);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/api-keys/${key.id}/v1`, headers: adminB.headers })).statusCode).toBe(404);
    const [row] = await t.services.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.revokedAt).toBeNull();
    // The admin of A sending B's headers is not a member of B.
    expect((await createKey(workspaceHeaders(b, adminA.headers.cookie))).statusCode).toBe(403);
  });
});

describe('service-auth tokens', () => {
  it('issues a 10-minute bearer token to an API key; it authenticates like the key and dies with it', async () => {
    const ws = await newWorkspace(t);
    const admin = await adminOf(ws);
    const key = (await createKey(admin.headers)).json().data;
    expect((await t.app.inject({ method: 'POST', url: SERVICE_TOKENS, headers: admin.headers })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: SERVICE_TOKENS, headers: { 'x-api-key': key.secret } });
    expect(res.statusCode).toBe(200);
    const issued = res.json().data;
    expect(issued).toMatchObject({ token: expect.stringMatching(/^lst_/), tenantId: ws.tenantId, workspaceId: ws.workspaceId });
    const seconds = (new Date(issued.expiresAt).getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);
    const [stored] = await t.services.db.select().from(serviceAuthTokens).where(eq(serviceAuthTokens.apiKeyId, key.id));
    expect(stored?.tokenHash).not.toBe(issued.token);

    const bearer = { authorization: `Bearer ${issued.token}` };
    const verify = await t.app.inject({ method: 'POST', url: VERIFY, headers: bearer });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.apiKeyId).toBe(key.id);
    expect((await t.app.inject({ method: 'POST', url: VERIFY, headers: { ...bearer, ...workspaceHeaders({ tenantId: ws.tenantId + 1000, workspaceId: ws.workspaceId }) } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: bearer })).statusCode).toBe(401);

    await t.services.db.update(serviceAuthTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(serviceAuthTokens.apiKeyId, key.id));
    expect((await t.app.inject({ method: 'POST', url: VERIFY, headers: bearer })).statusCode).toBe(401);

    const fresh = (await t.app.inject({ method: 'POST', url: SERVICE_TOKENS, headers: { 'x-api-key': key.secret } })).json().data;
    await t.app.inject({ method: 'DELETE', url: `/api/auth/api-keys/${key.id}/v1`, headers: admin.headers });
    expect((await t.app.inject({ method: 'POST', url: VERIFY, headers: { authorization: `Bearer ${fresh.token}` } })).statusCode).toBe(401);
  });
});
