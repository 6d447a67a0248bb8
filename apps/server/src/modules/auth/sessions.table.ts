import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table';

/**
 * A signed-in session. Tokens are opaque random strings; only their SHA-256 is stored. The
 * session is the refresh-token family: presenting a used refresh token revokes it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['USER', 'SUPER_ADMIN'] }).notNull(),
    method: text('method', { enum: ['PASSWORD', 'OTP', 'DEV', 'IMPERSONATED', 'SSO'] }).notNull(),
    /** Set on an impersonated session: who signed in as this user. */
    impersonatorUserId: bigint('impersonator_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    accessTokenHash: text('access_token_hash').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    idleTimeoutSeconds: integer('idle_timeout_seconds').notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_access_token_hash_key').on(t.accessTokenHash), index('sessions_user_idx').on(t.userId, t.createdAt)],
);

/** Every refresh token ever issued for a session; `used_at` marks the rotated ones. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A sign-in waiting for its mailed one-time code. The token and the code are stored hashed. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['USER', 'SUPER_ADMIN'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    resendCount: integer('resend_count').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    killedAt: timestamp('killed_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('otp_challenges_token_hash_key').on(t.tokenHash), index('otp_challenges_user_idx').on(t.userId)],
);

/** Every sign-in attempt, for the user's history and for investigations. */
export const userLoginTracks = pgTable(
  'user_login_tracks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    loginId: text('login_id').notNull(),
    method: text('method', { enum: ['PASSWORD', 'SUPER_ADMIN', 'OTP', 'DEV', 'IMPERSONATED', 'SSO'] }).notNull(),
    result: text('result', { enum: ['SUCCESS', 'FAILED', 'LOCKED', 'OTP_REQUIRED', 'OTP_FAILED'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_login_tracks_user_idx').on(t.userId, t.createdAt), index('user_login_tracks_login_id_idx').on(t.loginId, t.createdAt)],
);

/** A mailed password-reset link: the token is stored hashed, works once, for 30 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);
