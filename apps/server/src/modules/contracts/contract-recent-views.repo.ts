import { RECENT_CONTRACT_VIEW_LIMITS } from '@legal/api';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import type { Executor } from './contracts.repo';
import { contractViews } from './contracts.table';

/**
 * Records that the member opened the contract (the caller has checked it is readable) and forgets
 * their views past the newest `keptPerUser`, in one transaction.
 */
export async function recordContractView(db: Executor, scope: TenantScope, userId: number, contractId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(contractViews)
      .values({ ...scope, contractId, userId, viewedAt: new Date() })
      .onConflictDoUpdate({ target: [contractViews.contractId, contractViews.userId], set: { viewedAt: sql`excluded.viewed_at` } });
    const own = and(inScope(contractViews, scope), eq(contractViews.userId, userId));
    const kept = tx
      .select({ contractId: contractViews.contractId })
      .from(contractViews)
      .where(own)
      .orderBy(desc(contractViews.viewedAt), desc(contractViews.contractId))
      .limit(RECENT_CONTRACT_VIEW_LIMITS.keptPerUser);
    await tx.delete(contractViews).where(and(own, notInArray(contractViews.contractId, kept)));
  });
}
