import type { ClauseLabel, OodConfig } from '@legal/api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import type { Db } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { workspaces } from '../../auth';
import { aiReviewOodConfigs } from '../ai-review.table';
import { requireReviewUse } from '../review/review.service';
import { userIdOf } from '../review/review-source';

/**
 * Out-of-domain handling (docs/decisions/0005-ood-configs.md): how sure the review must be that
 * the document is a contract of the chosen type, and what happens below that (WARN: the estimate
 * says so and the review runs; BLOCK: 409 before anything is charged). A user's setting wins over
 * the workspace's, which wins over the default.
 */
export const DEFAULT_OOD: OodConfig = { minConfidence: 0.3, action: 'WARN' };
type Source = 'DEFAULT' | 'WORKSPACE' | 'USER';

export async function effectiveOod(db: Db, scope: TenantScope, userId: number | null): Promise<OodConfig & { source: Source }> {
  const rows = await db
    .select()
    .from(aiReviewOodConfigs)
    .where(and(inScope(aiReviewOodConfigs, scope), inArray(aiReviewOodConfigs.userId, userId === null ? [0] : [0, userId])));
  const own = rows.find((r) => r.userId !== 0);
  const ws = rows.find((r) => r.userId === 0);
  const pick = own ?? ws;
  if (!pick) return { ...DEFAULT_OOD, source: 'DEFAULT' };
  return { minConfidence: pick.minConfidence, action: pick.action, source: own ? 'USER' : 'WORKSPACE' };
}

async function save(db: Db, ctx: RequestContext, scope: TenantScope, userId: number, config: OodConfig, actorUserId: number) {
  await db.transaction(async (tx) => {
    await tx
      .insert(aiReviewOodConfigs)
      .values({ ...scope, userId, ...config })
      .onConflictDoUpdate({ target: [aiReviewOodConfigs.tenantId, aiReviewOodConfigs.workspaceId, aiReviewOodConfigs.userId], set: { ...config, updatedAt: sql`now()` } });
    await recordAudit(tx, { type: 'ai_review.ood_config_changed', data: { userId: userId === 0 ? null : userId, ...config } }, { ...auditMetaOf(ctx, actorUserId), ...scope });
  });
}

export async function getUserOod(services: AppServices, ctx: RequestContext) {
  const { scope, userId } = requireReviewUse(ctx);
  return effectiveOod(services.db, scope, userId);
}

export async function putUserOod(services: AppServices, ctx: RequestContext, body: OodConfig) {
  const { scope, userId } = requireReviewUse(ctx);
  await save(services.db, ctx, scope, userId, body, userId);
  return effectiveOod(services.db, scope, userId);
}

export async function getWorkspaceOod(services: AppServices, ctx: RequestContext) {
  const { scope } = requireReviewUse(ctx);
  return effectiveOod(services.db, scope, null);
}

async function workspaceScope(db: Db, workspaceId: number): Promise<TenantScope> {
  const [ws] = await db.select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!ws) throw notFound();
  return ws;
}

export async function superAdminGetOod(services: AppServices, workspaceId: number) {
  return effectiveOod(services.db, await workspaceScope(services.db, workspaceId), null);
}

export async function superAdminPutOod(services: AppServices, ctx: RequestContext, workspaceId: number, body: OodConfig) {
  const scope = await workspaceScope(services.db, workspaceId);
  await save(services.db, ctx, scope, 0, body, userIdOf(ctx));
  return effectiveOod(services.db, scope, null);
}

/**
 * How sure the review is that the text is a contract of the type: the share of the clause labels
 * the type's checkpoints look at that the segmented text has (0 when no article was recognised).
 */
export function domainConfidence(clauseLabels: readonly ClauseLabel[], checkpointLabels: readonly ClauseLabel[]): number {
  const wanted = new Set(checkpointLabels.filter((l) => l !== 'OTHER'));
  if (clauseLabels.length === 0) return 0;
  if (wanted.size === 0) return 1;
  const present = new Set(clauseLabels);
  let hits = 0;
  for (const l of wanted) if (present.has(l)) hits++;
  return Math.round((hits / wanted.size) * 100) / 100;
}
