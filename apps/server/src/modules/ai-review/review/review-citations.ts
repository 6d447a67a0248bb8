import { and, eq, exists, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader } from '../../../platform/attachments';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { AppServices } from '../../../platform/services';
import { contracts } from '../../contracts';
import { type ArticleRef, citedAmong, citedRefsIn, citesAnyWhere } from '../../law';
import { aiReviewFindings, aiReviews } from '../ai-review.table';
import type { LocalizedText } from '../playbook/playbook.types';
import { readableReviewWhere } from './review-source';

// What the statute-change alerts need of AI review: which findings cite a statute article (by the
// version their legal basis was resolved in), and who may see a finding, as SQL over its id.

/**
 * True when the reader may see the finding `findingId` names through the review routes: the
 * workspace has AI review, the reader may use it, and the review is as visible as its document
 * (the repository contract's readers; a standalone contract's creator; the file's readers), as
 * canSeeReview decides for one review.
 */
export async function readableFindingWhere(services: Pick<AppServices, 'attachments'>, reader: AttachmentReader, findingId: SQLWrapper): Promise<SQL> {
  return exists(
    reader.db
      .select({ one: sql`1` })
      .from(aiReviewFindings)
      .innerJoin(aiReviews, and(eq(aiReviews.id, aiReviewFindings.reviewId), inScope(aiReviews, reader.scope)))
      .where(and(inScope(aiReviewFindings, reader.scope), sql`${aiReviewFindings.id} = ${findingId}`, await readableReviewWhere(services, reader))),
  );
}

/** Every (version, article) any finding of any workspace cites: the detection's first, cheap filter. */
export function unscopedCitedByFindings(db: Db | Tx): Promise<ArticleRef[]> {
  return citedRefsIn(db, aiReviewFindings, aiReviewFindings.legalBasis);
}

export interface CitingFinding {
  tenantId: number;
  workspaceId: number;
  findingId: number;
  reviewId: number;
  contractId: number | null;
  /** The contract's title, else the reviewed file's name. */
  title: string;
  question: LocalizedText;
  /** Who ran the review, who decided the finding, the contract's owner (those told of a change). */
  peopleUserIds: number[];
  /** The cited articles among those asked about, as (version, article). */
  cites: ArticleRef[];
}

/**
 * The findings of every workspace whose legal basis cites one of `refs` (version and article), of
 * reviews started before `createdBefore` (a review made after a version arrived chose what it cites).
 * Across tenants by design: the detection job reads them once per new statute version.
 */
export async function unscopedFindingsCiting(db: Db | Tx, refs: readonly ArticleRef[], createdBefore: Date): Promise<CitingFinding[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .select({
      tenantId: aiReviewFindings.tenantId, workspaceId: aiReviewFindings.workspaceId, findingId: aiReviewFindings.id, reviewId: aiReviewFindings.reviewId,
      question: aiReviewFindings.question, legalBasis: aiReviewFindings.legalBasis, decidedByUserId: aiReviewFindings.decidedByUserId,
      contractId: aiReviews.contractId, createdByUserId: aiReviews.createdByUserId, fileName: aiReviews.fileName, contractTitle: contracts.title, ownerUserId: contracts.ownerUserId,
    })
    .from(aiReviewFindings)
    .innerJoin(aiReviews, and(eq(aiReviews.id, aiReviewFindings.reviewId), eq(aiReviews.tenantId, aiReviewFindings.tenantId), eq(aiReviews.workspaceId, aiReviewFindings.workspaceId)))
    .leftJoin(contracts, and(eq(contracts.id, aiReviews.contractId), eq(contracts.tenantId, aiReviews.tenantId), eq(contracts.workspaceId, aiReviews.workspaceId)))
    .where(
      and(lt(aiReviews.createdAt, createdBefore), citesAnyWhere(aiReviewFindings.legalBasis, refs)),
    );
  return rows.map((row) => ({
    tenantId: row.tenantId, workspaceId: row.workspaceId, findingId: row.findingId, reviewId: row.reviewId, contractId: row.contractId,
    title: row.contractTitle ?? row.fileName, question: row.question,
    peopleUserIds: [row.createdByUserId, row.decidedByUserId, row.ownerUserId].filter((id): id is number => id !== null),
    cites: citedAmong(row.legalBasis, refs),
  })).filter((row) => row.cites.length > 0);
}
