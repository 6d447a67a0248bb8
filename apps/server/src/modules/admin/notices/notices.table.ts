import { bigint, bigserial, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantColumns } from '../../../platform/db/tenancy';

/** A notice to the members of a workspace; attachments are arxive files (referenceType NOTICE). */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    noticeType: text('notice_type', { enum: ['GENERAL', 'UPDATE', 'MAINTENANCE', 'POLICY', 'EVENT'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    fileKeys: text('file_keys').array().notNull().default(sql`'{}'::text[]`),
    creatorUserId: bigint('creator_user_id', { mode: 'number' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt)],
);

/** Which member has read which notice (absence = unread). */
export const noticeReads = pgTable(
  'notice_reads',
  {
    ...tenantColumns(),
    noticeId: bigint('notice_id', { mode: 'number' }).notNull().references(() => notices.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('notice_reads_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId)],
);
