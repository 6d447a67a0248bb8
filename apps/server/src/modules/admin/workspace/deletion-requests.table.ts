import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantColumns } from '../../../platform/db/tenancy';

/**
 * A workspace admin asks for the workspace to be deleted; a super admin approves or rejects.
 * Approved: purged by a job once `purgeAfter` passes (the grace period), with an export offered
 * first. At most one open (PENDING or APPROVED) request per workspace.
 */
export const workspaceDeletionRequests = pgTable(
  'workspace_deletion_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED', 'CANCELED', 'PURGED'] }).notNull().default('PENDING'),
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }),
    decidedByUserId: bigint('decided_by_user_id', { mode: 'number' }),
    decisionComment: text('decision_comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
    /** The arxive file holding the export of the workspace's data (a ZIP), when made. */
    exportFileKey: text('export_file_key'),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workspace_deletion_requests_scope_idx').on(t.tenantId, t.workspaceId, t.createdAt),
    uniqueIndex('workspace_deletion_requests_open_key').on(t.tenantId, t.workspaceId).where(sql`status IN ('PENDING', 'APPROVED')`),
  ],
);
