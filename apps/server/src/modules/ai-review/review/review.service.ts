import type { FindingDecisionBodySchema, Review, ReviewDocumentBodySchema, ReviewEngine, ReviewEstimate, ReviewListQuerySchema } from '@legal/api';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import type { Db, Tx } from '../../../platform/db/client';
import { isUniqueViolation } from '../../../platform/db/pg-errors';
import { inScope } from '../../../platform/db/tenancy';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { AppError, notFound, validationError } from '../../../platform/http/errors';
import { requestFingerprint } from '../../../platform/http/idempotency-key';
import { Turns } from '../../../platform/http/turns';
import type { AppServices } from '../../../platform/services';
import { creditBalance, debitCredits, estimateCredits, resolveAiProvider } from '../../ai';
import { domainConfidence, effectiveOod } from '../ood/ood.service';
import { memberDisplayNames } from '../../auth';
import { fileRevisions } from '../../files';
import { aiReviewFindings, aiReviews } from '../ai-review.table';
import { checkpointsFor, listPlaybook, type PlaybookEntry, playbookVersion } from '../playbook/playbook.service';
import { findingDto, newerVersionsOf, reviewDto, reviewListItemDto, type ReviewRow } from './review-dto';
import { runReviewJob } from './review.job';
import { textLabels } from './text-labels';
import { AI_REVIEW_USE, canSeeReview, readableReviewWhere, resolveReviewSource, type ReviewSource, userIdOf } from './review-source';

type Body = z.output<typeof ReviewDocumentBodySchema>;
export { AI_REVIEW_USE } from './review-source';

/** The caller may use AI review (the permission on top of the workspace membership). */
export function requireReviewUse(ctx: RequestContext): { scope: TenantScope; userId: number } {
  requirePermission(ctx, AI_REVIEW_USE);
  return { scope: tenantScope(ctx), userId: userIdOf(ctx) };
}

interface Plan {
  source: ReviewSource;
  version: string;
  /** The workspace's model driver when it can generate, else the built-in rules. */
  engine: ReviewEngine;
  checkpointCount: number;
  credits: number;
  cached: ReviewRow | null;
  domain: ReviewEstimate['domain'];
  language: 'ko' | 'en';
}

/**
 * The newest review of the same document revision, reached the same way, of the same type, side,
 * checkpoints and engine: the cache when DONE; while a first run is QUEUED or RUNNING, the review a
 * second start of the same document joins instead of paying again.
 */
async function findSameReview(db: Db | Tx, scope: TenantScope, source: ReviewSource, body: Body, version: string, engine: ReviewEngine, statuses: readonly ReviewRow['status'][]): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(aiReviews)
    .where(
      and(
        inScope(aiReviews, scope),
        eq(aiReviews.fileKey, source.fileKey),
        eq(aiReviews.revision, source.revision),
        // Reached the same way (contract, standalone contract or file), so that it is as visible as this request's document.
        source.contractId === null ? isNull(aiReviews.contractId) : eq(aiReviews.contractId, source.contractId),
        source.standaloneContractId === null ? isNull(aiReviews.standaloneContractId) : eq(aiReviews.standaloneContractId, source.standaloneContractId),
        eq(aiReviews.contractType, body.contractType),
        eq(aiReviews.position, body.position),
        eq(aiReviews.playbookVersion, version),
        // A review by the rules is not the answer once a model is configured (nor the other way round).
        eq(aiReviews.engine, engine),
        inArray(aiReviews.status, [...statuses]),
      ),
    )
    .orderBy(desc(aiReviews.id))
    .limit(1);
  return row ?? null;
}

/** The checkpoints named by review/contract-by-playbook, all of the playbook of the type (400 naming body.checkpointIds otherwise). */
function chosenCheckpoints(entries: PlaybookEntry[], checkpointIds: readonly number[]): PlaybookEntry[] {
  const unknown = checkpointIds.filter((id) => !entries.some((e) => e.checkpointId === id));
  if (unknown.length > 0) throw validationError([{ field: 'body.checkpointIds', reason: `not checkpoints of this contract type's playbook: ${unknown.join(', ')}` }]);
  return entries.filter((e) => checkpointIds.includes(e.checkpointId));
}

async function plan(services: AppServices, ctx: RequestContext, body: Body, checkpointIds?: readonly number[]): Promise<Plan> {
  const { scope, userId } = requireReviewUse(ctx);
  const source = await resolveReviewSource(services, ctx, body);
  const playbook = await listPlaybook(services.db, scope, body.contractType);
  // The version hashes the evaluated checkpoints, so a chosen selection is its own cache key.
  const checkpoints = checkpointIds ? chosenCheckpoints(playbook, checkpointIds) : checkpointsFor(playbook, body.position);
  const version = playbookVersion(checkpoints);
  const provider = await resolveAiProvider(services, scope);
  const engine: ReviewEngine = provider.canGenerate ? provider.driver : 'BUILT_IN';
  const cached = await findSameReview(services.db, scope, source, body, version, engine, ['DONE']);
  const credits = estimateCredits('REVIEW', { driver: engine, textLength: source.textLength, items: checkpoints.length });
  // Segmented on the engine's thread, once per text (text-labels.ts): the estimate and the start agree.
  const labelled = await textLabels(services, source.textDigest, async () => (await reviewText(services.db, scope, source)) ?? '');
  const ood = await effectiveOod(services.db, scope, userId);
  const confidence = domainConfidence(labelled.labels, checkpoints.map((c) => c.definition.label));
  const domain = { confidence, minConfidence: ood.minConfidence, action: ood.action, isOutOfDomain: confidence < ood.minConfidence };
  return { source, version, engine, checkpointCount: checkpoints.length, credits, cached, domain, language: labelled.language };
}

export async function estimateReview(services: AppServices, ctx: RequestContext, body: Body): Promise<ReviewEstimate> {
  const p = await plan(services, ctx, body);
  return {
    credits: p.cached ? 0 : p.credits,
    balance: await creditBalance(services.db, tenantScope(ctx), services.config.ai.starterCredits),
    engine: p.engine,
    cached: p.cached !== null,
    textLength: p.source.textLength,
    checkpointCount: p.checkpointCount,
    domain: p.domain,
  };
}

/**
 * The transaction-scoped advisory lock of one cache key: starts of the same document, type, side,
 * checkpoints and engine in a workspace take it in turn (PostgreSQL and PGlite alike), so the second
 * sees the first's committed review. Another key that hashes alike only waits its turn.
 */
async function lockStartOf(tx: Tx, scope: TenantScope, p: Plan, body: Body): Promise<void> {
  const key = ['ai-review.start', scope.tenantId, scope.workspaceId, p.source.fileKey, p.source.revision, body.contractType, body.position, p.version, p.engine].join(':');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Starts a review (QUEUED) or answers the cached one. The debit, the review row, its audit event
 * and the job are one transaction: a 402 leaves nothing behind, and a job exists only for a
 * committed, charged review. Starts of the same document at the same moment are serialised on the
 * cache key: the first is charged and queued, the others answer its review (charged nothing), as a
 * later start does while it runs. A repeated Idempotency-Key answers the first request's review.
 * Starts take their turns (START_TURNS at once per process).
 */
export async function startReview(services: AppServices, ctx: RequestContext, body: Body, idempotencyKey: string | null, checkpointIds?: readonly number[]): Promise<Review> {
  requireReviewUse(ctx); // a 403 is answered at once, not after waiting for a turn
  return startTurns(services).run(() => startInTurn(services, ctx, body, idempotencyKey, checkpointIds));
}

/** Starts take turns, two at a time per process (platform/http/turns.ts): a burst of them does not hold up every other call. */
const START_TURNS = 2;
const turnsOf = new WeakMap<AppServices, Turns>();
function startTurns(services: AppServices): Turns {
  let turns = turnsOf.get(services);
  if (!turns) turnsOf.set(services, (turns = new Turns(START_TURNS)));
  return turns;
}

async function startInTurn(services: AppServices, ctx: RequestContext, body: Body, idempotencyKey: string | null, checkpointIds?: readonly number[]): Promise<Review> {
  const { scope, userId } = requireReviewUse(ctx);
  const fingerprint = requestFingerprint(body);
  const replay = async () => {
    if (!idempotencyKey) return null;
    const [earlier] = await services.db
      .select()
      .from(aiReviews)
      .where(and(inScope(aiReviews, scope), eq(aiReviews.createdByUserId, userId), eq(aiReviews.idempotencyKey, idempotencyKey)))
      .limit(1);
    if (!earlier) return null;
    if (earlier.requestFingerprint !== fingerprint) throw new AppError('ERROR_IDEMPOTENCY_KEY_REUSED', { data: { reviewId: earlier.id } });
    return getReview(services, ctx, earlier.id);
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const p = await plan(services, ctx, body, checkpointIds);
  if (p.cached) return answer(services, ctx, p.cached, true);
  if (p.domain.isOutOfDomain && p.domain.action === 'BLOCK') {
    throw new AppError('ERROR_CONFLICT', {
      message: {
        ko: '선택한 계약 유형의 계약서로 보기 어려워 검토를 시작하지 않았습니다. 계약 유형을 확인하거나 OOD 설정을 바꿔 주세요.',
        en: 'This document does not look like a contract of the chosen type, so the review was not started. Check the contract type or the OOD settings.',
      },
      data: { reason: 'OUT_OF_DOMAIN', confidence: p.domain.confidence, minConfidence: p.domain.minConfidence },
    });
  }
  let started: { reviewId: number; isJoined: false; row: ReviewRow } | { reviewId: number; isJoined: true };
  try {
    started = await services.db.transaction(async (tx) => {
      await lockStartOf(tx, scope, p, body);
      const first = await findSameReview(tx, scope, p.source, body, p.version, p.engine, ['QUEUED', 'RUNNING', 'DONE']);
      if (first) return { reviewId: first.id, isJoined: true as const };
      const [row] = await tx
        .insert(aiReviews)
        .values({
          ...scope,
          contractId: p.source.contractId,
          standaloneContractId: p.source.standaloneContractId,
          fileKey: p.source.fileKey,
          fileId: p.source.fileId,
          revision: p.source.revision,
          fileName: p.source.fileName,
          contractType: body.contractType,
          position: body.position,
          language: p.language,
          engine: p.engine,
          playbookVersion: p.version,
          checkpointIds: checkpointIds ? [...checkpointIds] : null,
          status: 'QUEUED',
          creditsCharged: p.credits,
          idempotencyKey,
          requestFingerprint: fingerprint,
          createdByUserId: userId,
        })
        .returning();
      const id = row!.id;
      const { entryId } = await debitCredits(tx, { ...scope, userId }, { feature: 'REVIEW', credits: p.credits, reference: `ai-review:${id}`, starterCredits: services.config.ai.starterCredits });
      await tx.update(aiReviews).set({ debitEntryId: entryId }).where(eq(aiReviews.id, id));
      await recordAudit(
        tx,
        { type: 'ai_review.review_started', data: { reviewId: id, fileKey: p.source.fileKey, revision: p.source.revision, contractType: body.contractType, position: body.position, credits: p.credits } },
        { ...auditMetaOf(ctx, userId), ...scope },
      );
      await services.jobs.send(runReviewJob, { reviewId: id, tenantId: scope.tenantId, workspaceId: scope.workspaceId }, { tx });
      return { reviewId: id, isJoined: false as const, row: { ...row!, debitEntryId: entryId } };
    });
  } catch (err) {
    // The same key sent twice at once: the second insert loses; answer the first.
    if (idempotencyKey && isUniqueViolation(err)) {
      const first = await replay();
      if (first) return first;
    }
    throw err;
  }
  // A joined review was charged to the start that queued it, not to this one.
  if (started.isJoined) return answer(services, ctx, await visibleReview(services, ctx, started.reviewId), true);
  // Queued just now from a source the plan found readable: answered from the inserted row, no second look.
  return answer(services, ctx, started.row, false);
}

export async function reviewByCache(services: AppServices, ctx: RequestContext, body: Body): Promise<Review> {
  const p = await plan(services, ctx, body);
  if (!p.cached) throw notFound();
  return answer(services, ctx, p.cached, true);
}

/** A review the caller may see (as the document it reviewed), or 404. */
export async function visibleReview(services: AppServices, ctx: RequestContext, reviewId: number): Promise<ReviewRow> {
  const { scope } = requireReviewUse(ctx);
  const [row] = await services.db.select().from(aiReviews).where(and(inScope(aiReviews, scope), eq(aiReviews.id, reviewId))).limit(1);
  if (!row || !(await canSeeReview(services, ctx, row))) throw notFound();
  return row;
}

export async function findingsOf(db: Db, scope: TenantScope, reviewId: number) {
  return db.select().from(aiReviewFindings).where(and(inScope(aiReviewFindings, scope), eq(aiReviewFindings.reviewId, reviewId))).orderBy(asc(aiReviewFindings.sortOrder), asc(aiReviewFindings.id));
}

export async function reviewText(db: Db, scope: TenantScope, row: Pick<ReviewRow, 'fileId' | 'revision'>): Promise<string | null> {
  const [rev] = await db
    .select({ text: fileRevisions.extractedText })
    .from(fileRevisions)
    .where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, row.fileId), eq(fileRevisions.revision, row.revision)))
    .limit(1);
  return rev?.text ?? null;
}

async function answer(services: AppServices, ctx: RequestContext, row: ReviewRow, fromCache: boolean): Promise<Review> {
  const scope = tenantScope(ctx);
  const findings = row.status === 'DONE' ? await findingsOf(services.db, scope, row.id) : [];
  const names = await memberDisplayNames(services.db, scope, [row.createdByUserId, ...findings.map((f) => f.decidedByUserId)]);
  const text = row.status === 'DONE' ? await reviewText(services.db, scope, row) : null;
  return reviewDto(row, { fromCache, locale: ctx.locale, names, findings, text, newer: await newerVersionsOf(services.db, findings) });
}

export async function getReview(services: AppServices, ctx: RequestContext, reviewId: number): Promise<Review> {
  return answer(services, ctx, await visibleReview(services, ctx, reviewId), false);
}

/**
 * The newest reviews the caller may see, visibility decided in the query (readableReviewWhere), so
 * the list costs the same few statements however many reviews the workspace holds.
 */
export async function listReviews(services: AppServices, ctx: RequestContext, query: z.output<typeof ReviewListQuerySchema>) {
  const { scope } = requireReviewUse(ctx);
  const visible = and(
    inScope(aiReviews, scope),
    query.contractId !== undefined ? eq(aiReviews.contractId, query.contractId) : undefined,
    await readableReviewWhere(services, { ctx, scope, db: services.db }),
  );
  // The page and the total in one statement (the visibility clause built and evaluated once); a page
  // past the last has no row to carry the total, so it is counted on its own.
  const found = await services.db
    .select({ row: getTableColumns(aiReviews), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(aiReviews)
    .where(visible)
    .orderBy(desc(aiReviews.id))
    .limit(query.size)
    .offset(query.page * query.size);
  const page = found.map((f) => f.row);
  const total = found[0]?.total ?? (query.page === 0 ? 0 : Number((await services.db.select({ n: count() }).from(aiReviews).where(visible))[0]!.n));
  // The list shows counts by verdict only: not the findings' texts.
  const findings = page.length === 0 ? [] : await services.db
    .select({ reviewId: aiReviewFindings.reviewId, verdict: aiReviewFindings.verdict, risk: aiReviewFindings.risk })
    .from(aiReviewFindings)
    .where(and(inScope(aiReviewFindings, scope), inArray(aiReviewFindings.reviewId, page.map((r) => r.id))));
  const names = await memberDisplayNames(services.db, scope, page.map((r) => r.createdByUserId));
  return {
    content: page.map((row) => reviewListItemDto(row, { fromCache: false, locale: ctx.locale, names, findings: findings.filter((f) => f.reviewId === row.id) })),
    page: query.page,
    size: query.size,
    totalElements: total,
    totalPages: Math.ceil(total / query.size),
  };
}

/** Accepts, dismisses or reopens a finding of a DONE review (who, when, why; audited). */
export async function decideFinding(services: AppServices, ctx: RequestContext, reviewId: number, findingId: number, body: z.output<typeof FindingDecisionBodySchema>) {
  const { scope, userId } = requireReviewUse(ctx);
  const review = await visibleReview(services, ctx, reviewId);
  if (review.status !== 'DONE') throw new AppError('ERROR_CONFLICT', { message: { ko: '검토가 끝난 뒤에 결정할 수 있습니다.', en: 'Findings can be decided once the review is done.' } });
  const { edit } = body;
  if (edit) {
    if (body.decision !== 'ACCEPTED') throw validationError([{ field: 'body.edit', reason: 'only with decision ACCEPTED' }]);
    if (edit.endOffset <= edit.startOffset) throw validationError([{ field: 'body.edit.endOffset', reason: 'must be after startOffset' }]);
    const text = await reviewText(services.db, scope, review);
    if (text === null || edit.endOffset > text.length) throw validationError([{ field: 'body.edit.endOffset', reason: 'beyond the end of the text' }]);
  }
  const updated = await services.db.transaction(async (tx) => {
    const [finding] = await tx
      .select()
      .from(aiReviewFindings)
      .where(and(inScope(aiReviewFindings, scope), eq(aiReviewFindings.reviewId, reviewId), eq(aiReviewFindings.id, findingId)))
      .for('update')
      .limit(1);
    if (!finding) throw notFound();
    const isOpen = body.decision === 'OPEN';
    const reason = isOpen ? null : (body.reason ?? null);
    const [row] = await tx
      .update(aiReviewFindings)
      .set({
        decision: body.decision,
        decisionReason: reason,
        decidedByUserId: isOpen ? null : userId,
        decidedAt: isOpen ? null : new Date(),
        // The user's own edit is stored as the suggested edit, the one the DOCX export and the report use.
        ...(edit ? { suggestedEdit: { text: { ko: edit.text, en: edit.text }, replaceStart: edit.startOffset, replaceEnd: edit.endOffset } } : {}),
      })
      .where(eq(aiReviewFindings.id, finding.id))
      .returning();
    await recordAudit(
      tx,
      { type: 'ai_review.finding_decided', data: { reviewId, findingId, checkpointCode: finding.checkpointCode, decision: body.decision, before: finding.decision, reason, isEdited: edit !== undefined } },
      { ...auditMetaOf(ctx, userId), ...scope },
    );
    return row!;
  });
  const names = await memberDisplayNames(services.db, scope, [updated.decidedByUserId]);
  return findingDto(updated, ctx.locale, names, await newerVersionsOf(services.db, [updated]));
}
