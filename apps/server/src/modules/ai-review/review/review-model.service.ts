import { type AiServiceFeature, type EditClauseBodySchema, type ReviewChatBodySchema, reviewChatContext, reviewChatCredits } from '@legal/api';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { type AiProvider, AiProviderError } from '../../../platform/ai/provider';
import type { RequestContext } from '../../../platform/http/context';
import { AppError, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { aiErrorToAppError, estimateCredits, meteredAiCall, requireAiService, resolveAiProvider, translateSegments } from '../../ai';
import { type ReviewRow } from './review-dto';
import { textLanguage } from '../engine/text-language';
import { findingsOf, requireReviewUse, reviewText, visibleReview } from './review.service';
import { sseEvent, startEventStream } from '../../../platform/http/event-stream';

/** The answer when no model can generate here: 503 ERROR_AI_PROVIDER_NOT_CONFIGURED with how to configure one. */
export const notConfigured = () => new AppError('ERROR_AI_PROVIDER_NOT_CONFIGURED');

/**
 * The workspace's provider, if the super admin left this AI service on (403 otherwise) and it can
 * write free text (503 otherwise), before anything is charged.
 */
async function generatingProvider(services: AppServices, ctx: RequestContext, feature: AiServiceFeature): Promise<AiProvider> {
  const { scope } = requireReviewUse(ctx);
  await requireAiService(services.db, scope, feature);
  const provider = await resolveAiProvider(services, scope);
  if (!provider.canGenerate) throw notConfigured();
  return provider;
}

async function doneReviewWithText(services: AppServices, ctx: RequestContext, reviewId: number): Promise<{ review: ReviewRow; text: string }> {
  const review = await visibleReview(services, ctx, reviewId);
  if (review.status !== 'DONE') throw new AppError('ERROR_CONFLICT', { message: { ko: '검토가 끝난 뒤에 사용할 수 있습니다.', en: 'Available once the review is done.' } });
  const { scope } = requireReviewUse(ctx);
  const text = await reviewText(services.db, scope, review);
  if (text === null) throw new AppError('ERROR_DOCUMENT_TEXT_NOT_READY');
  return { review, text };
}

const POSITION_WORDS = { PARTY_A: { ko: '갑', en: 'Party A' }, PARTY_B: { ko: '을', en: 'Party B' }, NEUTRAL: { ko: '양 당사자 모두', en: 'both parties' } } as const;
type Clause = { heading: string | null; startOffset: number; endOffset: number };

/** The review's clauses, or the whole text as one when segmentation found none. */
function clausesOf(review: ReviewRow, text: string): Clause[] {
  const clauses = review.clauses ?? [];
  return clauses.length > 0 ? clauses : [{ heading: null, startOffset: 0, endOffset: text.length }];
}

export async function editClause(services: AppServices, ctx: RequestContext, body: z.output<typeof EditClauseBodySchema>) {
  const { scope, userId } = requireReviewUse(ctx);
  if (body.position === undefined && body.instruction === undefined) throw validationError([{ field: 'body.instruction', reason: 'give a position or an instruction' }]);
  if (body.endOffset <= body.startOffset) throw validationError([{ field: 'body.endOffset', reason: 'must be after startOffset' }]);
  const { review, text } = await doneReviewWithText(services, ctx, body.reviewId);
  if (body.endOffset > text.length) throw validationError([{ field: 'body.endOffset', reason: 'beyond the end of the text' }]);
  await generatingProvider(services, ctx, 'EDIT_CLAUSE');
  const clause = text.slice(body.startOffset, body.endOffset);
  const language = textLanguage(clause);
  const side = POSITION_WORDS[body.position ?? review.position][language];
  // The neighbours and the open findings on this stretch, as the prompt expects.
  const clauses = clausesOf(review, text);
  const before = clauses.filter((c) => c.endOffset <= body.startOffset).at(-1);
  const after = clauses.find((c) => c.startOffset >= body.endOffset);
  const findings = (await findingsOf(services.db, scope, review.id)).filter(
    (f) => f.verdict !== 'MET' && f.verdict !== 'NOT_APPLICABLE' && f.clause !== null && f.clause.startOffset < body.endOffset && f.clause.endOffset > body.startOffset,
  );
  const findingLines = findings.map((f) => `- ${f.question[language]}${f.suggestedEdit ? `\n  standard clause: ${f.suggestedEdit.text[language]}` : ''}`).join('\n');
  const userMessage = [
    `Contract type: ${review.contractType}`,
    `Reviewer's side: ${side}`,
    body.instruction ? `Instruction: ${body.instruction}` : null,
    before ? `Clause before:\n${text.slice(before.startOffset, before.endOffset)}` : null,
    `Clause to rewrite:\n${clause}`,
    after ? `Clause after:\n${text.slice(after.startOffset, after.endOffset)}` : null,
    findingLines ? `Findings on this clause:\n${findingLines}` : null,
  ].filter(Boolean).join('\n\n');
  const credits = estimateCredits('EDIT_CLAUSE', { driver: 'OPENAI_COMPATIBLE', textLength: clause.length, items: 1 });
  try {
    const { value, creditsCharged } = await meteredAiCall(
      services,
      { ...scope, userId },
      { feature: 'EDIT_CLAUSE', credits, reference: `ai-review:${review.id}:edit`, promptKey: 'edit.clause', language },
      async ({ provider, prompt, signal }) => {
        const result = await provider.chat({
          signal,
          messages: [
            { role: 'system', content: prompt?.text ?? 'You rewrite one clause of a contract. Answer with the rewritten clause only, in the language of the clause, keeping its numbering.' },
            { role: 'user', content: userMessage },
          ],
        });
        if (result.finishReason === 'length' || result.text.trim() === '') throw new AiProviderError('BAD_OUTPUT', 'the rewritten clause is empty or cut at the token limit', { driver: provider.driver, model: result.model });
        return { value: { text: result.text.trim(), model: result.model }, usage: result.usage, model: result.model };
      },
    );
    return { text: value.text, model: value.model, creditsCharged };
  } catch (err) {
    throw aiErrorToAppError(err);
  }
}

/** The clause a sentence rests on: the one sharing most of its character bigrams. */
function clauseOfSentence(sentence: string, clauses: readonly Clause[], text: string): Clause | null {
  const grams = (s: string) => {
    const out = new Set<string>();
    const t = s.replace(/\s+/g, '');
    for (let i = 0; i + 1 < t.length; i++) out.add(t.slice(i, i + 2));
    return out;
  };
  const mine = grams(sentence);
  let best: Clause | null = null;
  let bestScore = 0;
  for (const c of clauses) {
    const theirs = grams(text.slice(c.startOffset, c.endOffset));
    let shared = 0;
    for (const g of mine) if (theirs.has(g)) shared++;
    const score = mine.size === 0 ? 0 : shared / mine.size;
    if (score > bestScore) [best, bestScore] = [c, score];
  }
  return bestScore >= 0.3 ? best : null;
}

const CLAUSE_IDS = /\s*\[\s*C\d+(?:\s*[,;]\s*C?\d+)*\s*\]/gu;

/**
 * The answer's sentences, each with the clause it rests on: the first [Cn] id the model wrote
 * (review.chat prompt), else the clause sharing most of its wording. Ids are taken out of the text;
 * a sentence that is only ids (written after the full stop) belongs to the sentence before.
 */
export function chatSentences(answer: string, clauses: readonly Clause[], text: string) {
  const pieces = (answer.match(/[^.!?。\n]+[.!?。]?/gu) ?? []).map((s) => s.trim()).filter(Boolean);
  const out: Array<{ text: string; clause: Clause | null; ids: number[] }> = [];
  for (const piece of pieces) {
    const ids = [...piece.matchAll(CLAUSE_IDS)].flatMap((m) => [...m[0].matchAll(/\d+/gu)].map((d) => Number(d[0])));
    const bare = piece.replace(CLAUSE_IDS, '').trim();
    if (/^[.!?。]?$/u.test(bare) && out.length > 0) {
      out.at(-1)!.ids.push(...ids);
      continue;
    }
    out.push({ text: bare, clause: null, ids });
  }
  return out.map(({ text: sentence, ids }) => {
    const byId = ids.map((id) => clauses[id - 1]).find((c) => c !== undefined);
    const clause = byId ?? clauseOfSentence(sentence, clauses, text);
    return { text: sentence, clause: clause ? { heading: clause.heading, startOffset: clause.startOffset, endOffset: clause.endOffset } : null };
  });
}


/**
 * Review chat as text/event-stream. Everything that can be refused (401, 403, 404, 503, 402) is
 * refused before the stream starts, as JSON; the provider call is aborted when the client leaves.
 */
export async function reviewChat(services: AppServices, ctx: RequestContext, body: z.output<typeof ReviewChatBodySchema>, reply: FastifyReply) {
  const { scope, userId } = requireReviewUse(ctx);
  const { review, text } = await doneReviewWithText(services, ctx, body.reviewId);
  await generatingProvider(services, ctx, 'REVIEW_CHAT');
  const clauses = clausesOf(review, text);
  const findings = await findingsOf(services.db, scope, review.id);
  const clauseList = reviewChatContext(clauses, text);
  const findingNotes = findings.filter((f) => f.verdict === 'NOT_MET' || f.verdict === 'UNCLEAR').map((f) => `- ${f.verdict}: ${f.question[ctx.locale]}`).join('\n');
  const credits = reviewChatCredits(clauses, text, body.history.length);
  const abort = new AbortController();
  // The response closing before it ended is the client leaving (the request's own 'close' fires once its body is read).
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  let started = false;
  try {
    await meteredAiCall(
      services,
      { ...scope, userId },
      { feature: 'REVIEW_CHAT', credits, reference: `ai-review:${review.id}:chat`, promptKey: 'review.chat', language: ctx.locale, signal: abort.signal },
      async ({ provider, prompt, signal }) => {
        const stream = provider.streamChat({
          signal,
          messages: [
            { role: 'system', content: prompt?.text ?? 'Answer questions about this contract only from its text. End each sentence with the [Cn] ids of the clauses it rests on.' },
            ...body.history,
            { role: 'user', content: `Contract clauses:\n${clauseList}\n\nReview findings:\n${findingNotes || '-'}\n\nQuestion: ${body.question}` },
          ],
        })[Symbol.asyncIterator]();
        // The first event decides: a provider that fails before answering gets the JSON error, not a stream.
        let next = await stream.next();
        startEventStream(reply);
        started = true;
        let answer = '';
        let model: string | null = null;
        let usage;
        for (; !next.done; next = await stream.next()) {
          const event = next.value;
          if (event.type === 'delta') {
            answer += event.text;
            reply.raw.write(sseEvent('delta', { text: event.text }));
          } else {
            model = event.result.model;
            usage = event.result.usage;
          }
        }
        reply.raw.write(sseEvent('done', { sentences: chatSentences(answer, clauses, text), creditsCharged: credits }));
        reply.raw.end();
        return { value: null, usage, model };
      },
    );
  } catch (err) {
    if (!started) throw aiErrorToAppError(err);
    const mapped = aiErrorToAppError(err);
    const code = mapped instanceof AppError ? mapped.code : 'ERROR_INTERNAL';
    const message = mapped instanceof AppError ? mapped.messageFor(ctx.locale) : 'error';
    if (!reply.raw.writableEnded) {
      reply.raw.write(sseEvent('error', { code, message }));
      reply.raw.end();
    }
  }
}

/** When no translation prompt is stored (the shipped one is DEFAULT_PROMPTS.translation). */
const CLAUSE_TRANSLATION_PROMPT = 'Translate each contract clause on its own, keeping its numbering, and return it under its id.';

export async function translateReview(services: AppServices, ctx: RequestContext, body: { reviewId: number; targetLanguage: 'ko' | 'en' }) {
  const { scope, userId } = requireReviewUse(ctx);
  const { review, text } = await doneReviewWithText(services, ctx, body.reviewId);
  await generatingProvider(services, ctx, 'TRANSLATION');
  const clauses = clausesOf(review, text);
  try {
    const { texts, model, creditsCharged } = await translateSegments(services, { ...scope, userId }, {
      segments: clauses.map((c) => text.slice(c.startOffset, c.endOffset).trim()),
      targetLanguage: body.targetLanguage,
      reference: `ai-review:${review.id}:translation`,
      promptKey: 'translation',
      fallbackPrompt: CLAUSE_TRANSLATION_PROMPT,
    });
    return { clauses: clauses.map((c, i) => ({ heading: c.heading, startOffset: c.startOffset, endOffset: c.endOffset, text: texts[i]! })), model, creditsCharged };
  } catch (err) {
    throw aiErrorToAppError(err);
  }
}
