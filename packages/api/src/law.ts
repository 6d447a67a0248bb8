import { z } from 'zod';
import { IsoDateSchema } from './contract-schemas';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// Statutes (catalogue 7.2 aistudio statutes): the Korean Acts, Enforcement Decrees and Rules the
// product ships (apps/server/law-data/current), each in its latest promulgated version, keyed by
// its 법령MST (law serial number: one version of one statute). Public law, the same for every
// workspace: member routes without a product, because AI review shows legal bases too.
// ---------------------------------------------------------------------------------------------

const tags = ['aistudio'];

export const STATUTE_KINDS = ['법률', '시행령', '시행규칙'] as const;
export const StatuteKindSchema = z.enum(STATUTE_KINDS);
export type StatuteKind = z.infer<typeof StatuteKindSchema>;

export const LawSerialNumberSchema = z.string().regex(/^\d{1,12}$/, 'digits (법령MST)');

export const StatuteSummarySchema = z.object({
  lawSerialNumber: z.string().describe('법령MST of this version'),
  lawId: z.string().describe('법령ID: the statute across its versions'),
  title: z.string(),
  kind: StatuteKindSchema,
  lawType: z.string().describe('법령구분: 법률, 대통령령, 총리령, ○○부령'),
  effectiveDate: z.string().describe('시행일자'),
  promulgationDate: z.string().describe('공포일자'),
  promulgationNumber: z.string().describe('공포번호'),
});
export type StatuteSummary = z.infer<typeof StatuteSummarySchema>;

export const StatuteItemSchema = z.object({
  number: z.string().describe("'1', '2의2'"),
  text: z.string(),
  subItems: z.array(z.object({ key: z.string().describe('가, 나, ...'), text: z.string() })),
});

export const StatuteParagraphSchema = z.object({
  number: z.number().int().describe('①=1; 0 for items directly under the article'),
  text: z.string(),
  items: z.array(StatuteItemSchema),
});

export const StatuteArticleSchema = z.object({
  article: z.string().describe('제13조, 제13조의2'),
  number: z.number().int(),
  branch: z.number().int().describe('The 의M part; 0 when none'),
  title: z.string().nullable(),
  heading: z.string().nullable().describe("The 편/장/절/관 headings above the article, joined ' > ' ('제1편 총칙 > 제2장 인 > 제1절 능력')"),
  text: z.string().describe('Amendment notes (<개정 2025.9.9>) are not part of the text: see amendmentNotes'),
  paragraphs: z.array(StatuteParagraphSchema),
  amendmentNotes: z.array(z.string()).describe("'<개정 2013.4.5>', '[본조신설 2013.8.6]' as the source writes them, in text order"),
  isDeleted: z.boolean().describe('삭제 <date>: the article number is kept, its text is gone'),
});
export type StatuteArticle = z.infer<typeof StatuteArticleSchema>;

export const SearchStatutesQuerySchema = z.object({
  keyword: z.string().trim().min(1).max(100).describe('Part of the title, with or without spaces, or a short name (하도급법)'),
  inForceOn: IsoDateSchema.optional()
    .describe('Answer the version in force on this date instead of the newest; a statute with no version stored for that date is left out'),
});

export const searchStatutes = defineRoute({
  method: 'GET', path: '/api/aistudio/statutes/v1', access: 'member', tags,
  summary: 'Statutes whose title (or short name) matches the keyword, each in its newest stored version (or the one in force on `inForceOn`), with 법령MST, 시행일자 and type.',
  schemas: { query: SearchStatutesQuerySchema, data: z.array(StatuteSummarySchema) },
});

export const StatuteIdSchema = z.string().regex(/^\d{1,12}$/, 'digits (법령ID)');

export const StatuteVersionQuerySchema = z
  .object({
    lawSerialNumber: LawSerialNumberSchema.optional().describe('One version (법령MST)'),
    statuteId: StatuteIdSchema.optional().describe('법령ID: with effectiveDate, the version in force on that date'),
    effectiveDate: IsoDateSchema.optional().describe('With statuteId: the version in force on this date (default today)'),
    article: z.string().trim().min(1).max(20).optional().describe('제13조, 제13조의2, 13, 13의2: only this article'),
  })
  .refine((q) => q.lawSerialNumber !== undefined || q.statuteId !== undefined, { message: 'lawSerialNumber or statuteId', path: ['lawSerialNumber'] });

export const StatuteVersionSchema = z.object({
  statute: StatuteSummarySchema,
  articles: z.array(StatuteArticleSchema).describe('The main text; 부칙 not included'),
});
export type StatuteVersion = z.infer<typeof StatuteVersionSchema>;

export const getStatuteVersion = defineRoute({
  method: 'GET', path: '/api/aistudio/statutes/histories/details/v1', access: 'member', tags,
  summary:
    "One statute version's articles (or one article): by 법령MST, or by 법령ID and the date it was in force. " +
    '404 for an unknown 법령MST, statute or article, or a date before its oldest stored version.',
  schemas: { query: StatuteVersionQuerySchema, data: StatuteVersionSchema },
});

// ---------------------------------------------------------------------------------------------
// Versions and history (catalogue 7.2 statutes histories, clause histories, legal hierarchies).
// A statute (법령ID) has versions (법령MST), each in force from its 시행일자 until the next one's.
// The shipped corpus holds every version of 8 Acts (law-data/history) and the newest of the rest;
// an operator can import more with the same format (LAW_DATA_DIR, docs/legal-research.md).
// ---------------------------------------------------------------------------------------------

export const StatuteVersionSummarySchema = StatuteSummarySchema.extend({
  ministries: z.array(z.string()).describe('소관부처'),
  amendmentKind: z.string().nullable().describe('제정, 일부개정, 전부개정, 타법개정 ... when the source names it'),
  inForceUntil: z.string().nullable().describe('The day before the next stored version takes effect; null for the newest'),
});
export type StatuteVersionSummary = z.infer<typeof StatuteVersionSummarySchema>;

export const StatuteParamsSchema = z.object({ statuteId: StatuteIdSchema });

export const listStatuteHistories = defineRoute({
  method: 'GET', path: '/api/aistudio/statutes/:statuteId/histories/v1', access: 'member', tags,
  summary: 'Every stored version of a statute (법령ID), newest first. 404 for an unknown statute.',
  schemas: { params: StatuteParamsSchema, data: z.array(StatuteVersionSummarySchema) },
});

export const StatuteHistoryV2Schema = z.object({
  statuteId: z.string(),
  title: z.string().describe('The newest title (a statute may be renamed)'),
  kind: StatuteKindSchema,
  versions: z.array(
    StatuteVersionSummarySchema.extend({
      changedArticles: z.array(z.string()).describe('Articles added, changed or deleted against the previous stored version (제N조, main text only)'),
    }),
  ),
});
export type StatuteHistoryV2 = z.infer<typeof StatuteHistoryV2Schema>;

export const listStatuteHistoriesV2 = defineRoute({
  method: 'GET', path: '/api/aistudio/statutes/:statuteId/histories/v2', access: 'member', tags,
  summary: 'The versions of a statute, newest first, each with the articles it changed against the previous stored version.',
  schemas: { params: StatuteParamsSchema, data: StatuteHistoryV2Schema },
});

export const DIFF_OPS = ['EQUAL', 'INSERT', 'DELETE'] as const;
export const TextDiffSegmentSchema = z.object({ op: z.enum(DIFF_OPS), text: z.string() });
export type TextDiffSegment = z.infer<typeof TextDiffSegmentSchema>;

export const ClauseHistoryParamsSchema = z.object({
  statuteId: StatuteIdSchema,
  clauseKey: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^(?:제\s*)?\d+\s*(?:조)?\s*(?:(?:의|-)\s*\d+)?$/u, 'an article: 제13조, 제13조의2, 13, 13의2')
    .describe('제13조, 제13조의2, 13, 13의2'),
});

export const ClauseHistoryQuerySchema = z.object({
  from: LawSerialNumberSchema.optional().describe('Diff from this version (법령MST)…'),
  to: LawSerialNumberSchema.optional().describe('…to this one (default: the newest). Both must be versions of this statute'),
});

export const ClauseHistorySchema = z.object({
  statuteId: z.string(),
  title: z.string(),
  article: z.string(),
  /** One entry per stored version in which the article's title or text differs from the version before (or first appears, or is deleted, or is gone), newest first. */
  revisions: z.array(
    z.object({
      version: StatuteVersionSummarySchema,
      present: z.boolean().describe('False when this version has no such article (removed or not yet added)'),
      articleTitle: z.string().nullable(),
      text: z.string(),
      isDeleted: z.boolean(),
    }),
  ),
  diff: z
    .object({ from: z.string(), to: z.string(), segments: z.array(TextDiffSegmentSchema) })
    .nullable()
    .describe('Word-level diff of the article text between `from` and `to` (null when `from` is not given)'),
});
export type ClauseHistory = z.infer<typeof ClauseHistorySchema>;

/**
 * How an article of one version reads in a later version of its statute (amendment notes are not
 * text, so a change only in them is no change): CHANGED (its text differs), DELETED (삭제: the
 * number is kept, the text is gone), REMOVED (no such article any more: renumbered away or dropped).
 */
export const ARTICLE_CHANGE_KINDS = ['CHANGED', 'DELETED', 'REMOVED'] as const;
export const ArticleChangeKindSchema = z.enum(ARTICLE_CHANGE_KINDS);
export type ArticleChangeKind = z.infer<typeof ArticleChangeKindSchema>;

/** A newer stored version of a statute in which a cited article reads differently (AI review's legal bases). */
export const NewerArticleVersionSchema = z.object({
  statuteId: z.string().describe('법령ID'),
  lawSerialNumber: z.string().describe('법령MST of the newest stored version, where the article reads differently'),
  effectiveDate: z.string().describe('시행일자 of that version'),
  changeKind: ArticleChangeKindSchema,
  movedTo: z.string().nullable().describe('REMOVED: the article it became in that version, when the text or a [종전 … 이동] note says so'),
});
export type NewerArticleVersion = z.infer<typeof NewerArticleVersionSchema>;

export const getClauseHistory = defineRoute({
  method: 'GET', path: '/api/aistudio/statutes/:statuteId/clauses/:clauseKey/histories/v1', access: 'member', tags,
  summary: 'How one article read across the stored versions of a statute, with a word diff between two of them. 404 for an article no version has.',
  schemas: { params: ClauseHistoryParamsSchema, query: ClauseHistoryQuerySchema, data: ClauseHistorySchema },
});

export const LegalHierarchySchema = z.object({
  act: StatuteSummarySchema.nullable().describe('법률'),
  decree: StatuteSummarySchema.nullable().describe('시행령'),
  rule: StatuteSummarySchema.nullable().describe('시행규칙'),
  /** A lower statute's article that says which upper article it implements ("법 제13조제1항에 따른", "법 제5조에서 대통령령으로 정하는"). */
  links: z.array(
    z.object({
      from: z.object({ lawSerialNumber: z.string(), kind: StatuteKindSchema, article: z.string(), articleTitle: z.string().nullable() }),
      to: z.object({ lawSerialNumber: z.string(), kind: StatuteKindSchema, article: z.string(), paragraph: z.number().int().nullable() }),
    }),
  ),
});
export type LegalHierarchy = z.infer<typeof LegalHierarchySchema>;

export const getLegalHierarchy = defineRoute({
  method: 'GET', path: '/api/aistudio/statutes/:statuteId/legal-hierarchies/v1', access: 'member', tags,
  summary: 'The Act, Enforcement Decree and Rule of a statute family (newest versions), and which lower article implements which upper one where its text says so.',
  schemas: { params: StatuteParamsSchema, data: LegalHierarchySchema },
});

export const StatuteImportStatusSchema = z.object({
  state: z.enum(['IDLE', 'RUNNING', 'DONE', 'FAILED']),
  totalFiles: z.number().int(),
  importedFiles: z.number().int().describe('Files stored so far (already stored ones count as done)'),
  statutes: z.number().int().describe('Distinct statutes (법령ID) stored'),
  versions: z.number().int().describe('Versions (법령MST) stored'),
  articles: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type StatuteImportStatus = z.infer<typeof StatuteImportStatusSchema>;

export const getStatuteImportStatus = defineRoute({
  method: 'GET', path: '/api/aistudio/statutes/import-status/v1', access: 'member', tags,
  summary: 'Progress of the corpus import (shipped statutes, their history, and LAW_DATA_DIR when set): the statute browser shows it while the first start imports.',
  schemas: { data: StatuteImportStatusSchema },
});
