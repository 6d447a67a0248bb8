import { date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DrfArticle } from './drf-client';

/**
 * Precedents, administrative rules and local ordinances read from the law Open API. Public law,
 * the same for every tenant: global tables, written only by the sync job and on-demand reads.
 */
export const lawPrecedents = pgTable(
  'law_precedents',
  {
    precedentId: text('precedent_id').primaryKey(),
    caseNumber: text('case_number').notNull(),
    caseName: text('case_name').notNull(),
    courtName: text('court_name').notNull(),
    decisionDate: date('decision_date', { mode: 'string' }),
    caseType: text('case_type'),
    judgmentType: text('judgment_type'),
    holdings: text('holdings'),
    summary: text('summary'),
    referencedArticles: text('referenced_articles'),
    referencedCases: text('referenced_cases'),
    text: text('text'),
    /** Case name, number, court, type, holdings and summary, lower-cased: what search-after matches words in. */
    searchText: text('search_text').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('law_precedents_case_idx').on(t.caseNumber, t.courtName), index('law_precedents_order_idx').on(t.decisionDate, t.precedentId)],
);

export const lawAdminRules = pgTable('law_admin_rules', {
  serialNumber: text('serial_number').primaryKey(),
  ruleId: text('rule_id'),
  name: text('name').notNull(),
  kind: text('kind'),
  agency: text('agency'),
  agencyCode: text('agency_code'),
  issuedDate: date('issued_date', { mode: 'string' }),
  issueNumber: text('issue_number'),
  effectiveDate: date('effective_date', { mode: 'string' }),
  articles: jsonb('articles').$type<DrfArticle[]>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

export const lawLocalOrdinances = pgTable('law_local_ordinances', {
  serialNumber: text('serial_number').primaryKey(),
  ordinanceId: text('ordinance_id'),
  name: text('name').notNull(),
  kind: text('kind'),
  government: text('government'),
  governmentCode: text('government_code'),
  promulgationDate: date('promulgation_date', { mode: 'string' }),
  promulgationNumber: text('promulgation_number'),
  effectiveDate: date('effective_date', { mode: 'string' }),
  articles: jsonb('articles').$type<DrfArticle[]>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How far the precedent sync has read: decisions up to `syncedThrough` are stored. One row per target. */
export const lawSourceSyncs = pgTable('law_source_syncs', {
  target: text('target').primaryKey(),
  syncedThrough: date('synced_through', { mode: 'string' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});
