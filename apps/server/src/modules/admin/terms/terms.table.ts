import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';

/** Terms of the workspace (service terms, privacy policy...): the text lives in revisions. */
export const terms = pgTable(
  'terms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    termType: text('term_type', { enum: ['SERVICE', 'PRIVACY_POLICY', 'PRIVACY_COLLECTION', 'MARKETING', 'OTHER'] }).notNull(),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terms_scope_idx').on(t.tenantId, t.workspaceId)],
);

/** A version of a term. `requiresConsent`: members must consent at their next sign-in. */
export const termRevisions = pgTable(
  'term_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    termId: bigint('term_id', { mode: 'number' }).notNull().references(() => terms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    requiresConsent: boolean('requires_consent').notNull().default(true),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('term_revisions_term_version_key').on(t.termId, t.version),
    index('term_revisions_scope_term_idx').on(t.tenantId, t.workspaceId, t.termId, t.version),
  ],
);

/** A member's consent (or refusal) to a revision: the consent history. */
export const termConsents = pgTable(
  'term_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    revisionId: bigint('revision_id', { mode: 'number' }).notNull().references(() => termRevisions.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    isAgreed: boolean('is_agreed').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('term_consents_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId), index('term_consents_revision_idx').on(t.revisionId)],
);
