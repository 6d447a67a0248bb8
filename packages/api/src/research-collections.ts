import { z } from 'zod';
import { pageOf } from './envelope';
import { FileKindSchema } from './files';
import { defineRoute } from './http';
import { repeatableQuery } from './list-query';
import { GeneralCategoryKindSchema } from './research-sources';

// ---------------------------------------------------------------------------------------------
// Research collections (catalogue 7.2 aistudio "Categories"; the web app says "collections"). A
// team's own legal memos, precedents or policies, uploaded into named collections and indexed the
// same way as the statutes (character-bigram BM25 over passages of each page), searchable on their
// own (query/v1) and alongside the statutes in a chat (chats/query/v3 with categoryIds).
//
// Visibility: PRIVATE (only the owner) or WORKSPACE (every member who may use legal research in the
// workspace). Only the owner edits a collection, uploads to it and deletes its documents (403 for
// anyone else who can see it); a collection the caller cannot see answers 404, as does one of
// another workspace. The files of a collection's documents are exactly as visible as the
// collection (the files routes find them through the attachment rules, and never change them).
// Every route needs ai.research.use (403) and the AI_STUDIO product.
// ---------------------------------------------------------------------------------------------

const product = 'AI_STUDIO' as const;
const tags = ['aistudio: collections'];
const base = '/api/aistudio/categories';

/** Capacity: checked on every upload (400 ERROR_EXCEEDED_STORAGE_LIMIT naming the limit). */
export const COLLECTION_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 1000,
  collectionsPerWorkspace: 100,
  documentsPerCollection: 200,
  bytesPerCollection: 200 * 1024 * 1024,
  documentsPerWorkspace: 2000,
  bytesPerWorkspace: 2 * 1024 * 1024 * 1024,
  /** Pages one ocr/download call returns. */
  pagesPerRead: 50,
} as const;

/** The file types a collection takes (detected from the bytes by the files module). */
export const COLLECTION_FILE_TYPES = ['pdf', 'docx', 'hwp', 'hwpx', 'txt', 'png', 'jpeg', 'tiff'] as const;

export const COLLECTION_VISIBILITIES = ['PRIVATE', 'WORKSPACE'] as const;
export const CollectionVisibilitySchema = z.enum(COLLECTION_VISIBILITIES).describe('PRIVATE: the owner only; WORKSPACE: every research user of the workspace');
export type CollectionVisibility = z.infer<typeof CollectionVisibilitySchema>;
export const COLLECTION_VISIBILITY_LABELS: Record<CollectionVisibility, { ko: string; en: string }> = {
  PRIVATE: { ko: '나만 보기', en: 'Only me' },
  WORKSPACE: { ko: '워크스페이스 공개', en: 'Whole workspace' },
};

/** PENDING: the files module is still extracting the text (OCR for scans); INDEXED: searchable; FAILED: no text could be read (error says why). */
export const COLLECTION_DOCUMENT_STATUSES = ['PENDING', 'INDEXED', 'FAILED'] as const;
export const CollectionDocumentStatusSchema = z.enum(COLLECTION_DOCUMENT_STATUSES);
export type CollectionDocumentStatus = z.infer<typeof CollectionDocumentStatusSchema>;
export const COLLECTION_DOCUMENT_STATUS_LABELS: Record<CollectionDocumentStatus, { ko: string; en: string }> = {
  PENDING: { ko: '읽는 중', en: 'Reading' },
  INDEXED: { ko: '검색 가능', en: 'Searchable' },
  FAILED: { ko: '읽을 수 없음', en: 'Unreadable' },
};

export const CategoryIdSchema = z.coerce.number().int().positive().max(2 ** 53 - 1);
export const CollectionDocumentIdSchema = z.coerce.number().int().positive().max(2 ** 53 - 1);
export const CategoryParamsSchema = z.object({ categoryId: CategoryIdSchema });
export const CategoryDocumentParamsSchema = z.object({ categoryId: CategoryIdSchema, documentId: CollectionDocumentIdSchema });

export const CollectionAbilitiesSchema = z.object({
  canEdit: z.boolean().describe('Edit name, description and visibility'),
  canUpload: z.boolean(),
  canDeleteDocuments: z.boolean(),
});

export const CollectionSchema = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: CollectionVisibilitySchema,
  ownerUserId: z.number().int(),
  ownerName: z.string().nullable(),
  documentCount: z.number().int(),
  indexedDocumentCount: z.number().int(),
  pendingDocumentCount: z.number().int(),
  totalBytes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: CollectionAbilitiesSchema,
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CollectionDocumentSchema = z.object({
  documentId: z.number().int(),
  categoryId: z.number().int(),
  title: z.string().describe("The file's name"),
  fileKey: z.string(),
  fileType: FileKindSchema,
  size: z.number().int(),
  status: CollectionDocumentStatusSchema,
  error: z.string().nullable().describe('FAILED: why no text could be read'),
  pageCount: z.number().int().nullable(),
  passageCount: z.number().int(),
  uploadedByUserId: z.number().int(),
  createdAt: z.string(),
  indexedAt: z.string().nullable(),
});
export type CollectionDocument = z.infer<typeof CollectionDocumentSchema>;

/** A passage of a document quoted by an answer: the page and the span of that page's text (the ocr/v1 route's text). */
export const DocumentCitationSchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  documentId: z.number().int(),
  documentTitle: z.string(),
  pageNumber: z.number().int().describe('1-based page of the document'),
  quote: z.string().describe("Verbatim from the page's text"),
  start: z.number().int().describe("Offset of the quote in the page's text"),
  end: z.number().int(),
});
export type DocumentCitation = z.infer<typeof DocumentCitationSchema>;

export const CollectionPassageSchema = z.object({
  categoryId: z.number().int(),
  documentId: z.number().int(),
  documentTitle: z.string(),
  pageNumber: z.number().int(),
  text: z.string(),
  start: z.number().int().describe("Offset of the passage in the page's text"),
  end: z.number().int(),
  score: z.number(),
});
export type CollectionPassage = z.infer<typeof CollectionPassageSchema>;

// Collections ---------------------------------------------------------------------------------------

const NameSchema = z.string().trim().min(1).max(COLLECTION_LIMITS.nameMaxLength);
const DescriptionSchema = z.string().trim().max(COLLECTION_LIMITS.descriptionMaxLength);

export const CreateCollectionBodySchema = z.object({
  name: NameSchema,
  description: DescriptionSchema.optional(),
  visibility: CollectionVisibilitySchema.default('PRIVATE'),
});
export type CreateCollectionBody = z.infer<typeof CreateCollectionBodySchema>;

export const UpdateCollectionBodySchema = z
  .object({ name: NameSchema.optional(), description: DescriptionSchema.nullable().optional(), visibility: CollectionVisibilitySchema.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.visibility !== undefined, { message: 'name, description or visibility', path: ['name'] });
export type UpdateCollectionBody = z.infer<typeof UpdateCollectionBodySchema>;

export const listCollections = defineRoute({
  method: 'GET', path: `${base}/v1`, access: 'member', product, tags,
  summary: 'Every collection the caller can see in this workspace (their own and the WORKSPACE ones), by name.',
  schemas: { data: z.array(CollectionSchema) },
});

export const ListCollectionsQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional().describe('In the name or description'),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(10),
});

export const listCollectionsV2 = defineRoute({
  method: 'GET', path: `${base}/v2`, access: 'member', product, tags,
  summary: 'The collections the caller can see, a page at a time, newest activity first, filtered by a keyword (the web app uses v2).',
  schemas: { query: ListCollectionsQuerySchema, data: pageOf(CollectionSchema) },
});

export const createCollection = defineRoute({
  method: 'POST', path: `${base}/v1`, access: 'member', product, tags,
  summary: `Creates a collection owned by the caller. 409 ERROR_CONFLICT past ${COLLECTION_LIMITS.collectionsPerWorkspace} collections in the workspace or when the caller already has one of that name.`,
  schemas: { body: CreateCollectionBodySchema, data: CollectionSchema },
});

export const getCollection = defineRoute({
  method: 'GET', path: `${base}/:categoryId/v1`, access: 'member', product, tags,
  summary: 'One collection the caller can see, with its counts and the abilities of the caller. 404 otherwise.',
  schemas: { params: CategoryParamsSchema, data: CollectionSchema },
});

export const updateCollection = defineRoute({
  method: 'PUT', path: `${base}/:categoryId/v1`, access: 'member', product, tags,
  summary: 'Edits name, description or visibility (owner only: 403 for another member who can see it; 404 when they cannot). 409 on a name the owner already uses.',
  schemas: { params: CategoryParamsSchema, body: UpdateCollectionBodySchema, data: CollectionSchema },
});

// Documents -----------------------------------------------------------------------------------------

export const uploadCollectionDocument = defineRoute({
  method: 'POST', path: `${base}/:categoryId/documents/by-file/v1`, access: 'member', product, tags,
  summary:
    `multipart/form-data with one part \`file\` (${COLLECTION_FILE_TYPES.join(', ')}; scans are read by OCR). Stored by the files module (its limits apply: ` +
    '413, 415, 400 ERROR_EXCEEDED_STORAGE_LIMIT), then the document is PENDING until its text is extracted and its passages indexed (INDEXED) ' +
    `or no text could be read (FAILED). Owner only (403). 400 ERROR_EXCEEDED_STORAGE_LIMIT with data.limit when the collection or the workspace would pass ` +
    `${COLLECTION_LIMITS.documentsPerCollection} documents / ${COLLECTION_LIMITS.bytesPerCollection} bytes per collection or ${COLLECTION_LIMITS.documentsPerWorkspace} / ${COLLECTION_LIMITS.bytesPerWorkspace} per workspace (nothing kept).`,
  schemas: { params: CategoryParamsSchema, data: CollectionDocumentSchema },
});

export const ListCollectionDocumentsQuerySchema = z.object({
  keyword: z.string().trim().max(200).optional().describe('In the title'),
  status: CollectionDocumentStatusSchema.optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(10),
});

export const listCollectionDocuments = defineRoute({
  method: 'GET', path: `${base}/:categoryId/documents/v1`, access: 'member', product, tags,
  summary: "A collection's documents, newest first, with their indexing status.",
  schemas: { params: CategoryParamsSchema, query: ListCollectionDocumentsQuerySchema, data: pageOf(CollectionDocumentSchema) },
});

export const DeleteCollectionDocumentsBodySchema = z.object({
  documentIds: z.array(z.number().int().positive().max(2 ** 53 - 1)).min(1).max(200),
});

export const deleteCollectionDocuments = defineRoute({
  method: 'DELETE', path: `${base}/:categoryId/documents/v1`, access: 'member', product, tags,
  summary: 'Deletes documents of the collection (owner only, 403): their passages leave the index and their files are deleted (restorable by the files module until purged). Ids not in the collection are answered in notFound; nothing else changes.',
  schemas: {
    params: CategoryParamsSchema,
    body: DeleteCollectionDocumentsBodySchema,
    data: z.object({ deletedCount: z.number().int(), notFound: z.array(z.number().int()) }),
  },
});

export const getCollectionDocumentStatus = defineRoute({
  method: 'GET', path: `${base}/:categoryId/documents/:documentId/status/v1`, access: 'member', product, tags,
  summary: "One document's indexing status (the web app polls it while PENDING).",
  schemas: { params: CategoryDocumentParamsSchema, data: CollectionDocumentSchema },
});

export const downloadCollectionDocument = defineRoute({
  method: 'GET', path: `${base}/:categoryId/documents/:documentId/download/v1`, access: 'member', product, tags, raw: true,
  summary: 'The document as uploaded (its file\'s current revision), recorded as a file download.',
  schemas: { params: CategoryDocumentParamsSchema },
});

// Session, search, meta, capacity -------------------------------------------------------------------

export const CollectionSessionSchema = z.object({
  categories: z.array(z.object({ categoryId: z.number().int(), name: z.string(), visibility: CollectionVisibilitySchema, indexedDocumentCount: z.number().int() })),
});

export const getCollectionSession = defineRoute({
  method: 'GET', path: `${base}/session/v1`, access: 'member', product, tags,
  summary: "What the chat composer's collection picker offers: the collections the caller can see, with how many documents are searchable.",
  schemas: { data: CollectionSessionSchema },
});

export const SearchCollectionsQuerySchema = z.object({
  query: z.string().trim().min(1).max(1000),
  categoryIds: repeatableQuery(CategoryIdSchema)
    .refine((ids) => ids.length <= 20, 'at most 20')
    .optional()
    .describe('Only these collections (repeatable); all visible ones by default'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const searchCollections = defineRoute({
  method: 'GET', path: `${base}/search/v1`, access: 'member', product, tags,
  summary: 'Ranked passages of the indexed documents of the collections the caller can see (a collection id they cannot see: 404).',
  schemas: { query: SearchCollectionsQuerySchema, data: z.object({ passages: z.array(CollectionPassageSchema) }) },
});

export const CollectionMetaSchema = z.object({
  visibilities: z.array(CollectionVisibilitySchema),
  documentStatuses: z.array(CollectionDocumentStatusSchema),
  fileTypes: z.array(FileKindSchema),
  limits: z.object({
    nameMaxLength: z.number().int(),
    descriptionMaxLength: z.number().int(),
    collectionsPerWorkspace: z.number().int(),
    documentsPerCollection: z.number().int(),
    bytesPerCollection: z.number().int(),
    documentsPerWorkspace: z.number().int(),
    bytesPerWorkspace: z.number().int(),
    pagesPerRead: z.number().int(),
  }).describe("bytesPerWorkspace is the workspace's configured collection capacity (config collectionCapacityMb)"),
});
export type CollectionMeta = z.infer<typeof CollectionMetaSchema>;

export const MemberCollectionMetaSchema = CollectionMetaSchema.extend({
  generalCategories: z
    .array(z.object({ kind: GeneralCategoryKindSchema, isEnabled: z.boolean(), hasSource: z.boolean().describe('This installation holds texts of this kind') }))
    .describe('The built-in source kinds and whether a super admin left them on for this workspace: the chat filter offers the enabled ones that have a source'),
});

export const getCollectionMeta = defineRoute({
  method: 'GET', path: `${base}/meta/v1`, access: 'member', product, tags,
  summary: "Visibilities, document statuses, accepted file types and limits (the workspace's own collection capacity), and which general categories the workspace searches.",
  schemas: { data: MemberCollectionMetaSchema },
});

const UsageSchema = z.object({ documents: z.number().int(), bytes: z.number().int(), maxDocuments: z.number().int(), maxBytes: z.number().int() });

export const CollectionCapacitySchema = z.object({
  workspace: UsageSchema.extend({ collections: z.number().int(), maxCollections: z.number().int() }),
  category: UsageSchema.extend({ categoryId: z.number().int() }).nullable(),
});

export const getCollectionCapacity = defineRoute({
  method: 'GET', path: `${base}/capacity/v1`, access: 'member', product, tags,
  summary: "Documents and bytes used in the workspace's collections, and in one collection (categoryId, one the caller can see), against the limits.",
  schemas: { query: z.object({ categoryId: CategoryIdSchema.optional() }), data: CollectionCapacitySchema },
});

// Query one collection --------------------------------------------------------------------------------

export const QueryCollectionBodySchema = z.object({
  query: z.string().trim().min(1).max(2000),
  limit: z.number().int().min(1).max(50).default(8),
});

export const CollectionAnswerSchema = z.object({
  text: z.string(),
  declined: z.boolean().describe('No passage covers enough of the question: says so and cites nothing'),
  citations: z.array(DocumentCitationSchema).describe('Each one checked: the document is in the collection and the quote is on that page'),
});

export const CollectionQueryResultSchema = z.object({
  categoryId: z.number().int(),
  answer: CollectionAnswerSchema,
  passages: z.array(CollectionPassageSchema),
});
export type CollectionQueryResult = z.infer<typeof CollectionQueryResultSchema>;

export const queryCollection = defineRoute({
  method: 'POST', path: `${base}/:categoryId/query/v1`, access: 'member', product, tags,
  summary:
    "Searches one collection and answers extractively (the best passages quoted under one lead sentence), each citation pointing at a document page that exists; declines when nothing covers the question. The statutes are not searched here (chats/query/v3 with categoryIds searches both).",
  schemas: { params: CategoryParamsSchema, body: QueryCollectionBodySchema, data: CollectionQueryResultSchema },
});

// A document's text and files through the chat (spec: chats/{collectionId}/{documentId}/...) --------

export const ChatDocumentParamsSchema = z.object({ collectionId: CategoryIdSchema, documentId: CollectionDocumentIdSchema });

export const PageRangeQuerySchema = z.object({
  pageStart: z.coerce.number().int().min(1).default(1),
  pageEnd: z.coerce.number().int().min(1).optional().describe(`Inclusive; at most ${COLLECTION_LIMITS.pagesPerRead} pages from pageStart (default pageStart + ${COLLECTION_LIMITS.pagesPerRead - 1})`),
});

export const DocumentPagesSchema = z.object({
  categoryId: z.number().int(),
  documentId: z.number().int(),
  title: z.string(),
  status: CollectionDocumentStatusSchema,
  pageCount: z.number().int().nullable(),
  pages: z.array(z.object({ pageNumber: z.number().int(), text: z.string(), method: z.enum(['text', 'ocr']) })),
});
export type DocumentPages = z.infer<typeof DocumentPagesSchema>;

const rangeNote = `400 naming query.pageEnd when it is before pageStart or the range passes ${COLLECTION_LIMITS.pagesPerRead} pages; 409 while the text is not extracted yet.`;

export const getChatDocumentOcr = defineRoute({
  method: 'GET', path: '/api/aistudio/chats/:collectionId/:documentId/ocr/v1', access: 'member', product, tags,
  summary: `The extracted (or OCR) text of a collection document's pages pageStart..pageEnd, as the files module read them: the text a citation's offsets point into. ${rangeNote}`,
  schemas: { params: ChatDocumentParamsSchema, query: PageRangeQuerySchema, data: DocumentPagesSchema },
});

export const downloadChatDocumentText = defineRoute({
  method: 'GET', path: '/api/aistudio/chats/:collectionId/:documentId/download/v1', access: 'member', product, tags, raw: true,
  summary: `The same pages as a UTF-8 text file ("{title} p.{start}-{end}.txt"), each page under a "[p. N]" line. ${rangeNote}`,
  schemas: { params: ChatDocumentParamsSchema, query: PageRangeQuerySchema },
});

const zipNote = 'A ZIP of every document of the collection as uploaded (names made unique), recorded as file downloads; 404 for a collection the caller cannot see.';

export const downloadDocumentsByCollection = defineRoute({
  method: 'GET', path: '/api/aistudio/documents/download/by-collection/v1', access: 'member', product, tags, raw: true,
  summary: zipNote,
  schemas: { query: z.object({ collectionId: CategoryIdSchema }) },
});

export const downloadDocumentsByCategory = defineRoute({
  method: 'GET', path: '/api/aistudio/documents/download/by-category/v1', access: 'member', product, tags, raw: true,
  summary: `${zipNote} (by categoryId: the same collection).`,
  schemas: { query: z.object({ categoryId: CategoryIdSchema }) },
});

export const downloadChatDocumentsByCategory = defineRoute({
  method: 'GET', path: '/api/aistudio/chats/documents/download/by-category/v1', access: 'member', product, tags, raw: true,
  summary: `${zipNote} (the chat's path for the same download).`,
  schemas: { query: z.object({ categoryId: CategoryIdSchema }) },
});
