import type { ChatFilter, DocumentCitation, ResearchCitation, SourceCitation } from '@legal/api';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

/**
 * One retrievable passage: a main-text article of one statute version, with what a reader needs to
 * judge it (title, kind, article key and title); its text is its wording's (research_passage_texts),
 * kept once however many versions share it, so that this table stays narrow for the search's scans.
 * Public law: a global table.
 */
export const researchPassages = pgTable(
  'research_passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lawSerialNumber: text('law_serial_number').notNull(),
    lawId: text('law_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    statuteTitle: text('statute_title').notNull(),
    kind: text('kind').notNull(),
    effectiveDate: text('effective_date').notNull(),
    articleKey: text('article_key').notNull(),
    articleTitle: text('article_title'),
    heading: text('heading'),
    textId: bigint('text_id', { mode: 'number' })
      .notNull()
      .references(() => researchPassageTexts.id),
  },
  (t) => [
    uniqueIndex('research_passages_version_ordinal_key').on(t.lawSerialNumber, t.ordinal),
    index('research_passages_law_id_idx').on(t.lawId),
    index('research_passages_text_idx').on(t.textId),
    // The search's first step (the wordings of the in-force versions) reads this index only.
    index('research_passages_version_text_idx').on(t.lawSerialNumber, t.textId),
  ],
);

/**
 * The indexed text of passages, once per distinct wording: most articles keep their words from one
 * version to the next, so the versions of a statute share postings instead of repeating them.
 */
export const researchPassageTexts = pgTable(
  'research_passage_texts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sha256 of the indexed wording (heading, article title and text). */
    hash: text('hash').notNull(),
    /** Terms (bigrams) in the text: BM25's document length. */
    length: integer('length').notNull(),
    /** The article's text (StatuteArticle.text) of every passage with this wording. */
    articleText: text('article_text').notNull(),
    /**
     * A passage of a version in force today carries this wording (research_in_force_versions, valid
     * while research_index_stats says so): the common search reads this flag instead of working out
     * the versions in force and their passages at every question.
     */
    inForce: boolean('in_force').notNull().default(false),
  },
  // The scoring reads a wording's length and flag from this index only: the table itself is wide (the article texts).
  (t) => [uniqueIndex('research_passage_texts_hash_key').on(t.hash), index('research_passage_texts_scoring_idx').on(t.id, t.length, t.inForce)],
);

/**
 * Document frequency of every indexed term (wordings holding it), kept by the indexer in the
 * transaction that writes the term's postings: the search reads it instead of counting postings.
 */
export const researchTerms = pgTable('research_terms', {
  term: text('term').primaryKey(),
  df: integer('df').notNull(),
});

/**
 * One row: the collection's statistics for BM25 (wordings, their total length), kept with the
 * postings, and for which days research_in_force_versions holds the versions in force: from
 * `inForceFrom` until the day before `inForceUntil` (the next stored 시행일자; null: none), while
 * law_statutes holds `inForceStoredVersions` rows. Outside that the search works them out itself.
 */
export const researchIndexStats = pgTable('research_index_stats', {
  id: integer('id').primaryKey(),
  wordings: integer('wordings').notNull(),
  totalLength: bigint('total_length', { mode: 'number' }).notNull(),
  inForceFrom: text('in_force_from'),
  inForceUntil: text('in_force_until'),
  inForceStoredVersions: integer('in_force_stored_versions'),
});

/** The statute versions in force today (see research_index_stats), materialised at indexing and when the day changes. */
export const researchInForceVersions = pgTable('research_in_force_versions', {
  lawSerialNumber: text('law_serial_number').primaryKey(),
  lawId: text('law_id').notNull(),
});

/** The inverted index: how often a term (a character bigram) occurs in a passage text. */
export const researchPostings = pgTable(
  'research_postings',
  {
    term: text('term').notNull(),
    textId: bigint('text_id', { mode: 'number' })
      .notNull()
      .references(() => researchPassageTexts.id, { onDelete: 'cascade' }),
    tf: real('tf').notNull(),
    /**
     * The wording's length (research_passage_texts.length, BM25's document length), copied here: a
     * wording never changes, so neither does this, and the scoring reads no other table.
     */
    length: integer('length').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.term, t.textId] }),
    index('research_postings_text_idx').on(t.textId),
    // The search scores from this index alone: in the table postings lie one per page (written
    // wording by wording), and probing the wordings for their length was most of a search's time.
    index('research_postings_scoring_idx').on(t.term, t.textId, t.tf, t.length),
  ],
);

/**
 * Vectors of the indexed wordings, one per wording and embedding model (docs/legal-research.md,
 * "Vectors"): written by the job research.embed-passages with the server's embedding model, read by
 * retrieval for the same model only, so a model change never mixes vector spaces. `real[]` rather
 * than pgvector's type: one schema for every database; where pgvector is installed the search casts
 * (`embedding::vector`), elsewhere it scans them in memory. Rows are only ever added: `id` is the
 * watermark the in-memory copy reads new rows from. Public law: a global table.
 */
export const researchPassageEmbeddings = pgTable(
  'research_passage_embeddings',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    model: text('model').notNull(),
    textId: bigint('text_id', { mode: 'number' })
      .notNull()
      .references(() => researchPassageTexts.id, { onDelete: 'cascade' }),
    dimensions: integer('dimensions').notNull(),
    embedding: real('embedding').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.model, t.textId] }), uniqueIndex('research_passage_embeddings_model_id_key').on(t.model, t.id)],
);

/**
 * Per embedding model: its dimensions, how many wordings it has embedded and the greatest row id,
 * written in the transaction of every batch. What the progress and the in-memory copy read instead
 * of counting the vectors on every question.
 */
export const researchEmbeddingModels = pgTable('research_embedding_models', {
  model: text('model').primaryKey(),
  dimensions: integer('dimensions').notNull(),
  embedded: integer('embedded').notNull(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The statute versions whose passages are indexed (a version is indexed once, whole, in one transaction). */
export const researchIndexedVersions = pgTable('research_indexed_versions', {
  lawSerialNumber: text('law_serial_number').primaryKey(),
  passageCount: integer('passage_count').notNull(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's research chat in a workspace: visible to that user only. */
export const researchChats = pgTable(
  'research_chats',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    chatKey: text('chat_key').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('research_chats_key').on(t.chatKey), index('research_chats_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId, t.updatedAt)],
);

/** A question or an answer of a chat; answers keep their gated citations and what the gate removed. */
export const researchChatMessages = pgTable(
  'research_chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    chatId: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => researchChats.id, { onDelete: 'cascade' }),
    messageKey: text('message_key').notNull(),
    role: text('role').$type<'USER' | 'ASSISTANT'>().notNull(),
    text: text('text').notNull(),
    asOf: date('as_of', { mode: 'string' }),
    citations: jsonb('citations').$type<ResearchCitation[]>().notNull(),
    /** Pages of the team's collection documents the answer quotes (asked with collections). */
    documentCitations: jsonb('document_citations').$type<DocumentCitation[]>().notNull().default([]),
    /** Passages of precedents, administrative rules and local ordinances the answer quotes (general categories). */
    sourceCitations: jsonb('source_citations').$type<SourceCitation[]>().notNull().default([]),
    declined: boolean('declined').notNull().default(false),
    correctedReferences: integer('corrected_references').notNull().default(0),
    engine: text('engine').$type<'BUILT_IN' | 'MODEL'>(),
    /** Question: the filter it was asked with (statutes, collections, date; ids sorted), null when none: the recent filters are read from here. */
    filter: jsonb('filter').$type<ChatFilter>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('research_chat_messages_key').on(t.messageKey), index('research_chat_messages_scope_chat_idx').on(t.tenantId, t.workspaceId, t.chatId)],
);

/** One user's rating of one answer (replaced when they rate again). */
export const researchFeedback = pgTable(
  'research_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => researchChatMessages.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    rating: text('rating').$type<'GOOD' | 'BAD'>().notNull(),
    comment: text('comment'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('research_feedback_message_user_key').on(t.messageId, t.userId), index('research_feedback_scope_idx').on(t.tenantId, t.workspaceId)],
);
