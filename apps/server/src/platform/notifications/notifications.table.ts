import type { NotificationData, NotificationKind, NotificationRecordType } from '@legal/api';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../db/tenancy';

/**
 * In-app notifications (notifications.ts `notify`), written in the transaction of the change they
 * report: one row per recipient, pointing at the record (type + id) whose visibility it shares.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    recipientUserId: bigint('recipient_user_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    recordType: text('record_type').$type<NotificationRecordType>().notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** The record's title when written; the reader's language renders the rest from kind and data. */
    title: text('title').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    /** The bell and the list: a recipient's (unread) notifications of a workspace, newest first. */
    index('notifications_recipient_idx').on(t.tenantId, t.workspaceId, t.recipientUserId, t.readAt, t.createdAt),
  ],
);
