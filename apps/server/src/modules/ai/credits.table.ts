import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AI_FEATURES, CREDIT_ENTRY_KINDS } from '@legal/api';
import { tenantColumns } from '../../platform/db/tenancy';

/**
 * A workspace's credit balance: the sum of its ledger, kept on one row that every debit locks
 * (SELECT ... FOR UPDATE), so concurrent debits are serialised and the balance never goes below 0.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    ...tenantColumns(),
    balance: integer('balance').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId] }), check('credit_accounts_balance_check', sql`${t.balance} >= 0`)],
);

/** The ledger: grants, debits and refunds (credits always positive; the kind says which way). */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    kind: text('kind', { enum: CREDIT_ENTRY_KINDS }).notNull(),
    credits: integer('credits').notNull(),
    feature: text('feature', { enum: AI_FEATURES }),
    reference: text('reference'),
    memo: text('memo'),
    /** REFUND: the debit it gives back; unique, so a debit is refunded at most once. */
    refundOfEntryId: bigint('refund_of_entry_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_scope_idx').on(t.tenantId, t.workspaceId, t.id),
    uniqueIndex('credit_entries_refund_of_key').on(t.refundOfEntryId),
    check('credit_entries_credits_check', sql`${t.credits} > 0`),
  ],
);
