import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';
import { users } from '../users.table';

/** A workspace's key for integrations. Only the SHA-256 of the secret is stored, and a short visible prefix. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_key').on(t.secretHash), index('api_keys_scope_idx').on(t.tenantId, t.workspaceId, t.createdAt)],
);

/** A short-lived opaque token issued to an API key (service-to-service calls); stored hashed. */
export const serviceAuthTokens = pgTable(
  'service_auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    ...tenantColumns(),
    apiKeyId: bigint('api_key_id', { mode: 'number' }).notNull().references(() => apiKeys.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_auth_tokens_scope_idx').on(t.tenantId, t.workspaceId, t.apiKeyId), index('service_auth_tokens_expires_idx').on(t.expiresAt)],
);
