import type { Page, RecentlyViewedContract } from '@legal/api';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { contractSummaries } from './contract-dto';
import { summaryColumns } from './contracts.repo';
import { contractContext } from './contracts.service';
import { contracts, contractViews } from './contracts.table';
import { visibleTo } from './contracts.visibility';

/**
 * The home's "recently viewed" (conhub home/recently-viewed/v1): the member's own views
 * (recorded by getContract, contract-recent-views.repo.ts) of contracts they may still read.
 */

type Services = Pick<AppServices, 'db'>;

export async function listRecentlyViewedContracts(services: Services, ctx: RequestContext, query: { page: number; size: number }): Promise<Page<RecentlyViewedContract>> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const where = and(
    inScope(contractViews, scope),
    eq(contractViews.userId, actor.userId),
    inScope(contracts, scope),
    isNull(contracts.deletedAt),
    visibleTo(actor),
  );
  const joinOn = eq(contracts.id, contractViews.contractId);
  return fetchPage(
    query,
    async (limit, offset) => {
      const rows = await db
        .select({ contract: summaryColumns, viewedAt: contractViews.viewedAt })
        .from(contractViews)
        .innerJoin(contracts, joinOn)
        .where(where)
        .orderBy(desc(contractViews.viewedAt), desc(contracts.id))
        .limit(limit)
        .offset(offset);
      const summaries = await contractSummaries(db, scope, actor, rows.map((r) => r.contract));
      return summaries.map((summary, i) => ({ ...summary, viewedAt: rows[i]!.viewedAt.toISOString() }));
    },
    async () => Number((await db.select({ n: sql<number>`count(*)::int` }).from(contractViews).innerJoin(contracts, joinOn).where(where))[0]?.n ?? 0),
  );
}
