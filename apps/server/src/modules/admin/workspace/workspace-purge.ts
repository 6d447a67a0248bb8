import { and, eq, isNull, notLike, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { fileRevisions } from '../../files';
import { workspaces } from '../../auth';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { recordAudit } from '../../../platform/audit/audit';
import * as repo from './deletion-requests.repo';
import { workspaceDeletionRequests as requests } from './deletion-requests.table';
import { tenantOwnedTables, tenantTableScope } from './tenant-tables';

type Services = Pick<AppServices, 'db' | 'storage' | 'logger' | 'modules'>;

/** The deletion request is the record that the workspace was purged: it stays. */
const KEPT_TABLES = new Set(['workspace_deletion_requests']);

/** Every object key `objectKey(scope)` can produce starts with this (the slash keeps w1 apart from w10). */
export const storagePrefixOf = (scope: TenantScope) => `t${scope.tenantId}/w${scope.workspaceId}/`;

/** Locks an APPROVED request past its grace period; null when it is not (any more) due. */
async function lockDue(tx: Tx, requestId: number, now: Date) {
  const view = await repo.unscopedFindRequest(tx, requestId, { forUpdate: true });
  if (!view || view.request.status !== 'APPROVED' || !view.request.purgeAfter || view.request.purgeAfter > now) return null;
  return view.request;
}

/**
 * Deletes the bytes of the workspace: everything under its storage prefix, and any revision
 * stored elsewhere. Deleting a missing object is a no-op, so this repeats safely.
 */
async function deleteObjects(services: Services, scope: TenantScope): Promise<number> {
  let deleted = 0;
  for await (const object of services.storage.list(storagePrefixOf(scope))) {
    await services.storage.delete(object.key);
    deleted++;
  }
  const strays = await services.db
    .select({ key: fileRevisions.storageKey })
    .from(fileRevisions)
    .where(and(inScope(fileRevisions, scope), notLike(fileRevisions.storageKey, `${storagePrefixOf(scope)}%`)));
  for (const { key } of strays) {
    await services.storage.delete(key);
    deleted++;
  }
  return deleted;
}

/** Deletes the workspace's rows of every tenant-owned table, children first; answers the counts. */
async function deleteRows(tx: Tx, modules: Services['modules'], scope: TenantScope): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tenantOwnedTables(modules)) {
    if (KEPT_TABLES.has(table.name)) continue;
    const result = (await tx.execute(
      sql`WITH gone AS (DELETE FROM ${table.table} WHERE ${tenantTableScope(table, scope)} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    )) as unknown as { rows: Array<{ n: number }> };
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) counts[table.name] = n;
  }
  return counts;
}

/**
 * Purges the workspace of an APPROVED request past `purgeAfter`, in steps that each repeat
 * safely, so a crash anywhere is finished by the next run:
 * 1. `workspaces.deleted_at` is set: from then on nobody enters (membership checks and the
 *    launcher ignore deleted workspaces), so nothing new arrives while the data goes;
 * 2. the stored bytes are deleted (before the rows that name them);
 * 3. one transaction deletes every tenant-owned row of the workspace and marks the request
 *    PURGED (the request and audit_events stay);
 * 4. a last sweep of the storage prefix catches bytes of an upload that raced step 2.
 */
export async function purgeWorkspace(services: Services, requestId: number, now = new Date()): Promise<boolean> {
  const request = await services.db.transaction(async (tx) => {
    const due = await lockDue(tx, requestId, now);
    if (due) {
      await tx
        .update(workspaces)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(workspaces.id, due.workspaceId), eq(workspaces.tenantId, due.tenantId), isNull(workspaces.deletedAt)));
    }
    return due;
  });
  if (!request) return false;
  const scope: TenantScope = { tenantId: request.tenantId, workspaceId: request.workspaceId };

  let deletedObjects = await deleteObjects(services, scope);
  const isPurged = await services.db.transaction(async (tx) => {
    if (!(await lockDue(tx, requestId, now))) return false;
    const deletedRows = await deleteRows(tx, services.modules, scope);
    await tx.update(requests).set({ status: 'PURGED', purgedAt: new Date() }).where(and(inScope(requests, scope), eq(requests.id, requestId)));
    await recordAudit(tx, { type: 'workspace.purged', data: { requestId, deletedRows, deletedObjects } }, { actorUserId: null, ...scope });
    return true;
  });
  deletedObjects += await deleteObjects(services, scope);
  services.logger.info({ requestId, ...scope, deletedObjects }, 'workspace purged');
  return isPurged;
}

/** Every APPROVED request past its grace period, a batch at a time; answers how many were purged. */
export async function purgeDueWorkspaces(services: Services, now = new Date(), batch = 20): Promise<number> {
  let purged = 0;
  for (const requestId of await repo.unscopedDueRequestIds(services.db, now, batch)) {
    if (await purgeWorkspace(services, requestId, now)) purged++;
  }
  return purged;
}
