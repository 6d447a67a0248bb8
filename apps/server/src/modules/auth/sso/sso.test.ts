import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../../platform/audit/audit.table';
import { cookiesOf, newUser, newWorkspace, setCookie, signIn, unique, workspaceHeaders } from '../auth.test-support';
import { provisionMembership } from '../provisioning';
import { decryptSecret, ssoKeyOf } from './sso.crypto';
import { ssoConfigs, ssoIdentities, ssoLoginStates } from './sso.table';
import { sessions, userLoginTracks } from '../sessions.table';
import { startTestProvider, type TestProvider } from './sso.test-provider';
import { users } from '../users.table';

const CONFIG = '/api/workspace/sso-config/v1';
const DISCOVERY = '/api/workspace/sso-config/test-discovery/v1';
const LOGIN = '/api/auth/login/sso/v1';

let t: TestApp;
let provider: TestProvider;
let redirectUri: string;

beforeAll(async () => {
  // The test provider listens on loopback, which the outbound client refuses unless allowed.
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }, startJobs: false });
  redirectUri = `${t.services.config.publicUrl}/api/auth/login/sso/callback/v1`;
  provider = await startTestProvider({ redirectUri });
});
afterAll(async () => {
  await provider.close();
  await t.close();
});

type Workspace = Awaited<ReturnType<typeof newWorkspace>> & { name: string };

async function workspace(): Promise<Workspace> {
  const name = unique('sso-');
  return { ...(await newWorkspace(t, { name })), name };
}

async function adminOf(ws: Workspace) {
  const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
  return { ...admin, headers: workspaceHeaders(ws, await signIn(t, admin.loginId)) };
}

function configBody(over: Record<string, unknown> = {}, of: TestProvider = provider) {
  return { issuer: of.issuer, clientId: of.clientId, clientSecret: of.clientSecret, ...over };
}

/** A workspace with SSO on the loopback provider, its admin, and a member. */
async function ssoWorkspace(over: Record<string, unknown> = {}, of: TestProvider = provider) {
  const ws = await workspace();
  const admin = await adminOf(ws);
  const put = await t.app.inject({ method: 'PUT', url: CONFIG, headers: admin.headers, payload: configBody(over, of) });
  expect(put.statusCode).toBe(200);
  const member = await newUser(t, { workspace: ws });
  return { ws, admin, member };
}

/** POST login/sso: the authorization URL and the cookie that binds the callback to this browser. */
async function start(workspaceName: string, next?: string) {
  const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { workspaceName, ...(next ? { next } : {}) } });
  expect(res.statusCode).toBe(200);
  return { authorizationUrl: res.json().data.authorizationUrl as string, cookie: cookiesOf(res), state: new URL(res.json().data.authorizationUrl).searchParams.get('state') as string };
}

async function callback(url: URL, cookie: string) {
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });
}

/** The whole sign-in: start, the provider's login and consent, the callback. */
async function signInWithSso(workspaceName: string, account: Parameters<TestProvider['signInAs']>[0], of: TestProvider = provider, next?: string) {
  const started = await start(workspaceName, next);
  of.signInAs(account);
  const redirect = await of.authorize(started.authorizationUrl);
  return { res: await callback(redirect, started.cookie), started, redirect };
}

const ssoError = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), 'http://app.test').searchParams.get('sso_error');
};

async function lastFailure(scope: { tenantId: number; workspaceId: number }) {
  const [row] = await t.services.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.type, 'sso.failed'), eq(auditEvents.workspaceId, scope.workspaceId)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row?.data as { reason: string; detail: string | null } | undefined;
}

describe('SSO configuration (admin, workspace.config.write)', () => {
  it('401 without a session, 403 for a general member, 400 naming the bad fields', async () => {
    const ws = await workspace();
    const admin = await adminOf(ws);
    const member = await newUser(t, { workspace: ws });
    const memberHeaders = workspaceHeaders(ws, await signIn(t, member.loginId));

    expect((await t.app.inject({ method: 'GET', url: CONFIG, headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: CONFIG, headers: workspaceHeaders(ws), payload: configBody() })).statusCode).toBe(401);
    for (const [method, url] of [['GET', CONFIG], ['PUT', CONFIG], ['DELETE', CONFIG], ['POST', DISCOVERY]] as const) {
      const res = await t.app.inject({ method, url, headers: memberHeaders, payload: method === 'PUT' ? configBody() : method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }

    const bad = await t.app.inject({
      method: 'PUT', url: CONFIG, headers: admin.headers,
      payload: { issuer: 'ftp://idp.example.com', clientId: '', scopes: 'email profile', allowedDomains: ['not a domain'], isEnabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().data.fieldErrors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.issuer', 'body.clientId', 'body.scopes', 'body.allowedDomains.0', 'body.isEnabled']));
    expect((await t.app.inject({ method: 'PUT', url: CONFIG, headers: admin.headers, payload: configBody({ issuer: `${provider.issuer}?x=1` }) })).statusCode).toBe(400);
  });

  it('answers the redirect URI to register; stores the secret encrypted and never answers it; keeps, replaces or removes it; audits', async () => {
    const ws = await workspace();
    const admin = await adminOf(ws);
    const empty = await t.app.inject({ method: 'GET', url: CONFIG, headers: admin.headers });
    expect(empty.json().data).toEqual({ redirectUri, config: null });

    const saved = await t.app.inject({ method: 'PUT', url: CONFIG, headers: admin.headers, payload: configBody({ allowedDomains: ['Example.KR', 'example.kr', 'law.example'] }) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.config).toMatchObject({
      issuer: provider.issuer, clientId: provider.clientId, hasClientSecret: true, scopes: 'openid email profile', allowedDomains: ['example.kr', 'law.example'], isEnabled: true,
    });
    expect(saved.body).not.toContain(provider.clientSecret);

    const [row] = await t.services.db.select().from(ssoConfigs).where(eq(ssoConfigs.workspaceId, ws.workspaceId));
    expect(row?.clientSecretEnc).toMatch(/^v1\./);
    expect(row?.clientSecretEnc).not.toContain(provider.clientSecret);
    const key = ssoKeyOf(t.services.config);
    if (!key || !row?.clientSecretEnc) throw new Error('no key or no secret');
    expect(decryptSecret(key, row.clientSecretEnc, ws)).toBe(provider.clientSecret);
    // Bound to its workspace: the same ciphertext does not open in another scope.
    expect(decryptSecret(key, row.clientSecretEnc, { tenantId: ws.tenantId, workspaceId: ws.workspaceId + 1 })).toBeNull();

    const kept = await t.app.inject({ method: 'PUT', url: CONFIG, headers: admin.headers, payload: { issuer: provider.issuer, clientId: provider.clientId, scopes: 'openid  email' } });
    expect(kept.json().data.config).toMatchObject({ hasClientSecret: true, scopes: 'openid email', allowedDomains: [] });
    const [keptRow] = await t.services.db.select().from(ssoConfigs).where(eq(ssoConfigs.workspaceId, ws.workspaceId));
    expect(keptRow?.clientSecretEnc).toBe(row.clientSecretEnc);
    const removed = await t.app.inject({ method: 'PUT', url: CONFIG, headers: admin.headers, payload: configBody({ clientSecret: null }) });
    expect(removed.json().data.config.hasClientSecret).toBe(false);

    const audits = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'sso.config_saved'), eq(auditEvents.workspaceId, ws.workspaceId)));
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({ actorUserId: admin.userId, tenantId: ws.tenantId, data: expect.objectContaining({ isCreated: true, isSecretChanged: true }) });
    expect(JSON.stringify(audits)).not.toContain(provider.clientSecret);
  });

  it("another tenant's admin cannot see, test or delete it (404, the row stays); spoofed headers are 403", async () => {
    const { ws } = await ssoWorkspace();
    const other = await workspace();
    const otherAdmin = await adminOf(other);
    expect((await t.app.inject({ method: 'GET', url: CONFIG, headers: otherAdmin.headers })).json().data.config).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: CONFIG, headers: otherAdmin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: DISCOVERY, headers: otherAdmin.headers, payload: {} })).statusCode).toBe(404);
    const cookie = otherAdmin.headers.cookie as string;
    expect((await t.app.inject({ method: 'GET', url: CONFIG, headers: workspaceHeaders(ws, cookie) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: CONFIG, headers: workspaceHeaders({ tenantId: other.tenantId, workspaceId: ws.workspaceId }, cookie) })).statusCode).toBe(403);
    expect(await t.services.db.select().from(ssoConfigs).where(eq(ssoConfigs.workspaceId, ws.workspaceId))).toHaveLength(1);
  });

  it('deletes it once (then 404) and audits', async () => {
    const { ws, admin } = await ssoWorkspace();
    const res = await t.app.inject({ method: 'DELETE', url: CONFIG, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ redirectUri, config: null });
    expect((await t.app.inject({ method: 'DELETE', url: CONFIG, headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: LOGIN, payload: { workspaceName: ws.name } })).statusCode).toBe(404);
    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'sso.config_deleted'), eq(auditEvents.workspaceId, ws.workspaceId)));
    expect(audit?.data).toEqual({ issuer: provider.issuer, clientId: provider.clientId });
  });

  it('tests discovery: the endpoints of a real provider, or why it failed', async () => {
    const { admin } = await ssoWorkspace();
    const stored = await t.app.inject({ method: 'POST', url: DISCOVERY, headers: admin.headers, payload: {} });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data).toMatchObject({
      isOk: true, issuer: provider.issuer, authorizationEndpoint: `${provider.issuer}/auth`, tokenEndpoint: `${provider.issuer}/token`, jwksUri: `${provider.issuer}/jwks`,
      isPkceS256Supported: true, error: null,
    });
    const test = async (issuer: string) => (await t.app.inject({ method: 'POST', url: DISCOVERY, headers: admin.headers, payload: { issuer } })).json().data;
    expect((await test(`${provider.issuer}/nowhere`)).error).toEqual({ code: 'HTTP_STATUS', status: 404 });
    const closedPort = await t.app.inject({ method: 'POST', url: DISCOVERY, headers: admin.headers, payload: { issuer: 'http://127.0.0.1:9' } });
    expect(closedPort.statusCode).toBe(400);
    expect(closedPort.json().data.fieldErrors).toEqual([{ field: 'body.issuer', reason: expect.stringContaining('cannot connect') }]);
    // A server whose documents are not what they claim.
    const fake = http.createServer((req, res) => {
      if (req.url?.startsWith('/html/')) return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: 'https://someone-else.example', authorization_endpoint: 'https://someone-else.example/auth' }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      expect((await test(`${base}/mismatch`)).error).toEqual({ code: 'ISSUER_MISMATCH', status: null });
      expect((await test(`${base}/html`)).error).toEqual({ code: 'NOT_JSON', status: null });
    } finally {
      fake.closeAllConnections();
      fake.close();
    }
    expect((await t.app.inject({ method: 'POST', url: DISCOVERY, headers: admin.headers, payload: { issuer: 'not a url' } })).statusCode).toBe(400);
  });
});

describe('SSO sign-in (authorization code + PKCE against a loopback provider)', () => {
  it('signs a member in: state, PKCE and nonce round-trip, the identity is linked, the session works like a password one', async () => {
    const { ws, member } = await ssoWorkspace();
    const started = await start(ws.name, `/${ws.name}/contracts?tab=mine`);
    const authorization = new URL(started.authorizationUrl);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: provider.clientId, response_type: 'code', redirect_uri: redirectUri, scope: 'openid email profile', code_challenge_method: 'S256',
    });
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const bound = setCookie(await t.app.inject({ method: 'POST', url: LOGIN, payload: { workspaceName: ws.name } }), 'ls_sso_state') ?? '';
    expect(bound).toMatch(/HttpOnly/);
    expect(bound).toMatch(/SameSite=Lax/);
    expect(bound).toMatch(/Path=\/api\/auth\/login\/sso\/callback\/v1/);
    const [stateRow] = await t.services.db.select().from(ssoLoginStates).where(eq(ssoLoginStates.id, started.state));
    expect(stateRow).toMatchObject({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, redirectUri, nextPath: `/${ws.name}/contracts?tab=mine`, consumedAt: null });
    expect((stateRow?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(authorization.searchParams.get('code_challenge')).not.toBe(stateRow?.codeVerifier);

    provider.signInAs({ sub: 'sub-member-1', email: member.loginId.toUpperCase(), emailVerified: true });
    const redirect = await provider.authorize(started.authorizationUrl);
    const res = await callback(redirect, started.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/${ws.name}/contracts?tab=mine`);
    for (const name of ['ls_access', 'ls_refresh']) expect(setCookie(res, name)).toMatch(/HttpOnly; SameSite=Lax/);
    const cookie = cookiesOf(res);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie } });
    expect(profile.json().data).toMatchObject({ id: member.userId, loginId: member.loginId });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: workspaceHeaders(ws, cookie) })).statusCode).toBe(200);

    const [session] = await t.services.db.select().from(sessions).where(eq(sessions.userId, member.userId)).orderBy(desc(sessions.createdAt)).limit(1);
    expect(session).toMatchObject({ method: 'SSO', kind: 'USER', idleTimeoutSeconds: 120 * 60 });
    expect(await t.services.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, member.userId))).toMatchObject([{ issuer: provider.issuer, subject: 'sub-member-1' }]);
    const [signedIn] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'session.signed_in'), eq(auditEvents.actorUserId, member.userId)));
    expect(signedIn).toMatchObject({ workspaceId: ws.workspaceId, data: { sessionId: session?.id, method: 'SSO', isSuperAdmin: false, issuer: provider.issuer } });
    const [track] = await t.services.db.select().from(userLoginTracks).where(eq(userLoginTracks.userId, member.userId));
    expect(track).toMatchObject({ method: 'SSO', result: 'SUCCESS' });

    // Replayed: the state works once.
    expect(ssoError(await callback(redirect, started.cookie))).toBe('INVALID_STATE');
    expect(await lastFailure(ws)).toMatchObject({ reason: 'INVALID_STATE', detail: 'REPLAYED' });

    // Linked: the same subject signs in again even after its e-mail changed at the provider; home is /{workspace}.
    const again = await signInWithSso(ws.name, { sub: 'sub-member-1', email: 'renamed@elsewhere.example', emailVerified: true });
    expect(again.res.headers.location).toBe(`/${ws.name}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie: cookiesOf(again.res) } })).json().data.id).toBe(member.userId);
  });

  it('refuses a bad, foreign, expired or unbound state', async () => {
    const { ws } = await ssoWorkspace();
    const cb = '/api/auth/login/sso/callback/v1';
    expect(ssoError(await t.app.inject({ method: 'GET', url: cb }))).toBe('INVALID_STATE');
    expect(ssoError(await t.app.inject({ method: 'GET', url: `${cb}?code=abc&state=not-a-uuid` }))).toBe('INVALID_STATE');
    expect(ssoError(await t.app.inject({ method: 'GET', url: `${cb}?code=abc&state=7d1b5f7e-6a8e-4c55-9d59-2d8f8a1b0c33` }))).toBe('INVALID_STATE');
    expect(ssoError(await t.app.inject({ method: 'GET', url: `${cb}?state=a&state=b` }))).toBe('INVALID_STATE');

    // Another browser's callback (login CSRF): the state cookie is missing or another one.
    const victim = await start(ws.name);
    provider.signInAs({ sub: 'attacker', email: 'attacker@example.kr', emailVerified: true });
    const planted = await provider.authorize(victim.authorizationUrl);
    const other = await start(ws.name);
    expect(ssoError(await callback(planted, other.cookie))).toBe('INVALID_STATE');
    expect(await lastFailure(ws)).toMatchObject({ reason: 'STATE_MISMATCH' });

    const late = await start(ws.name);
    await t.services.db.update(ssoLoginStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(ssoLoginStates.id, late.state));
    provider.signInAs({ sub: 'late', email: 'late@example.kr', emailVerified: true });
    expect(ssoError(await callback(await provider.authorize(late.authorizationUrl), late.cookie))).toBe('EXPIRED_STATE');
    // The error page never shows internals.
    expect((await t.app.inject({ method: 'GET', url: `${cb}?state=${late.state}` })).body).not.toMatch(/Error|stack/i);
  });

  it('validates the ID token nonce and the PKCE verifier', async () => {
    const { ws, member } = await ssoWorkspace();
    const wrongNonce = await start(ws.name);
    await t.services.db.update(ssoLoginStates).set({ nonce: 'another-nonce' }).where(eq(ssoLoginStates.id, wrongNonce.state));
    provider.signInAs({ sub: 'nonce-user', email: member.loginId, emailVerified: true });
    expect(ssoError(await callback(await provider.authorize(wrongNonce.authorizationUrl), wrongNonce.cookie))).toBe('INVALID_TOKEN');
    expect(await lastFailure(ws)).toMatchObject({ reason: 'INVALID_TOKEN', detail: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' });

    const wrongVerifier = await start(ws.name);
    await t.services.db.update(ssoLoginStates).set({ codeVerifier: 'x'.repeat(43) }).where(eq(ssoLoginStates.id, wrongVerifier.state));
    expect(ssoError(await callback(await provider.authorize(wrongVerifier.authorizationUrl), wrongVerifier.cookie))).toBe('PROVIDER_ERROR');
    expect((await lastFailure(ws))?.detail).toMatch(/invalid_grant/);
    expect(await t.services.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toHaveLength(0);
  });

  it('refuses unknown e-mails, non-members, disabled accounts, unverified or missing e-mails and other domains (audited, no session)', async () => {
    const { ws, member } = await ssoWorkspace({ allowedDomains: ['example.kr'] });
    const stranger = await newUser(t);
    const cases: Array<[Parameters<TestProvider['signInAs']>[0], string, string]> = [
      [{ sub: 'u1', email: 'nobody-here@example.kr', emailVerified: true }, 'NO_ACCOUNT', 'UNKNOWN_EMAIL'],
      [{ sub: 'u2', email: stranger.loginId, emailVerified: true }, 'NO_ACCOUNT', 'NOT_MEMBER'],
      [{ sub: 'u3', email: member.loginId, emailVerified: false }, 'EMAIL_UNVERIFIED', 'EMAIL_UNVERIFIED'],
      [{ sub: 'u4' }, 'EMAIL_MISSING', 'EMAIL_MISSING'],
      [{ sub: 'u5', email: 'someone@other.example', emailVerified: true }, 'DOMAIN_NOT_ALLOWED', 'DOMAIN_NOT_ALLOWED'],
    ];
    for (const [account, code, reason] of cases) {
      const { res } = await signInWithSso(ws.name, account);
      expect(ssoError(res), reason).toBe(code);
      expect(res.headers['set-cookie']?.toString() ?? '').not.toContain('ls_access=');
      expect(await lastFailure(ws), reason).toMatchObject({ reason });
    }
    await t.services.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, member.userId));
    expect(ssoError((await signInWithSso(ws.name, { sub: 'u6', email: member.loginId, emailVerified: true })).res)).toBe('NO_ACCOUNT');
    expect(await lastFailure(ws)).toMatchObject({ reason: 'USER_DISABLED' });
    expect(await t.services.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, member.userId))).toHaveLength(0);
  });

  it("refuses an account that also belongs to a workspace not trusting this provider (a workspace admin's provider cannot open another tenant)", async () => {
    const { ws, member } = await ssoWorkspace();
    const other = await workspace();
    await provisionMembership(t.services.db, other, member.userId, { displayName: '홍길동', roles: ['GENERAL_MEMBER'] });
    expect(ssoError((await signInWithSso(ws.name, { sub: 'multi', email: member.loginId, emailVerified: true })).res)).toBe('ACCOUNT_NOT_ELIGIBLE');
    expect(await lastFailure(ws)).toMatchObject({ reason: 'ACCOUNT_NOT_ELIGIBLE', detail: 'OTHER_WORKSPACES' });

    // Once the other workspace signs in with the same provider too, the account may.
    const otherAdmin = await adminOf(other);
    await t.app.inject({ method: 'PUT', url: CONFIG, headers: otherAdmin.headers, payload: configBody() });
    expect((await signInWithSso(ws.name, { sub: 'multi', email: member.loginId, emailVerified: true })).res.headers.location).toBe(`/${ws.name}`);

    const superAdmin = await newUser(t, { workspace: ws, isSuperAdmin: true });
    expect(ssoError((await signInWithSso(ws.name, { sub: 'root', email: superAdmin.loginId, emailVerified: true })).res)).toBe('ACCOUNT_NOT_ELIGIBLE');
  });

  it('a disabled or unknown configuration cannot start a sign-in (404); disabling it mid-flight fails the callback', async () => {
    const { ws, admin, member } = await ssoWorkspace();
    const flight = await start(ws.name);
    await t.app.inject({ method: 'PUT', url: CONFIG, headers: admin.headers, payload: configBody({ isEnabled: false }) });
    const refused = await t.app.inject({ method: 'POST', url: LOGIN, payload: { workspaceName: ws.name } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().data).toEqual({ reason: 'SSO_NOT_AVAILABLE' });
    expect((await t.app.inject({ method: 'POST', url: LOGIN, payload: { workspaceName: 'no-such-workspace' } })).json()).toEqual(refused.json());
    provider.signInAs({ sub: 'mid', email: member.loginId, emailVerified: true });
    expect(ssoError(await callback(await provider.authorize(flight.authorizationUrl), flight.cookie))).toBe('SSO_DISABLED');
  });

  it('answers 400 naming the bad fields, and refuses a next that leaves the site', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { workspaceName: '', next: '//evil.example/x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors.map((e: { field: string }) => e.field).sort()).toEqual(['body.next', 'body.workspaceName']);
    for (const next of ['https://evil.example', '/\\evil.example', 'relative']) {
      expect((await t.app.inject({ method: 'POST', url: LOGIN, payload: { workspaceName: 'x', next } })).statusCode).toBe(400);
    }
  });

  it('the provider refusing the sign-in lands on the sign-in page with PROVIDER_DENIED', async () => {
    const { ws } = await ssoWorkspace();
    expect(ssoError((await signInWithSso(ws.name, null)).res)).toBe('PROVIDER_DENIED');
  });

  it('reads the e-mail from the userinfo endpoint when the ID token has none', async () => {
    const userinfoProvider = await startTestProvider({ redirectUri, emailIn: 'userinfo' });
    try {
      const { ws, member } = await ssoWorkspace({}, userinfoProvider);
      const { res } = await signInWithSso(ws.name, { sub: 'ui-1', email: member.loginId, emailVerified: true }, userinfoProvider);
      expect(res.headers.location).toBe(`/${ws.name}`);
    } finally {
      await userinfoProvider.close();
    }
  });
});

describe('SSO in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://legal.example.com' }, startJobs: false });
  });
  afterAll(() => prod.close());

  it('requires https issuers, and SSO_SECRET_KEY to store a client secret', async () => {
    const ws = await newWorkspace(prod);
    const admin = await newUser(prod, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    const login = await prod.app.inject({ method: 'POST', url: '/api/auth/login/v1', payload: { loginId: admin.loginId, password: admin.password } });
    const headers = { ...workspaceHeaders(ws, cookiesOf(login)), origin: 'https://legal.example.com' };
    const http = await prod.app.inject({ method: 'PUT', url: CONFIG, headers, payload: { issuer: 'http://idp.example.com', clientId: 'x', clientSecret: 's' } });
    expect(http.statusCode).toBe(400);
    expect(http.json().data.fieldErrors).toEqual([{ field: 'body.issuer', reason: 'must use https' }]);
    const noKey = await prod.app.inject({ method: 'PUT', url: CONFIG, headers, payload: { issuer: 'https://idp.example.com', clientId: 'x', clientSecret: 's' } });
    expect(noKey.statusCode).toBe(503);
    expect(noKey.json().data).toEqual({ reason: 'SSO_SECRET_KEY_MISSING' });
    const publicClient = await prod.app.inject({ method: 'PUT', url: CONFIG, headers, payload: { issuer: 'https://idp.example.com', clientId: 'x' } });
    expect(publicClient.statusCode).toBe(200);
    expect(publicClient.json().data.redirectUri).toBe('https://legal.example.com/api/auth/login/sso/callback/v1');
  });
});
