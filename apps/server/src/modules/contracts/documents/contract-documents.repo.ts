import { EXECUTED_CONTRACT_STATUSES } from '@legal/api';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { auditEvents } from '../../../platform/audit/audit.table';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { claimPendingAttachments, type FileRow, files } from '../../files';
import { contractDocumentLocks } from './contract-documents.table';
import type { Executor } from '../contracts.repo';
import { contractFiles } from '../contracts.table';

/** Queries of the contract's main document (its first MAIN file) and of its Word edit lock. */

export type LockRow = typeof contractDocumentLocks.$inferSelect;

/** The contract's main document: its first live file with role MAIN in display order. */
export async function findMainDocument(db: Executor, scope: TenantScope, contractId: number, options: { forUpdate?: boolean } = {}): Promise<FileRow | null> {
  const query = db
    .select({ file: files })
    .from(contractFiles)
    .innerJoin(files, and(eq(files.fileKey, contractFiles.fileKey), inScope(files, scope), isNull(files.deletedAt)))
    .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId), eq(contractFiles.role, 'MAIN')))
    .orderBy(asc(contractFiles.displayOrder), asc(contractFiles.id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: files }) : await query;
  return row?.file ?? null;
}

/** Makes an attached file MAIN, or attaches it as MAIN ahead of the others. */
export async function makeMain(tx: Tx, scope: TenantScope, contractId: number, fileKey: string, userId: number): Promise<void> {
  const updated = await tx
    .update(contractFiles)
    .set({ role: 'MAIN' })
    .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId), eq(contractFiles.fileKey, fileKey)))
    .returning({ id: contractFiles.id });
  if (updated.length > 0) return;
  // New links go first: the main document is the first MAIN file in display order.
  const [first] = await tx
    .select({ n: sql<number>`coalesce(min(${contractFiles.displayOrder}), 0)::int` })
    .from(contractFiles)
    .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId)));
  await tx.insert(contractFiles).values({ ...scope, contractId, fileKey, role: 'MAIN', displayOrder: Number(first?.n ?? 0) - 1, addedByUserId: userId });
  await claimPendingAttachments(tx, scope, [fileKey]);
}

/** The lock of the contract's document, if one is live at `now`. */
export async function liveLock(db: Executor, scope: TenantScope, contractId: number, now: Date): Promise<LockRow | null> {
  const [row] = await db
    .select()
    .from(contractDocumentLocks)
    .where(and(inScope(contractDocumentLocks, scope), eq(contractDocumentLocks.contractId, contractId), gt(contractDocumentLocks.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Takes or renews the contract's lock (one row per contract; an expired row is simply overwritten). */
export async function writeLock(tx: Tx, scope: TenantScope, contractId: number, lock: { fileKey: string; lockId: string; userId: number; expiresAt: Date }): Promise<void> {
  const now = new Date();
  await tx
    .insert(contractDocumentLocks)
    .values({ ...scope, contractId, fileKey: lock.fileKey, lockId: lock.lockId, lockedByUserId: lock.userId, expiresAt: lock.expiresAt })
    .onConflictDoUpdate({
      target: contractDocumentLocks.contractId,
      set: { fileKey: lock.fileKey, lockId: lock.lockId, lockedByUserId: lock.userId, expiresAt: lock.expiresAt, createdAt: now, updatedAt: now },
    });
}

export async function extendLock(tx: Tx, scope: TenantScope, contractId: number, expiresAt: Date): Promise<void> {
  await tx
    .update(contractDocumentLocks)
    .set({ expiresAt, updatedAt: new Date() })
    .where(and(inScope(contractDocumentLocks, scope), eq(contractDocumentLocks.contractId, contractId)));
}

export async function deleteLock(tx: Tx, scope: TenantScope, contractId: number): Promise<void> {
  await tx.delete(contractDocumentLocks).where(and(inScope(contractDocumentLocks, scope), eq(contractDocumentLocks.contractId, contractId)));
}

/**
 * When the contract became executed: the first audit event that registered it in, or moved it
 * to, an executed status (SIGNED, ACTIVE, EXPIRED, TERMINATED; none of them leads back). Null
 * when the history does not tell (rows older than the audit trail).
 */
export async function executedAt(db: Executor, scope: TenantScope, contractId: number): Promise<Date | null> {
  const executed = [...EXECUTED_CONTRACT_STATUSES];
  const [row] = await db
    .select({ at: auditEvents.createdAt })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.tenantId, scope.tenantId),
        eq(auditEvents.workspaceId, scope.workspaceId),
        // Exactly this expression: audit_events_contract_idx is on (data->>'contractId').
        sql`${auditEvents.data}->>'contractId' = ${String(contractId)}`,
        or(
          and(eq(auditEvents.type, 'contract.status_changed'), inArray(sql`${auditEvents.data}->>'to'`, executed)),
          and(eq(auditEvents.type, 'contract.created'), inArray(sql`${auditEvents.data}->>'status'`, executed)),
        ),
      ),
    )
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id))
    .limit(1);
  return row?.at ?? null;
}
