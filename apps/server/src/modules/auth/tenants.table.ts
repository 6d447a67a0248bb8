import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A customer organisation. Global: it is the root of tenancy itself. */
export const tenants = pgTable('tenants', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A workspace of a tenant: the scope every tenant-owned row carries (tenant_id, workspace_id).
 * Global by construction (its id is the workspace id). `name` is unique and used in URLs
 * (`/{workspaceName}/`). Security policy lives here: password age, two-factor, idle timeout.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull().references(() => tenants.id),
    name: text('name').notNull(),
    memo: text('memo'),
    subscriptionStatus: text('subscription_status', { enum: ['TRIAL', 'ACTIVE', 'PAST_DUE', 'EXPIRED', 'CANCELED'] }).notNull().default('TRIAL'),
    defaultLocale: text('default_locale', { enum: ['ko', 'en'] }).notNull().default('ko'),
    passwordMaxAgeDays: integer('password_max_age_days').notNull().default(90),
    isTwoFactorRequired: boolean('is_two_factor_required').notNull().default(false),
    sessionIdleMinutes: integer('session_idle_minutes').notNull().default(120),
    /** ThemeSchema as JSON text; null = the default theme. */
    theme: text('theme'),
    products: text('products').array().notNull().default(sql`'{}'::text[]`),
    /** Set when the workspace's data was purged after an approved deletion request; it cannot be entered. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspaces_name_key').on(t.name), index('workspaces_tenant_idx').on(t.tenantId)],
);
