import { bigint, bigserial, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';
import { contracts } from './contracts.table';

/**
 * The `Idempotency-Key` of each contract registration that sent one: one row per workspace,
 * caller and key, claimed in the creating transaction before the contract is written, so a
 * repeat (a double click, a retry after a cut-off answer, two requests racing) finds the
 * contract the first one made instead of making another. `request_hash` tells a repeat of the
 * same body from a reuse of the key with another (422).
 */
export const contractIdempotencyKeys = pgTable(
  'contract_idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Set in the same transaction as the claim; null only while that transaction runs. */
    contractId: bigint('contract_id', { mode: 'number' }).references(() => contracts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contract_idempotency_keys_scope_user_key').on(t.tenantId, t.workspaceId, t.userId, t.idempotencyKey)],
);
