import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// The general categories of legal research (catalogue 7.2 "categories/general"): the built-in
// legal source kinds a chat searches, as opposed to the users' own categories (collections).
// Statutes are the shipped corpus (imported and indexed at start); precedents, administrative rules
// and local ordinances come from the law Open API (법제처 DRF, LAW_OPEN_API_OC): precedents synced
// daily, rules and ordinances stored as they are read. A chat searches what is stored here.
// ---------------------------------------------------------------------------------------------

export const GENERAL_CATEGORY_KINDS = ['STATUTE', 'PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE'] as const;
export const GeneralCategoryKindSchema = z.enum(GENERAL_CATEGORY_KINDS);
export type GeneralCategoryKind = z.infer<typeof GeneralCategoryKindSchema>;

/** The kinds besides statutes: quoted from the stored texts of the law Open API. */
export const SOURCE_KINDS = ['PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE'] as const;
export const SourceKindSchema = z.enum(SOURCE_KINDS);
export type SourceKind = z.infer<typeof SourceKindSchema>;

export const GENERAL_CATEGORY_TEXTS: Record<GeneralCategoryKind, { label: { ko: string; en: string }; description: { ko: string; en: string } }> = {
  STATUTE: {
    label: { ko: '법령', en: 'Statutes' },
    description: { ko: '법률·시행령·시행규칙 (제공 코퍼스, 시행일 기준 버전)', en: 'Acts, decrees and rules (the shipped corpus, the version in force on the date)' },
  },
  PRECEDENT: {
    label: { ko: '판례', en: 'Precedents' },
    description: { ko: '법제처 Open API에서 매일 동기화한 판례의 판시사항·판결요지', en: 'Holdings and summaries of the precedents synced daily from the law Open API' },
  },
  ADMIN_RULE: {
    label: { ko: '행정규칙', en: 'Administrative rules' },
    description: { ko: '법제처 Open API에서 읽어 저장한 행정규칙의 조문', en: 'Articles of the administrative rules read from the law Open API and stored' },
  },
  LOCAL_ORDINANCE: {
    label: { ko: '자치법규', en: 'Local ordinances' },
    description: { ko: '법제처 Open API에서 읽어 저장한 자치법규의 조문', en: 'Articles of the local ordinances read from the law Open API and stored' },
  },
};

/** PRECEDENT sections; an administrative rule's or ordinance's section is its article key (제3조). */
export const PRECEDENT_SECTIONS = ['HOLDINGS', 'SUMMARY'] as const;

/** A passage of a precedent, administrative rule or local ordinance that an answer quotes verbatim. */
export const SourceCitationSchema = z.object({
  kind: SourceKindSchema,
  sourceId: z.string().describe('PRECEDENT: the precedent id (판례일련번호); ADMIN_RULE / LOCAL_ORDINANCE: the serial number'),
  title: z.string().describe('The case name, or the rule or ordinance name'),
  reference: z.string().describe('How a lawyer names it: 대법원 2023다12345, or the agency / local government'),
  date: z.string().nullable().describe('Decision date (precedent) or effective date (rule, ordinance)'),
  section: z.string().describe('HOLDINGS (판시사항) or SUMMARY (판결요지) of a precedent; the article key (제3조) of a rule or ordinance'),
  quote: z.string().describe('Verbatim from that section'),
  start: z.number().int().describe("Offset of the quote in the section's text"),
  end: z.number().int(),
  sourceUrl: z.string().describe("law.go.kr's public page"),
});
export type SourceCitation = z.infer<typeof SourceCitationSchema>;
