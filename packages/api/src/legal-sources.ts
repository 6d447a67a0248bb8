import { z } from 'zod';
import { defineRoute } from './http';
import { repeatableQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Precedents, administrative rules and local ordinances (catalogue 7.4 arxive law-data precedents,
// 7.2 aistudio admin-rules and local-ordinances). They come from the National Law Information
// Center's Open API (법제처 DRF, www.law.go.kr/DRF) with the operator's OC key: precedents by a
// daily sync job (and on demand by case number), rules and ordinances on demand, each stored once.
// Without a key these calls answer an empty result with `sourceConfigured: false`: the product
// never shows a precedent it did not read from the source. Public law: the same for every workspace.
// ---------------------------------------------------------------------------------------------

export const PrecedentSummarySchema = z.object({
  precedentId: z.string().describe('판례일련번호 at the source'),
  caseNumber: z.string().describe('사건번호, e.g. 2025다210470'),
  caseName: z.string().describe('사건명'),
  courtName: z.string().describe('법원명, e.g. 대법원'),
  decisionDate: z.string().nullable().describe('선고일자 (YYYY-MM-DD)'),
  caseType: z.string().nullable().describe('사건종류명: 민사, 형사, 일반행정 ...'),
  judgmentType: z.string().nullable().describe('판결유형: 판결, 결정 ...'),
});
export type PrecedentSummary = z.infer<typeof PrecedentSummarySchema>;

export const PrecedentSchema = PrecedentSummarySchema.extend({
  holdings: z.string().nullable().describe('판시사항'),
  summary: z.string().nullable().describe('판결요지'),
  referencedArticles: z.string().nullable().describe('참조조문, as the source writes it'),
  referencedCases: z.string().nullable().describe('참조판례'),
  text: z.string().nullable().describe('판례내용 (the decision), tags removed'),
  sourceUrl: z.string().describe('The decision on law.go.kr'),
  syncedAt: z.string(),
});
export type Precedent = z.infer<typeof PrecedentSchema>;

export const SearchPrecedentsQuerySchema = z.object({
  searchWord: z.string().trim().min(1).max(100).describe('Words of the case name, number, holdings or summary'),
  previousSortValues: repeatableQuery(z.string().max(40))
    .optional()
    .describe('The `nextSortValues` of the previous page ([decisionDate, precedentId]); omit for the first page'),
  fetchSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const PrecedentPageSchema = z.object({
  sourceConfigured: z.boolean().describe('False: no Open API key is configured, and nothing was ever synced'),
  items: z.array(PrecedentSummarySchema),
  nextSortValues: z.array(z.string()).nullable().describe('Pass back as previousSortValues for the next page; null at the end'),
});
export type PrecedentPage = z.infer<typeof PrecedentPageSchema>;

export const searchPrecedents = defineRoute({
  method: 'GET', path: '/api/arxive/law-data/precedents/search-after', access: 'member', tags: ['arxive'],
  summary: 'Synced precedents matching the words, newest decision first, paged by search-after (stable while the sync adds more).',
  schemas: { query: SearchPrecedentsQuerySchema, data: PrecedentPageSchema },
});

export const PrecedentParamsSchema = z.object({
  courtName: z.string().trim().min(1).max(50),
  caseNumber: z.string().trim().min(1).max(60),
});

export const getPrecedent = defineRoute({
  method: 'GET', path: '/api/arxive/precedents/:courtName/:caseNumber/v1', access: 'member', tags: ['arxive'],
  summary:
    'One precedent by court and case number: stored, or read from the Open API by its case number when a key is configured. ' +
    '404 when neither holds it (never an invented one).',
  schemas: { params: PrecedentParamsSchema, data: PrecedentSchema },
});

const SourceQuerySchema = z.object({
  serialNumber: z.string().regex(/^\d{1,20}$/, 'digits').describe('일련번호 at the source (행정규칙일련번호 / 자치법규일련번호)'),
  govId: z.string().regex(/^\d{1,20}$/, 'digits').optional().describe('The issuing body\'s code (소관부처코드 / 지자체기관코드): a rule of another body is 404'),
});

export const SourceArticleSchema = z.object({
  key: z.string().describe('제1조, 제1조의2; empty for an unnumbered text'),
  title: z.string().nullable(),
  text: z.string(),
});

export const AdminRuleSchema = z.object({
  serialNumber: z.string(),
  ruleId: z.string().nullable().describe('행정규칙ID'),
  name: z.string(),
  kind: z.string().nullable().describe('훈령, 예규, 고시, 지침 ...'),
  agency: z.string().nullable().describe('소관부처명'),
  agencyCode: z.string().nullable(),
  issuedDate: z.string().nullable().describe('발령일자'),
  issueNumber: z.string().nullable().describe('발령번호'),
  effectiveDate: z.string().nullable(),
  articles: z.array(SourceArticleSchema),
  sourceUrl: z.string(),
});
export type AdminRule = z.infer<typeof AdminRuleSchema>;

export const getAdminRule = defineRoute({
  method: 'GET', path: '/api/aistudio/admin-rules/v1', access: 'member', tags: ['aistudio'],
  summary: 'An administrative rule (행정규칙) by its serial number, from the Open API (stored after the first read). `rule` is null when no key is configured.',
  schemas: { query: SourceQuerySchema, data: z.object({ sourceConfigured: z.boolean(), rule: AdminRuleSchema.nullable() }) },
});

export const LocalOrdinanceSchema = z.object({
  serialNumber: z.string(),
  ordinanceId: z.string().nullable().describe('자치법규ID'),
  name: z.string(),
  kind: z.string().nullable().describe('조례, 규칙 ...'),
  government: z.string().nullable().describe('지자체기관명'),
  governmentCode: z.string().nullable(),
  promulgationDate: z.string().nullable(),
  promulgationNumber: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  articles: z.array(SourceArticleSchema),
  sourceUrl: z.string(),
});
export type LocalOrdinance = z.infer<typeof LocalOrdinanceSchema>;

export const getLocalOrdinance = defineRoute({
  method: 'GET', path: '/api/aistudio/local-ordinances/v1', access: 'member', tags: ['aistudio'],
  summary: 'A local ordinance (자치법규) by its serial number, from the Open API (stored after the first read). `ordinance` is null when no key is configured.',
  schemas: { query: SourceQuerySchema, data: z.object({ sourceConfigured: z.boolean(), ordinance: LocalOrdinanceSchema.nullable() }) },
});
