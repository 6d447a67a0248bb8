import { z } from 'zod';
import { defineRoute } from './http';
import { IsoDateSchema } from './contract-schemas';
import { StatuteKindSchema } from './law';
import { pageOf } from './envelope';
import { CategoryIdSchema, DocumentCitationSchema } from './research-collections';
import { GENERAL_CATEGORY_KINDS, GeneralCategoryKindSchema, SourceCitationSchema } from './research-sources';

// ---------------------------------------------------------------------------------------------
// Legal research (catalogue 7.2 aistudio: searches, chats, feedback, sample questions). A question
// is answered from article-level passages of the statute corpus in the version in force on the
// date asked about. Every answer carries structured citations, and every article reference that
// leaves the server has been resolved against that version (the citation gate): a reference that
// does not resolve is removed and the answer is marked corrected. With no passage above the
// threshold the answer declines and cites nothing. The built-in engine answers extractively (the
// best articles quoted under one plain lead sentence); a configured model writes a grounded answer.
// ---------------------------------------------------------------------------------------------

const product = 'AI_STUDIO' as const;
const tags = ['aistudio'];

export const ChatKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a chat key');
export const ChatMessageKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a message key');

/** One cited statute article (or paragraph) in one version, and the span of its text that was quoted. */
export const ResearchCitationSchema = z.object({
  statuteId: z.string().describe('법령ID'),
  lawSerialNumber: z.string().describe('법령MST of the version cited'),
  statuteTitle: z.string(),
  kind: StatuteKindSchema,
  effectiveDate: z.string().describe('시행일자 of that version'),
  article: z.string().describe('제13조, 제13조의2'),
  articleTitle: z.string().nullable(),
  paragraph: z.number().int().nullable().describe('① = 1; null for the whole article'),
  quote: z.string().describe('The quoted span, verbatim from the article text'),
  start: z.number().int().describe('Offset of the quote in the article text (StatuteArticle.text)'),
  end: z.number().int(),
});
export type ResearchCitation = z.infer<typeof ResearchCitationSchema>;

export const ResearchPassageSchema = z.object({
  statuteId: z.string(),
  lawSerialNumber: z.string(),
  statuteTitle: z.string(),
  kind: StatuteKindSchema,
  effectiveDate: z.string(),
  article: z.string(),
  articleTitle: z.string().nullable(),
  heading: z.string().nullable().describe('편/장/절 headings above the article, joined with " > "'),
  text: z.string(),
  score: z.number(),
});
export type ResearchPassage = z.infer<typeof ResearchPassageSchema>;

export const ResearchQueryBodySchema = z.object({
  query: z.string().trim().min(1).max(1000),
  asOf: IsoDateSchema.optional().describe('Search the versions in force on this date; by default the date the question names ("2012년 당시"), else today'),
  statuteIds: z.array(z.string().regex(/^\d{1,12}$/)).max(20).optional().describe('Only these statutes (법령ID)'),
  limit: z.number().int().min(1).max(50).default(10),
});

export const ResearchEmbeddingProgressSchema = z
  .object({
    model: z.string(),
    wordings: z.number().int().describe('Distinct indexed wordings (every passage has one; versions share them)'),
    embedded: z.number().int().describe('Wordings with a vector of this model'),
  })
  .describe('The vectors of the embedding model this workspace questions with: until every wording has one, meaning finds only part of the corpus (the words still find all of it)');
export type ResearchEmbeddingProgress = z.infer<typeof ResearchEmbeddingProgressSchema>;

export const ResearchIndexProgressSchema = z
  .object({
    versions: z.number().int(),
    indexedVersions: z.number().int(),
    embeddings: ResearchEmbeddingProgressSchema.nullable().optional().describe('Null when no embedding model is configured for the workspace (retrieval by words only)'),
  })
  .describe('Statute versions stored and indexed for research: while the first start indexes, answers rest on part of the corpus');
export type ResearchIndexProgress = z.infer<typeof ResearchIndexProgressSchema>;

export const ResearchQueryResultSchema = z.object({
  asOf: z.string().describe('The date whose versions were searched'),
  expandedTerms: z.array(z.object({ from: z.string(), to: z.array(z.string()) })).describe('Everyday words the legal vocabulary expanded (하청 -> 하도급)'),
  passages: z.array(ResearchPassageSchema),
  index: ResearchIndexProgressSchema,
});
export type ResearchQueryResult = z.infer<typeof ResearchQueryResultSchema>;

export const searchResearch = defineRoute({
  method: 'POST', path: '/api/aistudio/searches/query/v1', access: 'member', product, tags,
  summary: 'Ranked statute passages for a question (bigram BM25, fused with vectors when an embedding model is configured), in the versions in force on the date asked about.',
  schemas: { body: ResearchQueryBodySchema, data: ResearchQueryResultSchema },
});

export const CHAT_MESSAGE_ROLES = ['USER', 'ASSISTANT'] as const;
export const FEEDBACK_RATINGS = ['GOOD', 'BAD'] as const;
export const FeedbackRatingSchema = z.enum(FEEDBACK_RATINGS);

export const ChatMessageSchema = z.object({
  chatMessageKey: z.string(),
  role: z.enum(CHAT_MESSAGE_ROLES),
  text: z.string(),
  asOf: z.string().nullable().describe('Assistant: the date whose versions the answer rests on'),
  citations: z.array(ResearchCitationSchema),
  documentCitations: z.array(DocumentCitationSchema).describe("Assistant: pages of the team's collection documents the answer quotes (chats asked with categoryIds)"),
  sourceCitations: z.array(SourceCitationSchema).describe('Assistant: passages of precedents, administrative rules and local ordinances the answer quotes'),
  declined: z.boolean().describe('Assistant: no basis found in the provided sources; cites nothing'),
  correctedReferences: z.number().int().describe('Assistant: article references the citation gate removed (0 when none)'),
  engine: z.enum(['BUILT_IN', 'MODEL']).nullable(),
  feedback: FeedbackRatingSchema.nullable().describe("The caller's own feedback on this message"),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatSummarySchema = z.object({
  chatKey: z.string(),
  title: z.string().describe('The first question, shortened'),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

export const ChatQueryBodySchema = z.object({
  chatKey: ChatKeySchema.optional().describe('Continue this chat; a new one is created when omitted'),
  question: z.string().trim().min(1).max(2000),
  asOf: IsoDateSchema.optional().describe('Answer from the versions in force on this date (else the date the question names, else today)'),
  statuteIds: z.array(z.string().regex(/^\d{1,12}$/)).max(20).optional().describe('The filter: only these statutes'),
  categoryIds: z.array(CategoryIdSchema).max(20).optional().describe("Also search these collections (ones the caller can see; 404 otherwise): the answer may quote their documents by page alongside the statutes"),
  generalCategories: z
    .array(GeneralCategoryKindSchema)
    .max(GENERAL_CATEGORY_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'each kind once')
    .optional()
    .describe("Search only these general categories (default: every one the workspace searches; a kind it has switched off answers 403)"),
});
export type ChatQueryBody = z.infer<typeof ChatQueryBodySchema>;

/** The `done` event of a streamed answer. */
export const ChatQueryDoneSchema = z.object({
  chatKey: z.string(),
  question: ChatMessageSchema,
  answer: ChatMessageSchema,
  creditsCharged: z.number().int(),
  index: ResearchIndexProgressSchema,
});
export type ChatQueryDone = z.infer<typeof ChatQueryDoneSchema>;

export const queryChat = defineRoute({
  method: 'POST', path: '/api/aistudio/chats/query/v3', access: 'member', product, tags, raw: true,
  summary:
    'Asks a legal question as text/event-stream: `delta` events ({text}) as the answer is written, then one `done` event (ChatQueryDone) with the ' +
    'stored messages and their gated citations, or an `error` event ({code, message}). Errors before the stream starts (400, 401, 403, 404, 402) are ' +
    'the usual JSON envelope. The built-in engine answers extractively and costs nothing.',
  schemas: { body: ChatQueryBodySchema },
});

export const ListChatsQuerySchema = z.object({
  updatedDateStart: IsoDateSchema.optional(),
  updatedDateEnd: IsoDateSchema.optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  sort: z.enum(['updatedAt,desc', 'updatedAt,asc', 'createdAt,desc', 'createdAt,asc']).default('updatedAt,desc'),
});

export const listChats = defineRoute({
  method: 'GET', path: '/api/aistudio/chats/v1', access: 'member', product, tags,
  summary: "The caller's own research chats in this workspace, newest activity first, filtered by the day of their last activity.",
  schemas: { query: ListChatsQuerySchema, data: pageOf(ChatSummarySchema) },
});

export const ChatParamsSchema = z.object({ chatKey: ChatKeySchema });

export const ChatDetailSchema = ChatSummarySchema.extend({ messages: z.array(ChatMessageSchema) });
export type ChatDetail = z.infer<typeof ChatDetailSchema>;

export const getChat = defineRoute({
  method: 'GET', path: '/api/aistudio/chats/:chatKey/v1', access: 'member', product, tags,
  summary: "One of the caller's chats with its messages. 404 for another user's chat or another workspace's.",
  schemas: { params: ChatParamsSchema, data: ChatDetailSchema },
});

export const getChatV2 = defineRoute({
  method: 'GET', path: '/api/aistudio/chats/:chatKey/v2', access: 'member', product, tags,
  summary: 'Same as v1 (the web app uses v2).',
  schemas: { params: ChatParamsSchema, data: ChatDetailSchema },
});

export const deleteChat = defineRoute({
  method: 'DELETE', path: '/api/aistudio/chats/:chatKey/v1', access: 'member', product, tags,
  summary: 'Deletes one of the caller\'s chats and its messages and feedback.',
  schemas: { params: ChatParamsSchema, data: z.null() },
});

export const ChatMessageParamsSchema = z.object({ chatKey: ChatKeySchema, chatMessageKey: ChatMessageKeySchema });

export const ChatFeedbackSchema = z.object({
  rating: FeedbackRatingSchema.nullable().describe('null: no feedback given'),
  comment: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ChatFeedback = z.infer<typeof ChatFeedbackSchema>;

export const getChatFeedback = defineRoute({
  method: 'GET', path: '/api/aistudio/chats/:chatKey/messages/:chatMessageKey/feedback/v1', access: 'member', product, tags,
  summary: "The caller's feedback on an answer of their chat.",
  schemas: { params: ChatMessageParamsSchema, data: ChatFeedbackSchema },
});

export const ChatFeedbackBodySchema = z.object({
  rating: FeedbackRatingSchema,
  comment: z.string().trim().max(2000).optional(),
});

export const saveChatFeedback = defineRoute({
  method: 'POST', path: '/api/aistudio/chats/:chatKey/messages/:chatMessageKey/feedback/v1', access: 'member', product, tags,
  summary: 'Rates an answer (replacing an earlier rating). 400 on a question (only answers take feedback).',
  schemas: { params: ChatMessageParamsSchema, body: ChatFeedbackBodySchema, data: ChatFeedbackSchema },
});

export const listSampleQuestions = defineRoute({
  method: 'GET', path: '/api/aistudio/sample-questions/v1', access: 'member', product, tags,
  summary: "Example questions for the empty chat, in the caller's language (the workspace's own when a super admin set them).",
  schemas: { data: z.array(z.string()) },
});

// Translation ----------------------------------------------------------------------------------------

export const TranslateResearchBodySchema = z
  .object({
    chatKey: ChatKeySchema.optional().describe('With chatMessageKey: translate this answer of one of the caller\'s chats'),
    chatMessageKey: ChatMessageKeySchema.optional(),
    text: z.string().trim().min(1).max(20_000).optional().describe('Or translate this text'),
    targetLanguage: z.enum(['ko', 'en']),
  })
  .superRefine((b, issue) => {
    const isMessage = b.chatKey !== undefined || b.chatMessageKey !== undefined;
    if (isMessage && b.text !== undefined) issue.addIssue({ code: 'custom', path: ['text'], message: 'give a text or a chat message, not both' });
    else if (!isMessage && b.text === undefined) issue.addIssue({ code: 'custom', path: ['text'], message: 'give a text, or chatKey and chatMessageKey' });
    else if (isMessage && (b.chatKey === undefined || b.chatMessageKey === undefined)) issue.addIssue({ code: 'custom', path: [b.chatKey === undefined ? 'chatKey' : 'chatMessageKey'], message: 'chatKey and chatMessageKey go together' });
  });
export type TranslateResearchBody = z.infer<typeof TranslateResearchBodySchema>;

export const ResearchTranslationSchema = z.object({
  targetLanguage: z.enum(['ko', 'en']),
  text: z.string().describe('The whole translation, paragraphs joined by blank lines'),
  paragraphs: z.array(z.object({ source: z.string(), text: z.string() })).describe('Each paragraph of the source beside its translation'),
  model: z.string(),
  creditsCharged: z.number().int(),
});
export type ResearchTranslation = z.infer<typeof ResearchTranslationSchema>;

export const translateResearch = defineRoute({
  method: 'POST', path: '/api/aistudio/translations/v1', access: 'member', product, tags,
  summary:
    "Translates a research answer of the caller's chat (chatKey + chatMessageKey; another user's: 404) or a text, ko<->en, paragraph by paragraph, " +
    'through the workspace\'s AI provider (feature TRANSLATION, credits and a call record). Needs a configured model: 503 ERROR_AI_PROVIDER_NOT_CONFIGURED with the built-in engine. ' +
    'A translation of quoted statute text is not an official one.',
  schemas: { body: TranslateResearchBodySchema, data: ResearchTranslationSchema },
});
