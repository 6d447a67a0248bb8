import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A file sent with a message, by reference: the bytes stay in object storage (the outbox never
 * holds them) and are read when the message is delivered or downloaded from the dev mailbox.
 */
export interface StoredMailAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
  size: number;
  sha256: string;
}

/**
 * Every message the product sends. With SMTP configured a job delivers it (status queued ->
 * sent|failed); without, it is kept here and shown in the development mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }),
    workspaceId: bigint('workspace_id', { mode: 'number' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['kept', 'queued', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    /** The files attached (storage references); those past MAIL_ATTACHMENT_MAX_BYTES are left out and the mail says so. */
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt), index('mail_outbox_created_idx').on(t.createdAt)],
);
