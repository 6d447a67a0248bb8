import { CONTRACT_STATS_LIMITS, CONTRACT_STATUS_CATALOGUE, CONTRACT_TYPE_CATALOGUE, type ContractStats, type ContractStatus, type ContractType } from '@legal/api';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context';
import { validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { localDate } from '../../platform/time';
import { HOME_TIME_ZONE, searchConditions } from './search/contract-search.repo';
import { contractContext } from './contracts.service';
import { presentedStatusSql } from './contracts.repo';
import { contracts } from './contracts.table';

/**
 * The home chart (7.6 home/contract-stats/v1): contracts the caller can read (the search's own
 * conditions: scope, live rows, read rule) created in a range of Korean calendar dates.
 */

type Services = Pick<AppServices, 'db'>;

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The range with its defaults: up to today, from the first day of the month eleven months before. */
export function statsRange(query: { dateStart?: string; dateEnd?: string }, today: string): { dateStart: string; dateEnd: string } {
  const dateEnd = query.dateEnd ?? (query.dateStart && query.dateStart > today ? query.dateStart : today);
  const dateStart = query.dateStart ?? `${monthOf(monthIndex(dateEnd) - (CONTRACT_STATS_LIMITS.defaultMonths - 1))}-01`;
  if (monthIndex(dateEnd) - monthIndex(dateStart) >= CONTRACT_STATS_LIMITS.maxMonths) {
    throw validationError([{ field: 'query.dateStart', reason: `at most ${CONTRACT_STATS_LIMITS.maxMonths} months before dateEnd` }]);
  }
  return { dateStart, dateEnd };
}

export async function getContractStats(services: Services, ctx: RequestContext, query: { dateStart?: string; dateEnd?: string }): Promise<ContractStats> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const range = statsRange(query, localDate(new Date(), HOME_TIME_ZONE));
  const where = searchConditions(db, scope, actor, { createdDate: { start: range.dateStart, end: range.dateEnd } });
  // The zone is a constant written into the SQL (not a parameter), so SELECT and GROUP BY are the same expression.
  const month = sql<string>`to_char(${contracts.createdAt} AT TIME ZONE ${sql.raw(`'${HOME_TIME_ZONE}'`)}, 'YYYY-MM')`;
  const n = sql<number>`count(*)::int`;
  const [byStatus, byType, byMonth] = await Promise.all([
    db.select({ key: presentedStatusSql, n }).from(contracts).where(where).groupBy(presentedStatusSql),
    db.select({ key: contracts.contractType, n }).from(contracts).where(where).groupBy(contracts.contractType),
    db.select({ key: month, n }).from(contracts).where(where).groupBy(month),
  ]);
  const statusCounts = new Map<ContractStatus, number>(byStatus.map((r) => [r.key, Number(r.n)]));
  const typeCounts = new Map<ContractType, number>(byType.map((r) => [r.key, Number(r.n)]));
  const monthCounts = new Map(byMonth.map((r) => [r.key, Number(r.n)]));
  const months = Array.from({ length: monthIndex(range.dateEnd) - monthIndex(range.dateStart) + 1 }, (_, i) => monthOf(monthIndex(range.dateStart) + i));
  return {
    ...range,
    total: [...statusCounts.values()].reduce((a, b) => a + b, 0),
    byStatus: CONTRACT_STATUS_CATALOGUE.map((s) => ({ status: s.code, label: s.name[ctx.locale], count: statusCounts.get(s.code) ?? 0 })),
    byContractType: CONTRACT_TYPE_CATALOGUE.filter((t) => typeCounts.has(t.code))
      .map((t) => ({ contractType: t.code, label: t.name[ctx.locale], count: typeCounts.get(t.code)! }))
      .sort((a, b) => b.count - a.count),
    byMonth: months.map((m) => ({ month: m, count: monthCounts.get(m) ?? 0 })),
  };
}
