import type { AnalyzedClause, LegalBasis, ReviewStep } from '@legal/api';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { inScope } from '../../../platform/db/tenancy';
import { eachInTurn } from '../../../platform/jobs/in-turns';
import { defineJob, type JobRun } from '../../../platform/jobs/jobs';
import type { AppServices } from '../../../platform/services';
import { type AiDriverName, AiProviderError, type AiUsage } from '../../../platform/ai/provider';
import { AppError } from '../../../platform/http/errors';
import { estimateCredits, recordAiCall, refundDebit, resolveAiProvider, resolvePrompt, settleDebit } from '../../ai';
import { fileRevisions } from '../../files';
import { resolveLegalBasis } from '../../law';
import { aiReviewFindings, aiReviews, type StoredClause } from '../ai-review.table';
import type { EngineInput, EngineOutput } from '../engine/engine.types';
import { runModelReview } from '../engine/model-engine';
import { EngineTimeoutError, reviewEngineThread } from '../engine/engine-off-thread';
import { checkpointsFor, listPlaybook } from '../playbook/playbook.service';
import { textLanguage } from '../engine/text-language';
import { announceProgress } from './review-progress';

const RETRY_LIMIT = 2;
/** Checkpoint calls in flight at once per model review (two reviews run at once per process). */
const MODEL_CONCURRENCY = 3;
const RISK_ORDER = { HIGH: 0, MEDIUM: 1, LOW: 2 } as const;
const VERDICT_ORDER = { NOT_MET: 0, UNCLEAR: 1, MET: 2, NOT_APPLICABLE: 3 } as const;

/** A failure that another attempt cannot fix (the text is gone): the review fails at once. */
class PermanentFailure extends Error {
  constructor(readonly errorCode: string) {
    super(errorCode);
  }
}

/** The revision's text is still being extracted: the job comes back later (bounded, see runReviewJob). */
class TextPending extends Error {}

/** How often and how long a review waits for its document's text (100 x 3 s = 5 minutes). */
export const TEXT_WAIT_SECONDS = 3;
export const TEXT_WAIT_LIMIT = 100;

type Scope = { tenantId: number; workspaceId: number };

async function setProgress(services: AppServices, scope: Scope, reviewId: number, step: ReviewStep, percent: number) {
  await services.db.update(aiReviews).set({ status: 'RUNNING', progressStep: step, progressPercent: percent }).where(and(inScope(aiReviews, scope), eq(aiReviews.id, reviewId)));
  await announceProgress(services, scope, { id: reviewId, status: 'RUNNING', progressStep: step, progressPercent: percent, errorCode: null });
}

/** Progress more often than this is not worth a statement (the page shows it for under a second). */
export const PROGRESS_EVERY_MS = 500;

/**
 * The progress of one run as written: the first report at once (the review is RUNNING), later ones
 * only once PROGRESS_EVERY_MS has passed since the last write. A built-in review takes about 100 ms,
 * so it writes its progress once instead of a dozen times, each a turn on PGlite's one connection
 * (issue 15); a long review still shows its steps.
 */
function progressWriter(services: AppServices, scope: Scope, reviewId: number) {
  let lastWrite = -Infinity;
  return async (step: ReviewStep, percent: number) => {
    if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    await setProgress(services, scope, reviewId, step, percent);
  };
}

type ReviewRow = typeof aiReviews.$inferSelect;

/**
 * review/contract-file debited an estimate from the upload's size; with the text read, the review
 * costs what a start on this text costs (its characters, as startReview prices them, and the
 * checkpoints it evaluates). The estimate is refunded and the price debited in one transaction
 * with the review's row (ledger reference `ai-review:<id>:settlement`); once settled, a retry
 * leaves it alone. A price the balance cannot cover fails the review with
 * ERROR_INSUFFICIENT_CREDITS, and the failure refunds the estimate.
 */
async function settleEstimatedCharge(services: AppServices, scope: Scope, review: ReviewRow, text: string, checkpointCount: number): Promise<Pick<ReviewRow, 'creditsCharged' | 'debitEntryId'>> {
  const credits = estimateCredits('REVIEW', { driver: review.engine, textLength: [...text].length, items: checkpointCount });
  try {
    return await services.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(aiReviews)
        .set({ isChargeEstimated: false })
        .where(and(inScope(aiReviews, scope), eq(aiReviews.id, review.id), eq(aiReviews.isChargeEstimated, true)))
        .returning({ creditsCharged: aiReviews.creditsCharged, debitEntryId: aiReviews.debitEntryId });
      // Settled by an earlier attempt of this job (or nothing was debited): the row says what was charged.
      if (!claimed || claimed.debitEntryId === null) return claimed ?? { creditsCharged: review.creditsCharged, debitEntryId: review.debitEntryId };
      const settled = await settleDebit(tx, { ...scope, userId: review.createdByUserId }, {
        debitEntryId: claimed.debitEntryId, credits, reference: `ai-review:${review.id}:settlement`, starterCredits: services.config.ai.starterCredits,
      });
      const charge = { creditsCharged: credits, debitEntryId: settled.entryId };
      await tx.update(aiReviews).set(charge).where(and(inScope(aiReviews, scope), eq(aiReviews.id, review.id)));
      return charge;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'ERROR_INSUFFICIENT_CREDITS') throw new PermanentFailure('ERROR_INSUFFICIENT_CREDITS');
    throw err;
  }
}

async function runReview(services: AppServices, scope: Scope, reviewId: number): Promise<void> {
  const [review] = await services.db.select().from(aiReviews).where(and(inScope(aiReviews, scope), eq(aiReviews.id, reviewId))).limit(1);
  if (!review || review.status === 'DONE' || review.status === 'FAILED') return;
  const progress = progressWriter(services, scope, reviewId);
  await progress('EXTRACT', 5);
  const [revision] = await services.db
    .select({ text: fileRevisions.extractedText, status: fileRevisions.extractionStatus })
    .from(fileRevisions)
    .where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, review.fileId), eq(fileRevisions.revision, review.revision)))
    .limit(1);
  // An upload reviewed at once (review/contract-file) waits for its text; see runReviewJob.
  if (revision?.status === 'PENDING') throw new TextPending();
  if (revision?.status === 'FAILED') throw new PermanentFailure('ERROR_DOCUMENT_TEXT_NOT_READY');
  if (!revision || revision.status !== 'DONE' || revision.text === null) throw new PermanentFailure('TEXT_UNAVAILABLE');
  const text = revision.text;

  // The engine's CPU work runs on its worker thread, so the requests that arrive meanwhile are answered.
  const engine = reviewEngineThread(services);
  await progress('SEGMENT', 20);
  const clauses: AnalyzedClause[] = await engineStep(engine.segment(text));
  await progress('CLASSIFY', 35);
  const playbook = await listPlaybook(services.db, scope, review.contractType);
  // A chosen selection (review/contract-by-playbook) is evaluated as chosen; otherwise the active ones for the side.
  const entries = review.checkpointIds ? playbook.filter((e) => review.checkpointIds!.includes(e.checkpointId)) : checkpointsFor(playbook, review.position);
  const byCode = new Map(entries.map((e) => [e.definition.code, e]));
  const charge = review.isChargeEstimated ? await settleEstimatedCharge(services, scope, review, text, entries.length) : review;

  const engineInput = { text, language: textLanguage(text), clauses, position: review.position, checkpoints: entries.map((e) => e.definition) };
  let output: EngineOutput;
  let modelRun: { promptId: number; promptVersion: string; model: string | null; usage: AiUsage; latencyMs: number; driver: AiDriverName } | null = null;
  if (review.engine === 'BUILT_IN') {
    // CHECK's 0..90% maps onto the bar's 50..90%; the thread's reports are written in order (at most every 500 ms).
    await progress('CHECK', 50);
    let written = Promise.resolve();
    let failedWrite = null as { error: unknown } | null;
    const report = (step: ReviewStep, percent: number) => {
      const overall = step === 'CHECK' ? 50 + Math.round((percent * 40) / 90) : Math.min(95, Math.max(90, percent));
      written = written.then(() => progress(step, overall)).catch((error: unknown) => void (failedWrite ??= { error }));
    };
    try {
      output = await engineStep(engine.review(engineInput, report));
    } finally {
      await written;
    }
    if (failedWrite) throw failedWrite.error;
  } else {
    const result = await reviewWithModel(services, scope, review, engineInput);
    output = result.output;
    modelRun = result.run;
  }
  const findings: Array<typeof aiReviewFindings.$inferInsert & { verdict: keyof typeof VERDICT_ORDER; risk: keyof typeof RISK_ORDER; sortOrder: number }> = [];
  // The statute articles each checkpoint cites, resolved in turns with the requests of the embedded
  // database (a first resolution reads the statute in).
  const legalBases = new Map<string, LegalBasis[]>();
  await eachInTurn(services.database, entries, async (entry) => {
    legalBases.set(entry.definition.code, await resolveLegalBasis(services.db, entry.definition.legalBasis));
  });
  for (const f of output.findings) {
    const entry = byCode.get(f.checkpointCode);
    if (!entry) continue;
    const cp = entry.definition;
    const clause = f.clauseIndex !== null ? clauses[f.clauseIndex] : undefined;
    const storedClause: StoredClause | null = clause ? { label: clause.label, heading: clause.heading, startOffset: clause.startOffset, endOffset: clause.endOffset } : null;
    findings.push({
      ...scope,
      reviewId,
      checkpointId: entry.checkpointId,
      checkpointCode: cp.code,
      question: cp.question,
      label: cp.label,
      risk: cp.risk,
      verdict: f.verdict,
      clause: storedClause,
      evidence: f.evidence,
      explanation: f.explanation,
      legalBasis: legalBases.get(cp.code) ?? [],
      // The standard clause replaces the clause it rests on, or is added at the end when there is none.
      suggestedEdit: f.suggestedEdit ? { text: f.suggestedEdit, replaceStart: clause?.startOffset ?? null, replaceEnd: clause?.endOffset ?? null } : null,
      confidence: Math.min(1, Math.max(0, f.confidence)),
      sortOrder: 0,
    });
  }
  findings.sort((a, b) => VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] || RISK_ORDER[a.risk] - RISK_ORDER[b.risk]);
  findings.forEach((f, i) => (f.sortOrder = i));

  await services.db.transaction(async (tx) => {
    // A re-run (after a crash) replaces what an earlier attempt left.
    await tx.delete(aiReviewFindings).where(and(inScope(aiReviewFindings, scope), eq(aiReviewFindings.reviewId, reviewId)));
    if (findings.length > 0) await tx.insert(aiReviewFindings).values(findings);
    await tx
      .update(aiReviews)
      .set({
        status: 'DONE',
        language: textLanguage(text),
        progressStep: 'SUMMARIZE',
        progressPercent: 100,
        summary: { keyPoints: output.summary.keyPoints },
        clauses: clauses.map((c) => ({ label: c.label, heading: c.heading, startOffset: c.startOffset, endOffset: c.endOffset })),
        finishedAt: new Date(),
        promptVersion: modelRun?.promptVersion ?? null,
      })
      .where(and(inScope(aiReviews, scope), eq(aiReviews.id, reviewId)));
    if (modelRun) {
      await recordAiCall(tx, { ...scope, userId: review.createdByUserId }, {
        feature: 'REVIEW', driver: modelRun.driver, model: modelRun.model, inputTokens: modelRun.usage.inputTokens, outputTokens: modelRun.usage.outputTokens,
        latencyMs: modelRun.latencyMs, credits: charge.creditsCharged, outcome: 'SUCCESS', promptId: modelRun.promptId, creditEntryId: charge.debitEntryId,
        reference: `ai-review:${reviewId}`,
      });
    }
  });
  await announceProgress(services, scope, { id: reviewId, status: 'DONE', progressStep: 'SUMMARIZE', progressPercent: 100, errorCode: null });
}

/**
 * A request to the engine's thread. Past its time limit the review fails at once (ENGINE_TIMEOUT:
 * the same text and patterns would time out again); an error of the engine or a thread that died
 * takes the job's retries like any other failure (ENGINE_FAILED after the last).
 */
async function engineStep<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof EngineTimeoutError) throw new PermanentFailure('ENGINE_TIMEOUT');
    throw err;
  }
}

/**
 * The model engine over the review (its single debit was taken at the start). A provider that
 * cannot be used at all fails the review at once (no job retry: the driver has retried already),
 * recorded as a FAILED call; one checkpoint's failure falls back to its rule inside the engine.
 */
async function reviewWithModel(services: AppServices, scope: Scope, review: typeof aiReviews.$inferSelect, input: EngineInput) {
  const creditScope = { ...scope, userId: review.createdByUserId };
  const provider = await resolveAiProvider(services, scope);
  const prompt = await resolvePrompt(services.db, 'review.checkpoint', input.language);
  if (!prompt) throw new PermanentFailure('AI_PROMPT_MISSING');
  const started = Date.now();
  let lastWrite = Promise.resolve();
  let reported = 0;
  try {
    const output = await runModelReview(input, {
      provider,
      systemPrompt: prompt.text,
      contractType: review.contractType,
      concurrency: MODEL_CONCURRENCY,
      onProgress: (step, percent) => {
        // CHECK runs from 50% to 90% of the review; written every 10 points, in order.
        const overall = step === 'CHECK' ? 50 + Math.floor(percent * 0.45) : Math.max(90, percent);
        if (overall - reported < 10 && step === 'CHECK') return;
        reported = overall;
        lastWrite = lastWrite.then(() => setProgress(services, scope, review.id, step, Math.min(95, overall))).catch(() => undefined);
      },
    });
    await lastWrite;
    if (output.fallbacks.length > 0) services.logger.warn({ reviewId: review.id, fallbacks: output.fallbacks }, 'ai review: checkpoints decided by their rules after a model failure');
    return {
      output,
      run: { promptId: prompt.promptId, promptVersion: `review.checkpoint/${prompt.language}/v${prompt.version}`, model: output.model ?? provider.chatModel, usage: output.usage, latencyMs: Date.now() - started, driver: provider.driver },
    };
  } catch (err) {
    await lastWrite;
    const failure = err instanceof AiProviderError ? err.failure : 'ERROR';
    await recordAiCall(services.db, creditScope, {
      feature: 'REVIEW', driver: provider.driver, model: provider.chatModel, latencyMs: Date.now() - started, credits: 0, outcome: failure === 'CANCELLED' ? 'CANCELLED' : 'FAILED',
      failureCode: failure, promptId: prompt.promptId, creditEntryId: review.debitEntryId, reference: `ai-review:${review.id}`,
    });
    throw new PermanentFailure(`AI_${failure}`);
  }
}

/** Marks the review FAILED and refunds its debit (idempotent: a FAILED review is left as it is). */
async function failReview(services: AppServices, scope: Scope, reviewId: number, errorCode: string) {
  const [failed] = await services.db
    .update(aiReviews)
    .set({ status: 'FAILED', errorCode, creditsCharged: 0, finishedAt: new Date() })
    .where(and(inScope(aiReviews, scope), eq(aiReviews.id, reviewId), inArray(aiReviews.status, ['QUEUED', 'RUNNING'])))
    .returning({ debitEntryId: aiReviews.debitEntryId, progressStep: aiReviews.progressStep, progressPercent: aiReviews.progressPercent });
  await services.db.delete(aiReviewFindings).where(and(inScope(aiReviewFindings, scope), eq(aiReviewFindings.reviewId, reviewId)));
  if (failed?.debitEntryId != null) await refundDebit(services.db, { ...scope, userId: null }, failed.debitEntryId);
  if (failed) await announceProgress(services, scope, { id: reviewId, status: 'FAILED', progressStep: failed.progressStep, progressPercent: failed.progressPercent, errorCode });
}

/**
 * `ai-review.run`: extract, segment, classify, check, summarize; DONE with its findings. After the
 * last retry (or at once when the text is gone) the review is FAILED and its credits refunded.
 */
export const runReviewJob = defineJob<{ reviewId: number; tenantId: number; workspaceId: number; textWaits?: number }, AppServices>({
  name: 'ai-review.run',
  payload: z.object({
    reviewId: z.number().int().positive(),
    tenantId: z.number().int().positive(),
    workspaceId: z.number().int().positive(),
    /** How many times this review has already waited for its text. */
    textWaits: z.number().int().min(0).optional(),
  }),
  // One review at a time per process: a review is short CPU work over one database connection
  // (PGlite), and ten queued reviews must leave the API responsive (bench/ai-review.mjs).
  concurrency: 1,
  policy: { retryLimit: RETRY_LIMIT, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 10 * 60 },
  async handler(payload, services, run: JobRun) {
    const scope = { tenantId: payload.tenantId, workspaceId: payload.workspaceId };
    try {
      await runReview(services, scope, payload.reviewId);
    } catch (err) {
      if (err instanceof TextPending) {
        const waits = payload.textWaits ?? 0;
        if (waits < TEXT_WAIT_LIMIT) {
          // Not a failure: the same review comes back later as a new job (its retries untouched).
          await services.jobs.send(runReviewJob, { ...payload, textWaits: waits + 1 }, { startAfter: Date.now() + TEXT_WAIT_SECONDS * 1000, idempotencyKey: `ai-review.run:${payload.reviewId}:wait:${waits + 1}` });
          return;
        }
        await failReview(services, scope, payload.reviewId, 'ERROR_DOCUMENT_TEXT_NOT_READY');
        return;
      }
      const isPermanent = err instanceof PermanentFailure;
      if (!isPermanent && run.retryCount < RETRY_LIMIT) throw err;
      services.logger.warn({ err, reviewId: payload.reviewId }, 'ai review failed');
      await failReview(services, scope, payload.reviewId, isPermanent ? err.errorCode : 'ENGINE_FAILED');
    }
  },
});
