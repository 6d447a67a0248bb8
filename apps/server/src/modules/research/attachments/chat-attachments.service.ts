import { type ChatAttachment, type ChatAttachments, type Locale, parseTheme, type ResearchConfigValues } from '@legal/api';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { requireAiService } from '../../ai';
import { workspaces } from '../../auth';
import { type ChatRow, chatTitle, newKey, ownChat } from '../chats.repo';
import type { DocumentRow } from '../collections/collections.repo';
import { documentDto, removeDocuments, storeDocument } from '../collections/collections.service';
import { researchCollectionDocuments, researchCollections } from '../collections/collections.table';
import { researchConfigOf } from '../admin/research-configs.service';
import { requireResearchUse } from '../research.policy';
import { researchChats } from '../research.table';

/**
 * Chat attachments: the documents of a hidden collection that belongs to one chat (`chat_id`).
 * Uploading, indexing, capacity, retrieval and the citation gate are the collections' own
 * (storeDocument, the indexing job, chatDocumentCitations, gateDocumentCitations); this file only
 * finds or creates the chat's collection and keeps it the chat owner's.
 */

export type AttachmentCollection = typeof researchCollections.$inferSelect;

/** How answers name the chat's attachments (the citation's categoryName). */
export const ATTACHMENTS_LABEL: Record<Locale, string> = { ko: '이 채팅의 첨부 파일', en: "This chat's attachments" };

/** Why new attachments are refused here: the theme flag businessAgentDisableFileUpload, or the research config attachmentsInChat; null when they are not. */
export async function uploadRefusal(
  db: Db | Tx,
  scope: TenantScope,
  config?: Pick<ResearchConfigValues, 'attachmentsInChat'>,
): Promise<'THEME_DISABLES_FILE_UPLOAD' | 'CONFIG_DISABLES_ATTACHMENTS' | null> {
  const [row] = await db.select({ theme: workspaces.theme }).from(workspaces).where(and(eq(workspaces.tenantId, scope.tenantId), eq(workspaces.id, scope.workspaceId)));
  if (parseTheme(row?.theme).flags.businessAgentDisableFileUpload) return 'THEME_DISABLES_FILE_UPLOAD';
  if (!(config ?? (await researchConfigOf(db, scope))).attachmentsInChat) return 'CONFIG_DISABLES_ATTACHMENTS';
  return null;
}

export async function attachmentCollectionOf(db: Db | Tx, scope: TenantScope, chatId: number, options: { forUpdate?: boolean } = {}): Promise<AttachmentCollection | null> {
  const query = db.select().from(researchCollections).where(and(inScope(researchCollections, scope), eq(researchCollections.chatId, chatId))).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

function attachmentDto(chatKey: string, d: DocumentRow): ChatAttachment {
  return { ...documentDto(d), chatKey };
}

async function listOf(db: Db | Tx, scope: TenantScope, chat: ChatRow, canUpload: boolean): Promise<ChatAttachments> {
  const collection = await attachmentCollectionOf(db, scope, chat.id);
  const rows = collection
    ? await db
        .select()
        .from(researchCollectionDocuments)
        .where(and(inScope(researchCollectionDocuments, scope), eq(researchCollectionDocuments.collectionId, collection.id)))
        .orderBy(asc(researchCollectionDocuments.createdAt), asc(researchCollectionDocuments.id))
    : [];
  return { chatKey: chat.chatKey, categoryId: collection?.id ?? null, attachments: rows.map((d) => attachmentDto(chat.chatKey, d)), abilities: { canUpload } };
}

/** The chat, locked: the caller's (404 otherwise). */
async function lockedChat(tx: Tx, scope: TenantScope, userId: number, chatKey: string): Promise<ChatRow> {
  const [row] = await tx
    .select()
    .from(researchChats)
    .where(and(inScope(researchChats, scope), eq(researchChats.userId, userId), eq(researchChats.chatKey, chatKey)))
    .limit(1)
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * chats/attachments/upload/v1: attaches a file to one of the caller's chats (a new chat, titled by
 * the file, when no chatKey is given). Refused while the theme disables uploads.
 */
export async function uploadChatAttachment(services: AppServices, ctx: RequestContext, request: FastifyRequest, chatKey: string | undefined): Promise<ChatAttachment> {
  const { scope, userId } = requireResearchUse(ctx);
  await requireAiService(services.db, scope, 'LEGAL_RESEARCH');
  const config = await researchConfigOf(services.db, scope);
  const refusal = await uploadRefusal(services.db, scope, config);
  if (refusal) throw new AppError('ERROR_FILE_UPLOAD_DISABLED', { data: { reason: refusal } });
  const { maxAttachmentsPerChat } = config;
  const existing = chatKey ? await ownChat(services.db, scope, userId, chatKey) : null;
  let chat: ChatRow | undefined;
  const doc = await storeDocument(services, ctx, request, {
    find: async (db) => (existing ? ((await attachmentCollectionOf(db, scope, existing.id))?.id ?? null) : null),
    lock: async (tx, file) => {
      const now = new Date();
      if (existing) {
        await lockedChat(tx, scope, userId, existing.chatKey);
        [chat] = await tx.update(researchChats).set({ updatedAt: now }).where(and(inScope(researchChats, scope), eq(researchChats.id, existing.id))).returning();
      } else {
        [chat] = await tx.insert(researchChats).values({ ...scope, chatKey: newKey(), userId, title: chatTitle(file.displayName), createdAt: now, updatedAt: now }).returning();
      }
      const found = await attachmentCollectionOf(tx, scope, chat!.id, { forUpdate: true });
      if (found) return found.id;
      const [created] = await tx
        .insert(researchCollections)
        .values({ ...scope, name: chat!.chatKey, description: null, visibility: 'PRIVATE', ownerUserId: userId, chatId: chat!.id })
        .returning();
      return created!.id;
    },
    audited: (d) => ({ type: 'research.chat_attachment_uploaded', data: { chatKey: chat!.chatKey, documentId: d.id, fileKey: d.fileKey, title: d.title } }),
    maxDocuments: { count: maxAttachmentsPerChat, limit: 'ATTACHMENTS_PER_CHAT' },
  });
  return attachmentDto(chat!.chatKey, doc);
}

/** chats/attachments/v1 (GET): the chat's attachments, oldest first. */
export async function listChatAttachments(services: AppServices, ctx: RequestContext, chatKey: string): Promise<ChatAttachments> {
  const { scope, userId } = requireResearchUse(ctx);
  const chat = await ownChat(services.db, scope, userId, chatKey);
  return listOf(services.db, scope, chat, (await uploadRefusal(services.db, scope)) === null);
}

/** chats/attachments/v1 (DELETE): one attachment out of the chat and the index, its file deleted. */
export async function deleteChatAttachment(services: AppServices, ctx: RequestContext, query: { chatKey: string; fileKey: string; categoryId?: number }): Promise<ChatAttachments> {
  const { scope, userId } = requireResearchUse(ctx);
  return services.db.transaction(async (tx) => {
    const chat = await lockedChat(tx, scope, userId, query.chatKey);
    const collection = await attachmentCollectionOf(tx, scope, chat.id, { forUpdate: true });
    if (!collection || (query.categoryId !== undefined && query.categoryId !== collection.id)) throw notFound();
    const [removed] = await removeDocuments(tx, scope, userId, collection.id, eq(researchCollectionDocuments.fileKey, query.fileKey));
    if (!removed) throw notFound();
    await recordAudit(tx, { type: 'research.chat_attachment_deleted', data: { chatKey: chat.chatKey, fileKey: removed.fileKey, title: removed.title } }, { ...auditMetaOf(ctx, userId), ...scope });
    return listOf(tx, scope, chat, (await uploadRefusal(tx, scope)) === null);
  });
}

/** Before a chat is deleted (in its transaction): its attachments' files are deleted too (the collection and index rows cascade with the chat). */
export async function dropChatAttachments(tx: Tx, scope: TenantScope, userId: number, chatId: number): Promise<void> {
  const collection = await attachmentCollectionOf(tx, scope, chatId, { forUpdate: true });
  if (collection) await removeDocuments(tx, scope, userId, collection.id, sql`true`);
}
