import { bigint, bigserial, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';
import { contracts } from '../contracts.table';

/**
 * What contract analysis (POST contracts/analyze/v3) found in a contract's document: one row per
 * labelled clause (parties, term, amount, governing law, ...), with where it sits in the extracted
 * text of the file revision it was read from. DELETE contracts/{id}/labelClauseExtraction/v1 drops
 * a contract's rows; a new analysis replaces them.
 */
export const contractClauseLabels = pgTable(
  'contract_clause_labels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    revision: integer('revision').notNull(),
    label: text('label').notNull(),
    /** The clause's heading as written (제5조 (계약기간)), when it has one. */
    heading: text('heading'),
    text: text('text').notNull(),
    /** Character offsets into the revision's extracted text. */
    startOffset: integer('start_offset').notNull(),
    endOffset: integer('end_offset').notNull(),
    confidence: real('confidence').notNull(),
    /** Which engine labelled it (BUILT_IN on embedded defaults). */
    engine: text('engine').notNull(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_clause_labels_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId, t.startOffset)],
);

/**
 * The last analysis of a contract's document (one row per contract): which revision, by whom,
 * with which engine, and how many clauses it found. It says "analysed, no clauses" truthfully
 * when no label row exists; deleting the labels deletes it too.
 */
export const contractAnalyses = pgTable(
  'contract_analyses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    revision: integer('revision').notNull(),
    engine: text('engine').notNull(),
    clauseCount: integer('clause_count').notNull(),
    analyzedByUserId: bigint('analyzed_by_user_id', { mode: 'number' }),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_analyses_contract_key').on(t.contractId),
    index('contract_analyses_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId),
  ],
);

/**
 * The edit lock of a contract's main document while somebody edits it in the online Word editor
 * (WOPI LOCK/REFRESH_LOCK/UNLOCK). One row per contract; a lock past `expires_at` is free again.
 */
export const contractDocumentLocks = pgTable(
  'contract_document_locks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    /** The WOPI client's opaque lock id (up to 1024 characters by the protocol). */
    lockId: text('lock_id').notNull(),
    lockedByUserId: bigint('locked_by_user_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_document_locks_contract_key').on(t.contractId),
    index('contract_document_locks_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId),
  ],
);
