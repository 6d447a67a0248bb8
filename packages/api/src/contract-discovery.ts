import { z } from 'zod';
import {
  CONTRACT_LANGUAGE_CATALOGUE, CONTRACT_LIMITS as L, CONTRACT_STATUS_CATALOGUE, CONTRACT_TYPE_CATALOGUE, COMMON_CURRENCIES, DISPUTE_RESOLUTION_CATALOGUE,
  OUR_POSITION_CATALOGUE, SIGNING_TYPE_CATALOGUE,
} from './contract-catalogue';
import { ContractDetailSchema, ContractSummarySchema } from './contract-schemas';
import { ContractSearchBodySchema } from './contract-search';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// Finding contracts other than by the keyword search (catalogue 7.3 alex): ranking by meaning
// (page-semantic-search), the unified search over every searchable domain, the code lists of the
// repository screens, reads by the conhub contract id, and the reindex jobs. Every answer holds
// only contracts the caller may read (owner, watcher, related user, group reader, contract reader,
// admin); everything else is 404 or simply absent.
// ---------------------------------------------------------------------------------------------

const alex = ['alex: contracts'];
const visibility = 'Only contracts the caller may read.';

// Semantic search -------------------------------------------------------------------------------

/**
 * How a semantic search ranked its hits. BUILT_IN: character-bigram overlap and pg_trgm
 * similarity between the query and the contract's text (no external provider).
 * EMBEDDINGS: vectors from the configured embedding provider (reserved; none is configured yet).
 */
export const SEMANTIC_SEARCH_MODES = ['BUILT_IN', 'EMBEDDINGS'] as const;
export const SemanticSearchModeSchema = z.enum(SEMANTIC_SEARCH_MODES);
export type SemanticSearchMode = z.infer<typeof SemanticSearchModeSchema>;

export const SEMANTIC_QUERY_MAX_LENGTH = 1000;

export const SemanticSearchBodySchema = z.object({
  query: z.string().trim().min(1).max(SEMANTIC_QUERY_MAX_LENGTH).describe('A sentence or a few words; ranked by closeness, not required to occur literally'),
  filter: ContractSearchBodySchema.optional().describe('The filters of page-search v3, applied before ranking'),
});
export type SemanticSearchBody = z.input<typeof SemanticSearchBodySchema>;

export const SemanticSearchQuerySchema = pageQuery(10, 100).omit({ sort: true });

export const SEMANTIC_MATCH_SOURCES = ['TITLE', 'METADATA', 'CONTENT'] as const;

export const SemanticHitSchema = ContractSummarySchema.extend({
  score: z.number().min(0).max(1).describe('Closeness to the query, 1 = every part of the query found in the title'),
  matchedIn: z.enum(SEMANTIC_MATCH_SOURCES).describe('Where the best match was: the title, the other fields (memo, counterparties, hashtags) or a file\'s text'),
  snippet: z.string().nullable().describe('The closest passage of the files\' text, when the match was there'),
  pageNumber: z.number().int().nullable().describe('The page of that passage'),
});
export type SemanticHit = z.infer<typeof SemanticHitSchema>;

export const SemanticSearchDataSchema = pageOf(SemanticHitSchema).extend({ mode: SemanticSearchModeSchema });

export const semanticSearchContracts = defineRoute({
  method: 'POST', path: '/api/alex/contracts/page-semantic-search/v1', access: 'member', product: 'CLM',
  summary:
    'Ranks contracts by closeness to the query (best first; page, size default 10). The answer\'s `mode` says how: BUILT_IN (no embedding provider configured) ranks by ' +
    'character-bigram overlap and pg_trgm similarity between the query and the title, memo, counterparties, hashtags and the files\' extracted text; EMBEDDINGS is ' +
    `reserved for a configured embedding provider. Each hit carries its score. ${visibility}`,
  tags: alex, schemas: { query: SemanticSearchQuerySchema, body: SemanticSearchBodySchema, data: SemanticSearchDataSchema },
});

// Unified search -------------------------------------------------------------------------------

/** The searchable domains; later issues add theirs (consultings, litigations, ...). */
export const UNIFIED_SEARCH_DOMAIN_CATALOGUE = [{ code: 'CONTRACT', name: { ko: '계약', en: 'Contracts' } }] as const;
export const UNIFIED_SEARCH_DOMAINS = UNIFIED_SEARCH_DOMAIN_CATALOGUE.map((d) => d.code) as [UnifiedSearchDomain, ...UnifiedSearchDomain[]];
export type UnifiedSearchDomain = (typeof UNIFIED_SEARCH_DOMAIN_CATALOGUE)[number]['code'];
export const UnifiedSearchDomainSchema = z.enum(UNIFIED_SEARCH_DOMAINS);

export const UnifiedSearchBodySchema = z.object({
  keyword: z.string().trim().min(1).max(L.keywordMaxLength),
  domains: z.array(UnifiedSearchDomainSchema).min(1).optional().describe('Default: every domain'),
});
export type UnifiedSearchBody = z.input<typeof UnifiedSearchBodySchema>;

export const UnifiedSearchQuerySchema = pageQuery(10, 100).omit({ sort: true });

export const UnifiedHitSchema = z.object({
  domain: UnifiedSearchDomainSchema,
  id: z.number().int(),
  title: z.string(),
  snippet: z.string().nullable(),
  score: z.number().min(0).max(1),
  url: z.string().describe('Where the web app shows it: /{workspace}/contracts/{id}'),
});
export type UnifiedHit = z.infer<typeof UnifiedHitSchema>;

export const unifiedSearchPage = defineRoute({
  method: 'POST', path: '/api/alex/unified-search/page/v1', access: 'member', product: 'CLM',
  summary: `One page of hits over every searchable domain (or those in body.domains), best first by score; size defaults to 10. ${visibility}`,
  tags: alex, schemas: { query: UnifiedSearchQuerySchema, body: UnifiedSearchBodySchema, data: pageOf(UnifiedHitSchema) },
});

const CodeSchema = z.object({ code: z.string(), name: z.object({ ko: z.string(), en: z.string() }), label: z.string().describe('The name in the X-Locale language') });
export type CodeEntry = z.infer<typeof CodeSchema>;

export const unifiedSearchCodes = defineRoute({
  method: 'GET', path: '/api/alex/unified-search-codes/v1', access: 'member', product: 'CLM',
  summary: 'The domains the unified search covers, with their ko/en names', tags: alex, schemas: { data: z.array(CodeSchema) },
});

// Repository codes -----------------------------------------------------------------------------

export const RepositoryCodesSchema = z.object({
  contractTypes: z.array(CodeSchema),
  statuses: z.array(CodeSchema),
  languages: z.array(CodeSchema),
  signingTypes: z.array(CodeSchema),
  ourPositions: z.array(CodeSchema),
  disputeResolutionMethods: z.array(CodeSchema),
  currencies: z.array(CodeSchema).describe('Offered first; any ISO 4217 code is accepted'),
});
export type RepositoryCodes = z.infer<typeof RepositoryCodesSchema>;

/** The catalogue lists the repository codes are made of (currencies are named by Intl). */
export const REPOSITORY_CODE_LISTS = {
  contractTypes: CONTRACT_TYPE_CATALOGUE,
  statuses: CONTRACT_STATUS_CATALOGUE,
  languages: CONTRACT_LANGUAGE_CATALOGUE,
  signingTypes: SIGNING_TYPE_CATALOGUE,
  ourPositions: OUR_POSITION_CATALOGUE,
  disputeResolutionMethods: DISPUTE_RESOLUTION_CATALOGUE,
  currencies: COMMON_CURRENCIES,
} as const;

export const getRepositoryCodesV2 = defineRoute({
  method: 'GET', path: '/api/alex/repository-codes/v2', access: 'member', product: 'CLM',
  summary: 'The code lists of the repository screens (contract types, statuses, languages, signing types, our positions, dispute resolution methods, currencies) with ko/en names and the X-Locale label',
  tags: alex, schemas: { data: RepositoryCodesSchema },
});

// By conhub contract id ------------------------------------------------------------------------

export const ConhubContractIdQuerySchema = z.object({ conhubContractId: z.string().trim().min(1).max(64) });

const byConhub = 'The contract linked to this conhub contract id (query.conhubContractId); 404 when none is live in this workspace and readable by the caller.';
export const getContractByConhubIdV3 = defineRoute({
  method: 'GET', path: '/api/alex/contracts/v3', access: 'member', product: 'CLM', summary: `${byConhub} The v5 answer.`,
  tags: alex, schemas: { query: ConhubContractIdQuerySchema, data: ContractDetailSchema },
});
export const getContractByConhubIdV4 = defineRoute({
  method: 'GET', path: '/api/alex/contracts/v4', access: 'member', product: 'CLM', summary: `${byConhub} The v6 answer.`,
  tags: alex, schemas: { query: ConhubContractIdQuerySchema, data: ContractDetailSchema },
});
export const downloadContractByConhubId = defineRoute({
  method: 'GET', path: '/api/alex/contracts/download/by-conhub-contract-id/v1', access: 'member', product: 'CLM', raw: true,
  summary: `The main file (else the first file) of the contract linked to this conhub contract id, as an attachment. ${byConhub}`,
  tags: alex, schemas: { query: ConhubContractIdQuerySchema },
});

// Reindex --------------------------------------------------------------------------------------

export const REINDEX_RANGE_MAX = 1_000_000;

export const ReindexRangeBodySchema = z
  .object({ idStart: z.number().int().positive(), idEnd: z.number().int().positive() })
  .refine((b) => b.idEnd >= b.idStart, { path: ['idEnd'], message: 'at least idStart' })
  .refine((b) => b.idEnd - b.idStart <= REINDEX_RANGE_MAX, { path: ['idEnd'], message: `at most ${REINDEX_RANGE_MAX} ids after idStart` });
export type ReindexRangeBody = z.input<typeof ReindexRangeBodySchema>;

export const ReindexAcceptedSchema = z.object({
  jobId: z.string(),
  acceptedCount: z.number().int().describe('Contracts of this workspace in the range when the job was queued'),
});

const reindex = 'Recomputes the search copies (counterparty and hashtag names) and the bigram column of each contract in batches, in a durable job; sending the same request again while it waits answers the same job. Needs contract.contract.admin (403).';
export const reindexContractsRange = defineRoute({
  method: 'POST', path: '/api/alex/contracts/reindex/v1', access: 'member', product: 'CLM', summary: `Reindexes the contracts with idStart <= id <= idEnd. ${reindex}`,
  tags: alex, schemas: { body: ReindexRangeBodySchema, data: ReindexAcceptedSchema },
});
export const reindexAllContracts = defineRoute({
  method: 'POST', path: '/api/alex/contracts/reindex-all/v1', access: 'member', product: 'CLM', summary: `Reindexes every contract of the workspace. ${reindex}`,
  tags: alex, schemas: { data: ReindexAcceptedSchema },
});
