import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

export type ExtractionStatus = 'PENDING' | 'DONE' | 'FAILED';

/** A stored file: its public key, display name and current revision. Soft-deleted rows keep their bytes until purged. */
export const files = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    /** Opaque public id (22 base62 characters); never the storage key. */
    fileKey: text('file_key').notNull(),
    displayName: text('display_name').notNull(),
    currentRevision: integer('current_revision').notNull().default(1),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    uploadedByUserId: bigint('uploaded_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: bigint('deleted_by_user_id', { mode: 'number' }),
    /**
     * Uploaded for a record still being written (upload purpose ATTACHMENT, a contract's create
     * form): unlisted while nothing holds it, and deleted with its bytes after this instant unless
     * the owning module attached it (the maintenance job clears it for attached files first).
     */
    pendingAttachmentUntil: timestamp('pending_attachment_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('files_file_key_key').on(t.fileKey),
    index('files_pending_attachment_idx').on(t.pendingAttachmentUntil).where(sql`pending_attachment_until IS NOT NULL`),
    index('files_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt),
    index('files_scope_reference_idx').on(t.tenantId, t.workspaceId, t.referenceType, t.referenceId),
    index('files_deleted_idx').on(t.deletedAt).where(sql`deleted_at IS NOT NULL`),
  ],
);

/** Every uploaded version of a file, with its bytes' storage key and the extraction outcome. */
export const fileRevisions = pgTable(
  'file_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    fileId: bigint('file_id', { mode: 'number' }).notNull().references(() => files.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    storageKey: text('storage_key').notNull(),
    displayName: text('display_name').notNull(),
    fileType: text('file_type').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedByUserId: bigint('uploaded_by_user_id', { mode: 'number' }),
    isQuotaExempt: boolean('is_quota_exempt').notNull().default(false),
    extractionStatus: text('extraction_status', { enum: ['PENDING', 'DONE', 'FAILED'] }).notNull().default('PENDING'),
    extractionError: text('extraction_error'),
    language: text('language'),
    pageCount: integer('page_count'),
    structure: jsonb('structure'),
    extractedText: text('extracted_text'),
    /** Character bigrams of the extracted text for Korean substring search (`grams @> ko_bigrams('해지')`). */
    grams: text('grams')
      .array()
      .generatedAlwaysAs(sql`ko_bigrams(extracted_text)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_revisions_file_revision_key').on(t.fileId, t.revision),
    uniqueIndex('file_revisions_storage_key_key').on(t.storageKey),
    index('file_revisions_scope_file_idx').on(t.tenantId, t.workspaceId, t.fileId),
    index('file_revisions_grams_idx').using('gin', t.grams),
  ],
);

/** Extracted text of one page of a revision. */
export const filePages = pgTable(
  'file_pages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    revisionId: bigint('revision_id', { mode: 'number' }).notNull().references(() => fileRevisions.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
    method: text('method', { enum: ['text', 'ocr'] }).notNull(),
    status: text('status', { enum: ['done', 'failed'] }).notNull(),
    error: text('error'),
  },
  (t) => [
    index('file_pages_scope_revision_idx').on(t.tenantId, t.workspaceId, t.revisionId),
    uniqueIndex('file_pages_revision_page_key').on(t.revisionId, t.pageNumber),
  ],
);

/**
 * Committed before any byte is stored; deleted in the transaction that writes the file row. An
 * intent past its expiry means the upload never completed: the sweep deletes its bytes and the row.
 */
export const uploadIntents = pgTable(
  'upload_intents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    storageKey: text('storage_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upload_intents_scope_idx').on(t.tenantId, t.workspaceId),
    uniqueIndex('upload_intents_storage_key_key').on(t.storageKey),
    index('upload_intents_expires_idx').on(t.expiresAt),
  ],
);

/** Bytes used by a workspace (every revision, deleted files until purged) and its quota (null: the configured default). */
export const workspaceStorage = pgTable(
  'workspace_storage',
  {
    ...tenantColumns(),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    quotaBytes: bigint('quota_bytes', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'workspace_storage_pkey', columns: [t.tenantId, t.workspaceId] }), index('workspace_storage_scope_idx').on(t.tenantId, t.workspaceId)],
);
