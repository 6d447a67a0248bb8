import type { CollectionDocumentStatus, CollectionVisibility } from '@legal/api';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';
import { researchChats } from '../research.table';

/** A statute article a document cites: the statute (법령ID) and the article key. */
export interface DocumentMention {
  lawId: string;
  article: string;
}

/**
 * A team's named collection of documents (the catalogue's "category"): PRIVATE to its owner or
 * visible to the WORKSPACE's research users; only the owner changes it. A collection with a
 * `chat_id` holds the attachments of that chat: PRIVATE to the chat's owner, never listed among
 * the collections, changed only through the chat's attachment routes, deleted with the chat.
 */
export const researchCollections = pgTable(
  'research_collections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility').$type<CollectionVisibility>().notNull(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).notNull(),
    chatId: bigint('chat_id', { mode: 'number' }).references(() => researchChats.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('research_collections_scope_owner_idx').on(t.tenantId, t.workspaceId, t.ownerUserId),
    uniqueIndex('research_collections_chat_key').on(t.chatId),
    // Names are unique among a user's named collections (a chat's attachment collection has no name of its own).
    uniqueIndex('research_collections_scope_owner_name_key').on(t.tenantId, t.workspaceId, t.ownerUserId, t.name).where(sql`${t.chatId} is null`),
  ],
);

/**
 * A document of a collection: a files-module file (reference RESEARCH_COLLECTION, the collection's
 * id) and its indexing state: PENDING while the files module extracts its text, then INDEXED
 * (passages written) or FAILED.
 */
export const researchCollectionDocuments = pgTable(
  'research_collection_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    collectionId: bigint('collection_id', { mode: 'number' })
      .notNull()
      .references(() => researchCollections.id, { onDelete: 'cascade' }),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    fileKey: text('file_key').notNull(),
    title: text('title').notNull(),
    fileType: text('file_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status').$type<CollectionDocumentStatus>().notNull(),
    error: text('error'),
    pageCount: integer('page_count'),
    passageCount: integer('passage_count').notNull().default(0),
    uploadedByUserId: bigint('uploaded_by_user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }),
    /**
     * The statute articles its text cites by name ("민법 제750조"), read when it was indexed, for the
     * statute-change alerts; null for a document indexed before they were read (filled in by them).
     */
    statuteMentions: jsonb('statute_mentions').$type<DocumentMention[]>(),
  },
  (t) => [index('research_collection_documents_scope_collection_idx').on(t.tenantId, t.workspaceId, t.collectionId, t.createdAt)],
);

/** A retrievable passage of a document: a span (start..end) of one page's extracted text. */
export const researchCollectionPassages = pgTable(
  'research_collection_passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => researchCollectionDocuments.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    text: text('text').notNull(),
    /** Terms (bigrams) in the text: BM25's document length. */
    length: integer('length').notNull(),
  },
  (t) => [
    index('research_collection_passages_scope_collection_idx').on(t.tenantId, t.workspaceId, t.collectionId),
    index('research_collection_passages_document_idx').on(t.documentId),
  ],
);

/** The collections' inverted index: how often a term (a character bigram) occurs in a passage. */
export const researchCollectionPostings = pgTable(
  'research_collection_postings',
  {
    ...tenantColumns(),
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    passageId: bigint('passage_id', { mode: 'number' })
      .notNull()
      .references(() => researchCollectionPassages.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    tf: real('tf').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.passageId, t.term] }),
    index('research_collection_postings_scope_term_idx').on(t.tenantId, t.workspaceId, t.term, t.collectionId),
  ],
);
