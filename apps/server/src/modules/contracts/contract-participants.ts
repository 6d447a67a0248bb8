import type { Tx } from '../../platform/db/client';
import type { TenantScope } from '../../platform/http/context';
import { contractUsers } from './contracts.table';

/**
 * Makes users related users of a contract (no-op for those already are), inside the caller's
 * transaction: the workflow engine adds the reviewers and approvers it gives a step to, so that
 * they read the contract they act on (contract.contract.read covers the contracts one takes part in).
 */
export async function addContractParticipants(tx: Tx, scope: TenantScope, contractId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(contractUsers)
    .values([...new Set(userIds)].map((userId) => ({ ...scope, contractId, userId })))
    .onConflictDoNothing();
}
