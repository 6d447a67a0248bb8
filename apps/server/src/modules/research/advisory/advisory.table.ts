import type { ResearchCitation, SimilarInquiry } from '@legal/api';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';

/** A question the legal team was asked, and its reply once given: the workspace's shared knowledge. */
export const advisoryInquiries = pgTable(
  'advisory_inquiries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    title: text('title').notNull(),
    question: text('question').notNull(),
    answer: text('answer'),
    asOf: date('as_of', { mode: 'string' }),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('advisory_inquiries_scope_idx').on(t.tenantId, t.workspaceId, t.createdAt)],
);

/**
 * A draft reply to an inquiry, as it was drafted: the citations and similar inquiries are a
 * snapshot (a later inquiry or a new statute version does not rewrite what the draft said).
 */
export const advisoryDrafts = pgTable(
  'advisory_drafts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    inquiryId: bigint('inquiry_id', { mode: 'number' })
      .notNull()
      .references(() => advisoryInquiries.id, { onDelete: 'cascade' }),
    engine: text('engine').$type<'BUILT_IN' | 'MODEL'>().notNull(),
    question: text('question').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    text: text('text'),
    citations: jsonb('citations').$type<ResearchCitation[]>().notNull(),
    similar: jsonb('similar').$type<SimilarInquiry[]>().notNull(),
    correctedReferences: integer('corrected_references').notNull().default(0),
    creditsCharged: integer('credits_charged').notNull().default(0),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('advisory_drafts_scope_inquiry_idx').on(t.tenantId, t.workspaceId, t.inquiryId)],
);
