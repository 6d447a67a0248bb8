import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';
import { roles } from '../../auth';

/** A member asks for a role; an approver (approveUserId, or anyone with workspace.role.write) decides. */
export const roleRequests = pgTable(
  'role_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    requesterUserId: bigint('requester_user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => roles.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    /** The approver the requester chose (optional). */
    approveUserId: bigint('approve_user_id', { mode: 'number' }),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED', 'CANCELED'] }).notNull().default('PENDING'),
    decidedByUserId: bigint('decided_by_user_id', { mode: 'number' }),
    decisionComment: text('decision_comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('role_requests_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt),
    index('role_requests_scope_requester_idx').on(t.tenantId, t.workspaceId, t.requesterUserId),
  ],
);
