import { z } from 'zod';
import { defineRoute } from './http';
import { ChatKeySchema } from './research';
import { CategoryIdSchema, COLLECTION_FILE_TYPES, COLLECTION_LIMITS, CollectionDocumentSchema } from './research-collections';

// ---------------------------------------------------------------------------------------------
// Chat attachments (catalogue 7.2 aistudio: chats/attachments). A user attaches a document to one
// of their chats; that chat's answers quote it by page, the way they quote a collection's
// documents. The attachments of a chat are the documents of a hidden collection that belongs to
// the chat (the catalogue's attachment carries a fileKey and a categoryId): indexed, searched and
// gated by the collections' code, exactly as visible as the chat (its owner; 404 for anyone else),
// and deleted with it. Capacity: a chat holds what a collection holds, and its attachments count
// towards the workspace's collection totals. The theme flag businessAgentDisableFileUpload refuses
// uploads (403 ERROR_FILE_UPLOAD_DISABLED) and the list says so (abilities.canUpload).
// ---------------------------------------------------------------------------------------------

const product = 'AI_STUDIO' as const;
const tags = ['aistudio: chat attachments'];
const base = '/api/aistudio/chats/attachments';

export const ChatAttachmentSchema = CollectionDocumentSchema.extend({
  chatKey: z.string(),
});
export type ChatAttachment = z.infer<typeof ChatAttachmentSchema>;

export const ChatAttachmentsSchema = z.object({
  chatKey: z.string(),
  categoryId: z.number().int().nullable().describe("The chat's attachment collection (null until the first attachment)"),
  attachments: z.array(ChatAttachmentSchema).describe('Oldest first'),
  abilities: z.object({ canUpload: z.boolean().describe('False when the workspace theme disables file upload') }),
});
export type ChatAttachments = z.infer<typeof ChatAttachmentsSchema>;

export const UploadChatAttachmentQuerySchema = z.object({
  chatKey: ChatKeySchema.optional().describe('Attach to this chat of the caller; without it a new chat is created, titled by the file until its first question'),
});

export const uploadChatAttachment = defineRoute({
  method: 'POST', path: `${base}/upload/v1`, access: 'member', product, tags,
  summary:
    `multipart/form-data with one part \`file\` (${COLLECTION_FILE_TYPES.join(', ')}; scans are read by OCR). The attachment is PENDING until its text is ` +
    'indexed (INDEXED) or could not be read (FAILED); from then on the chat\'s answers may quote it. 403 ERROR_FILE_UPLOAD_DISABLED when the workspace ' +
    `theme disables file upload; 400 ERROR_EXCEEDED_STORAGE_LIMIT (data.limit) past ${COLLECTION_LIMITS.documentsPerCollection} documents / ` +
    `${COLLECTION_LIMITS.bytesPerCollection} bytes per chat or the workspace's collection totals; 404 for a chat that is not the caller's.`,
  schemas: { query: UploadChatAttachmentQuerySchema, data: ChatAttachmentSchema },
});

export const listChatAttachments = defineRoute({
  method: 'GET', path: `${base}/v1`, access: 'member', product, tags,
  summary: "The attachments of one of the caller's chats with their indexing status (404 for another user's chat).",
  schemas: { query: z.object({ chatKey: ChatKeySchema }), data: ChatAttachmentsSchema },
});

export const DeleteChatAttachmentQuerySchema = z.object({
  chatKey: ChatKeySchema,
  fileKey: z.string().trim().min(1).max(100),
  categoryId: CategoryIdSchema.optional().describe("The chat's attachment collection, when the caller names it (404 when it is another)"),
});

export const deleteChatAttachment = defineRoute({
  method: 'DELETE', path: `${base}/v1`, access: 'member', product, tags,
  summary: 'Removes an attachment from the chat: its passages leave the index and its file is deleted. Allowed also while uploads are disabled. 404 when the chat or the file is not there.',
  schemas: { query: DeleteChatAttachmentQuerySchema, data: ChatAttachmentsSchema },
});
