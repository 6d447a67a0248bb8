import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { defineRoute, type RouteDescriptor } from './http';
import { LoginDataSchema } from './auth';
import { NewPasswordSchema } from './auth-schemas';
import { ssoCallback, ssoLogin } from './sso';

/**
 * Identity administration (catalogue 7.9): API keys and service-auth tokens for integrations,
 * credentials (accounts created by a workspace admin), password reset by mailed link and forced
 * reset, impersonated sign-in.
 */

export const IDENTITY_LIMITS = {
  /** `lsk_` + 43 base64url characters; the list shows the first 12 characters. */
  apiKeyPrefixLength: 12,
  serviceTokenSeconds: 10 * 60,
  resetTokenMinutes: 30,
  /** A second reset mail for the same account within this window is not sent. */
  resetMailIntervalSeconds: 60,
  impersonationMinutes: 30,
} as const;

const tags = ['auth'];

// API keys -------------------------------------------------------------------------------------

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the secret, to recognise it'),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdByUserId: z.number().int().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  expiresAt: z.iso.datetime({ offset: true }).optional().describe('ISO instant in the future; none = no expiry'),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

export const CreatedApiKeySchema = ApiKeySchema.extend({ secret: z.string().describe('Shown once; only its SHA-256 is stored') });

export const createApiKey = defineRoute({
  method: 'POST', path: '/api/auth/api-keys/v1', access: 'admin', summary: 'Creates an API key of the workspace; the secret is in this answer only', tags,
  schemas: { body: CreateApiKeyBodySchema, data: CreatedApiKeySchema },
});
export const listApiKeys = defineRoute({
  method: 'GET', path: '/api/auth/api-keys/v1', access: 'admin', summary: 'The API keys of the workspace, newest first (never the secret)', tags,
  schemas: { query: pageQuery(10, 1000), data: pageOf(ApiKeySchema) },
});
export const revokeApiKey = defineRoute({
  method: 'DELETE', path: '/api/auth/api-keys/:apiKeyId/v1', access: 'admin', summary: 'Revokes an API key of the workspace (its service tokens stop working)', tags,
  schemas: { params: z.object({ apiKeyId: z.coerce.number().int().positive() }), data: ApiKeySchema },
});

export const ApiKeyVerificationSchema = z.object({
  apiKeyId: z.number().int(),
  name: z.string(),
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  workspaceName: z.string(),
});
export const verifyApiKey = defineRoute({
  method: 'POST', path: '/api/auth/api-key/verify/v1', access: 'apiKey', summary: 'The workspace and name of the key in X-Api-Key', tags,
  schemas: { data: ApiKeyVerificationSchema },
});

export const ServiceAuthTokenSchema = z.object({
  token: z.string().describe('Send as Authorization: Bearer'),
  expiresAt: z.string(),
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
});
export const createServiceAuthToken = defineRoute({
  method: 'POST', path: '/api/auth/service-auth-tokens/v1', access: 'apiKey', summary: 'A 10-minute token acting for the API key (e.g. for the e-sign document API)', tags,
  schemas: { data: ServiceAuthTokenSchema },
});

// Password reset -------------------------------------------------------------------------------

export const ResetMessageBodySchema = z.object({ loginId: z.string().trim().min(1).max(320) });
export const ResetPasswordBodySchema = z.object({ token: z.string().trim().min(1).max(256), newPassword: NewPasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const sendResetMessage = defineRoute({
  method: 'POST', path: '/api/auth/credentials/reset-message/v1', access: 'public', summary: 'Mails a password-reset link when the account exists (always SUCCESS)', tags,
  schemas: { body: ResetMessageBodySchema },
});
export const resetPassword = defineRoute({
  method: 'POST', path: '/api/auth/credentials/reset/v1', access: 'public', summary: 'Sets a new password with the mailed token (single use, 30 min); ends every session of the user', tags,
  schemas: { body: ResetPasswordBodySchema, data: z.object({ revokedSessions: z.number().int() }) },
});
export const forcePasswordReset = defineRoute({
  method: 'PUT', path: '/api/auth/credentials/:userId/force-reset/v1', access: 'admin', summary: "Expires a member's password and ends their sessions: they must change it at next sign-in", tags,
  schemas: { params: z.object({ userId: z.coerce.number().int().positive() }), data: z.object({ revokedSessions: z.number().int() }) },
});

// Credentials ----------------------------------------------------------------------------------
// A workspace admin (workspace.user.write) creates an account with an initial password that
// must be changed at the first sign-in, corrects its login id, name and locale, and removes it
// from the workspace (the account goes too when it belongs to no other workspace).

export const CredentialLoginIdSchema = z.string().trim().toLowerCase().max(320).pipe(z.email('an e-mail address'));
export const CredentialLocaleSchema = z.enum(['ko', 'en']);

export const CreateCredentialBodySchema = z.object({
  loginId: CredentialLoginIdSchema.describe('E-mail address; the account must not exist yet'),
  name: z.string().trim().min(1).max(100),
  locale: CredentialLocaleSchema.default('ko'),
  password: NewPasswordSchema.describe('Initial password (same rules as a change); it has expired at the first sign-in'),
  displayName: z.string().trim().min(1).max(100).optional().describe('Name in this workspace (default: name)'),
});
export type CreateCredentialBody = z.input<typeof CreateCredentialBodySchema>;

export const UpdateCredentialBodySchema = z
  .object({
    loginId: CredentialLoginIdSchema.optional(),
    name: z.string().trim().min(1).max(100).optional(),
    locale: CredentialLocaleSchema.optional(),
  })
  .refine((b) => b.loginId !== undefined || b.name !== undefined || b.locale !== undefined, 'nothing to update');
export type UpdateCredentialBody = z.input<typeof UpdateCredentialBodySchema>;

export const CredentialSchema = z.object({
  userId: z.number().int(),
  loginId: z.string(),
  name: z.string(),
  locale: CredentialLocaleSchema,
  status: z.enum(['ACTIVE', 'DISABLED']),
  passwordExpiresAt: z.string().nullable(),
  membershipId: z.number().int(),
});
export type Credential = z.infer<typeof CredentialSchema>;

const credentialParams = z.object({ userId: z.coerce.number().int().positive() });

export const createCredential = defineRoute({
  method: 'POST', path: '/api/auth/credentials/v1', access: 'admin',
  summary: 'Creates an account in the workspace with an initial password that must be changed at the first sign-in (workspace.user.write; 409 when the login id exists)', tags,
  schemas: { body: CreateCredentialBodySchema, data: CredentialSchema },
});
export const updateCredential = defineRoute({
  method: 'PUT', path: '/api/auth/credentials/:userId/v1', access: 'admin',
  summary: "Changes a member's login id, name or locale (workspace.user.write; 409 when the account also belongs to another workspace)", tags,
  schemas: { params: credentialParams, body: UpdateCredentialBodySchema, data: CredentialSchema },
});
export const deleteCredential = defineRoute({
  method: 'DELETE', path: '/api/auth/credentials/:userId/v1', access: 'admin',
  summary: 'Removes a member from the workspace; deletes the account when it belongs to no other workspace (workspace.user.write)', tags,
  schemas: { params: credentialParams, data: z.object({ isAccountDeleted: z.boolean() }) },
});

// Impersonation --------------------------------------------------------------------------------

export const ImpersonateBodySchema = z.object({
  userId: z.number().int().positive(),
  reason: z.string().trim().min(1).max(500),
});
export const impersonatedLogin = defineRoute({
  method: 'POST', path: '/api/auth/login/impersonated/v1', access: 'signedIn',
  summary: 'Signs in as another user for at most 30 minutes (super-admin session: anyone; workspace admin: members of X-Workspace holding no more permissions)', tags,
  schemas: { body: ImpersonateBodySchema, data: LoginDataSchema },
});

/** The identity routes beyond auth.ts (administration, and the single sign-on of sso.ts), in registration order. */
export const authAdminRoutes: RouteDescriptor[] = [
  createApiKey, listApiKeys, revokeApiKey, verifyApiKey, createServiceAuthToken,
  sendResetMessage, resetPassword, forcePasswordReset, createCredential, updateCredential, deleteCredential, impersonatedLogin,
  ssoLogin, ssoCallback,
];
