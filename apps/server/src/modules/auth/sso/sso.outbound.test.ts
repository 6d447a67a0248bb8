import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { newUser, newWorkspace, signIn, unique, workspaceHeaders } from '../auth.test-support';
import { startTestProvider, type TestProvider } from './sso.test-provider';

/**
 * Issue 13 item 6: the SSO discovery test and the sign-in reach providers only through the guarded
 * outbound client. An internal service on loopback stands in for what an attacker would aim at.
 */

const DISCOVERY = '/api/workspace/sso-config/test-discovery/v1';
const CONFIG = '/api/workspace/sso-config/v1';
const LOGIN = '/api/auth/login/sso/v1';

let internal: http.Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  // An "internal" JSON service: a discovery document plus fields that must never be reflected.
  internal = http.createServer((req, res) => {
    hits += 1;
    const issuer = `http://127.0.0.1:${port}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`,
        code_challenge_methods_supported: ['S256'], internal_db_password: 'hunter2-internal', admin_note: 'staging cluster 10.3.4.5',
      }),
    );
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  port = (internal.address() as AddressInfo).port;
});
afterAll(() => {
  internal.closeAllConnections();
  internal.close();
});

async function adminOf(t: TestApp) {
  const name = unique('ssrf-');
  const ws = await newWorkspace(t, { name });
  const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
  return { ws, name, headers: workspaceHeaders(ws, await signIn(t, admin.loginId)) };
}

describe('SSO discovery test without an allowance (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
  });
  afterAll(() => t.close());

  it('refuses loopback, 10.x, the metadata address, a name resolving to loopback and a decimal IP alike, fetching nothing', async () => {
    const { headers } = await adminOf(t);
    const before = hits;
    const issuers = [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://2130706433:${port}`,
      'http://10.0.0.1',
      'http://169.254.169.254/latest/meta-data',
      `http://[::1]:${port}`,
      // A closed port answers exactly like a refused address: no port scanning through the test.
      'http://127.0.0.1:9',
    ];
    const bodies = [];
    for (const issuer of issuers) {
      const res = await t.app.inject({ method: 'POST', url: DISCOVERY, headers, payload: { issuer } });
      expect(res.statusCode, `${issuer}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ code: 'ERROR_VALIDATION', data: { fieldErrors: [{ field: 'body.issuer', reason: expect.stringContaining('cannot connect') }] } });
      expect(res.body).not.toMatch(/hunter2|10\.3\.4\.5|ECONNREFUSED|REFUSED_ADDRESS/);
      bodies.push(JSON.stringify(body));
    }
    expect(new Set(bodies).size).toBe(1);
    expect(hits).toBe(before);
  });

  it('does not start a sign-in with a provider on a refused address', async () => {
    const { name, headers } = await adminOf(t);
    const provider: TestProvider = await startTestProvider({ redirectUri: `${t.services.config.publicUrl}/api/auth/login/sso/callback/v1` });
    try {
      const put = await t.app.inject({ method: 'PUT', url: CONFIG, headers, payload: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret } });
      expect(put.statusCode, put.body).toBe(200);
      const login = await t.app.inject({ method: 'POST', url: LOGIN, payload: { workspaceName: name } });
      expect(login.statusCode, login.body).toBe(503);
      expect(login.json()).toMatchObject({ code: 'ERROR_SERVICE_UNAVAILABLE', data: { reason: 'SSO_PROVIDER_UNAVAILABLE' } });
      expect(login.body).not.toContain(provider.issuer);
    } finally {
      await provider.close();
    }
  });
});

describe('SSO discovery test with the internal host allowed by the operator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }, startJobs: false });
  });
  afterAll(() => t.close());

  it('reads the discovery document and answers only its OIDC fields', async () => {
    const { headers } = await adminOf(t);
    const before = hits;
    const res = await t.app.inject({ method: 'POST', url: DISCOVERY, headers, payload: { issuer: `http://127.0.0.1:${port}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      isOk: true, issuer: `http://127.0.0.1:${port}`, authorizationEndpoint: `http://127.0.0.1:${port}/auth`, tokenEndpoint: `http://127.0.0.1:${port}/token`,
      jwksUri: `http://127.0.0.1:${port}/jwks`, userinfoEndpoint: null, isPkceS256Supported: true, error: null,
    });
    expect(res.body).not.toMatch(/hunter2|10\.3\.4\.5/);
    expect(hits).toBe(before + 1);
    // The allowance is for that address only: the metadata address stays refused.
    expect((await t.app.inject({ method: 'POST', url: DISCOVERY, headers, payload: { issuer: 'http://169.254.169.254' } })).statusCode).toBe(400);
  });
});
