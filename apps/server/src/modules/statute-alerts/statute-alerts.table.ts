import type { ArticleChangeKind, StatuteAlertItemType, StatuteAlertVia, StatuteKind } from '@legal/api';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

/**
 * The statute versions the detection has compared with the version they supersede: each version
 * once (public law, a global table). A version imported later is not here yet, so the next run
 * compares it; a second run finds nothing to do.
 */
export const statuteVersionChecks = pgTable('statute_version_checks', {
  lawSerialNumber: text('law_serial_number').primaryKey(),
  /** The version it superseded (the previous by 시행일자); null for a statute's first stored version. */
  previousLawSerialNumber: text('previous_law_serial_number'),
  /** Articles of the previous version that changed, were deleted or went away in this one. */
  changedArticles: integer('changed_articles').notNull().default(0),
  /** Alerts written (in every workspace) for this version. */
  alertCount: integer('alert_count').notNull().default(0),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One article of one statute that changed in a new version, for one workspace whose records cite
 * it in an older version. Read and dismissed are the workspace's (who did it is kept).
 */
export const statuteChangeAlerts = pgTable(
  'statute_change_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    statuteId: text('statute_id').notNull(),
    statuteTitle: text('statute_title').notNull(),
    statuteKind: text('statute_kind').$type<StatuteKind>().notNull(),
    article: text('article').notNull(),
    articleTitle: text('article_title'),
    changeKind: text('change_kind').$type<ArticleChangeKind>().notNull(),
    movedTo: text('moved_to'),
    oldLawSerialNumber: text('old_law_serial_number').notNull(),
    oldEffectiveDate: text('old_effective_date').notNull(),
    newLawSerialNumber: text('new_law_serial_number').notNull(),
    newEffectiveDate: text('new_effective_date').notNull(),
    newAmendmentKind: text('new_amendment_kind'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    readByUserId: bigint('read_by_user_id', { mode: 'number' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedByUserId: bigint('dismissed_by_user_id', { mode: 'number' }),
  },
  (t) => [
    // One alert per workspace, new version and article: a second detection run writes nothing.
    uniqueIndex('statute_change_alerts_version_article_key').on(t.tenantId, t.workspaceId, t.newLawSerialNumber, t.article),
    index('statute_change_alerts_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt),
  ],
);

/**
 * A record of the workspace that rests on the alert's article as it read before: a review finding, a
 * saved chat answer or an advisory draft citing it (or a decree or rule article implementing it:
 * `via`), or a collection document citing it by name.
 */
export const statuteChangeAlertItems = pgTable(
  'statute_change_alert_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => statuteChangeAlerts.id, { onDelete: 'cascade' }),
    itemType: text('item_type').$type<StatuteAlertItemType>().notNull(),
    /** The finding's id, the answer's message id, the draft's id or the document's id: its visibility is the item's. */
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    reviewId: bigint('review_id', { mode: 'number' }),
    contractId: bigint('contract_id', { mode: 'number' }),
    chatKey: text('chat_key'),
    chatMessageKey: text('chat_message_key'),
    inquiryId: bigint('inquiry_id', { mode: 'number' }),
    collectionId: bigint('collection_id', { mode: 'number' }),
    /** COLLECTION_DOCUMENT: the collection's name when the alert was written. */
    collectionName: text('collection_name'),
    /** The contract's title (or the reviewed file's name), the chat's title, the inquiry's title or the document's, when the alert was written. */
    title: text('title').notNull(),
    /** REVIEW_FINDING: the checkpoint's question. */
    question: jsonb('question').$type<{ ko: string; en: string }>(),
    citedLawSerialNumber: text('cited_law_serial_number').notNull(),
    citedEffectiveDate: text('cited_effective_date').notNull(),
    /** The decree or rule article the record cites, which implements the alert's article; null when it cites that article itself. */
    via: jsonb('via').$type<StatuteAlertVia>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statute_change_alert_items_record_key').on(t.tenantId, t.workspaceId, t.alertId, t.itemType, t.recordId),
    index('statute_change_alert_items_scope_record_idx').on(t.tenantId, t.workspaceId, t.itemType, t.recordId),
  ],
);
