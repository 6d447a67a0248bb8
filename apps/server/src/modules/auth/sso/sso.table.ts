import { bigint, bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantColumns } from '../../../platform/db/tenancy';
import { users } from '../users.table';

/** A workspace's OpenID Connect provider (one per workspace). The client secret is stored encrypted. */
export const ssoConfigs = pgTable(
  'sso_configs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEnc: text('client_secret_enc'),
    scopes: text('scopes').notNull().default('openid email profile'),
    /** E-mail domains allowed to sign in this way (empty: any member's). */
    allowedDomains: text('allowed_domains').array().notNull().default(sql`'{}'::text[]`),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_configs_scope_key').on(t.tenantId, t.workspaceId)],
);

/** An authorization request in flight: `state` is the id; PKCE verifier and nonce kept until the callback. */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    id: uuid('id').primaryKey(),
    ...tenantColumns(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    nextPath: text('next_path'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_login_states_scope_expires_idx').on(t.tenantId, t.workspaceId, t.expiresAt)],
);

/** A provider's subject linked to a user. Global: a person, not a workspace, owns it. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_identities_issuer_subject_key').on(t.issuer, t.subject)],
);
