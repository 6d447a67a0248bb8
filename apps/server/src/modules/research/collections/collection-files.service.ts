import { Readable } from 'node:stream';
import { COLLECTION_LIMITS, type DocumentPages } from '@legal/api';
import { and, asc, between, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { zipSafeName, zipStream, type ZipEntry } from '../../../platform/export/zip-writer';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError, notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { contentDisposition, filePages, fileRevisions, files, recordFileDownload, sendRevision } from '../../files';
import { requireResearchUse } from '../research.policy';
import { type DocumentRow, documentOf, visibleCollection } from './collections.repo';
import { researchCollectionDocuments } from './collections.table';

/** The current revision of a document's file (null when the file is gone). */
async function currentRevision(services: AppServices, scope: TenantScope, doc: DocumentRow) {
  const [row] = await services.db
    .select({ revision: fileRevisions })
    .from(fileRevisions)
    .innerJoin(files, and(eq(files.id, fileRevisions.fileId), eq(files.currentRevision, fileRevisions.revision)))
    .where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, doc.fileId)))
    .limit(1);
  return row?.revision ?? null;
}

async function visibleDocument(services: AppServices, ctx: RequestContext, collectionId: number, documentId: number) {
  const { scope, userId } = requireResearchUse(ctx);
  await visibleCollection(services.db, scope, userId, collectionId);
  return { scope, doc: await documentOf(services.db, scope, collectionId, documentId) };
}

/** categories/{id}/documents/{documentId}/download/v1: the file as uploaded, through the files module's download (ranges, ETag, access record). */
export async function downloadDocument(services: AppServices, ctx: RequestContext, collectionId: number, documentId: number, request: FastifyRequest, reply: FastifyReply) {
  const { scope, doc } = await visibleDocument(services, ctx, collectionId, documentId);
  const revision = await currentRevision(services, scope, doc);
  if (!revision) throw notFound();
  return sendRevision(request, reply, { fileKey: doc.fileKey, revision, displayName: doc.title, open: (range) => services.storage.get(revision.storageKey, range) }, ctx, services.db);
}

/** The page range asked for: 400 naming query.pageEnd when it is reversed or too long. */
function pageRange(query: { pageStart: number; pageEnd?: number }) {
  const end = query.pageEnd ?? query.pageStart + COLLECTION_LIMITS.pagesPerRead - 1;
  if (end < query.pageStart) throw validationError([{ field: 'query.pageEnd', reason: 'must not be before pageStart' }]);
  if (end - query.pageStart + 1 > COLLECTION_LIMITS.pagesPerRead) throw validationError([{ field: 'query.pageEnd', reason: `at most ${COLLECTION_LIMITS.pagesPerRead} pages` }]);
  return { start: query.pageStart, end };
}

const notExtracted = () =>
  new AppError('ERROR_CONFLICT', {
    message: { ko: '문서의 텍스트를 아직 읽는 중입니다.', en: "The document's text is still being read." },
    data: { reason: 'TEXT_NOT_READY' },
  });

/** chats/{collectionId}/{documentId}/ocr/v1: the pages' text as the files module extracted (or OCR'd) it. */
export async function documentPages(services: AppServices, ctx: RequestContext, collectionId: number, documentId: number, query: { pageStart: number; pageEnd?: number }): Promise<DocumentPages> {
  return (await readPages(services, ctx, collectionId, documentId, query)).read;
}

async function readPages(services: AppServices, ctx: RequestContext, collectionId: number, documentId: number, query: { pageStart: number; pageEnd?: number }) {
  const range = pageRange(query);
  const { scope, doc } = await visibleDocument(services, ctx, collectionId, documentId);
  const revision = await currentRevision(services, scope, doc);
  if (!revision) throw notFound();
  if (revision.extractionStatus === 'PENDING') throw notExtracted();
  const pages = await services.db
    .select({ pageNumber: filePages.pageNumber, text: filePages.text, method: filePages.method })
    .from(filePages)
    .where(and(inScope(filePages, scope), eq(filePages.revisionId, revision.id), between(filePages.pageNumber, range.start, range.end)))
    .orderBy(asc(filePages.pageNumber));
  const read: DocumentPages = { categoryId: collectionId, documentId, title: doc.title, status: doc.status, pageCount: revision.pageCount, pages };
  return { read, range, file: { fileKey: doc.fileKey, revision: revision.revision } };
}

/** chats/{collectionId}/{documentId}/download/v1: the same pages as a text file. */
export async function downloadDocumentPages(services: AppServices, ctx: RequestContext, collectionId: number, documentId: number, query: { pageStart: number; pageEnd?: number }, reply: FastifyReply) {
  const { read, range, file } = await readPages(services, ctx, collectionId, documentId, query);
  const body = read.pages.map((p) => `[p. ${p.pageNumber}]\n${p.text}`).join('\n\n');
  await recordFileDownload(services.db, ctx, file);
  const base = read.title.replace(/\.[A-Za-z0-9]{1,5}$/u, '');
  return reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('content-disposition', contentDisposition(`${base} p.${range.start}-${Math.min(range.end, read.pageCount ?? range.end)}.txt`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(body);
}

/** documents/download/by-collection|by-category/v1: every document of the collection in one ZIP. */
export async function downloadCollectionZip(services: AppServices, ctx: RequestContext, collectionId: number, reply: FastifyReply) {
  const { scope, userId } = requireResearchUse(ctx);
  const collection = await visibleCollection(services.db, scope, userId, collectionId);
  const rows = await services.db
    .select({ doc: researchCollectionDocuments, revision: fileRevisions })
    .from(researchCollectionDocuments)
    .innerJoin(files, and(inScope(files, scope), eq(files.id, researchCollectionDocuments.fileId)))
    .innerJoin(fileRevisions, and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision)))
    .where(and(inScope(researchCollectionDocuments, scope), eq(researchCollectionDocuments.collectionId, collectionId)))
    .orderBy(asc(researchCollectionDocuments.id));
  for (const r of rows) await recordFileDownload(services.db, ctx, { fileKey: r.doc.fileKey, revision: r.revision.revision });
  const used = new Set<string>();
  const unique = (name: string) => {
    const safe = zipSafeName(name);
    let candidate = safe;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = safe.replace(/(\.[^.]*)?$/u, (ext) => ` (${n})${ext}`);
    used.add(candidate.toLowerCase());
    return candidate;
  };
  async function* entries(): AsyncIterable<ZipEntry> {
    for (const r of rows) yield { name: unique(r.doc.title), open: () => services.storage.get(r.revision.storageKey), isStored: true };
    if (rows.length === 0) yield { name: 'README.txt', open: () => Readable.from([Buffer.from(ctx.locale === 'ko' ? '이 컬렉션에는 문서가 없습니다.\n' : 'This collection has no documents.\n')]) };
  }
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(`${collection.name}.zip`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(zipStream(entries(), services.logger));
}
