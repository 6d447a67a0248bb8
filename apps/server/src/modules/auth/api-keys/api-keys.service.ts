import { type ApiKey, type CreateApiKeyBody, IDENTITY_LIMITS, type Page } from '@legal/api';
import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database, Db } from '../../../platform/db/client';
import { fetchPage, type PageRequest } from '../../../platform/db/paging';
import { inScope } from '../../../platform/db/tenancy';
import { type Principal, type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { AppError, forbidden, notFound, unauthorized, validationError } from '../../../platform/http/errors';
import { userPrincipal } from '../account.service';
import { apiKeys, serviceAuthTokens } from './api-keys.table';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { isApiKeyUsable } from '../auth.policy';
import { workspaces } from '../tenants.table';
import { hashToken, newToken } from '../tokens';

const API_KEY_PERMISSION = 'workspace.api_key.write';
export const API_KEY_PREFIX = 'lsk_';
export const SERVICE_TOKEN_PREFIX = 'lst_';

type ApiKeyRow = typeof apiKeys.$inferSelect;
type ApiKeyPrincipal = Extract<Principal, { kind: 'apiKey' }>;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdByUserId: row.createdByUserId,
  };
}

/** The admin managing keys: holds the API-key permission and is not an impersonated session. */
function keyManager(ctx: RequestContext) {
  const principal = userPrincipal(ctx);
  if (principal.impersonatorUserId !== undefined || !principal.permissions.has(API_KEY_PERMISSION)) throw forbidden();
  return { principal, scope: tenantScope(ctx) };
}

export async function createApiKey(db: Db, ctx: RequestContext, body: CreateApiKeyBody) {
  const { principal, scope } = keyManager(ctx);
  const now = new Date();
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw validationError([{ field: 'body.expiresAt', reason: 'must be in the future' }]);
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = secret.slice(0, IDENTITY_LIMITS.apiKeyPrefixLength);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ ...scope, name: body.name, prefix, secretHash: hashToken(secret), createdByUserId: principal.userId, expiresAt, createdAt: now })
      .returning();
    if (!row) throw new Error('api key insert returned nothing');
    await recordAudit(
      tx,
      { type: 'api_key.created', data: { apiKeyId: row.id, name: row.name, prefix, expiresAt: expiresAt?.toISOString() ?? null } },
      { ...auditMetaOf(ctx, principal.userId), ...scope },
    );
    return { ...toApiKey(row), secret };
  });
}

export async function pageApiKeys(db: Db, ctx: RequestContext, page: PageRequest): Promise<Page<ApiKey>> {
  const { scope } = keyManager(ctx);
  const where = inScope(apiKeys, scope);
  return fetchPage(
    page,
    async (limit, offset) => (await db.select().from(apiKeys).where(where).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(limit).offset(offset)).map(toApiKey),
    async () => (await db.select({ value: count() }).from(apiKeys).where(where))[0]?.value ?? 0,
  );
}

/** Revokes a key of the caller's workspace; another workspace's key answers 404. */
export async function revokeApiKey(db: Db, ctx: RequestContext, apiKeyId: number): Promise<ApiKey> {
  const { principal, scope } = keyManager(ctx);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(and(inScope(apiKeys, scope), eq(apiKeys.id, apiKeyId)));
    if (!row) throw notFound();
    if (row.revokedAt !== null) throw new AppError('ERROR_CONFLICT', { data: { reason: 'ALREADY_REVOKED' } });
    const [updated] = await tx.update(apiKeys).set({ revokedAt: now }).where(and(inScope(apiKeys, scope), eq(apiKeys.id, apiKeyId))).returning();
    await tx.delete(serviceAuthTokens).where(and(inScope(serviceAuthTokens, scope), eq(serviceAuthTokens.apiKeyId, apiKeyId)));
    await recordAudit(tx, { type: 'api_key.revoked', data: { apiKeyId, name: row.name } }, { ...auditMetaOf(ctx, principal.userId), ...scope });
    return toApiKey(updated ?? row);
  });
}

/** Writes `last_used_at` at most once a minute per key. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** The principal behind an `X-Api-Key` secret, or null when unknown, revoked or expired. */
export async function authenticateApiKey(database: Pick<Database, 'db'>, secret: string, now: Date): Promise<ApiKeyPrincipal | null> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 256) return null;
  const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.secretHash, hashToken(secret)));
  if (!row || !isApiKeyUsable(row, now)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
    await database.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  }
  return { kind: 'apiKey', apiKeyId: row.id, tenantId: row.tenantId, workspaceId: row.workspaceId };
}

/** The principal behind a service-auth token (its key must still be usable), or null. */
export async function authenticateServiceToken(database: Pick<Database, 'db'>, token: string, now: Date): Promise<ApiKeyPrincipal | null> {
  if (!token.startsWith(SERVICE_TOKEN_PREFIX) || token.length > 256) return null;
  const [row] = await database.db
    .select({ key: apiKeys, expiresAt: serviceAuthTokens.expiresAt })
    .from(serviceAuthTokens)
    .innerJoin(apiKeys, and(eq(apiKeys.id, serviceAuthTokens.apiKeyId), eq(apiKeys.tenantId, serviceAuthTokens.tenantId), eq(apiKeys.workspaceId, serviceAuthTokens.workspaceId)))
    .where(and(eq(serviceAuthTokens.tokenHash, hashToken(token)), gt(serviceAuthTokens.expiresAt, now)));
  if (!row || !isApiKeyUsable(row.key, now)) return null;
  return { kind: 'apiKey', apiKeyId: row.key.id, tenantId: row.key.tenantId, workspaceId: row.key.workspaceId };
}

function apiKeyPrincipal(ctx: RequestContext): ApiKeyPrincipal {
  if (ctx.principal?.kind !== 'apiKey') throw unauthorized();
  return ctx.principal;
}

function scopeOf(principal: ApiKeyPrincipal): TenantScope {
  return { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
}

export async function verifyApiKey(db: Db, ctx: RequestContext) {
  const principal = apiKeyPrincipal(ctx);
  const [row] = await db
    .select({ name: apiKeys.name, workspaceName: workspaces.name })
    .from(apiKeys)
    .innerJoin(workspaces, and(eq(workspaces.id, apiKeys.workspaceId), eq(workspaces.tenantId, apiKeys.tenantId)))
    .where(and(inScope(apiKeys, scopeOf(principal)), eq(apiKeys.id, principal.apiKeyId)));
  if (!row) throw unauthorized();
  return { apiKeyId: principal.apiKeyId, name: row.name, tenantId: principal.tenantId, workspaceId: principal.workspaceId, workspaceName: row.workspaceName };
}

/** Issues a 10-minute opaque token for the API key of the request (stored hashed); prunes expired ones. */
export async function issueServiceAuthToken(db: Db, ctx: RequestContext) {
  const principal = apiKeyPrincipal(ctx);
  const scope = scopeOf(principal);
  const now = new Date();
  const token = `${SERVICE_TOKEN_PREFIX}${newToken()}`;
  const expiresAt = new Date(now.getTime() + IDENTITY_LIMITS.serviceTokenSeconds * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(serviceAuthTokens).where(and(inScope(serviceAuthTokens, scope), eq(serviceAuthTokens.apiKeyId, principal.apiKeyId), lt(serviceAuthTokens.expiresAt, now)));
    await tx.insert(serviceAuthTokens).values({ tokenHash: hashToken(token), ...scope, apiKeyId: principal.apiKeyId, expiresAt, createdAt: now });
    await recordAudit(tx, { type: 'service_token.issued', data: { apiKeyId: principal.apiKeyId, expiresAt: expiresAt.toISOString() } }, { ...auditMetaOf(ctx, null), ...scope });
  });
  return { token, expiresAt: expiresAt.toISOString(), ...scope };
}
