import { type Review, ReviewContractFileFieldsV2Schema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext } from '../../../platform/http/context';
import { notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { debitCredits, estimateCredits } from '../../ai';
import { fileRevisions, findFile, uploadFile } from '../../files';
import { aiReviewStandaloneContracts, aiReviews } from '../ai-review.table';
import { checkpointsFor, listPlaybook, playbookVersion } from '../playbook/playbook.service';
import { runReviewJob } from './review.job';
import { getReview, requireReviewUse } from './review.service';

type Fields = { contractType: Review['contractType']; position: Review['position']; standalone: 'true' | 'false' };

/**
 * review/contract-file v1/v2: stores the upload through the files module (quota, type checks,
 * extraction job, audit), then charges and queues the review in one transaction. The text is not
 * read yet, so the debit is estimated from the upload's size (settled to the text's price by the
 * job once it has the text: review.job.ts settleEstimatedCharge) and the out-of-domain check is
 * skipped; the review job waits for the extraction (review.job.ts: TEXT_WAIT_*). A refusal of the
 * fields (400) discards the upload; a 402 leaves the uploaded file (it can be reviewed later by its
 * fileKey) and no review.
 */
export async function reviewContractFile(services: AppServices, ctx: RequestContext, request: FastifyRequest, options: { allowStandalone: boolean }): Promise<Review> {
  const { scope, userId } = requireReviewUse(ctx);
  let fields: Fields | undefined;
  const uploaded = await uploadFile(services, ctx, request, {
    isQuotaExempt: false,
    acceptFields: (raw) => {
      const parsed = ReviewContractFileFieldsV2Schema.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error.issues.map((i) => ({ field: `body.${i.path.join('.')}`, reason: i.message })));
      if (parsed.data.standalone === 'true' && !options.allowStandalone) throw validationError([{ field: 'body.standalone', reason: 'standalone is accepted by review/contract-file/v2' }]);
      fields = parsed.data;
    },
  });
  const body = fields!;
  const file = await findFile(services.db, scope, uploaded.fileKey);
  if (!file) throw notFound();
  const [revision] = await services.db.select({ size: fileRevisions.size, displayName: fileRevisions.displayName }).from(fileRevisions).where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, file.file.id), eq(fileRevisions.revision, file.file.currentRevision)))
    .limit(1);
  const checkpoints = checkpointsFor(await listPlaybook(services.db, scope, body.contractType), body.position);
  const credits = estimateCredits('REVIEW', { driver: 'BUILT_IN', textLength: Number(revision!.size), items: checkpoints.length });

  const reviewId = await services.db.transaction(async (tx) => {
    let standaloneContractId: number | null = null;
    if (body.standalone === 'true') {
      const [created] = await tx.insert(aiReviewStandaloneContracts).values({ ...scope, title: revision!.displayName, fileKey: file.file.fileKey, createdByUserId: userId }).returning();
      standaloneContractId = created!.id;
      await recordAudit(tx, { type: 'ai_review.standalone_created', data: { standaloneContractId, title: created!.title } }, { ...auditMetaOf(ctx, userId), ...scope });
    }
    const [row] = await tx
      .insert(aiReviews)
      .values({
        ...scope,
        contractId: null,
        standaloneContractId,
        fileKey: file.file.fileKey,
        fileId: file.file.id,
        revision: file.file.currentRevision,
        fileName: revision!.displayName,
        contractType: body.contractType,
        position: body.position,
        // Until the job has read the text (it sets the language then).
        language: ctx.locale,
        engine: 'BUILT_IN',
        playbookVersion: playbookVersion(checkpoints),
        status: 'QUEUED',
        creditsCharged: credits,
        isChargeEstimated: true,
        createdByUserId: userId,
      })
      .returning({ id: aiReviews.id });
    const id = row!.id;
    const { entryId } = await debitCredits(tx, { ...scope, userId }, { feature: 'REVIEW', credits, reference: `ai-review:${id}`, starterCredits: services.config.ai.starterCredits });
    await tx.update(aiReviews).set({ debitEntryId: entryId }).where(eq(aiReviews.id, id));
    await recordAudit(
      tx,
      { type: 'ai_review.review_started', data: { reviewId: id, fileKey: file.file.fileKey, revision: file.file.currentRevision, contractType: body.contractType, position: body.position, credits } },
      { ...auditMetaOf(ctx, userId), ...scope },
    );
    await services.jobs.send(runReviewJob, { reviewId: id, tenantId: scope.tenantId, workspaceId: scope.workspaceId }, { tx });
    return id;
  });
  return getReview(services, ctx, reviewId);
}
