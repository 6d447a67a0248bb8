import {
  COLLECTION_FILE_TYPES, COLLECTION_LIMITS, type Collection, type CollectionDocument,
  type CreateCollectionBody, type ListCollectionDocumentsQuerySchema, type ListCollectionsQuerySchema, type Page, type UpdateCollectionBody,
} from '@legal/api';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError, conflict, forbidden, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { memberDisplayNames } from '../../auth';
import { files, uploadFile } from '../../files';
import type { ResearchAuditEvent } from '../research.audit';
import { memberGeneralCategories } from '../admin/general-categories.service';
import { capacityBytes, researchConfigOf } from '../admin/research-configs.service';
import { requireResearchUse } from '../research.policy';
import { indexCollectionDocumentJob } from './collection-index';
import { collectionMeta } from './collection-meta';
import { type CollectionRow, countsOf, type DocumentRow, documentOf, visibleCollection, visibleTo, workspaceUsage } from './collections.repo';
import { researchCollectionDocuments, researchCollections } from './collections.table';

/** The files of collection documents: `reference_type` of their files row (reference_id: the collection id). */
export const COLLECTION_REFERENCE_TYPE = 'RESEARCH_COLLECTION';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// DTOs --------------------------------------------------------------------------------------------------

async function present(db: Db | Tx, scope: TenantScope, userId: number, rows: readonly CollectionRow[]): Promise<Collection[]> {
  const counts = await countsOf(db, scope, rows.map((r) => r.id));
  const names = await memberDisplayNames(db, scope, rows.map((r) => r.ownerUserId));
  return rows.map((r) => {
    const c = counts.get(r.id) ?? { documents: 0, indexed: 0, pending: 0, bytes: 0 };
    const isOwner = r.ownerUserId === userId;
    return {
      categoryId: r.id, name: r.name, description: r.description, visibility: r.visibility, ownerUserId: r.ownerUserId, ownerName: names.get(r.ownerUserId) ?? null,
      documentCount: c.documents, indexedDocumentCount: c.indexed, pendingDocumentCount: c.pending, totalBytes: c.bytes,
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
      abilities: { canEdit: isOwner, canUpload: isOwner, canDeleteDocuments: isOwner },
    };
  });
}

export function documentDto(d: DocumentRow): CollectionDocument {
  return {
    documentId: d.id, categoryId: d.collectionId, title: d.title, fileKey: d.fileKey, fileType: d.fileType as CollectionDocument['fileType'], size: d.size, status: d.status,
    error: d.error, pageCount: d.pageCount, passageCount: d.passageCount, uploadedByUserId: d.uploadedByUserId, createdAt: d.createdAt.toISOString(),
    indexedAt: d.indexedAt?.toISOString() ?? null,
  };
}

/** The collection, visible to the caller and owned by them: 404 when they cannot see it, 403 when they can but do not own it. */
async function ownedCollection(db: Db | Tx, scope: TenantScope, userId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<CollectionRow> {
  const row = await visibleCollection(db, scope, userId, id, options);
  if (row.ownerUserId !== userId) throw forbidden();
  return row;
}

const duplicateName = () => conflict({ ko: '같은 이름의 컬렉션이 이미 있습니다.', en: 'You already have a collection with this name.' }, { reason: 'DUPLICATE_NAME' });

async function refuseDuplicateName(tx: Tx, scope: TenantScope, userId: number, name: string, exceptId?: number) {
  const [same] = await tx
    .select({ id: researchCollections.id })
    .from(researchCollections)
    .where(and(inScope(researchCollections, scope), eq(researchCollections.ownerUserId, userId), eq(researchCollections.name, name), isNull(researchCollections.chatId)));
  if (same && same.id !== exceptId) throw duplicateName();
}

// Collections -------------------------------------------------------------------------------------------

export async function listCollections(services: AppServices, ctx: RequestContext): Promise<Collection[]> {
  const { scope, userId } = requireResearchUse(ctx);
  const rows = await services.db.select().from(researchCollections).where(visibleTo(scope, userId)).orderBy(researchCollections.name, researchCollections.id);
  return present(services.db, scope, userId, rows);
}

export async function listCollectionsPage(services: AppServices, ctx: RequestContext, query: z.output<typeof ListCollectionsQuerySchema>): Promise<Page<Collection>> {
  const { scope, userId } = requireResearchUse(ctx);
  const where = and(
    visibleTo(scope, userId),
    query.keyword ? or(ilike(researchCollections.name, like(query.keyword)), ilike(researchCollections.description, like(query.keyword))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    services.db.select().from(researchCollections).where(where).orderBy(desc(researchCollections.updatedAt), desc(researchCollections.id)).limit(query.size).offset(query.page * query.size),
    services.db.select({ n: count() }).from(researchCollections).where(where),
  ]);
  const totalElements = Number(total?.n ?? 0);
  return { content: await present(services.db, scope, userId, rows), page: query.page, size: query.size, totalElements, totalPages: Math.ceil(totalElements / query.size) };
}

export async function getCollection(services: AppServices, ctx: RequestContext, id: number): Promise<Collection> {
  const { scope, userId } = requireResearchUse(ctx);
  return (await present(services.db, scope, userId, [await visibleCollection(services.db, scope, userId, id)]))[0]!;
}

export async function createCollection(services: AppServices, ctx: RequestContext, body: CreateCollectionBody): Promise<Collection> {
  const { scope, userId } = requireResearchUse(ctx);
  return services.db.transaction(async (tx) => {
    // One creation at a time per workspace: the count below stays true until commit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('research-collections'), ${scope.workspaceId}::int)`);
    const [n] = await tx.select({ n: count() }).from(researchCollections).where(and(inScope(researchCollections, scope), isNull(researchCollections.chatId)));
    if (Number(n?.n ?? 0) >= COLLECTION_LIMITS.collectionsPerWorkspace) {
      throw conflict({ ko: `워크스페이스의 컬렉션은 ${COLLECTION_LIMITS.collectionsPerWorkspace}개까지 만들 수 있습니다.`, en: `A workspace holds at most ${COLLECTION_LIMITS.collectionsPerWorkspace} collections.` }, { reason: 'TOO_MANY_COLLECTIONS' });
    }
    await refuseDuplicateName(tx, scope, userId, body.name);
    const [row] = await tx
      .insert(researchCollections)
      .values({ ...scope, name: body.name, description: body.description?.trim() || null, visibility: body.visibility, ownerUserId: userId })
      .returning();
    await recordAudit(tx, { type: 'research.collection_created', data: { categoryId: row!.id, name: row!.name, visibility: row!.visibility } }, { ...auditMetaOf(ctx, userId), ...scope });
    return (await present(tx, scope, userId, [row!]))[0]!;
  });
}

export async function updateCollection(services: AppServices, ctx: RequestContext, id: number, body: UpdateCollectionBody): Promise<Collection> {
  const { scope, userId } = requireResearchUse(ctx);
  return services.db.transaction(async (tx) => {
    await ownedCollection(tx, scope, userId, id, { forUpdate: true });
    if (body.name !== undefined) await refuseDuplicateName(tx, scope, userId, body.name, id);
    const changes: Partial<CollectionRow> = { updatedAt: new Date() };
    if (body.name !== undefined) changes.name = body.name;
    if (body.description !== undefined) changes.description = body.description?.trim() || null;
    if (body.visibility !== undefined) changes.visibility = body.visibility;
    const [row] = await tx.update(researchCollections).set(changes).where(and(inScope(researchCollections, scope), eq(researchCollections.id, id))).returning();
    await recordAudit(tx, { type: 'research.collection_updated', data: { categoryId: id, fields: Object.keys(body).filter((k) => body[k as keyof UpdateCollectionBody] !== undefined) } }, { ...auditMetaOf(ctx, userId), ...scope });
    return (await present(tx, scope, userId, [row!]))[0]!;
  });
}

// Capacity ----------------------------------------------------------------------------------------------

type CapacityLimit = 'DOCUMENTS_PER_COLLECTION' | 'BYTES_PER_COLLECTION' | 'DOCUMENTS_PER_WORKSPACE' | 'BYTES_PER_WORKSPACE' | 'ATTACHMENTS_PER_CHAT';

function overCapacity(limit: CapacityLimit) {
  const isCollection = limit.endsWith('COLLECTION');
  return new AppError('ERROR_EXCEEDED_STORAGE_LIMIT', {
    message:
      limit === 'ATTACHMENTS_PER_CHAT'
        ? { ko: '이 채팅에 첨부할 수 있는 파일 수를 넘었습니다.', en: 'This chat holds as many attachments as it may.' }
        : {
            ko: isCollection ? '컬렉션의 용량을 넘어 문서를 더 올릴 수 없습니다.' : '워크스페이스 컬렉션 전체 용량을 넘어 문서를 더 올릴 수 없습니다.',
            en: isCollection ? 'The collection is full: no more documents can be added.' : "The workspace's collections are full: no more documents can be added.",
          },
    data: { limit },
  });
}

/**
 * Refuses a document of `size` bytes (0: only the count) that would pass a limit; a collection not
 * created yet (null) holds nothing. `maxDocuments` (a chat's attachments) is below the collection's.
 */
async function checkCapacity(db: Db | Tx, scope: TenantScope, collectionId: number | null, size: number, maxDocuments: { count: number; limit: CapacityLimit } | null) {
  const collection = (collectionId === null ? undefined : (await countsOf(db, scope, [collectionId])).get(collectionId)) ?? { documents: 0, bytes: 0 };
  const workspace = await workspaceUsage(db, scope);
  const bytesPerWorkspace = capacityBytes(await researchConfigOf(db, scope));
  if (collection.documents + 1 > COLLECTION_LIMITS.documentsPerCollection) throw overCapacity('DOCUMENTS_PER_COLLECTION');
  if (maxDocuments && collection.documents + 1 > maxDocuments.count) throw overCapacity(maxDocuments.limit);
  if (workspace.documents + 1 > COLLECTION_LIMITS.documentsPerWorkspace) throw overCapacity('DOCUMENTS_PER_WORKSPACE');
  if (collection.bytes + size > COLLECTION_LIMITS.bytesPerCollection) throw overCapacity('BYTES_PER_COLLECTION');
  if (workspace.bytes + size > bytesPerWorkspace) throw overCapacity('BYTES_PER_WORKSPACE');
}

export async function getCapacity(services: AppServices, ctx: RequestContext, categoryId: number | undefined) {
  const { scope, userId } = requireResearchUse(ctx);
  const usage = await workspaceUsage(services.db, scope);
  let category = null;
  if (categoryId !== undefined) {
    await visibleCollection(services.db, scope, userId, categoryId);
    const c = (await countsOf(services.db, scope, [categoryId])).get(categoryId) ?? { documents: 0, bytes: 0 };
    category = { categoryId, documents: c.documents, bytes: c.bytes, maxDocuments: COLLECTION_LIMITS.documentsPerCollection, maxBytes: COLLECTION_LIMITS.bytesPerCollection };
  }
  return {
    workspace: {
      collections: usage.collections, maxCollections: COLLECTION_LIMITS.collectionsPerWorkspace, documents: usage.documents, bytes: usage.bytes,
      maxDocuments: COLLECTION_LIMITS.documentsPerWorkspace, maxBytes: capacityBytes(await researchConfigOf(services.db, scope)),
    },
    category,
  };
}

/** categories/meta/v1: the definitions with the workspace's capacity, and the general categories it searches. */
export async function getMeta(services: AppServices, ctx: RequestContext) {
  const { scope } = requireResearchUse(ctx);
  const [config, generalCategories] = await Promise.all([researchConfigOf(services.db, scope), memberGeneralCategories(services, scope)]);
  return { ...collectionMeta(capacityBytes(config)), generalCategories };
}

export async function getSession(services: AppServices, ctx: RequestContext) {
  const collections = await listCollections(services, ctx);
  return { categories: collections.map((c) => ({ categoryId: c.categoryId, name: c.name, visibility: c.visibility, indexedDocumentCount: c.indexedDocumentCount })) };
}

// Documents ---------------------------------------------------------------------------------------------

/** An upload refused after the files module kept it: deleted at once (it never belonged to the collection; the purge frees its bytes). */
async function discardUpload(services: AppServices, scope: TenantScope, userId: number, fileKey: string) {
  await services.db.update(files).set({ deletedAt: new Date(), deletedByUserId: userId, updatedAt: new Date() }).where(and(inScope(files, scope), eq(files.fileKey, fileKey)));
}

/** Where an upload goes: a named collection (its owner) or a chat's attachment collection (chat-attachments.service.ts). */
export interface DocumentTarget {
  /** Before the bytes are read (404, 403): the collection, or null when the upload will create it. */
  find(db: Db): Promise<number | null>;
  /** In the transaction that writes the document: the collection, locked (created if need be). */
  lock(tx: Tx, file: { displayName: string }): Promise<number>;
  /** The audit event of the upload. */
  audited(doc: DocumentRow): ResearchAuditEvent;
  /** Fewer documents than a collection holds (a chat's attachments: config maxAttachmentsPerChat). */
  maxDocuments?: { count: number; limit: CapacityLimit };
}

/**
 * Stores an upload as a document of a collection: the count limits checked before the bytes are
 * read, every limit again with the upload's size under the collection's row lock. The file is
 * attached to the collection (its reference) in the transaction that writes the document and
 * queues its indexing; a refused upload is deleted at once.
 */
export async function storeDocument(services: AppServices, ctx: RequestContext, request: FastifyRequest, target: DocumentTarget): Promise<DocumentRow> {
  const { scope, userId } = requireResearchUse(ctx);
  await checkCapacity(services.db, scope, await target.find(services.db), 0, target.maxDocuments ?? null);
  const uploaded = await uploadFile(services, ctx, request, { isQuotaExempt: false });
  if (!(COLLECTION_FILE_TYPES as readonly string[]).includes(uploaded.fileType)) {
    await discardUpload(services, scope, userId, uploaded.fileKey);
    throw new AppError('ERROR_UNSUPPORTED_FILE_TYPE', {
      message: { ko: `컬렉션에는 ${COLLECTION_FILE_TYPES.join(', ')} 파일만 올릴 수 있습니다.`, en: `A collection takes ${COLLECTION_FILE_TYPES.join(', ')} files only.` },
      data: { reason: 'NOT_A_COLLECTION_TYPE', detectedType: uploaded.fileType },
    });
  }
  try {
    return await services.db.transaction(async (tx) => {
      const id = await target.lock(tx, { displayName: uploaded.displayName });
      await checkCapacity(tx, scope, id, uploaded.size, target.maxDocuments ?? null);
      const [file] = await tx
        .update(files)
        .set({ referenceType: COLLECTION_REFERENCE_TYPE, referenceId: String(id), pendingAttachmentUntil: null, updatedAt: new Date() })
        .where(and(inScope(files, scope), eq(files.fileKey, uploaded.fileKey)))
        .returning({ id: files.id });
      if (!file) throw notFound();
      const [doc] = await tx
        .insert(researchCollectionDocuments)
        .values({ ...scope, collectionId: id, fileId: file.id, fileKey: uploaded.fileKey, title: uploaded.displayName, fileType: uploaded.fileType, size: uploaded.size, status: 'PENDING', uploadedByUserId: userId })
        .returning();
      await tx.update(researchCollections).set({ updatedAt: new Date() }).where(and(inScope(researchCollections, scope), eq(researchCollections.id, id)));
      await services.jobs.send(indexCollectionDocumentJob, { ...scope, documentId: doc!.id, waits: 0 }, { tx, idempotencyKey: `research.index-collection-document:${doc!.id}:0` });
      await recordAudit(tx, target.audited(doc!), { ...auditMetaOf(ctx, userId), ...scope });
      return doc!;
    });
  } catch (err) {
    await discardUpload(services, scope, userId, uploaded.fileKey);
    throw err;
  }
}

/** categories/{id}/documents/by-file/v1: owner only. */
export async function uploadDocument(services: AppServices, ctx: RequestContext, request: FastifyRequest, id: number): Promise<CollectionDocument> {
  const { scope, userId } = requireResearchUse(ctx);
  const doc = await storeDocument(services, ctx, request, {
    find: async (db) => (await ownedCollection(db, scope, userId, id)).id,
    lock: async (tx) => (await ownedCollection(tx, scope, userId, id, { forUpdate: true })).id,
    audited: (d) => ({ type: 'research.collection_document_uploaded', data: { categoryId: id, documentId: d.id, fileKey: d.fileKey, title: d.title } }),
  });
  return documentDto(doc);
}

export async function listDocuments(services: AppServices, ctx: RequestContext, id: number, query: z.output<typeof ListCollectionDocumentsQuerySchema>): Promise<Page<CollectionDocument>> {
  const { scope, userId } = requireResearchUse(ctx);
  await visibleCollection(services.db, scope, userId, id);
  const where = and(
    inScope(researchCollectionDocuments, scope),
    eq(researchCollectionDocuments.collectionId, id),
    query.keyword ? ilike(researchCollectionDocuments.title, like(query.keyword)) : undefined,
    query.status ? eq(researchCollectionDocuments.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    services.db.select().from(researchCollectionDocuments).where(where).orderBy(desc(researchCollectionDocuments.createdAt), desc(researchCollectionDocuments.id)).limit(query.size).offset(query.page * query.size),
    services.db.select({ n: count() }).from(researchCollectionDocuments).where(where),
  ]);
  const totalElements = Number(total?.n ?? 0);
  return { content: rows.map(documentDto), page: query.page, size: query.size, totalElements, totalPages: Math.ceil(totalElements / query.size) };
}

export async function documentStatus(services: AppServices, ctx: RequestContext, id: number, documentId: number): Promise<CollectionDocument> {
  const { scope, userId } = requireResearchUse(ctx);
  await visibleCollection(services.db, scope, userId, id);
  return documentDto(await documentOf(services.db, scope, id, documentId));
}

/**
 * Removes documents of a collection the caller may change (locked by the caller): their passages
 * cascade, their files are soft-deleted (purged later). In the caller's transaction.
 */
export async function removeDocuments(tx: Tx, scope: TenantScope, userId: number, collectionId: number, where: SQL): Promise<DocumentRow[]> {
  const rows = await tx.select().from(researchCollectionDocuments).where(and(inScope(researchCollectionDocuments, scope), eq(researchCollectionDocuments.collectionId, collectionId), where));
  if (rows.length === 0) return rows;
  await tx.delete(researchCollectionDocuments).where(and(inScope(researchCollectionDocuments, scope), inArray(researchCollectionDocuments.id, rows.map((r) => r.id))));
  await tx.update(files).set({ deletedAt: new Date(), deletedByUserId: userId, updatedAt: new Date() }).where(and(inScope(files, scope), inArray(files.id, rows.map((r) => r.fileId))));
  await tx.update(researchCollections).set({ updatedAt: new Date() }).where(and(inScope(researchCollections, scope), eq(researchCollections.id, collectionId)));
  return rows;
}

/** Owner only: the documents and their files, in one transaction. */
export async function deleteDocuments(services: AppServices, ctx: RequestContext, id: number, documentIds: readonly number[]) {
  const { scope, userId } = requireResearchUse(ctx);
  return services.db.transaction(async (tx) => {
    await ownedCollection(tx, scope, userId, id, { forUpdate: true });
    const wanted = [...new Set(documentIds)];
    const rows = await removeDocuments(tx, scope, userId, id, inArray(researchCollectionDocuments.id, wanted));
    if (rows.length > 0) {
      await recordAudit(tx, { type: 'research.collection_documents_deleted', data: { categoryId: id, documentIds: rows.map((r) => r.id), titles: rows.map((r) => r.title) } }, { ...auditMetaOf(ctx, userId), ...scope });
    }
    const done = new Set(rows.map((r) => r.id));
    return { deletedCount: rows.length, notFound: wanted.filter((d) => !done.has(d)) };
  });
}
