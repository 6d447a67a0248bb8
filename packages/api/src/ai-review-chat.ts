import { z } from 'zod';
import { estimateCredits } from './ai-prices';
import { ReviewContractTypeSchema } from './ai-review';
import { defineRoute } from './http';

// Review chat (catalogue 7.1 review-chat): questions about a reviewed contract, answered by a
// model from its clauses, each sentence pointing at the clause it rests on.

const tags = ['aireview'];
const product = 'AI_REVIEW' as const;

/** How much of the contract a chat question gives the model, in characters. */
export const REVIEW_CHAT_CONTEXT_CHARS = 60_000;

/**
 * The contract as a chat question gives it to the model: its clauses numbered [C1], [C2]... (the
 * whole text as one when it has none), up to REVIEW_CHAT_CONTEXT_CHARS. The price reads its length.
 */
export function reviewChatContext(clauses: ReadonlyArray<{ startOffset: number; endOffset: number }>, text: string): string {
  const parts = clauses.length > 0 ? clauses : [{ startOffset: 0, endOffset: text.length }];
  return parts.map((c, i) => `[C${i + 1}] ${text.slice(c.startOffset, c.endOffset).trim()}`).join('\n\n').slice(0, REVIEW_CHAT_CONTEXT_CHARS);
}

/** What review-chat/v2 debits for a question with `historyTurns` earlier turns: shown before it is asked. */
export function reviewChatCredits(clauses: ReadonlyArray<{ startOffset: number; endOffset: number }>, text: string, historyTurns = 0): number {
  return estimateCredits('REVIEW_CHAT', { driver: 'OPENAI_COMPATIBLE', textLength: reviewChatContext(clauses, text).length, items: historyTurns + 1 });
}

export const ReviewChatBodySchema = z.object({
  reviewId: z.number().int().positive(),
  question: z.string().trim().min(1).max(2000),
  history: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(8000) })).max(20).default([]),
});

export const ReviewChatSentenceSchema = z.object({
  text: z.string(),
  clause: z.object({ heading: z.string().nullable(), startOffset: z.number().int(), endOffset: z.number().int() }).nullable(),
});

export const reviewChat = defineRoute({
  method: 'POST', path: '/api/aireview/review-chat/v2', access: 'member', product, tags, raw: true,
  summary:
    'Answers a question about the reviewed contract as text/event-stream: `delta` events ({text}) as the model writes, then one `done` event ' +
    '({sentences: [{text, clause}], creditsCharged}) where each sentence points at the clause it rests on, or an `error` event ({code, message}). ' +
    'Errors before the stream starts (401, 403, 404, 402, 503) are the usual JSON envelope.',
  schemas: { body: ReviewChatBodySchema },
});

export const getReviewChatQuestionExamples = defineRoute({
  method: 'GET', path: '/api/aireview/review-chat/question-examples/v1', access: 'member', product, tags,
  summary: 'Questions users ask about a contract of this type, in the caller\'s language.',
  schemas: { query: z.object({ contractType: ReviewContractTypeSchema }), data: z.array(z.string()) },
});
