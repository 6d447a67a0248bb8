import type { ClauseLabel } from '@legal/api';
import type { RequestContext } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { memberDisplayNames } from '../../auth';
import { findingDto, newerVersionsOf } from './review-dto';
import { findingsOf, requireReviewUse, visibleReview } from './review.service';
import { AppError } from '../../../platform/http/errors';

async function doneReview(services: AppServices, ctx: RequestContext, reviewId: number) {
  const review = await visibleReview(services, ctx, reviewId);
  if (review.status !== 'DONE') throw new AppError('ERROR_CONFLICT', { message: { ko: '검토가 끝난 뒤에 사용할 수 있습니다.', en: 'Available once the review is done.' } });
  return review;
}

/** The built-in engine's extractive summary of a review (no model, no charge: it was paid with the review). */
export async function summarizeReview(services: AppServices, ctx: RequestContext, reviewId: number) {
  const review = await doneReview(services, ctx, reviewId);
  return { engine: 'BUILT_IN' as const, keyPoints: review.summary?.keyPoints ?? [], creditsCharged: 0 };
}

/** The findings resting on the clause that contains `startOffset`. */
export async function clauseAnalysis(services: AppServices, ctx: RequestContext, reviewId: number, startOffset: number) {
  const { scope } = requireReviewUse(ctx);
  const review = await doneReview(services, ctx, reviewId);
  const clause = (review.clauses ?? []).find((c) => c.startOffset <= startOffset && startOffset < c.endOffset) ?? null;
  if (!clause) return { clause: null, findings: [] };
  const rows = (await findingsOf(services.db, scope, review.id)).filter((f) => f.clause?.startOffset === clause.startOffset);
  const names = await memberDisplayNames(services.db, scope, rows.map((f) => f.decidedByUserId));
  const newer = await newerVersionsOf(services.db, rows);
  return { clause: { ...clause, label: clause.label as ClauseLabel }, findings: rows.map((f) => findingDto(f, ctx.locale, names, newer)) };
}
