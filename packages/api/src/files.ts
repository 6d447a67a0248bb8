import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// Files (service prefix `arxive`, catalogue 7.4). A file is addressed by its `fileKey`: an opaque
// random base62 id (22 characters), never the storage key. Uploads are multipart/form-data with
// one part named `file` and optional text fields `displayName`, `referenceType`, `referenceId`
// (send the text fields before the file part).
// ---------------------------------------------------------------------------------------------

export const FILE_KINDS = ['pdf', 'docx', 'xlsx', 'pptx', 'hwp', 'hwpx', 'txt', 'png', 'jpeg', 'tiff', 'eml', 'msg', 'zip'] as const;
export const FileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof FileKindSchema>;

export const EXTRACTION_STATUSES = ['PENDING', 'DONE', 'FAILED'] as const;
export const ExtractionStatusSchema = z.enum(EXTRACTION_STATUSES);
export type ExtractionStatus = z.infer<typeof ExtractionStatusSchema>;

export const FileKeySchema = z.string().regex(/^[0-9A-Za-z]{22}$/, 'a 22-character file key');
export const FileKeyParamsSchema = z.object({ fileKey: FileKeySchema });

/**
 * Multipart text field `purpose` of an upload: `FILE` (default) is a file of the files screen;
 * `ATTACHMENT` is uploaded for a record still being written (a contract on its create form): it is
 * left out of the files list until the owning module attaches it, and deleted with its bytes (its
 * storage freed) once `FILES_PENDING_ATTACHMENT_TTL_SECONDS` pass without that.
 */
export const FILE_UPLOAD_PURPOSES = ['FILE', 'ATTACHMENT'] as const;
export const FileUploadPurposeSchema = z.enum(FILE_UPLOAD_PURPOSES);
export type FileUploadPurpose = z.infer<typeof FileUploadPurposeSchema>;

/** The limits the web app shows before uploading (the server enforces them). */
export const FILE_LIMITS = {
  displayNameMaxLength: 200,
  referenceTypeMaxLength: 64,
  referenceIdMaxLength: 128,
  bulkDeleteMax: 1000,
} as const;

export const FileRevisionSchema = z.object({
  revision: z.number().int().min(1),
  displayName: z.string(),
  fileType: FileKindSchema,
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedByUserId: z.number().int().nullable(),
  isQuotaExempt: z.boolean(),
  extraction: z.object({
    status: ExtractionStatusSchema,
    error: z.string().nullable(),
    pageCount: z.number().int().nullable(),
  }),
  createdAt: z.string(),
});
export type FileRevision = z.infer<typeof FileRevisionSchema>;

/**
 * A record a file is attached to, as the caller may see it: only records the caller may read are
 * listed (a file on two contracts, one hidden from the caller, names only the other). `type` is
 * the owning module's reference type (CONTRACT, NOTICE, CONTRACT_BULK_REQUEST...); `label` its
 * title for people.
 */
export const AttachedRecordSchema = z.object({
  type: z.string(),
  id: z.string(),
  label: z.string(),
});
export type AttachedRecord = z.infer<typeof AttachedRecordSchema>;

export const FileMetadataSchema = z.object({
  fileKey: z.string(),
  displayName: z.string().describe('Normalized user-supplied name; shown and used in Content-Disposition, never a path'),
  fileType: FileKindSchema.describe('Detected from the content (magic bytes), not from the name'),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  revision: z.number().int().describe('Current revision number (1-based)'),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  uploadedByUserId: z.number().int().nullable(),
  uploaderName: z.string().nullable().describe("The uploader's display name in this workspace; null when unknown or no longer a member"),
  attachedTo: z.array(AttachedRecordSchema).describe('The records the file is attached to that the caller may read (empty: a free file)'),
  extraction: FileRevisionSchema.shape.extraction,
  isDeleted: z.boolean(),
  deletedAt: z.string().nullable(),
  pendingAttachmentUntil: z.string().nullable().describe('Uploaded with purpose ATTACHMENT and not attached yet: deleted at this instant unless attached'),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: z.object({ canUpdate: z.boolean(), canDelete: z.boolean() }),
});
export type FileMetadata = z.infer<typeof FileMetadataSchema>;

const optionalText = (max: number) => z.string().trim().min(1).max(max);

export const UpdateFileBodySchema = z
  .object({
    displayName: optionalText(FILE_LIMITS.displayNameMaxLength * 4).optional(),
    referenceType: optionalText(FILE_LIMITS.referenceTypeMaxLength).nullable().optional(),
    referenceId: optionalText(FILE_LIMITS.referenceIdMaxLength).nullable().optional(),
  })
  .refine((b) => b.displayName !== undefined || b.referenceType !== undefined || b.referenceId !== undefined, 'nothing to update');
export type UpdateFileBody = z.infer<typeof UpdateFileBodySchema>;

const isoInstant = z.iso.datetime({ offset: true });
export const FILE_SORT_FIELDS = ['createdAt', 'displayName', 'size'] as const;

export const ListFilesQuerySchema = pageQuery(10, 1000).extend({
  keyword: z.string().trim().min(1).max(200).optional().describe('Part of the display name (case-insensitive) or words of the extracted text of the current revision'),
  fileTypes: z.union([FileKindSchema, z.array(FileKindSchema)]).optional(),
  uploaderIds: z.union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive())]).optional(),
  createdFrom: isoInstant.optional(),
  createdTo: isoInstant.optional(),
  referenceType: optionalText(FILE_LIMITS.referenceTypeMaxLength).optional(),
  referenceId: optionalText(FILE_LIMITS.referenceIdMaxLength).optional(),
  isDeleted: z.enum(['true', 'false']).transform((v) => v === 'true').optional().describe('List soft-deleted files (restorable) instead'),
});

export const BulkDeleteFilesBodySchema = z.object({ fileKeys: z.array(FileKeySchema).min(1).max(FILE_LIMITS.bulkDeleteMax) });
export const BulkDeleteFilesDataSchema = z.object({ deletedCount: z.number().int(), notFound: z.array(z.string()) });

export const RevisionParamsSchema = z.object({ fileKey: FileKeySchema, revision: z.coerce.number().int().min(1) });
export const RevisionQuerySchema = z.object({ revision: z.coerce.number().int().min(1) });
export const DownloadQuerySchema = z.object({ revision: z.coerce.number().int().min(1).optional() });

export const FilePageSchema = z.object({
  pageNumber: z.number().int(),
  text: z.string(),
  method: z.enum(['text', 'ocr']),
  status: z.enum(['done', 'failed']),
  error: z.string().nullable(),
});
export const FileTextSchema = z.object({
  fileKey: z.string(),
  revision: z.number().int(),
  status: ExtractionStatusSchema,
  error: z.string().nullable(),
  language: z.string().nullable(),
  pages: z.array(FilePageSchema),
  structure: z.unknown().nullable().describe('Normalized document structure {blocks:[...]} once DONE'),
});

const tags = ['arxive'];
const uploadNote =
  'multipart/form-data: part `file` (required) and the text fields `displayName` and `purpose` (FILE or ATTACHMENT: for a record still being written, unlisted and collected unless attached in time) before it ' +
  '(`referenceType`/`referenceId` answer 400: a file is attached by the module that owns the record). ' +
  'The type is detected from the content; 413 ERROR_FILE_TOO_LARGE past the limit, 415 ERROR_UNSUPPORTED_FILE_TYPE for a type outside the allow-list ' +
  'or an unsafe archive (data.reason), 400 ERROR_EXCEEDED_STORAGE_LIMIT past the workspace quota.';
/** How an attached file's record rules show on the routes that change it. */
const attachedNote =
  'A file attached to a record (a contract, a notice) is changed only by who may edit that record (403 otherwise), and not while the record forbids changes, ' +
  'such as a contract under approval or signing (409 ERROR_CONFLICT, data.reason ATTACHMENT_LOCKED).';

export const uploadFile = defineRoute({ method: 'POST', path: '/api/arxive/files/v1', access: 'member', summary: `Uploads a file. ${uploadNote}`, tags, schemas: { data: FileMetadataSchema } });
export const uploadFileV2 = defineRoute({ method: 'POST', path: '/api/arxive/files/v2', access: 'member', summary: `Uploads a file (same as v1). ${uploadNote}`, tags, schemas: { data: FileMetadataSchema } });
export const uploadUnlimitedFile = defineRoute({
  method: 'POST', path: '/api/arxive/files/unlimited/v1', access: 'superAdmin',
  summary: `Super admin: uploads into the X-Tenant/X-Workspace workspace without the storage quota (usage is still counted). ${uploadNote}`,
  tags, schemas: { data: FileMetadataSchema },
});
export const listFiles = defineRoute({ method: 'GET', path: '/api/arxive/files/v1', access: 'member', summary: 'Lists files by condition (name keyword, types, uploaders, created range, reference); sort by createdAt, displayName or size', tags, schemas: { query: ListFilesQuerySchema, data: pageOf(FileMetadataSchema) } });
export const bulkDeleteFiles = defineRoute({ method: 'DELETE', path: '/api/arxive/files/v1', access: 'member', summary: 'Soft-deletes several files; keys that are absent or not deletable are listed in notFound', tags, schemas: { body: BulkDeleteFilesBodySchema, data: BulkDeleteFilesDataSchema } });
export const getFile = defineRoute({ method: 'GET', path: '/api/arxive/files/:fileKey/v1', access: 'member', summary: 'File metadata with the extraction status of the current revision', tags, schemas: { params: FileKeyParamsSchema, data: FileMetadataSchema } });
export const updateFile = defineRoute({ method: 'PUT', path: '/api/arxive/files/:fileKey/v1', access: 'member', summary: `Renames the file (displayName). The reference fields cannot be set or changed here (400 naming them): a file is attached through the record it belongs to. ${attachedNote}`, tags, schemas: { params: FileKeyParamsSchema, body: UpdateFileBodySchema, data: FileMetadataSchema } });
export const uploadFileRevision = defineRoute({ method: 'PUT', path: '/api/arxive/files/:fileKey/v2', access: 'member', summary: `Uploads a new revision of the file (becomes current). ${uploadNote} ${attachedNote}`, tags, schemas: { params: FileKeyParamsSchema, data: FileMetadataSchema } });
export const restoreFile = defineRoute({ method: 'POST', path: '/api/arxive/files/:fileKey/v1', access: 'member', summary: `Restores a soft-deleted file before it is purged (409 if it is not deleted; 400 ERROR_EXCEEDED_STORAGE_LIMIT is never raised: deleted files keep their quota until purged). ${attachedNote}`, tags, schemas: { params: FileKeyParamsSchema, data: FileMetadataSchema } });
export const deleteFile = defineRoute({ method: 'DELETE', path: '/api/arxive/files/:fileKey/v1', access: 'member', summary: `Soft-deletes a file: restorable until the purge after the retention period, which frees its storage. ${attachedNote}`, tags, schemas: { params: FileKeyParamsSchema, data: FileMetadataSchema } });
export const downloadFile = defineRoute({
  method: 'GET', path: '/api/arxive/files/:fileKey/download/v1', access: 'member', raw: true,
  summary: 'The bytes of the current revision (or ?revision=N): detected Content-Type, RFC 6266 Content-Disposition with the UTF-8 name, ETag (sha256), one Range (206/416)',
  tags, schemas: { params: FileKeyParamsSchema, query: DownloadQuerySchema },
});
export const listFileRevisions = defineRoute({ method: 'GET', path: '/api/arxive/files/:fileKey/revisions/v1', access: 'member', summary: 'Every revision, oldest first', tags, schemas: { params: FileKeyParamsSchema, data: z.array(FileRevisionSchema) } });
export const getFileRevisionByQuery = defineRoute({ method: 'GET', path: '/api/arxive/files/:fileKey/revision/v1', access: 'member', summary: 'One revision by number (?revision=N)', tags, schemas: { params: FileKeyParamsSchema, query: RevisionQuerySchema, data: FileRevisionSchema } });
export const getFileRevision = defineRoute({ method: 'GET', path: '/api/arxive/files/:fileKey/:revision/v1', access: 'member', summary: 'One revision by number in the path', tags, schemas: { params: RevisionParamsSchema, data: FileRevisionSchema } });
export const getFileText = defineRoute({ method: 'GET', path: '/api/arxive/files/:fileKey/text/v1', access: 'member', summary: 'Extracted text per page and structure of the current revision (or ?revision=N), with the extraction status', tags, schemas: { params: FileKeyParamsSchema, query: DownloadQuerySchema, data: FileTextSchema } });
