import { z } from 'zod';
import { ContractStatusSchema, ContractTypeSchema } from './contract-catalogue';
import { ContractSummarySchema, IsoDateSchema } from './contract-schemas';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// The home dashboard's contract chart (7.6 home/contract-stats/v1): counts of the contracts the
// caller can read, created between dateStart and dateEnd (Korean calendar dates, inclusive), by
// status, by contract type and by month of creation.
// ---------------------------------------------------------------------------------------------

export const CONTRACT_STATS_LIMITS = {
  /** Months shown when no range is given (this month and the eleven before). */
  defaultMonths: 12,
  /** The longest range: ten years of months. */
  maxMonths: 120,
} as const;

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

export const ContractStatsQuerySchema = z
  .object({
    dateStart: IsoDateSchema.optional().describe('Default: the first day of the month eleven months before dateEnd'),
    dateEnd: IsoDateSchema.optional().describe('Default: today (Korea time)'),
  })
  .superRefine((q, issue) => {
    if (q.dateStart && q.dateEnd && q.dateStart > q.dateEnd) issue.addIssue({ code: 'custom', path: ['dateEnd'], message: 'on or after dateStart' });
    else if (q.dateStart && q.dateEnd && monthIndex(q.dateEnd) - monthIndex(q.dateStart) >= CONTRACT_STATS_LIMITS.maxMonths) {
      issue.addIssue({ code: 'custom', path: ['dateEnd'], message: `at most ${CONTRACT_STATS_LIMITS.maxMonths} months after dateStart` });
    }
  });

export const ContractStatsSchema = z.object({
  dateStart: z.string(),
  dateEnd: z.string(),
  total: z.number().int(),
  byStatus: z.array(z.object({ status: ContractStatusSchema, label: z.string(), count: z.number().int() })).describe('Every status, in lifecycle order, zeros included'),
  byContractType: z.array(z.object({ contractType: ContractTypeSchema, label: z.string(), count: z.number().int() })).describe('Types with contracts, most first'),
  byMonth: z.array(z.object({ month: z.string().describe('YYYY-MM'), count: z.number().int() })).describe('Every month of the range, zeros included'),
});
export type ContractStats = z.infer<typeof ContractStatsSchema>;

export const getContractStats = defineRoute({
  method: 'GET', path: '/api/conhub/home/contract-stats/v1', access: 'member', product: 'CLM',
  summary: 'Counts of the contracts the caller can read created in the range, by status, type and month, for the home charts (labels in the X-Locale language)',
  tags: ['conhub: home'], schemas: { query: ContractStatsQuerySchema, data: ContractStatsSchema },
});

// The home's "recently viewed" list: the contracts the caller opened (GET contracts/{id}) lately,
// last opened first, only those they may still read.

export const RECENT_CONTRACT_VIEW_LIMITS = {
  /** Views kept per member and workspace; older ones are forgotten when a new one is recorded. */
  keptPerUser: 50,
} as const;

export const RecentlyViewedContractsQuerySchema = pageQuery(10, RECENT_CONTRACT_VIEW_LIMITS.keptPerUser).omit({ sort: true });

export const RecentlyViewedContractSchema = ContractSummarySchema.extend({
  viewedAt: z.string().describe('When the caller last opened the contract'),
});
export type RecentlyViewedContract = z.infer<typeof RecentlyViewedContractSchema>;

export const listRecentlyViewedContracts = defineRoute({
  method: 'GET', path: '/api/conhub/home/recently-viewed/v1', access: 'member', product: 'CLM',
  summary: `The contracts the caller opened lately (their detail read), last opened first, only those they may still read; size defaults to 10 (the last ${RECENT_CONTRACT_VIEW_LIMITS.keptPerUser} views are kept)`,
  tags: ['conhub: home'], schemas: { query: RecentlyViewedContractsQuerySchema, data: pageOf(RecentlyViewedContractSchema) },
});
