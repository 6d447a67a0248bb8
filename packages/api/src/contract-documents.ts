import { z } from 'zod';
import { ContractParamsSchema, UserRefSchema } from './contract-schemas';
import { ExtractionStatusSchema, FileKeySchema, FileKindSchema } from './files';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// The contract's document (7.6 "documents"): the contract's file with role MAIN (its first one in
// display order), an arxive file with revisions. Readers of the contract read and download every
// revision; writers (the owner holding contract.contract.write, or contract.contract.admin) upload
// a new revision, adopt another arxive file, save a document rendered from JSON, or edit it online
// in Word through a WOPI client (Collabora Online, Office Online Server) configured with
// WORD_EDITOR_URL. Files are a content field: while an approval or signing runs (IN_APPROVAL,
// IN_SIGNING) the document is frozen (409, as PUT files answers). While somebody edits the
// document in Word (a live WOPI lock, 30 minutes unless refreshed) nobody else may replace it (409).
// ---------------------------------------------------------------------------------------------

export const DOCUMENT_LIMITS = {
  titleMaxLength: 200,
  fileNameMaxLength: 200,
  blocksMax: 2000,
  blockTextMaxLength: 20_000,
  /** A WOPI lock lasts this long unless the editor refreshes it. */
  wordLockMinutes: 30,
  /** Lifetime of a Word editor access token (the WOPI recommendation of 10 hours: one editing session). */
  wordAccessTokenTtlSeconds: 10 * 3600,
} as const;

/** Statuses in which the contract is executed: its executed document can be downloaded. */
export const EXECUTED_CONTRACT_STATUSES = ['SIGNED', 'ACTIVE', 'EXPIRED', 'TERMINATED'] as const;

export const DocumentRevisionQuerySchema = z.object({
  revision: z.coerce.number().int().min(1).optional().describe('A revision number of the main document (default: the current one)'),
});

const extraction = z.object({ status: ExtractionStatusSchema, error: z.string().nullable(), pageCount: z.number().int().nullable() });

export const ContractDocumentRevisionSchema = z.object({
  revision: z.number().int().min(1),
  displayName: z.string().describe('The name the revision was stored under (used in Content-Disposition)'),
  fileType: FileKindSchema,
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: UserRefSchema.nullable(),
  extraction: extraction.describe('Text extraction of this revision; search and analysis read it once DONE'),
  isCurrent: z.boolean(),
});
export type ContractDocumentRevision = z.infer<typeof ContractDocumentRevisionSchema>;

export const DocumentLockSchema = z.object({
  lockedBy: UserRefSchema,
  expiresAt: z.string().describe('The lock is free again after this instant unless the editor refreshes it'),
});
export type DocumentLock = z.infer<typeof DocumentLockSchema>;

export const ContractDocumentSchema = ContractDocumentRevisionSchema.extend({
  contractId: z.number().int(),
  fileKey: z.string(),
  currentRevision: z.number().int(),
  isLocked: z.boolean().describe('Somebody is editing the document in Word right now'),
  lock: DocumentLockSchema.nullable(),
});
export type ContractDocument = z.infer<typeof ContractDocumentSchema>;

export const AdoptDocumentBodySchema = z.object({
  fileKey: FileKeySchema.describe('A live arxive file of this workspace that the caller may read (400 on body.fileKey otherwise; a hidden file answers as a missing one)'),
});

export const DOCUMENT_RENDER_FORMATS = ['DOCX', 'TXT'] as const;
export const DocumentRenderFormatSchema = z.enum(DOCUMENT_RENDER_FORMATS);
export const DOCUMENT_SAVE_MODES = ['DOWNLOAD', 'SAVE_AS_REVISION'] as const;
export const DocumentSaveModeSchema = z.enum(DOCUMENT_SAVE_MODES);

export const DocumentBlockSchema = z.object({
  type: z.enum(['heading', 'paragraph']),
  text: z.string().max(DOCUMENT_LIMITS.blockTextMaxLength).describe('Plain text; a line break starts a new line in the same paragraph'),
  level: z.number().int().min(1).max(3).optional().describe('Heading level (1 by default)'),
});
export type DocumentBlock = z.infer<typeof DocumentBlockSchema>;

export const RenderDocumentBodySchema = z.object({
  fileFormat: DocumentRenderFormatSchema.describe('DOCX: an Office Open XML document; TXT: UTF-8 text'),
  title: z.string().trim().min(1).max(DOCUMENT_LIMITS.titleMaxLength),
  fileName: z.string().trim().min(1).max(DOCUMENT_LIMITS.fileNameMaxLength).optional().describe('Without extension; the title by default'),
  blocks: z.array(DocumentBlockSchema).max(DOCUMENT_LIMITS.blocksMax),
  saveMode: DocumentSaveModeSchema.default('DOWNLOAD').describe('SAVE_AS_REVISION also stores it as the next revision of the main document (writers only)'),
});
export type RenderDocumentBody = z.input<typeof RenderDocumentBodySchema>;

export const WordEditStatusSchema = z.object({
  editable: z.boolean().describe('The caller may open the document in the Word editor now'),
  reason: z
    .enum(['NO_DOCUMENT', 'NOT_WORD_DOCUMENT', 'FROZEN', 'NO_PERMISSION', 'EDITOR_NOT_CONFIGURED'])
    .nullable()
    .describe('Why it is not editable; null when it is'),
  locked: z.boolean(),
  lockedBy: UserRefSchema.nullable(),
  lockExpiresAt: z.string().nullable(),
  editorConfigured: z.boolean().describe('A WOPI client (WORD_EDITOR_URL) is configured on the server'),
});
export type WordEditStatus = z.infer<typeof WordEditStatusSchema>;

export const WordAccessPathSchema = z.object({
  url: z.string().describe('The editor\'s action URL with WOPISrc pointing at this server\'s WOPI endpoint'),
  accessToken: z.string().describe('POST it as the form field access_token to `url` (never put it in a link)'),
  accessTokenTtl: z.number().int().describe('When the token expires, in milliseconds since 1970 (the WOPI access_token_ttl field)'),
});
export type WordAccessPath = z.infer<typeof WordAccessPathSchema>;

export const WopiFileParamsSchema = z.object({ fileId: z.string().max(100) });
export const WopiQuerySchema = z.object({ access_token: z.string().optional().describe('The access token of access-path (401 when missing, forged or expired)') });

// Routes ----------------------------------------------------------------------------------------

const tags = ['conhub: contract documents'];
const base = '/api/conhub/contracts/:contractId/documents';
const readable = 'The contract must be readable by the caller (404 otherwise).';
const writable = 'Needs the owner with contract.contract.write, or contract.contract.admin (403); 404 when the contract is not readable.';
const frozen = '409 with data.frozenFields while an approval or signing runs, 409 with data.lockedBy while somebody else edits it in Word.';

export const getContractDocument = defineRoute({
  method: 'GET', path: `${base}/v1`, access: 'member', product: 'CLM',
  summary: `The main document at ?revision=N (default current): name, size, type, who stored it, extraction status and the Word edit lock. 404 when the contract has no main document or no such revision. ${readable}`,
  tags, schemas: { params: ContractParamsSchema, query: DocumentRevisionQuerySchema, data: ContractDocumentSchema },
});
export const uploadContractDocument = defineRoute({
  method: 'POST', path: `${base}/v1`, access: 'member', product: 'CLM',
  summary: `multipart/form-data with one part \`file\` (optional text field \`displayName\` before it): a new revision of the main document, or the main document itself when there is none. The files module's limits apply (413, 415, 400 ERROR_EXCEEDED_STORAGE_LIMIT). ${frozen} ${writable}`,
  tags, schemas: { params: ContractParamsSchema, data: ContractDocumentSchema },
});
export const adoptContractDocument = defineRoute({
  method: 'POST', path: `${base}/by-file/v1`, access: 'member', product: 'CLM',
  summary: `Makes an arxive file the main document: without one, the file is attached as MAIN (no copy); with one, the file's current content is copied in as the main document's next revision (the source file stays as it is). 409 when it already is the main document. ${frozen} ${writable}`,
  tags, schemas: { params: ContractParamsSchema, body: AdoptDocumentBodySchema, data: ContractDocumentSchema },
});
export const renderContractDocument = defineRoute({
  method: 'POST', path: `${base}/download/by-json/v1`, access: 'member', product: 'CLM', raw: true,
  summary: `Renders {title, blocks} as DOCX or TXT and sends it as a download. saveMode SAVE_AS_REVISION also stores it as the main document's next revision (headers X-File-Key, X-Document-Revision); that needs write rights (${frozen}). ${readable}`,
  tags, schemas: { params: ContractParamsSchema, body: RenderDocumentBodySchema },
});
export const downloadContractDocument = defineRoute({
  method: 'GET', path: `${base}/download/v1`, access: 'member', product: 'CLM', raw: true,
  summary: `The bytes of the main document at ?revision=N (default current), with RFC 6266 Content-Disposition, ETag and one Range. ${readable}`,
  tags, schemas: { params: ContractParamsSchema, query: DocumentRevisionQuerySchema },
});
export const listContractDocumentRevisions = defineRoute({
  method: 'GET', path: `${base}/revisions/v1`, access: 'member', product: 'CLM',
  summary: `Every revision of the main document, newest first. 404 without a main document. ${readable}`,
  tags, schemas: { params: ContractParamsSchema, data: z.array(ContractDocumentRevisionSchema) },
});
export const downloadExecutedContractDocument = defineRoute({
  method: 'GET', path: `${base}/executed/download/v1`, access: 'member', product: 'CLM', raw: true,
  summary: `The executed document: the main document's revision that was current when the contract became executed (SIGNED/ACTIVE/EXPIRED/TERMINATED; the first revision stored after it when the document came later). 409 in any other status. Header X-Document-Revision. ${readable}`,
  tags, schemas: { params: ContractParamsSchema },
});
export const getWordEditStatus = defineRoute({
  method: 'GET', path: `${base}/word/edit-status/v1`, access: 'member', product: 'CLM',
  summary: `Whether the caller may edit the main document in Word now, who holds the edit lock and whether an editor is configured. ${readable}`,
  tags, schemas: { params: ContractParamsSchema, data: WordEditStatusSchema },
});
export const getWordAccessPath = defineRoute({
  method: 'GET', path: `${base}/word/access-path/v1`, access: 'member', product: 'CLM',
  summary: `The editor URL and a short-lived access token bound to this workspace, contract, document and caller. 409 when no editor is configured (WORD_EDITOR_URL), when the main document is not a Word document or is frozen; 404 without a main document. ${writable}`,
  tags, schemas: { params: ContractParamsSchema, data: WordAccessPathSchema },
});

// The WOPI host (called by the Word editor's server, not by browsers): authenticated only by the
// access_token query parameter; answers in the WOPI protocol's own format, not the JSON envelope.
const wopiTags = ['conhub: WOPI host'];
const wopiFile = '/api/conhub/wopi/files/:fileId';
const wopiNote = 'WOPI protocol (authenticated only by ?access_token=): 401 for a missing, forged or expired token or one for another document, 404 when the document or the user\'s access is gone.';

export const wopiCheckFileInfo = defineRoute({
  method: 'GET', path: wopiFile, access: 'public', raw: true,
  summary: `WOPI CheckFileInfo: the document's name, size, version and the user's rights (JSON). ${wopiNote}`,
  tags: wopiTags, schemas: { params: WopiFileParamsSchema, query: WopiQuerySchema },
});
export const wopiLockOperation = defineRoute({
  method: 'POST', path: wopiFile, access: 'public', raw: true,
  summary: `WOPI lock operations by X-WOPI-Override: LOCK (with X-WOPI-OldLock: UnlockAndRelock), GET_LOCK, REFRESH_LOCK, UNLOCK, UNLOCK_AND_RELOCK. Locks last ${DOCUMENT_LIMITS.wordLockMinutes} minutes; 409 with X-WOPI-Lock (the current lock, '' when none) on a mismatch; 400 without X-WOPI-Lock; 501 for other operations. ${wopiNote}`,
  tags: wopiTags, schemas: { params: WopiFileParamsSchema, query: WopiQuerySchema },
});
export const wopiGetFile = defineRoute({
  method: 'GET', path: `${wopiFile}/contents`, access: 'public', raw: true,
  summary: `WOPI GetFile: the current bytes (X-WOPI-ItemVersion); 412 past X-WOPI-MaxExpectedSize. ${wopiNote}`,
  tags: wopiTags, schemas: { params: WopiFileParamsSchema, query: WopiQuerySchema },
});
export const wopiPutFile = defineRoute({
  method: 'POST', path: `${wopiFile}/contents`, access: 'public', raw: true,
  summary: `WOPI PutFile: the body becomes the main document's next revision (X-WOPI-ItemVersion). 409 with X-WOPI-Lock when X-WOPI-Lock does not hold the current lock (or the document is frozen), 413 past the upload limit or the workspace quota. ${wopiNote}`,
  tags: wopiTags, schemas: { params: WopiFileParamsSchema, query: WopiQuerySchema },
});
