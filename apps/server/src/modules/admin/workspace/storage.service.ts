import type { SetStorageQuotaBody, WorkspaceStorage } from '@legal/api';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { workspaceStorage } from '../../files';
import { workspaces } from '../../auth';
import { inScope } from '../../../platform/db/tenancy';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { actorUserId } from '../admin-request';

type Services = Pick<AppServices, 'db' | 'config'>;

/**
 * Usage and the quota in force. The files module keeps `workspace_storage` up to date on every
 * upload and purge; a workspace that never uploaded has no row yet (nothing used, default quota).
 */
async function storageOf(db: Db | Tx, scope: TenantScope, defaultQuotaBytes: number): Promise<WorkspaceStorage> {
  const [row] = await db.select().from(workspaceStorage).where(inScope(workspaceStorage, scope));
  const custom = row?.quotaBytes ?? null;
  return { ...scope, usedBytes: row?.usedBytes ?? 0, quotaBytes: custom ?? defaultQuotaBytes, isDefaultQuota: custom === null };
}

/** GET storage/v1: any admin of the workspace (the admin access level). */
export async function getStorage(services: Services, ctx: RequestContext): Promise<WorkspaceStorage> {
  return storageOf(services.db, tenantScope(ctx), services.config.files.defaultQuotaBytes);
}

/** Super admin: PUT super-admin/workspaces/{id}/storage/v1. Lowering below the usage only stops new uploads. */
export async function setStorageQuota(services: Services, ctx: RequestContext, workspaceId: number, body: SetStorageQuotaBody): Promise<WorkspaceStorage> {
  const userId = actorUserId(ctx);
  return services.db.transaction(async (tx) => {
    const [workspace] = await tx.select({ tenantId: workspaces.tenantId, deletedAt: workspaces.deletedAt }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
    if (!workspace) throw notFound();
    if (workspace.deletedAt) throw conflict({ ko: '삭제된 워크스페이스입니다.', en: 'The workspace has been deleted.' }, { reason: 'WORKSPACE_DELETED' });
    const scope: TenantScope = { tenantId: workspace.tenantId, workspaceId };
    const before = (await tx.select({ quotaBytes: workspaceStorage.quotaBytes }).from(workspaceStorage).where(inScope(workspaceStorage, scope)))[0]?.quotaBytes ?? null;
    await tx
      .insert(workspaceStorage)
      .values({ ...scope, quotaBytes: body.quotaBytes })
      .onConflictDoUpdate({
        target: [workspaceStorage.tenantId, workspaceStorage.workspaceId],
        set: { quotaBytes: body.quotaBytes, updatedAt: new Date() },
      });
    if (before !== body.quotaBytes) {
      await recordAudit(tx, { type: 'workspace.storage_quota_updated', data: { before, after: body.quotaBytes } }, { ...auditMetaOf(ctx, userId), ...scope });
    }
    return storageOf(tx, scope, services.config.files.defaultQuotaBytes);
  });
}
