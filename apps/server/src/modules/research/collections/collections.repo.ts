import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import { researchCollectionDocuments, researchCollections } from './collections.table';

export type CollectionRow = typeof researchCollections.$inferSelect;
export type DocumentRow = typeof researchCollectionDocuments.$inferSelect;
type Executor = Db | Tx;

/**
 * Every collection a user may read in a scope: their own (the attachments of their chats included)
 * and the WORKSPACE ones. What the document gate and the files' attachment rule check.
 */
export function readableTo(scope: TenantScope, userId: number): SQL {
  return and(inScope(researchCollections, scope), or(eq(researchCollections.ownerUserId, userId), eq(researchCollections.visibility, 'WORKSPACE')))!;
}

/** The collections of a user's library (the categories routes, lists, pickers): readable and not a chat's attachments. */
export function visibleTo(scope: TenantScope, userId: number): SQL {
  return and(readableTo(scope, userId), isNull(researchCollections.chatId))!;
}

/** One collection the user sees, or 404 (another workspace's, another user's private one, absent: alike). */
export async function visibleCollection(db: Executor, scope: TenantScope, userId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<CollectionRow> {
  const query = db.select().from(researchCollections).where(and(visibleTo(scope, userId), eq(researchCollections.id, id))).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The collections among `ids` the user sees; 404 when any is not. */
export async function visibleCollections(db: Executor, scope: TenantScope, userId: number, ids: readonly number[]): Promise<CollectionRow[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db.select().from(researchCollections).where(and(visibleTo(scope, userId), inArray(researchCollections.id, wanted)));
  if (rows.length !== wanted.length) throw notFound();
  return rows;
}

/** A document of the collection, or 404. */
export async function documentOf(db: Executor, scope: TenantScope, collectionId: number, documentId: number): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(researchCollectionDocuments)
    .where(and(inScope(researchCollectionDocuments, scope), eq(researchCollectionDocuments.collectionId, collectionId), eq(researchCollectionDocuments.id, documentId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export interface CollectionCounts {
  documents: number;
  indexed: number;
  pending: number;
  bytes: number;
}

export async function countsOf(db: Executor, scope: TenantScope, collectionIds: readonly number[]): Promise<Map<number, CollectionCounts>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await db
    .select({
      collectionId: researchCollectionDocuments.collectionId,
      documents: sql<number>`count(*)::int`,
      indexed: sql<number>`(count(*) filter (where ${researchCollectionDocuments.status} = 'INDEXED'))::int`,
      pending: sql<number>`(count(*) filter (where ${researchCollectionDocuments.status} = 'PENDING'))::int`,
      bytes: sql<number>`coalesce(sum(${researchCollectionDocuments.size}), 0)::float8`,
    })
    .from(researchCollectionDocuments)
    .where(and(inScope(researchCollectionDocuments, scope), inArray(researchCollectionDocuments.collectionId, [...collectionIds])))
    .groupBy(researchCollectionDocuments.collectionId);
  return new Map(rows.map((r) => [Number(r.collectionId), { documents: Number(r.documents), indexed: Number(r.indexed), pending: Number(r.pending), bytes: Number(r.bytes) }]));
}

/** Documents and bytes of the whole workspace's collections (chat attachments included); named collections (not the chats'). */
export async function workspaceUsage(db: Executor, scope: TenantScope): Promise<{ collections: number; documents: number; bytes: number }> {
  const [docs] = await db
    .select({ documents: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${researchCollectionDocuments.size}), 0)::float8` })
    .from(researchCollectionDocuments)
    .where(inScope(researchCollectionDocuments, scope));
  const [cols] = await db.select({ n: sql<number>`count(*)::int` }).from(researchCollections).where(and(inScope(researchCollections, scope), isNull(researchCollections.chatId)));
  return { collections: Number(cols?.n ?? 0), documents: Number(docs?.documents ?? 0), bytes: Number(docs?.bytes ?? 0) };
}
