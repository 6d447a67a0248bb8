import { BULK_EXECUTION_STATUSES, BULK_ROW_STATUSES, type BulkColumn, type BulkRowValues } from '@legal/api';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';
import { contracts } from '../contracts.table';

/** A row problem as stored: the localized message is made when answering (X-Locale). */
export interface StoredRowError {
  field: BulkColumn;
  code: string;
  reason: string;
}

/**
 * One bulk registration: the uploaded sheet, the contract files that came with it, the state of
 * the flow (contract-bulk.state.ts) and progress counts kept by the service and the job.
 *
 * Deleting a request only marks it (`deleted_at`): the row keeps holding its sheet and files
 * (contract-files.access.ts), so they stay readable by the contract admins alone instead of
 * turning into free files every member with files permissions would list and open.
 */
export const contractBulkRequests = pgTable(
  'contract_bulk_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    executionStatus: text('execution_status', { enum: BULK_EXECUTION_STATUSES }).notNull().default('UPLOADED'),
    sheetFileKey: text('sheet_file_key').notNull(),
    sheetFileName: text('sheet_file_name').notNull(),
    fileKeys: text('file_keys').array().notNull().default(sql`'{}'::text[]`),
    totalRows: integer('total_rows').notNull().default(0),
    pendingRows: integer('pending_rows').notNull().default(0),
    invalidRows: integer('invalid_rows').notNull().default(0),
    registeredRows: integer('registered_rows').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    /** Owner and group last assigned to every row at once (PUT users / groups without rows). */
    defaultOwnerUserId: bigint('default_owner_user_id', { mode: 'number' }),
    defaultGroupId: bigint('default_group_id', { mode: 'number' }),
    /** Grows on each PUT register, so each round has its own job idempotency key. */
    registerRound: integer('register_round').notNull().default(0),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: bigint('deleted_by_user_id', { mode: 'number' }),
  },
  (t) => [
    index('contract_bulk_requests_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt, t.id),
    index('contract_bulk_requests_scope_status_idx').on(t.tenantId, t.workspaceId, t.executionStatus),
  ],
);

/**
 * A row of the sheet. `(request_id, row_number)` is unique and `contract_id` is written in the
 * transaction that creates the contract: a row is registered at most once.
 */
export const contractBulkRows = pgTable(
  'contract_bulk_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => contractBulkRequests.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    values: jsonb('values').$type<BulkRowValues>().notNull(),
    errors: jsonb('errors').$type<StoredRowError[]>().notNull().default(sql`'[]'::jsonb`),
    /** The create body the row checked into (set when PENDING), what the job registers. */
    input: jsonb('input').$type<Record<string, unknown> | null>(),
    status: text('status', { enum: BULK_ROW_STATUSES }).notNull().default('PENDING'),
    contractId: bigint('contract_id', { mode: 'number' }).references(() => contracts.id, { onDelete: 'set null' }),
    fileNames: text('file_names').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contract_bulk_rows_scope_request_idx').on(t.tenantId, t.workspaceId, t.requestId, t.rowNumber),
    uniqueIndex('contract_bulk_rows_request_row_key').on(t.requestId, t.rowNumber),
  ],
);
