import { bigint, bigserial, boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A person who can sign in. Global: one account reaches several workspaces through memberships. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The e-mail address, stored trimmed and lower-cased. */
    loginId: text('login_id').notNull(),
    name: text('name').notNull(),
    locale: text('locale', { enum: ['ko', 'en'] }).notNull().default('ko'),
    /** argon2id PHC string (see passwords.ts); null = cannot sign in with a password. */
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] }).notNull().default('ACTIVE'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    isTwoFactorRequired: boolean('is_two_factor_required').notNull().default(false),
    /** The alert level the user acknowledged, and when: the alert stays NONE until the level changes. */
    alertAcknowledgedLevel: text('alert_acknowledged_level', { enum: ['NONE', 'WARN', 'EXPIRED'] }),
    alertAcknowledgedAt: timestamp('alert_acknowledged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_id_key').on(t.loginId)],
);

/** Users who may sign in through the super-admin login. */
export const superAdmins = pgTable('super_admins', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins for login ids that match no usable account, so that an unknown id is locked
 * out exactly like a real one (the answers must not tell them apart).
 */
export const loginFailures = pgTable('login_failures', {
  loginId: text('login_id').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
