import type { ReviewDocumentBodySchema } from '@legal/api';
import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AttachmentReader } from '../../../platform/attachments';
import { inScope } from '../../../platform/db/tenancy';
import { type RequestContext, tenantScope } from '../../../platform/http/context';
import { AppError, notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { canReadContract, readableContractDocument, readableContractWhere } from '../../contracts';
import { canReadFile, fileRevisions, findFile, findReadableFile, readableFileWhere } from '../../files';
import { aiReviewStandaloneContracts, aiReviews } from '../ai-review.table';

type Services = Pick<AppServices, 'db' | 'attachments'>;

/** Using AI review (on top of the workspace membership and the AI_REVIEW product). */
export const AI_REVIEW_USE = 'ai.review.use';

/** A revision's text digest as the database computes it: `textDigest` (text-labels.ts) of the same text. */
export const REVISION_TEXT_DIGEST = sql<string>`encode(sha256(convert_to(coalesce(${fileRevisions.extractedText}, ''), 'UTF8')), 'hex')`;
type Body = z.output<typeof ReviewDocumentBodySchema>;

export interface ReviewSource {
  contractId: number | null;
  standaloneContractId: number | null;
  fileKey: string;
  fileId: number;
  fileName: string;
  revision: number;
  textLength: number;
  /** The text's digest (text-labels.ts `textDigest`), read with it: the key of its kept labels. */
  textDigest: string;
}

export function userIdOf(ctx: RequestContext): number {
  if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  return ctx.principal.userId;
}

/** A standalone contract of the caller (its creator), or 404. */
export async function ownStandalone(services: Pick<AppServices, 'db'>, ctx: RequestContext, id: number) {
  const [row] = await services.db
    .select()
    .from(aiReviewStandaloneContracts)
    .where(and(inScope(aiReviewStandaloneContracts, tenantScope(ctx)), eq(aiReviewStandaloneContracts.id, id), eq(aiReviewStandaloneContracts.createdByUserId, userIdOf(ctx))))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The document a review request names, as the caller may read it: a repository contract's
 * document (contract visibility), a standalone contract of theirs, or a file they can read. Another
 * tenant's or hidden object answers 404. Its text must be extracted (409 ERROR_DOCUMENT_TEXT_NOT_READY).
 */
export async function resolveReviewSource(services: Services, ctx: RequestContext, body: Body): Promise<ReviewSource> {
  const scope = tenantScope(ctx);
  let contractId: number | null = null;
  let standaloneContractId: number | null = null;
  let file;
  if (body.contractId !== undefined) {
    const doc = await readableContractDocument(services, ctx, body.contractId, body.fileKey);
    contractId = doc.contractId;
    file = await findFile(services.db, scope, doc.fileKey);
  } else if (body.standaloneContractId !== undefined) {
    const standalone = await ownStandalone(services, ctx, body.standaloneContractId);
    if (!standalone.fileKey) throw validationError([{ field: 'body.standaloneContractId', reason: 'the standalone contract has no document yet' }]);
    standaloneContractId = standalone.id;
    file = await findFile(services.db, scope, standalone.fileKey);
  } else {
    if (body.fileKey === undefined) throw validationError([{ field: 'body.fileKey', reason: 'name a contractId, a standaloneContractId or a fileKey' }]);
    file = await findReadableFile(services, ctx, body.fileKey);
  }
  if (!file) throw notFound();
  const revision = body.revision ?? file.file.currentRevision;
  const [row] = await services.db
    .select({
      status: fileRevisions.extractionStatus,
      displayName: fileRevisions.displayName,
      length: sql<number>`coalesce(length(${fileRevisions.extractedText}), 0)::int`,
      digest: REVISION_TEXT_DIGEST,
    })
    .from(fileRevisions)
    .where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, file.file.id), eq(fileRevisions.revision, revision)))
    .limit(1);
  if (!row) throw validationError([{ field: 'body.revision', reason: 'no such revision of the document' }]);
  if (row.status !== 'DONE') {
    throw new AppError('ERROR_DOCUMENT_TEXT_NOT_READY', {
      message:
        row.status === 'PENDING'
          ? { ko: '문서의 텍스트를 아직 읽는 중입니다. 잠시 후 다시 검토해 주세요.', en: "The document's text is still being extracted. Try the review again shortly." }
          : { ko: '이 문서에서는 텍스트를 읽지 못해 검토할 수 없습니다.', en: 'No text could be read from this document, so it cannot be reviewed.' },
      data: { extractionStatus: row.status },
    });
  }
  return { contractId, standaloneContractId, fileKey: file.file.fileKey, fileId: file.file.id, fileName: row.displayName, revision, textLength: Number(row.length), textDigest: row.digest };
}

/**
 * Whether the caller may see a review: exactly as they may see the document it reviewed (the
 * contract's readers; a standalone contract's creator; a file's readers).
 */
export async function canSeeReview(
  services: Services,
  ctx: RequestContext,
  review: { contractId: number | null; standaloneContractId: number | null; fileKey: string; createdByUserId: number },
): Promise<boolean> {
  if (review.contractId !== null) return canReadContract(services, ctx, review.contractId);
  if (review.standaloneContractId !== null) return review.createdByUserId === userIdOf(ctx);
  return canReadFile(services, ctx, review.fileKey);
}

/**
 * canSeeReview as SQL over the review's row (`aiReviews`), for lists: one query however many
 * reviews and documents the workspace holds, where a check per document cost a few statements
 * each on the list's every call (issue 15: the list slowed as reviews were queued). False without
 * ai.review.use or the AI_REVIEW product.
 */
export async function readableReviewWhere(services: Pick<AppServices, 'attachments'>, reader: AttachmentReader): Promise<SQL> {
  const principal = reader.ctx.principal;
  if (principal?.kind !== 'user' || !principal.permissions.has(AI_REVIEW_USE) || !reader.ctx.products?.has('AI_REVIEW')) return sql`false`;
  const contractReadable = await readableContractWhere(reader, aiReviews.contractId);
  const fileReadable = await readableFileWhere(services, reader, aiReviews.fileKey);
  return or(
    and(isNotNull(aiReviews.contractId), contractReadable),
    and(isNotNull(aiReviews.standaloneContractId), eq(aiReviews.createdByUserId, principal.userId)),
    and(isNull(aiReviews.contractId), isNull(aiReviews.standaloneContractId), fileReadable),
  )!;
}
