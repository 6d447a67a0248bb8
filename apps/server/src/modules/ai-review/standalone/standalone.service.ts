import type { listStandaloneContracts } from '@legal/api';
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext } from '../../../platform/http/context';
import { validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { contentDisposition, fileRevisions, files, findFile, findReadableFile } from '../../files';
import { aiReviewStandaloneContracts } from '../ai-review.table';
import { requireReviewUse } from '../review/review.service';
import { ownStandalone } from '../review/review-source';

/**
 * Standalone contracts (catalogue 7.1): a document reviewed without registering a contract in the
 * repository. Only its creator sees it (and its reviews); its document is a file they can read.
 */
type Row = typeof aiReviewStandaloneContracts.$inferSelect;
type ListQuery = z.output<NonNullable<(typeof listStandaloneContracts)['schemas']['query']>>;

async function dto(services: AppServices, rows: Row[], scope: { tenantId: number; workspaceId: number }) {
  const keys = rows.map((r) => r.fileKey).filter((k): k is string => k !== null);
  const names = keys.length === 0 ? [] : await services.db.select({ fileKey: files.fileKey, name: files.displayName }).from(files).where(and(inScope(files, scope), inArray(files.fileKey, keys)));
  return rows.map((r) => ({
    standaloneContractId: r.id,
    title: r.title,
    fileKey: r.fileKey,
    fileName: names.find((n) => n.fileKey === r.fileKey)?.name ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function readableKey(services: AppServices, ctx: RequestContext, fileKey: string) {
  const file = await findReadableFile(services, ctx, fileKey);
  if (!file) throw validationError([{ field: 'body.fileKey', reason: 'no such file' }]);
  return file.file.fileKey;
}

export async function listStandalone(services: AppServices, ctx: RequestContext, query: ListQuery) {
  const { scope, userId } = requireReviewUse(ctx);
  const t = aiReviewStandaloneContracts;
  const escaped = query.searchKeyword?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(inScope(t, scope), eq(t.createdByUserId, userId), escaped ? ilike(t.title, `%${escaped}%`) : undefined);
  const [field, direction] = query.sort.split(',') as ['createdAt' | 'title', 'asc' | 'desc'];
  const column = field === 'title' ? t.title : t.createdAt;
  const rows = await services.db
    .select()
    .from(t)
    .where(where)
    .orderBy(direction === 'asc' ? asc(column) : desc(column), desc(t.id))
    .limit(query.size)
    .offset(query.page * query.size);
  const [count] = await services.db.select({ n: sql<number>`count(*)::int` }).from(t).where(where);
  const total = Number(count?.n ?? 0);
  return { content: await dto(services, rows, scope), page: query.page, size: query.size, totalElements: total, totalPages: Math.ceil(total / query.size) };
}

export async function createStandalone(services: AppServices, ctx: RequestContext, body: { title: string; fileKey?: string }) {
  const { scope, userId } = requireReviewUse(ctx);
  const fileKey = body.fileKey !== undefined ? await readableKey(services, ctx, body.fileKey) : null;
  const row = await services.db.transaction(async (tx) => {
    const [created] = await tx.insert(aiReviewStandaloneContracts).values({ ...scope, title: body.title, fileKey, createdByUserId: userId }).returning();
    await recordAudit(tx, { type: 'ai_review.standalone_created', data: { standaloneContractId: created!.id, title: created!.title } }, { ...auditMetaOf(ctx, userId), ...scope });
    return created!;
  });
  return (await dto(services, [row], scope))[0]!;
}

export async function getStandalone(services: AppServices, ctx: RequestContext, id: number) {
  const { scope } = requireReviewUse(ctx);
  return (await dto(services, [await ownStandalone(services, ctx, id)], scope))[0]!;
}

export async function setStandaloneDocument(services: AppServices, ctx: RequestContext, id: number, fileKey: string) {
  const { scope, userId } = requireReviewUse(ctx);
  await ownStandalone(services, ctx, id);
  const key = await readableKey(services, ctx, fileKey);
  const row = await services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(aiReviewStandaloneContracts)
      .set({ fileKey: key, updatedAt: new Date() })
      .where(and(inScope(aiReviewStandaloneContracts, scope), eq(aiReviewStandaloneContracts.id, id)))
      .returning();
    await recordAudit(tx, { type: 'ai_review.standalone_document_set', data: { standaloneContractId: id, fileKey: key } }, { ...auditMetaOf(ctx, userId), ...scope });
    return updated!;
  });
  return (await dto(services, [row], scope))[0]!;
}

export async function downloadStandalone(services: AppServices, ctx: RequestContext, id: number, _request: FastifyRequest, reply: FastifyReply) {
  const { scope } = requireReviewUse(ctx);
  const row = await ownStandalone(services, ctx, id);
  if (!row.fileKey) throw validationError([{ field: 'params.standaloneContractId', reason: 'the standalone contract has no document yet' }]);
  const file = await findFile(services.db, scope, row.fileKey);
  const [rev] = file
    ? await services.db
        .select()
        .from(fileRevisions)
        .where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, file.file.id), eq(fileRevisions.revision, file.file.currentRevision)))
        .limit(1)
    : [];
  if (!file || !rev) throw validationError([{ field: 'params.standaloneContractId', reason: 'its document was deleted' }]);
  return reply
    .header('content-type', rev.contentType)
    .header('content-disposition', contentDisposition(rev.displayName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(await services.storage.get(rev.storageKey));
}
