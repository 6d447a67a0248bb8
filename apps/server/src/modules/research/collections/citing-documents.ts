import { and, asc, eq, exists, inArray, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader } from '../../../platform/attachments';
import type { Db } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import { hasElementWhere, lawIndex } from '../../law';
import { researchReaderId } from '../research.policy';
import { statuteNames } from '../retrieval';
import { documentArticleMentions } from '../statute-mentions';
import { visibleTo } from './collections.repo';
import { type DocumentMention, researchCollectionDocuments, researchCollectionPassages, researchCollections } from './collections.table';

// What the statute-change alerts need of the collections: which documents of a team's library cite a
// statute article by name (read from their indexed text), and who may see one, as SQL over its id:
// exactly who sees its collection. A chat's attachments are left out: they belong to the chat, whose
// answers the alerts follow already.

/** The statute articles the pages cite by name, as (법령ID, article), each once. */
export function documentMentions(pages: readonly string[]): DocumentMention[] {
  const lawIdOf = new Map(lawIndex().entries.map((e) => [`${e.folder}|${e.kind}`, e.lawId]));
  const out = new Map<string, DocumentMention>();
  for (const page of pages) {
    for (const mention of documentArticleMentions(page, statuteNames())) {
      const lawId = lawIdOf.get(`${mention.folder}|${mention.kind}`);
      if (lawId) out.set(`${lawId}|${mention.article}`, { lawId, article: mention.article });
    }
  }
  return [...out.values()];
}

/** True when the reader may see the document `documentId` names: its collection is theirs or the workspace's. */
export function readableDocumentWhere(reader: AttachmentReader, documentId: SQLWrapper): SQL {
  const userId = researchReaderId(reader.ctx);
  if (userId === null) return sql`false`;
  return exists(
    reader.db
      .select({ one: sql`1` })
      .from(researchCollectionDocuments)
      .innerJoin(researchCollections, and(eq(researchCollections.id, researchCollectionDocuments.collectionId), visibleTo(reader.scope, userId)))
      .where(and(inScope(researchCollectionDocuments, reader.scope), sql`${researchCollectionDocuments.id} = ${documentId}`)),
  );
}

const BACKFILL_BATCH = 100;

/**
 * Reads the mentions of documents indexed before they were read at indexing, from their stored
 * passages, once each. Across tenants by design: the detection job runs it before reading them.
 */
export async function unscopedBackfillDocumentMentions(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const docs = await db
      .select({ id: researchCollectionDocuments.id })
      .from(researchCollectionDocuments)
      .where(and(eq(researchCollectionDocuments.status, 'INDEXED'), isNull(researchCollectionDocuments.statuteMentions)))
      .limit(BACKFILL_BATCH);
    if (docs.length === 0) return filled;
    const passages = await db
      .select({ documentId: researchCollectionPassages.documentId, pageNumber: researchCollectionPassages.pageNumber, text: researchCollectionPassages.text })
      .from(researchCollectionPassages)
      .where(inArray(researchCollectionPassages.documentId, docs.map((d) => d.id)))
      .orderBy(asc(researchCollectionPassages.documentId), asc(researchCollectionPassages.pageNumber), asc(researchCollectionPassages.start));
    // A page's passages are its lines in order: joined, they read as the page did.
    const pagesOf = new Map<number, Map<number, string[]>>();
    for (const p of passages) {
      const pages = pagesOf.get(p.documentId) ?? new Map<number, string[]>();
      pagesOf.set(p.documentId, pages.set(p.pageNumber, [...(pages.get(p.pageNumber) ?? []), p.text]));
    }
    for (const doc of docs) {
      const mentions = documentMentions([...(pagesOf.get(doc.id)?.values() ?? [])].map((lines) => lines.join('\n')));
      await db.update(researchCollectionDocuments).set({ statuteMentions: mentions }).where(and(eq(researchCollectionDocuments.id, doc.id), isNull(researchCollectionDocuments.statuteMentions)));
    }
    filled += docs.length;
  }
}

/** A library document (not a chat's attachment) that was indexed. */
const libraryDocument = and(eq(researchCollectionDocuments.status, 'INDEXED'), isNull(researchCollections.chatId));

/** Every (statute, article) any library document of any workspace cites: the detection's first, cheap filter. */
export async function unscopedMentionedArticles(db: Db): Promise<DocumentMention[]> {
  const result = (await db.execute(sql`
    select distinct e->>'lawId' as "lawId", e->>'article' as article
      from ${researchCollectionDocuments}
      join ${researchCollections} on ${researchCollections.id} = ${researchCollectionDocuments.collectionId}, jsonb_array_elements(${researchCollectionDocuments.statuteMentions}) e
     where ${libraryDocument}`)) as unknown as { rows: DocumentMention[] };
  return result.rows;
}

export interface CitingDocument {
  tenantId: number;
  workspaceId: number;
  documentId: number;
  collectionId: number;
  title: string;
  collectionName: string;
  /** The collection's owner (who uploads to it): the one told of a change. */
  ownerUserId: number;
  createdAt: Date;
  /** Its mentions among those asked about. */
  mentions: DocumentMention[];
}

/**
 * The library documents of every workspace citing one of `mentions` (statute and article),
 * uploaded before `createdBefore`. Across tenants by design: the detection reads them once per version.
 */
export async function unscopedDocumentsMentioning(db: Db, mentions: readonly DocumentMention[], createdBefore: Date): Promise<CitingDocument[]> {
  if (mentions.length === 0) return [];
  const rows = await db
    .select({
      tenantId: researchCollectionDocuments.tenantId, workspaceId: researchCollectionDocuments.workspaceId, documentId: researchCollectionDocuments.id,
      collectionId: researchCollectionDocuments.collectionId, title: researchCollectionDocuments.title, createdAt: researchCollectionDocuments.createdAt,
      statuteMentions: researchCollectionDocuments.statuteMentions, collectionName: researchCollections.name, ownerUserId: researchCollections.ownerUserId,
    })
    .from(researchCollectionDocuments)
    .innerJoin(researchCollections, and(eq(researchCollections.id, researchCollectionDocuments.collectionId), eq(researchCollections.tenantId, researchCollectionDocuments.tenantId), eq(researchCollections.workspaceId, researchCollectionDocuments.workspaceId)))
    .where(
      and(
        libraryDocument,
        lt(researchCollectionDocuments.createdAt, createdBefore),
        hasElementWhere(researchCollectionDocuments.statuteMentions, { lawId: mentions.map((m) => m.lawId), article: mentions.map((m) => m.article) }),
      ),
    );
  const wanted = new Set(mentions.map((m) => `${m.lawId}|${m.article}`));
  return rows
    .map(({ statuteMentions, ...row }) => ({ ...row, mentions: (statuteMentions ?? []).filter((m) => wanted.has(`${m.lawId}|${m.article}`)) }))
    .filter((row) => row.mentions.length > 0);
}
