import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ParsedParagraph } from './law.parser';

/**
 * One version of a statute (법률, 시행령 or 시행규칙), keyed by its 법령MST. Public law, shared by
 * every tenant: a global table.
 */
export const lawStatutes = pgTable(
  'law_statutes',
  {
    lawSerialNumber: text('law_serial_number').primaryKey(),
    lawId: text('law_id').notNull(),
    title: text('title').notNull(),
    /** The title without spaces (the data folder's name), for lookups typed either way. */
    compactTitle: text('compact_title').notNull(),
    /** 법률 / 시행령 / 시행규칙: the file it came from. */
    kind: text('kind').notNull(),
    /** 법령구분: 법률, 대통령령, 총리령, ○○부령. */
    lawType: text('law_type').notNull(),
    effectiveDate: text('effective_date').notNull(),
    promulgationDate: text('promulgation_date').notNull(),
    promulgationNumber: text('promulgation_number').notNull(),
    status: text('status').notNull(),
    /** 소관부처: usually one, several for jointly administered statutes. */
    ministries: jsonb('ministries').$type<string[]>().notNull().default([]),
    /** 제정, 일부개정, 전부개정, 타법개정 ...: from the history manifest's commit subject; null when the source does not say. */
    amendmentKind: text('amendment_kind'),
    articleCount: integer('article_count').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('law_statutes_compact_title_idx').on(t.compactTitle), index('law_statutes_law_id_idx').on(t.lawId, t.effectiveDate)],
);

/** The articles of a statute version; 부칙 articles (if any are headed) are flagged apart. */
export const lawArticles = pgTable(
  'law_articles',
  {
    lawSerialNumber: text('law_serial_number')
      .notNull()
      .references(() => lawStatutes.lawSerialNumber, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    articleKey: text('article_key').notNull(),
    number: integer('number').notNull(),
    branch: integer('branch').notNull(),
    title: text('title'),
    /** The 편/장/절/관 headings above the article, joined ' > ' ('제1편 총칙 > 제1장 통칙'); null when none. */
    heading: text('heading'),
    text: text('text').notNull(),
    /** Amendment notes taken out of the text ('<개정 2025.9.9>', '[본조신설 2013.8.6]'), in text order. */
    amendmentNotes: jsonb('amendment_notes').$type<string[]>().notNull().default([]),
    paragraphs: jsonb('paragraphs').$type<ParsedParagraph[]>().notNull(),
    isDeleted: boolean('is_deleted').notNull(),
    isAddendum: boolean('is_addendum').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lawSerialNumber, t.ordinal] }), index('law_articles_key_idx').on(t.lawSerialNumber, t.articleKey)],
);
