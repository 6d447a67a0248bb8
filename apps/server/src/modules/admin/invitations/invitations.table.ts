import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantColumns } from '../../../platform/db/tenancy';

/**
 * An invitation to join a workspace, mailed with an accept link. Only the SHA-256 of the link's
 * token is stored. PENDING until accepted or canceled; `expiresAt` past = expired (a resend
 * issues a new token and a new expiry). At most one PENDING invitation per login id and workspace.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    loginId: text('login_id').notNull(),
    displayName: text('display_name'),
    groupId: bigint('group_id', { mode: 'number' }),
    jobPositionIds: bigint('job_position_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    roleIds: bigint('role_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'CANCELED'] }).notNull().default('PENDING'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    invitedByUserId: bigint('invited_by_user_id', { mode: 'number' }),
    acceptedUserId: bigint('accepted_user_id', { mode: 'number' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_pending_login_key').on(t.tenantId, t.workspaceId, t.loginId).where(sql`status = 'PENDING'`),
    index('invitations_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt),
  ],
);
