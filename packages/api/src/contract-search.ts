import { z } from 'zod';
import { CONTRACT_LIMITS as L, ContractStatusSchema, ContractTypeSchema } from './contract-catalogue';
import { AmountSchema, ContractSummarySchema, CurrencySchema, HashtagNameSchema, IsoDateSchema } from './contract-schemas';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';
import { sortQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Contract search (7.3): page-search v3/v4 (filters in the body, page/size/sort in the query as
// every list) and scroll-search v2 (keyset: fetchSize, sortValue, tieBreaker). Both only ever
// answer contracts the caller may read. The keyword matches Korean substrings through character
// bigrams (`해지` finds `해지할`) in the title, memo, counterparty names, hashtags and the
// extracted text of the contract's files; several words must all match.
// ---------------------------------------------------------------------------------------------

export const CONTRACT_SORT_FIELDS = ['createdAt', 'updatedAt', 'title', 'contractType', 'status', 'signedDate', 'startDate', 'endDate', 'amount'] as const;
export const ContractSortFieldSchema = z.enum(CONTRACT_SORT_FIELDS);
export type ContractSortField = z.infer<typeof ContractSortFieldSchema>;

export const KEYWORD_TARGETS = ['TITLE', 'MEMO', 'COUNTERPARTY', 'HASHTAG', 'CONTENT'] as const;
export const KeywordTargetSchema = z.enum(KEYWORD_TARGETS);
export type KeywordTarget = z.infer<typeof KeywordTargetSchema>;

const DateRangeSchema = z
  .object({ start: IsoDateSchema.optional(), end: IsoDateSchema.optional() })
  .refine((r) => !r.start || !r.end || r.start <= r.end, { path: ['end'], message: 'on or after start' })
  .describe('Inclusive; either end may be left open');

const idList = z.array(z.number().int().positive()).max(100);

const filterFields = {
  keyword: z.string().trim().min(1).max(L.keywordMaxLength).optional(),
  contractTypes: z.array(ContractTypeSchema).max(50).optional(),
  statuses: z.array(ContractStatusSchema).max(20).optional(),
  ownerIds: idList.optional(),
  groupIds: idList.optional(),
  hashtags: z.array(HashtagNameSchema).max(L.hashtagsMax).optional().describe('Contracts with any of these hashtags'),
  createdDate: DateRangeSchema.optional(),
  signedDate: DateRangeSchema.optional(),
  startDate: DateRangeSchema.optional(),
  endDate: DateRangeSchema.optional(),
  amountMin: AmountSchema.optional(),
  amountMax: AmountSchema.optional(),
  currency: CurrencySchema.optional().describe('Only amounts in this currency (amounts of different currencies are not comparable)'),
  isBookmarked: z.boolean().optional().describe('Only (true) or never (false) the caller\'s bookmarks'),
};

const amountOrder = (f: { amountMin?: string; amountMax?: string }, issue: z.RefinementCtx) => {
  if (f.amountMin !== undefined && f.amountMax !== undefined && Number(f.amountMin) > Number(f.amountMax)) {
    issue.addIssue({ code: 'custom', path: ['amountMax'], message: 'at least amountMin' });
  }
};

export const ContractSearchBodySchema = z.object(filterFields).superRefine(amountOrder);
export type ContractSearchBody = z.input<typeof ContractSearchBodySchema>;

export const ContractSearchV4BodySchema = z
  .object({ ...filterFields, keywordTargets: z.array(KeywordTargetSchema).min(1).optional().describe('Where the keyword is looked for; default everywhere') })
  .superRefine(amountOrder);
export type ContractSearchV4Body = z.input<typeof ContractSearchV4BodySchema>;

export const ContractSearchQuerySchema = pageQuery(10, 1000).extend({ sort: sortQuery(CONTRACT_SORT_FIELDS) });

export const ContractScrollBodySchema = z
  .object({
    ...filterFields,
    keywordTargets: ContractSearchV4BodySchema.shape.keywordTargets,
    fetchSize: z.number().int().min(1).max(L.scrollFetchSizeMax).default(20),
    sortField: ContractSortFieldSchema.default('createdAt'),
    sortDirection: z.enum(['asc', 'desc']).default('desc'),
    sortValue: z.string().max(500).nullable().optional().describe('The sortValue of the previous answer (null is a valid value: the row had none)'),
    tieBreaker: z.number().int().positive().optional().describe('The tieBreaker of the previous answer; absent on the first call'),
  })
  .superRefine(amountOrder);
export type ContractScrollBody = z.input<typeof ContractScrollBodySchema>;

export const ContractScrollDataSchema = z.object({
  content: z.array(ContractSummarySchema),
  sortValue: z.string().nullable().describe('Send back to get the next rows'),
  tieBreaker: z.number().int().nullable().describe('Send back with sortValue; null when there is nothing more'),
  hasNext: z.boolean(),
});

const tags = ['alex: contracts'];
const visibility = 'Only contracts the caller may read (owner, watcher, related user, group reader, contract reader, admin).';

export const pageSearchContractsV3 = defineRoute({
  method: 'POST', path: '/api/alex/contracts/page-search/v3', access: 'member', product: 'CLM',
  summary: `Searches contracts: keyword (everywhere, Korean substrings) and filters in the body; page, size (default 10) and sort=field,asc|desc in the query. ${visibility}`,
  tags, schemas: { query: ContractSearchQuerySchema, body: ContractSearchBodySchema, data: pageOf(ContractSummarySchema) },
});
export const pageSearchContractsV4 = defineRoute({
  method: 'POST', path: '/api/alex/contracts/page-search/v4', access: 'member', product: 'CLM',
  summary: `v3 plus keywordTargets (TITLE, MEMO, COUNTERPARTY, HASHTAG, CONTENT = the files' text). ${visibility}`,
  tags, schemas: { query: ContractSearchQuerySchema, body: ContractSearchV4BodySchema, data: pageOf(ContractSummarySchema) },
});
export const scrollSearchContracts = defineRoute({
  method: 'POST', path: '/api/alex/contracts/scroll-search/v2', access: 'member', product: 'CLM',
  summary: `Keyset pages for infinite scrolling: the same filters, fetchSize, sortField/sortDirection, and the previous answer's sortValue and tieBreaker. Stable while contracts are added. ${visibility}`,
  tags, schemas: { body: ContractScrollBodySchema, data: ContractScrollDataSchema },
});
