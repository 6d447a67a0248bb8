import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who did what, written in the transaction of the change (audit.ts `recordAudit`). Global:
 * sign-in events have no workspace; rows that belong to one carry tenant_id/workspace_id.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    subjectUserId: bigint('subject_user_id', { mode: 'number' }),
    tenantId: bigint('tenant_id', { mode: 'number' }),
    workspaceId: bigint('workspace_id', { mode: 'number' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_subject_idx').on(t.subjectUserId, t.createdAt),
    index('audit_events_scope_idx').on(t.tenantId, t.workspaceId, t.createdAt),
    index('audit_events_type_idx').on(t.type, t.createdAt),
    /** A contract's activity (events whose data names it), newest first. */
    index('audit_events_contract_idx').on(t.tenantId, t.workspaceId, sql`(${t.data}->>'contractId')`, t.createdAt),
  ],
);
