import { z } from 'zod';
import { IsoDateSchema } from './contract-schemas';
import { pageOf } from './envelope';
import { defineRoute } from './http';
import { ResearchCitationSchema } from './research';

// ---------------------------------------------------------------------------------------------
// Similar advisory (catalogue 7.2 aistudio, paths spelled `inquires` as in the catalogue). The legal
// team records the questions it is asked and its replies; they are the workspace's knowledge, seen
// by every member with research use. An inquiry shows the most similar earlier inquiries of the
// workspace (bigram cosine over title and question), and a draft reply is built from the statute
// articles the research retrieval finds (every one passed by the citation gate) and those earlier
// answers: an outline with the built-in engine, a grounded, metered text with a configured model.
// ---------------------------------------------------------------------------------------------

const product = 'AI_STUDIO' as const;
const tags = ['aistudio'];

export const InquiryIdSchema = z.coerce.number().int().positive();

export const CreateInquiryBodySchema = z.object({
  title: z.string().trim().min(1).max(200),
  question: z.string().trim().min(1).max(5000),
  answer: z.string().trim().min(1).max(20000).optional().describe("The legal team's reply, when there is one"),
  asOf: IsoDateSchema.optional().describe('The date the question is about: drafts cite the versions in force then (default: today in Korea)'),
});
export type CreateInquiryBody = z.infer<typeof CreateInquiryBodySchema>;

export const InquirySummarySchema = z.object({
  inquiryId: z.number().int(),
  title: z.string(),
  question: z.string(),
  answer: z.string().nullable(),
  asOf: z.string().nullable(),
  createdByUserId: z.number().int(),
  createdAt: z.string(),
});
export type InquirySummary = z.infer<typeof InquirySummarySchema>;

export const SimilarInquirySchema = InquirySummarySchema.extend({
  score: z.number().describe('Cosine similarity of the bigram vectors of title and question, 0..1'),
});
export type SimilarInquiry = z.infer<typeof SimilarInquirySchema>;

export const ADVISORY_DRAFT_ENGINES = ['BUILT_IN', 'MODEL'] as const;

export const AdvisoryDraftSchema = z.object({
  draftId: z.number().int(),
  engine: z.enum(ADVISORY_DRAFT_ENGINES),
  question: z.string().describe('The question restated (title and question)'),
  asOf: z.string().describe('The date whose statute versions were cited'),
  text: z.string().nullable().describe('MODEL: the drafted reply, its article references gated; BUILT_IN: null (the outline is the fields)'),
  citations: z.array(ResearchCitationSchema).describe('Articles quoted, each resolved in the version in force on asOf'),
  similar: z.array(SimilarInquirySchema).describe('Earlier inquiries with answers the draft draws on'),
  correctedReferences: z.number().int().describe('Article references the citation gate removed'),
  creditsCharged: z.number().int(),
  createdByUserId: z.number().int(),
  createdAt: z.string(),
});
export type AdvisoryDraft = z.infer<typeof AdvisoryDraftSchema>;

export const InquiryDetailSchema = InquirySummarySchema.extend({
  drafts: z.array(AdvisoryDraftSchema).describe('Newest first'),
  similar: z.array(SimilarInquirySchema).describe('Up to 5 most similar earlier inquiries of the workspace, best first'),
});
export type InquiryDetail = z.infer<typeof InquiryDetailSchema>;

export const createInquiry = defineRoute({
  method: 'POST', path: '/api/aistudio/similar-advisory/inquires/v1', access: 'member', product, tags,
  summary: "Records an inquiry (and the legal team's reply, if any) in the workspace's advisory knowledge.",
  schemas: { body: CreateInquiryBodySchema, data: InquirySummarySchema },
});

export const ListInquiriesQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  searchKeyword: z.string().trim().max(200).optional().describe('In the title or the question'),
});

export const listInquiries = defineRoute({
  method: 'GET', path: '/api/aistudio/similar-advisory/inquires/v1', access: 'member', product, tags,
  summary: "The workspace's inquiries, newest first.",
  schemas: { query: ListInquiriesQuerySchema, data: pageOf(InquirySummarySchema) },
});

export const InquiryParamsSchema = z.object({ inquiryId: InquiryIdSchema });

export const getInquiry = defineRoute({
  method: 'GET', path: '/api/aistudio/similar-advisory/inquires/:inquiryId/v1', access: 'member', product, tags,
  summary: "An inquiry, its drafts and the most similar earlier inquiries of the workspace. 404 for another workspace's.",
  schemas: { params: InquiryParamsSchema, data: InquiryDetailSchema },
});

export const createAdvisoryDraft = defineRoute({
  method: 'POST', path: '/api/aistudio/similar-advisory/inquires/:inquiryId/drafts/v1', access: 'member', product, tags,
  summary: 'Drafts a reply from the gated statute articles and the similar inquiries (an outline with the built-in engine, a metered text with a configured model) and stores it.',
  schemas: { params: InquiryParamsSchema, data: AdvisoryDraftSchema },
});

export const DownloadAdvisoryDraftBodySchema = z.object({ inquiryId: InquiryIdSchema, draftId: z.coerce.number().int().positive() });

export const downloadAdvisoryDraft = defineRoute({
  method: 'POST', path: '/api/aistudio/similar-advisory/download-draft/v1', access: 'member', product, tags, raw: true,
  summary: 'A draft reply as DOCX (question, draft, cited articles, similar inquiries) in the caller\'s language.',
  schemas: { body: DownloadAdvisoryDraftBodySchema },
});
