import { APPLY_METHODS, SEAL_REFERENCE_TYPES, SEAL_STATUSES, SEAL_TYPES, USAGE_REQUEST_STATUSES } from '@legal/api';
import { bigint, bigserial, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

/**
 * The seal service's tables (catalogue 7.11, docs/seals.md): the registry (seals and the groups
 * allowed to request each), usage requests with their documents and approval line, and the
 * ledger (one usage history row per application). A seal row is the lock every write to the seal
 * takes; a request row the lock of every action on it. `version` is the optimistic check of the
 * callers (409 when stale).
 */
export const seals = pgTable(
  'seals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    name: text('name').notNull(),
    type: text('type', { enum: SEAL_TYPES }).notNull(),
    description: text('description'),
    status: text('status', { enum: SEAL_STATUSES }).notNull().default('VALID'),
    unavailableReason: text('unavailable_reason'),
    /** The PNG (files module key), attached to the seal (seals.file-access.ts). */
    imageFileKey: text('image_file_key').notNull(),
    custodianUserId: bigint('custodian_user_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull().default(0),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seals_scope_idx').on(t.tenantId, t.workspaceId, t.id),
    index('seals_scope_custodian_idx').on(t.tenantId, t.workspaceId, t.custodianUserId),
    index('seals_scope_image_idx').on(t.tenantId, t.workspaceId, t.imageFileKey),
  ],
);

/** The groups whose members may request a seal; none: every member may. */
export const sealAllowedGroups = pgTable(
  'seal_allowed_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    sealId: bigint('seal_id', { mode: 'number' })
      .notNull()
      .references(() => seals.id, { onDelete: 'cascade' }),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('seal_allowed_groups_seal_group_key').on(t.sealId, t.groupId), index('seal_allowed_groups_scope_idx').on(t.tenantId, t.workspaceId, t.sealId)],
);

export const sealUsageRequests = pgTable(
  'seal_usage_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    sealId: bigint('seal_id', { mode: 'number' })
      .notNull()
      .references(() => seals.id),
    requesterUserId: bigint('requester_user_id', { mode: 'number' }).notNull(),
    purpose: text('purpose').notNull(),
    /** The KST day the seal is to be used. */
    useDate: date('use_date', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(1),
    status: text('status', { enum: USAGE_REQUEST_STATUSES }).notNull().default('IN_APPROVAL'),
    referenceType: text('reference_type', { enum: SEAL_REFERENCE_TYPES }),
    referenceId: bigint('reference_id', { mode: 'number' }),
    appliedMethod: text('applied_method', { enum: APPLY_METHODS }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedByUserId: bigint('applied_by_user_id', { mode: 'number' }),
    stampedFileKey: text('stamped_file_key'),
    envelopeId: bigint('envelope_id', { mode: 'number' }),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seal_usage_requests_scope_seal_idx').on(t.tenantId, t.workspaceId, t.sealId, t.status),
    index('seal_usage_requests_scope_requester_idx').on(t.tenantId, t.workspaceId, t.requesterUserId, t.createdAt),
    index('seal_usage_requests_scope_reference_idx').on(t.tenantId, t.workspaceId, t.referenceType, t.referenceId),
    index('seal_usage_requests_scope_use_date_idx').on(t.tenantId, t.workspaceId, t.useDate),
    index('seal_usage_requests_scope_stamped_idx').on(t.tenantId, t.workspaceId, t.stampedFileKey),
  ],
);

/** The documents a request asks the seal for: uploads, or a contract's main document. */
export const sealRequestDocuments = pgTable(
  'seal_request_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => sealUsageRequests.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    contractId: bigint('contract_id', { mode: 'number' }),
  },
  (t) => [index('seal_request_documents_scope_request_idx').on(t.tenantId, t.workspaceId, t.requestId), index('seal_request_documents_scope_file_idx').on(t.tenantId, t.workspaceId, t.fileKey)],
);

/** The approval line of a request, in `order`; the first PENDING step is the current one. */
export const sealApprovalSteps = pgTable(
  'seal_approval_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => sealUsageRequests.id, { onDelete: 'cascade' }),
    order: integer('step_order').notNull(),
    approverUserId: bigint('approver_user_id', { mode: 'number' }).notNull(),
    decision: text('decision', { enum: ['PENDING', 'APPROVED', 'REJECTED'] }).notNull().default('PENDING'),
    comment: text('comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('seal_approval_steps_request_order_key').on(t.requestId, t.order),
    index('seal_approval_steps_scope_approver_idx').on(t.tenantId, t.workspaceId, t.approverUserId, t.decision),
  ],
);

/** The ledger: one row per application of a seal (request id null: applied without a request). */
export const sealUsageHistories = pgTable(
  'seal_usage_histories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    sealId: bigint('seal_id', { mode: 'number' })
      .notNull()
      .references(() => seals.id),
    requestId: bigint('request_id', { mode: 'number' }).references(() => sealUsageRequests.id),
    method: text('method', { enum: APPLY_METHODS }).notNull(),
    referenceType: text('reference_type', { enum: SEAL_REFERENCE_TYPES }).notNull(),
    referenceId: bigint('reference_id', { mode: 'number' }).notNull(),
    /** The contract the application concerns, when known (an envelope's contract, a stamped contract). */
    contractId: bigint('contract_id', { mode: 'number' }),
    stampedFileKey: text('stamped_file_key'),
    appliedByUserId: bigint('applied_by_user_id', { mode: 'number' }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why no request was made (direct applications). */
    reason: text('reason'),
  },
  (t) => [
    index('seal_usage_histories_scope_seal_idx').on(t.tenantId, t.workspaceId, t.sealId, t.appliedAt),
    index('seal_usage_histories_scope_applied_idx').on(t.tenantId, t.workspaceId, t.appliedAt),
    index('seal_usage_histories_scope_reference_idx').on(t.tenantId, t.workspaceId, t.referenceType, t.referenceId),
    index('seal_usage_histories_scope_request_idx').on(t.tenantId, t.workspaceId, t.requestId),
    index('seal_usage_histories_scope_stamped_idx').on(t.tenantId, t.workspaceId, t.stampedFileKey),
  ],
);
