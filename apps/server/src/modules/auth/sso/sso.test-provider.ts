/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the SSO tests (not a test
 * file itself). Its interactions are programmatic: the account set with `signInAs` logs in and
 * consents at once (or the request is denied). `authorize` follows an authorization URL through
 * the provider like a browser would, cookies included, and answers the redirect to the app.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  emailVerified?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next interaction signs in as; null: the user refuses (access_denied). */
  signInAs(account: TestAccount | null): void;
  /** Follows the authorization URL through login and consent; answers the provider's redirect to the app. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

export interface TestProviderOptions {
  redirectUri: string;
  /** Where the e-mail claims go: the ID token (default) or only the userinfo endpoint. */
  emailIn?: 'idToken' | 'userinfo';
}

const TTL_SECONDS = 600;

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clientId = 'legal-suite';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  let current: TestAccount | null = null;
  let provider: Provider | null = null;

  const server = http.createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    const oidc = provider;
    if (!req.url?.startsWith('/interaction/')) {
      oidc.callback()(req, res);
      return;
    }
    void (async () => {
      const details = await oidc.interactionDetails(req, res);
      if (!current) {
        await oidc.interactionFinished(req, res, { error: 'access_denied', error_description: 'the user refused' }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new oidc.Grant({ accountId: current.sub, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await oidc.interactionFinished(req, res, { login: { accountId: current.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // PKCE is required of every client here: a sign-in without the right verifier fails.
    pkce: { required: () => true },
    conformIdTokenClaims: options.emailIn === 'userinfo',
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    ttl: { AccessToken: TTL_SECONDS, AuthorizationCode: 60, Grant: TTL_SECONDS, IdToken: TTL_SECONDS, Interaction: TTL_SECONDS, Session: TTL_SECONDS },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          ...(account.email !== undefined ? { email: account.email } : {}),
          ...(account.emailVerified !== undefined ? { email_verified: account.emailVerified } : {}),
        }),
      };
    },
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      current = account;
      if (account) accounts.set(account.sub, account);
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let next = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (next.href.startsWith(options.redirectUri)) return next;
        const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const cookie of res.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
        next = new URL(location, next);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
