import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { AppError, conflict } from '../../platform/http/errors';
import { contractIdempotencyKeys } from './contract-idempotency.table';

export interface CreateKey {
  userId: number;
  key: string;
  /** `requestFingerprint` of the validated body. */
  requestHash: string;
}

const sameKey = (scope: TenantScope, k: CreateKey) =>
  and(inScope(contractIdempotencyKeys, scope), eq(contractIdempotencyKeys.userId, k.userId), eq(contractIdempotencyKeys.idempotencyKey, k.key));

/**
 * Claims the key in the creating transaction, before the contract is written. Answers null when
 * this request is the first with the key (the caller creates, then `settleCreateKey`), or the id
 * of the contract an earlier request with the same key and body made. A concurrent request with
 * the same key waits on the unique index until the first commits (and then finds its contract)
 * or rolls back (and then claims the key itself). The same key with another body: 422.
 */
export async function claimCreateKey(tx: Tx, scope: TenantScope, k: CreateKey): Promise<number | null> {
  const [claimed] = await tx
    .insert(contractIdempotencyKeys)
    .values({ ...scope, userId: k.userId, idempotencyKey: k.key, requestHash: k.requestHash })
    .onConflictDoNothing({ target: [contractIdempotencyKeys.tenantId, contractIdempotencyKeys.workspaceId, contractIdempotencyKeys.userId, contractIdempotencyKeys.idempotencyKey] })
    .returning({ id: contractIdempotencyKeys.id });
  if (claimed) return null;
  const [earlier] = await tx
    .select({ requestHash: contractIdempotencyKeys.requestHash, contractId: contractIdempotencyKeys.contractId })
    .from(contractIdempotencyKeys)
    .where(sameKey(scope, k));
  // Deleted between the two statements (its contract was purged): nothing to answer, retryable.
  if (!earlier || earlier.contractId === null) throw conflict(undefined, { reason: 'CONCURRENT_CHANGE' });
  if (earlier.requestHash !== k.requestHash) throw new AppError('ERROR_IDEMPOTENCY_KEY_REUSED', { data: { contractId: earlier.contractId } });
  return earlier.contractId;
}

/** Ties the claimed key to the contract just created, in the same transaction. */
export async function settleCreateKey(tx: Tx, scope: TenantScope, k: CreateKey, contractId: number): Promise<void> {
  await tx.update(contractIdempotencyKeys).set({ contractId }).where(sameKey(scope, k));
}
