import { CONTRACT_SORT_FIELDS, type ContractScrollBodySchema, type ContractSummary, type Page } from '@legal/api';
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import { fetchPage, pageOf } from '../../../platform/db/paging';
import type { RequestContext } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { contractSummaries } from '../contract-dto';
import { parseSort } from '../../../platform/db/sorting';
import * as search from './contract-search.repo';
import { contractContext } from '../contracts.service';

/**
 * Contract search (7.3): page-search v3/v4 and scroll-search v2. Every query goes through
 * `searchConditions`, which always applies the workspace scope and the caller's read rule.
 */

type Services = Pick<AppServices, 'db'>;

export async function pageSearchContracts(
  services: Services,
  ctx: RequestContext,
  query: { page: number; size: number; sort?: string | string[] },
  filter: search.SearchFilter,
): Promise<Page<ContractSummary>> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const where = search.searchConditions(db, scope, actor, filter);
  const order = search.orderBy(parseSort(query.sort, CONTRACT_SORT_FIELDS, { fallback: { field: 'createdAt', direction: 'desc' } }));
  if (search.keywordTokens(filter.keyword).length > 0) {
    const { rows, total } = await search.searchPageWithTotal(db, where, order, query.size, query.page * query.size);
    return pageOf(query, await contractSummaries(db, scope, actor, rows), total);
  }
  return fetchPage(
    query,
    async (limit, offset) => contractSummaries(db, scope, actor, await search.searchPage(db, where, order, limit, offset)),
    () => search.countMatches(db, where),
  );
}

export async function scrollSearchContracts(services: Services, ctx: RequestContext, body: z.output<typeof ContractScrollBodySchema>) {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  search.checkSortValue(body.sortField, body.sortValue);
  const after = body.tieBreaker !== undefined ? search.afterCursor(body.sortField, body.sortDirection, body.sortValue ?? null, body.tieBreaker) : undefined;
  const where = and(search.searchConditions(db, scope, actor, body), after);
  const rows = await search.scrollRows(db, where, body.sortField, body.sortDirection, body.fetchSize + 1);
  const page = rows.slice(0, body.fetchSize);
  const last = page.at(-1);
  const hasNext = rows.length > body.fetchSize;
  return {
    content: await contractSummaries(db, scope, actor, page),
    sortValue: last?.sortValue ?? null,
    tieBreaker: last?.id ?? null,
    hasNext,
  };
}
