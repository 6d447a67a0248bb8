import type { ContractSummary, Page } from '@legal/api';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { contractSummaries } from './contract-dto';
import { contractColumns } from './contracts.repo';
import { contractContext, readableContract } from './contracts.service';
import { contractBookmarks, contracts } from './contracts.table';
import { visibleTo } from './contracts.visibility';

/** A member's own bookmarks of contracts (7.6 bookmarks): idempotent on and off, listed newest first. */

type Services = Pick<AppServices, 'db'>;

export async function setContractBookmark(services: Services, ctx: RequestContext, contractId: number, isBookmarked: boolean) {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    await readableContract(tx, scope, actor, contractId);
    const own = and(inScope(contractBookmarks, scope), eq(contractBookmarks.contractId, contractId), eq(contractBookmarks.userId, actor.userId));
    const changed = isBookmarked
      ? await tx.insert(contractBookmarks).values({ ...scope, contractId, userId: actor.userId }).onConflictDoNothing().returning({ id: contractBookmarks.contractId })
      : await tx.delete(contractBookmarks).where(own).returning({ id: contractBookmarks.contractId });
    if (changed.length > 0) {
      await recordAudit(tx, { type: isBookmarked ? 'contract.bookmarked' : 'contract.unbookmarked', data: { contractId } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    }
    return { contractId, isBookmarked };
  });
}

export async function listContractBookmarks(services: Services, ctx: RequestContext, query: { page: number; size: number }): Promise<Page<ContractSummary>> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const where = and(
    inScope(contractBookmarks, scope),
    eq(contractBookmarks.userId, actor.userId),
    inScope(contracts, scope),
    isNull(contracts.deletedAt),
    visibleTo(actor),
  );
  const joined = () => db.select({ contract: contractColumns }).from(contractBookmarks).innerJoin(contracts, eq(contracts.id, contractBookmarks.contractId));
  return fetchPage(
    query,
    async (limit, offset) => {
      const rows = await joined().where(where).orderBy(desc(contractBookmarks.createdAt), desc(contracts.id)).limit(limit).offset(offset);
      return contractSummaries(db, scope, actor, rows.map((r) => r.contract));
    },
    async () =>
      Number((await db.select({ n: sql<number>`count(*)::int` }).from(contractBookmarks).innerJoin(contracts, eq(contracts.id, contractBookmarks.contractId)).where(where))[0]?.n ?? 0),
  );
}
