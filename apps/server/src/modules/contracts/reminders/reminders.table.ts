import { REMINDER_KINDS, REMINDER_STATUSES } from '@legal/api';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';
import { contracts } from '../contracts.table';

/**
 * A reminder of a contract: mailed at `remind_at` to `recipients` (user ids of members who could
 * read the contract when it was saved; the job checks again before mailing). The job moves
 * SCHEDULED to SENT in the transaction that writes the mails, so each reminder is mailed once.
 */
export const contractReminders = pgTable(
  'contract_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    memo: text('memo'),
    remindAt: timestamp('remind_at', { withTimezone: true }).notNull(),
    recipients: bigint('recipients', { mode: 'number' }).array().notNull(),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull().default('CUSTOM'),
    status: text('status', { enum: REMINDER_STATUSES }).notNull().default('SCHEDULED'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contract_reminders_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId, t.remindAt),
    // "My reminders" and the calendar feed: reminders addressed to a user.
    index('contract_reminders_recipients_idx').using('gin', t.recipients),
    // The reminder job looks across tenants for what is due.
    index('contract_reminders_due_idx').on(t.remindAt, t.id).where(sql`${t.status} = 'SCHEDULED'`),
  ],
);

/**
 * A member's personal calendar feed: only the SHA-256 of the secret token in its URL is kept;
 * rotating replaces the hash, so the old URL stops working at once.
 */
export const contractCalendarFeeds = pgTable(
  'contract_calendar_feeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_calendar_feeds_scope_user_key').on(t.tenantId, t.workspaceId, t.userId),
    uniqueIndex('contract_calendar_feeds_token_key').on(t.tokenHash),
  ],
);
