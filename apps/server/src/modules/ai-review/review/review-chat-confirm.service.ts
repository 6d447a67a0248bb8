import { type ReviewChatQueryConfirm, reviewChatCredits } from '@legal/api';
import type { RequestContext } from '../../../platform/http/context';
import { AppError, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { resolveAiProvider } from '../../ai';
import { similarClauses } from '../similarity/text-similarity';
import { requireReviewUse, reviewText, visibleReview } from './review.service';

/** How many clauses are offered as the question's context. */
const CONTEXT_CLAUSES = 5;

/** The question as it is sent: Unicode NFC, runs of whitespace as one space, trimmed. */
export function normaliseQuestion(question: string): string {
  return question.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * review-chat/query-confirm/v1: what a chat question will ask, before a model sees it. The built-in
 * lexical similarity picks the review's clauses closest to the question; the credits are those
 * review-chat/v2 debits for this question after `history`. No model, no charge.
 */
export async function confirmChatQuery(services: AppServices, ctx: RequestContext, body: { reviewId: number; question: string; history?: unknown[] }): Promise<ReviewChatQueryConfirm> {
  const { scope } = requireReviewUse(ctx);
  const question = normaliseQuestion(body.question);
  if (question.length === 0) throw validationError([{ field: 'body.question', reason: 'a question is required' }]);
  const review = await visibleReview(services, ctx, body.reviewId);
  if (review.status !== 'DONE') throw new AppError('ERROR_CONFLICT', { message: { ko: '검토가 끝난 뒤에 사용할 수 있습니다.', en: 'Available once the review is done.' } });
  const text = await reviewText(services.db, scope, review);
  if (text === null) throw new AppError('ERROR_DOCUMENT_TEXT_NOT_READY');
  const candidates = (review.clauses ?? []).map((c) => ({ ...c, text: text.slice(c.startOffset, c.endOffset) }));
  const ranked = similarClauses(question, candidates, { limit: CONTEXT_CLAUSES });
  const provider = await resolveAiProvider(services, scope);
  return {
    question,
    clauses: ranked.map(({ candidate: c, score }) => ({ heading: c.heading, label: c.label, startOffset: c.startOffset, endOffset: c.endOffset, text: c.text, score: Math.round(score * 1000) / 1000 })),
    credits: reviewChatCredits(review.clauses ?? [], text, body.history?.length ?? 0),
    isModelConfigured: provider.canGenerate,
  };
}
