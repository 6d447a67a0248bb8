import type { Checkpoint, WorkspaceCheckpointBodySchema, WorkspaceCheckpointPatchSchema } from '@legal/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { isUniqueViolation } from '../../../platform/db/pg-errors';
import { inScope } from '../../../platform/db/tenancy';
import { requirePermission } from '../../../platform/http/access';
import type { RequestContext } from '../../../platform/http/context';
import { AppError, notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { resolveLegalBasis } from '../../law';
import { aiReviewCheckpointSettings, aiReviewStarterCheckpoints, aiReviewWorkspaceCheckpoints } from '../ai-review.table';
import { requireReviewUse } from '../review/review.service';
import { checkpointDto } from './playbook-routes.service';
import { ensureStarterCheckpoints, workspaceDefinition } from './playbook.service';
import type { LawReference } from './playbook.types';

/**
 * The workspace's own checkpoints. Writing the playbook needs 'workspace.config.write' on top of
 * 'ai.review.use' (the workspace admins by default): a checkpoint changes every later review.
 */
type Body = z.output<typeof WorkspaceCheckpointBodySchema>;
const PLAYBOOK_WRITE = 'workspace.config.write';

function writer(ctx: RequestContext) {
  const who = requireReviewUse(ctx);
  requirePermission(ctx, PLAYBOOK_WRITE);
  return who;
}

/** Each pattern must compile (flags iu), as the engine will compile it. */
function checkPatterns(rule: Body['rule'] | undefined) {
  if (!rule) return;
  const issues: Array<{ field: string; reason: string }> = [];
  const lists: Array<[string, { ko: string[]; en: string[] } | undefined]> = [['patterns', rule.patterns], ['unless', rule.kind === 'absent' ? rule.unless : undefined]];
  for (const [name, list] of lists) {
    for (const lang of ['ko', 'en'] as const) {
      (list?.[lang] ?? []).forEach((p, i) => {
        try {
          new RegExp(p, 'iu');
        } catch {
          issues.push({ field: `body.rule.${name}.${lang}.${i}`, reason: 'not a valid regular expression' });
        }
      });
    }
  }
  if (rule.kind === 'threshold' && rule.max === undefined && rule.min === undefined) issues.push({ field: 'body.rule.max', reason: 'a threshold needs max or min' });
  if (issues.length > 0) throw validationError(issues);
}

const codeTaken = () =>
  new AppError('ERROR_CONFLICT', { message: { ko: '이미 있는 체크포인트 코드입니다.', en: 'A checkpoint with this code exists already.' }, data: { reason: 'CODE_TAKEN' } });

async function isStarterCode(services: AppServices, code: string) {
  await ensureStarterCheckpoints(services.db);
  const [row] = await services.db.select({ id: aiReviewStarterCheckpoints.id }).from(aiReviewStarterCheckpoints).where(eq(aiReviewStarterCheckpoints.code, code)).limit(1);
  return row !== undefined;
}

/** Every statute reference must resolve to article text of a shipped statute (a basis that does not resolve would never be shown). */
async function checkLegalBasis(services: AppServices, refs: readonly LawReference[] | undefined) {
  if (!refs) return;
  const issues: Array<{ field: string; reason: string }> = [];
  for (const [i, ref] of refs.entries()) {
    if ((await resolveLegalBasis(services.db, [ref])).length === 0) {
      issues.push({ field: `body.legalBasis.${i}`, reason: `${ref.lawName} ${ref.article}${ref.paragraph ? ` ${ref.paragraph}항` : ''} is not an article of a shipped statute` });
    }
  }
  if (issues.length > 0) throw validationError(issues);
}

export async function createCheckpoint(services: AppServices, ctx: RequestContext, body: Body): Promise<Checkpoint> {
  const { scope, userId } = writer(ctx);
  checkPatterns(body.rule);
  await checkLegalBasis(services, body.legalBasis);
  if (await isStarterCode(services, body.code)) throw codeTaken();
  try {
    const row = await services.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(aiReviewWorkspaceCheckpoints)
        .values({ ...scope, ...body, createdByUserId: userId })
        .returning();
      await recordAudit(tx, { type: 'ai_review.checkpoint_created', data: { checkpointId: created!.id, code: created!.code, contractType: created!.contractType } }, { ...auditMetaOf(ctx, userId), ...scope });
      return created!;
    });
    return checkpointDto(services, { checkpointId: row.id, origin: 'WORKSPACE', isActive: row.isActive, definition: workspaceDefinition(row) }, ctx.locale, true);
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

export async function updateCheckpoint(services: AppServices, ctx: RequestContext, checkpointId: number, body: z.output<typeof WorkspaceCheckpointPatchSchema>): Promise<Checkpoint> {
  const { scope, userId } = writer(ctx);
  checkPatterns(body.rule);
  await ensureStarterCheckpoints(services.db);
  const [starter] = await services.db.select().from(aiReviewStarterCheckpoints).where(eq(aiReviewStarterCheckpoints.id, checkpointId)).limit(1);
  if (starter) {
    const others = Object.keys(body).filter((k) => k !== 'isActive');
    if (others.length > 0) throw validationError(others.map((k) => ({ field: `body.${k}`, reason: 'a starter checkpoint is read-only: only isActive can change' })));
    if (body.isActive === undefined) throw validationError([{ field: 'body.isActive', reason: 'required for a starter checkpoint' }]);
    const isActive = body.isActive;
    await services.db.transaction(async (tx) => {
      await tx
        .insert(aiReviewCheckpointSettings)
        .values({ ...scope, checkpointId, isActive, updatedByUserId: userId })
        .onConflictDoUpdate({ target: [aiReviewCheckpointSettings.tenantId, aiReviewCheckpointSettings.workspaceId, aiReviewCheckpointSettings.checkpointId], set: { isActive, updatedByUserId: userId, updatedAt: sql`now()` } });
      await recordAudit(tx, { type: 'ai_review.checkpoint_updated', data: { checkpointId, code: starter.code, isActive } }, { ...auditMetaOf(ctx, userId), ...scope });
    });
    return checkpointDto(services, { checkpointId, origin: 'STARTER', isActive, definition: starter.definition }, ctx.locale, true);
  }
  await checkLegalBasis(services, body.legalBasis);
  if (body.code !== undefined && (await isStarterCode(services, body.code))) throw codeTaken();
  try {
    const row = await services.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(aiReviewWorkspaceCheckpoints)
        .set({ ...body, updatedAt: new Date() })
        .where(and(inScope(aiReviewWorkspaceCheckpoints, scope), eq(aiReviewWorkspaceCheckpoints.id, checkpointId), isNull(aiReviewWorkspaceCheckpoints.deletedAt)))
        .returning();
      if (!updated) throw notFound();
      await recordAudit(tx, { type: 'ai_review.checkpoint_updated', data: { checkpointId, code: updated.code, isActive: updated.isActive } }, { ...auditMetaOf(ctx, userId), ...scope });
      return updated;
    });
    return checkpointDto(services, { checkpointId: row.id, origin: 'WORKSPACE', isActive: row.isActive, definition: workspaceDefinition(row) }, ctx.locale, true);
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

export async function deleteCheckpoint(services: AppServices, ctx: RequestContext, checkpointId: number): Promise<null> {
  const { scope, userId } = writer(ctx);
  await ensureStarterCheckpoints(services.db);
  const [starter] = await services.db.select({ id: aiReviewStarterCheckpoints.id }).from(aiReviewStarterCheckpoints).where(eq(aiReviewStarterCheckpoints.id, checkpointId)).limit(1);
  if (starter) {
    throw new AppError('ERROR_CONFLICT', {
      message: { ko: '기본 체크포인트는 삭제할 수 없습니다. 대신 비활성화해 주세요.', en: 'Starter checkpoints cannot be deleted; switch them off instead.' },
      data: { reason: 'STARTER_CHECKPOINT' },
    });
  }
  await services.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(aiReviewWorkspaceCheckpoints)
      .set({ deletedAt: new Date() })
      .where(and(inScope(aiReviewWorkspaceCheckpoints, scope), eq(aiReviewWorkspaceCheckpoints.id, checkpointId), isNull(aiReviewWorkspaceCheckpoints.deletedAt)))
      .returning({ code: aiReviewWorkspaceCheckpoints.code });
    if (!deleted) throw notFound();
    await recordAudit(tx, { type: 'ai_review.checkpoint_deleted', data: { checkpointId, code: deleted.code } }, { ...auditMetaOf(ctx, userId), ...scope });
  });
  return null;
}
