import { z } from 'zod';
import { defineRoute, type RouteDescriptor } from './http';
import { SSO_ERROR_PARAM } from './sso-params';

// ---------------------------------------------------------------------------------------------
// Single sign-on with OpenID Connect (catalogue 7.9 `/login/sso/v1`). Each workspace may name one
// provider (issuer, client id and secret, scopes, allowed e-mail domains). Sign-in uses the
// authorization code flow with PKCE (S256), state and nonce; the callback answers a redirect to
// the web app, or to `/sign-in?sso_error=<code>` when the sign-in fails.
// ---------------------------------------------------------------------------------------------

export const SSO_LIMITS = {
  issuerMaxLength: 500,
  clientIdMaxLength: 255,
  clientSecretMaxLength: 1024,
  scopesMaxLength: 500,
  allowedDomainsMax: 50,
  domainMaxLength: 253,
  nextPathMaxLength: 512,
  /** How long an authorization request stays usable (the state row's life). */
  loginStateMinutes: 10,
} as const;

export const SSO_DEFAULT_SCOPES = 'openid email profile';

export { SSO_ERROR_PARAM };

/**
 * Why an SSO sign-in failed (`/sign-in?sso_error=<code>`). NO_ACCOUNT covers an unknown e-mail,
 * a disabled account and a missing membership alike (no enumeration).
 */
export const SSO_ERROR_CODES = [
  'INVALID_STATE', 'EXPIRED_STATE', 'SSO_DISABLED', 'PROVIDER_ERROR', 'PROVIDER_DENIED', 'INVALID_TOKEN',
  'EMAIL_MISSING', 'EMAIL_UNVERIFIED', 'DOMAIN_NOT_ALLOWED', 'NO_ACCOUNT', 'ACCOUNT_NOT_ELIGIBLE', 'SERVER_ERROR',
] as const;
export const SsoErrorCodeSchema = z.enum(SSO_ERROR_CODES);
export type SsoErrorCode = z.infer<typeof SsoErrorCodeSchema>;

/** What the discovery test can report (the connection, the answer, or the document). */
export const SSO_DISCOVERY_ERRORS = ['INSECURE_URL', 'UNREACHABLE', 'TIMEOUT', 'HTTP_STATUS', 'NOT_JSON', 'ISSUER_MISMATCH', 'INVALID_METADATA'] as const;
export const SsoDiscoveryErrorSchema = z.enum(SSO_DISCOVERY_ERRORS);
export type SsoDiscoveryError = z.infer<typeof SsoDiscoveryErrorSchema>;

const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

export const SsoIssuerSchema = z
  .string()
  .trim()
  .min(1)
  .max(SSO_LIMITS.issuerMaxLength)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'an http(s) URL')
  .refine((value) => !URL.canParse(value) || (!new URL(value).search && !new URL(value).hash), 'no query or fragment')
  .describe('Issuer identifier of the provider; its discovery document is {issuer}/.well-known/openid-configuration. https in production.');

export const SsoScopesSchema = z
  .string()
  .trim()
  .min(1)
  .max(SSO_LIMITS.scopesMaxLength)
  .refine((value) => value.split(/\s+/).every((token) => SCOPE_TOKEN.test(token)), 'space-separated scope names')
  .refine((value) => value.split(/\s+/).includes('openid'), 'must include openid')
  .describe('Space-separated scopes; must include openid (email is needed to match accounts)');

export const SsoDomainSchema = z.string().trim().toLowerCase().regex(DOMAIN, 'a domain name such as example.com');

export const SsoConfigBodySchema = z.object({
  issuer: SsoIssuerSchema,
  clientId: z.string().trim().min(1).max(SSO_LIMITS.clientIdMaxLength),
  clientSecret: z
    .string()
    .min(1)
    .max(SSO_LIMITS.clientSecretMaxLength)
    .nullable()
    .optional()
    .describe('Write-only. Omitted: keep the stored secret; null: remove it (public client with PKCE); a string: replace it'),
  scopes: SsoScopesSchema.default(SSO_DEFAULT_SCOPES),
  allowedDomains: z
    .array(SsoDomainSchema)
    .max(SSO_LIMITS.allowedDomainsMax)
    .default([])
    .describe('E-mail domains that may sign in this way; empty: any member'),
  isEnabled: z.boolean().default(true),
});
export type SsoConfigBody = z.input<typeof SsoConfigBodySchema>;

export const SsoConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean().describe('Whether a client secret is stored (it is never answered)'),
  scopes: z.string(),
  allowedDomains: z.array(z.string()),
  isEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SsoConfig = z.infer<typeof SsoConfigSchema>;

export const SsoConfigViewSchema = z.object({
  redirectUri: z.string().describe('The redirect URI to register at the provider'),
  config: SsoConfigSchema.nullable().describe('Null while the workspace has no SSO configuration'),
});
export type SsoConfigView = z.infer<typeof SsoConfigViewSchema>;

export const SsoDiscoveryBodySchema = z.object({
  issuer: SsoIssuerSchema.optional().describe('The issuer to test; omitted: the stored one'),
});

export const SsoDiscoveryResultSchema = z.object({
  isOk: z.boolean(),
  issuer: z.string(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  jwksUri: z.string().nullable(),
  userinfoEndpoint: z.string().nullable(),
  isPkceS256Supported: z.boolean().nullable().describe('null: the provider does not say'),
  error: z
    .object({ code: SsoDiscoveryErrorSchema, status: z.number().int().nullable().describe('HTTP status of HTTP_STATUS') })
    .nullable(),
});
export type SsoDiscoveryResult = z.infer<typeof SsoDiscoveryResultSchema>;

const adminTags = ['workspace'];

export const getSsoConfig = defineRoute({
  method: 'GET', path: '/api/workspace/sso-config/v1', access: 'admin',
  summary: "The workspace's OpenID Connect configuration (never the client secret) and the redirect URI to register (workspace.config.write)", tags: adminTags,
  schemas: { data: SsoConfigViewSchema },
});
export const putSsoConfig = defineRoute({
  method: 'PUT', path: '/api/workspace/sso-config/v1', access: 'admin',
  summary: "Creates or replaces the workspace's OpenID Connect configuration; the client secret is stored encrypted (AES-256-GCM) (workspace.config.write)", tags: adminTags,
  schemas: { body: SsoConfigBodySchema, data: SsoConfigViewSchema },
});
export const deleteSsoConfig = defineRoute({
  method: 'DELETE', path: '/api/workspace/sso-config/v1', access: 'admin',
  summary: "Removes the workspace's OpenID Connect configuration (404 when there is none) (workspace.config.write)", tags: adminTags,
  schemas: { data: SsoConfigViewSchema },
});
export const testSsoDiscovery = defineRoute({
  method: 'POST', path: '/api/workspace/sso-config/test-discovery/v1', access: 'admin',
  summary: "Fetches the issuer's discovery document and reports what it found or why it failed (workspace.config.write)", tags: adminTags,
  schemas: { body: SsoDiscoveryBodySchema, data: SsoDiscoveryResultSchema },
});

/** A path of the web app (`/hanbit/contracts`), never another site (`//evil`, `/\evil`). */
export const SafeNextPathSchema = z
  .string()
  .max(SSO_LIMITS.nextPathMaxLength)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'a path of this site starting with /');

export const SsoLoginBodySchema = z.object({
  workspaceName: z.string().trim().min(1).max(100),
  next: SafeNextPathSchema.optional().describe('Where the web app goes after the sign-in (default /{workspaceName})'),
});
export type SsoLoginBody = z.infer<typeof SsoLoginBodySchema>;

export const ssoLogin = defineRoute({
  method: 'POST', path: '/api/auth/login/sso/v1', access: 'public',
  summary: "Starts a single sign-on with the workspace's OpenID Connect provider: the browser goes to authorizationUrl (code flow, PKCE S256, state, nonce; 10 minutes). 404 when the workspace has no enabled SSO", tags: ['auth'],
  schemas: { body: SsoLoginBodySchema, data: z.object({ authorizationUrl: z.string() }) },
});

const callbackParam = (what: string) => z.unknown().optional().describe(what);
export const ssoCallback = defineRoute({
  method: 'GET', path: '/api/auth/login/sso/callback/v1', access: 'public', raw: true,
  summary: `The provider's redirect: exchanges the code, validates the ID token, signs in (session cookies like the password sign-in) and answers 302 to the web app; on failure 302 to /sign-in?${SSO_ERROR_PARAM}=<code>`, tags: ['auth'],
  schemas: {
    query: z.object({
      code: callbackParam('Authorization code'),
      state: callbackParam('The state of the sign-in start'),
      iss: callbackParam('Issuer (RFC 9207)'),
      error: callbackParam("The provider's error code"),
      error_description: callbackParam("The provider's error text (ignored)"),
    }),
  },
});

/** The single sign-on routes, in registration order. */
export const ssoRoutes: RouteDescriptor[] = [getSsoConfig, putSsoConfig, deleteSsoConfig, testSsoDiscovery, ssoLogin, ssoCallback];
