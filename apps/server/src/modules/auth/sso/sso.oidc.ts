import type { SsoDiscoveryError, SsoDiscoveryResult, SsoErrorCode } from '@legal/api';
import * as oidc from 'openid-client';
import { OutboundError, type OutboundFetch } from '../../../platform/http/outbound';
import { fingerprint } from './sso.crypto';

/**
 * The OpenID Connect relying party, on openid-client: discovery, the authorization request
 * (code flow, PKCE S256, state, nonce) and the code exchange with ID-token validation
 * (issuer, audience, nonce, expiry, and the signature against the provider's JWKS). Every call
 * to the provider (discovery, JWKS, token, userinfo) goes through the guarded outbound client
 * (platform/http/outbound.ts) as openid-client's customFetch.
 */

/** Seconds an HTTP call to a provider may take (discovery, token, JWKS, userinfo). */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Discovered configurations are reused for a while: a sign-in needs them twice. */
const CACHE_MS = 10 * 60_000;
const CACHE_MAX = 200;

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** http:// issuers (and endpoints) are accepted outside production only. */
  allowHttp: boolean;
  /** The guarded outbound client's fetch (services.outbound). */
  fetch: OutboundFetch;
}

const cache = new Map<string, { configuration: oidc.Configuration; expiresAt: number }>();
/** A configuration keeps the fetch it was discovered with: one cache entry per outbound client. */
const fetchIds = new WeakMap<OutboundFetch, number>();
let lastFetchId = 0;
function fetchIdOf(fetch: OutboundFetch): number {
  let id = fetchIds.get(fetch);
  if (id === undefined) fetchIds.set(fetch, (id = ++lastFetchId));
  return id;
}

function executeFor(client: Pick<ProviderClient, 'allowHttp'>) {
  return client.allowHttp ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks];
}

/**
 * The provider's configuration for this client. The secret authenticates with
 * client_secret_basic (the OpenID Connect default), or client_secret_post when the provider
 * supports only that; without a secret the client is public (PKCE alone).
 */
export async function providerConfiguration(client: ProviderClient, now = Date.now()): Promise<oidc.Configuration> {
  const key = [client.issuer, client.clientId, fingerprint(client.clientSecret), client.allowHttp, fetchIdOf(client.fetch)].join('|');
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.configuration;

  const execute = executeFor(client);
  const secret = client.clientSecret;
  let configuration = await oidc.discovery(new URL(client.issuer), client.clientId, undefined, secret ? oidc.ClientSecretBasic(secret) : oidc.None(), {
    execute,
    timeout: PROVIDER_TIMEOUT_SECONDS,
    [oidc.customFetch]: client.fetch,
  });
  const methods = configuration.serverMetadata().token_endpoint_auth_methods_supported;
  if (secret && methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    configuration = new oidc.Configuration(configuration.serverMetadata(), client.clientId, undefined, oidc.ClientSecretPost(secret));
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    configuration[oidc.customFetch] = client.fetch;
    for (const extension of execute) extension(configuration);
  }

  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, { configuration, expiresAt: now + CACHE_MS });
  return configuration;
}

export interface AuthorizationRequest {
  url: string;
  codeVerifier: string;
  nonce: string;
}

export async function authorizationRequest(configuration: oidc.Configuration, input: { redirectUri: string; scope: string; state: string }): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: input.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: input.state,
    nonce,
  });
  return { url: url.href, codeVerifier, nonce };
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** The provider's word; null when it said nothing. */
  isEmailVerified: boolean | null;
}

/**
 * Exchanges the code of the provider's redirect (`currentUrl`) and validates the ID token.
 * When the ID token carries no e-mail (providers that put profile claims only at the userinfo
 * endpoint), the userinfo of the same subject supplies it.
 */
export async function exchangeCode(
  configuration: oidc.Configuration,
  currentUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the token answer carries no ID token');
  let email = typeof claims.email === 'string' ? claims.email : null;
  let verified = typeof claims.email_verified === 'boolean' ? claims.email_verified : null;
  if (email === null && configuration.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    email = typeof info.email === 'string' ? info.email : null;
    verified = typeof info.email_verified === 'boolean' ? info.email_verified : null;
  }
  return { issuer: claims.iss, subject: claims.sub, email, isEmailVerified: verified };
}

const PROVIDER_TRANSPORT_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON', 'OAUTH_HTTP_REQUEST_FORBIDDEN']);

/**
 * What went wrong in a sign-in's exchange, for the user (the sso_error code) and for the audit
 * trail (the library's code or the provider's error; never a token or a stack).
 */
export function classifyExchangeError(err: unknown): { code: SsoErrorCode; detail: string } {
  if (err instanceof oidc.AuthorizationResponseError) return { code: 'PROVIDER_DENIED', detail: err.error.slice(0, 100) };
  if (err instanceof oidc.ResponseBodyError) return { code: 'PROVIDER_ERROR', detail: `${err.status} ${err.error}`.slice(0, 100) };
  if (err instanceof oidc.WWWAuthenticateChallengeError) return { code: 'PROVIDER_ERROR', detail: `${err.status} challenge` };
  if (err instanceof TypeError) return { code: 'PROVIDER_ERROR', detail: 'UNREACHABLE' };
  const code = err instanceof oidc.ClientError ? (err.code ?? 'CLIENT_ERROR') : 'UNKNOWN';
  return { code: PROVIDER_TRANSPORT_CODES.has(code) ? 'PROVIDER_ERROR' : 'INVALID_TOKEN', detail: code };
}

/** The outbound client's refusal or failure, wherever openid-client wrapped it. */
function outboundErrorOf(err: unknown): OutboundError | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundError) return e;
  }
  return null;
}

function classifyDiscoveryError(err: unknown): { code: SsoDiscoveryError; status: number | null } {
  const outbound = outboundErrorOf(err);
  if (outbound) {
    // A refused address and an unreachable one answer alike: the admin learns the server cannot
    // connect there, not which internal addresses exist or which ports are open.
    if (outbound.reason === 'TIMEOUT') return { code: 'TIMEOUT', status: null };
    if (outbound.reason === 'TOO_LARGE') return { code: 'INVALID_METADATA', status: null };
    return { code: 'UNREACHABLE', status: null };
  }
  const code = err instanceof oidc.ClientError ? err.code : undefined;
  switch (code) {
    case 'OAUTH_TIMEOUT':
    case 'OAUTH_ABORT':
      return { code: 'TIMEOUT', status: null };
    case 'OAUTH_HTTP_REQUEST_FORBIDDEN':
    case 'OAUTH_REQUEST_PROTOCOL_FORBIDDEN':
      return { code: 'INSECURE_URL', status: null };
    case 'OAUTH_RESPONSE_IS_NOT_CONFORM': {
      const cause = (err as Error).cause;
      return { code: 'HTTP_STATUS', status: cause instanceof Response ? cause.status : null };
    }
    case 'OAUTH_RESPONSE_IS_NOT_JSON':
    case 'OAUTH_PARSE_ERROR':
      return { code: 'NOT_JSON', status: null };
    case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED':
      return { code: 'ISSUER_MISMATCH', status: null };
    default:
      return err instanceof TypeError ? { code: 'UNREACHABLE', status: null } : { code: 'INVALID_METADATA', status: null };
  }
}

/**
 * Fetches an issuer's discovery document and reports what a sign-in needs from it. Only a
 * category and the HTTP status are answered, never the body of a failed answer (the issuer is
 * an admin's input and the server fetches it).
 */
export async function testDiscovery(issuer: string, allowHttp: boolean, fetch: OutboundFetch): Promise<SsoDiscoveryResult> {
  const empty = { authorizationEndpoint: null, tokenEndpoint: null, jwksUri: null, userinfoEndpoint: null, isPkceS256Supported: null };
  try {
    const configuration = await oidc.discovery(new URL(issuer), 'discovery-test', undefined, oidc.None(), {
      execute: allowHttp ? [oidc.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_SECONDS,
      [oidc.customFetch]: fetch,
    });
    const metadata = configuration.serverMetadata();
    const result = {
      isOk: true,
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorization_endpoint ?? null,
      tokenEndpoint: metadata.token_endpoint ?? null,
      jwksUri: metadata.jwks_uri ?? null,
      userinfoEndpoint: metadata.userinfo_endpoint ?? null,
      isPkceS256Supported: metadata.code_challenge_methods_supported ? metadata.code_challenge_methods_supported.includes('S256') : null,
      error: null,
    };
    const isComplete = result.authorizationEndpoint && result.tokenEndpoint && result.jwksUri;
    return isComplete ? result : { ...result, isOk: false, error: { code: 'INVALID_METADATA', status: null } };
  } catch (err) {
    return { isOk: false, issuer, ...empty, error: classifyDiscoveryError(err) };
  }
}
