import type { ChatDetail, ChatFeedback, ChatFeedbackBodySchema, ChatSummary, ListChatsQuerySchema } from '@legal/api';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext } from '../../platform/http/context';
import { validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { dropChatAttachments } from './attachments/chat-attachments.service';
import { messageCounts, messagesOf, ownChat, ownMessage, summaryDto } from './chats.repo';
import { requireResearchUse } from './research.policy';
import { researchChats, researchFeedback } from './research.table';

/** A chat's last activity, as the day it fell on in Korea (the list's date filter is by that day). */
const activityDay = sql`(${researchChats.updatedAt} at time zone 'Asia/Seoul')::date`;

export async function listChats(services: AppServices, ctx: RequestContext, query: z.output<typeof ListChatsQuerySchema>) {
  const { scope, userId } = requireResearchUse(ctx);
  if (query.updatedDateStart && query.updatedDateEnd && query.updatedDateStart > query.updatedDateEnd) {
    throw validationError([{ field: 'query.updatedDateEnd', reason: 'must not be before updatedDateStart' }]);
  }
  const where = and(
    inScope(researchChats, scope),
    eq(researchChats.userId, userId),
    query.updatedDateStart ? sql`${activityDay} >= ${query.updatedDateStart}::date` : undefined,
    query.updatedDateEnd ? sql`${activityDay} <= ${query.updatedDateEnd}::date` : undefined,
  );
  const [field, direction] = query.sort.split(',') as ['updatedAt' | 'createdAt', 'asc' | 'desc'];
  const column = field === 'createdAt' ? researchChats.createdAt : researchChats.updatedAt;
  const order = direction === 'asc' ? [asc(column), asc(researchChats.id)] : [desc(column), desc(researchChats.id)];
  const [rows, [total]] = await Promise.all([
    services.db.select().from(researchChats).where(where).orderBy(...order).limit(query.size).offset(query.page * query.size),
    services.db.select({ n: count() }).from(researchChats).where(where),
  ]);
  const counts = await messageCounts(services.db, scope, rows.map((r) => r.id));
  const totalElements = Number(total?.n ?? 0);
  const content: ChatSummary[] = rows.map((r) => summaryDto(r, counts.get(r.id) ?? 0));
  return { content, page: query.page, size: query.size, totalElements, totalPages: Math.ceil(totalElements / query.size) };
}

export async function getChat(services: AppServices, ctx: RequestContext, chatKey: string): Promise<ChatDetail> {
  const { scope, userId } = requireResearchUse(ctx);
  const chat = await ownChat(services.db, scope, userId, chatKey);
  const messages = await messagesOf(services.db, scope, userId, chat.id);
  return { ...summaryDto(chat, messages.length), messages };
}

export async function deleteChat(services: AppServices, ctx: RequestContext, chatKey: string): Promise<null> {
  const { scope, userId } = requireResearchUse(ctx);
  await services.db.transaction(async (tx) => {
    const chat = await ownChat(tx, scope, userId, chatKey);
    await dropChatAttachments(tx, scope, userId, chat.id);
    // Messages, their feedback and the attachments' collection and index go with the chat (foreign keys cascade).
    await tx.delete(researchChats).where(and(inScope(researchChats, scope), eq(researchChats.id, chat.id)));
    await recordAudit(tx, { type: 'research.chat_deleted', data: { chatKey, title: chat.title } }, { ...auditMetaOf(ctx, userId), ...scope });
  });
  return null;
}

const NO_FEEDBACK: ChatFeedback = { rating: null, comment: null, updatedAt: null };

export async function getFeedback(services: AppServices, ctx: RequestContext, chatKey: string, messageKey: string): Promise<ChatFeedback> {
  const { scope, userId } = requireResearchUse(ctx);
  const message = await ownMessage(services.db, scope, userId, chatKey, messageKey);
  const [row] = await services.db
    .select()
    .from(researchFeedback)
    .where(and(inScope(researchFeedback, scope), eq(researchFeedback.messageId, message.id), eq(researchFeedback.userId, userId)));
  return row ? { rating: row.rating, comment: row.comment, updatedAt: row.updatedAt.toISOString() } : NO_FEEDBACK;
}

export async function saveFeedback(services: AppServices, ctx: RequestContext, chatKey: string, messageKey: string, body: z.output<typeof ChatFeedbackBodySchema>): Promise<ChatFeedback> {
  const { scope, userId } = requireResearchUse(ctx);
  const message = await ownMessage(services.db, scope, userId, chatKey, messageKey);
  if (message.role !== 'ASSISTANT') throw validationError([{ field: 'params.chatMessageKey', reason: 'only answers take feedback' }]);
  const now = new Date();
  const comment = body.comment?.trim() ? body.comment.trim() : null;
  const [row] = await services.db
    .insert(researchFeedback)
    .values({ ...scope, messageId: message.id, userId, rating: body.rating, comment, updatedAt: now })
    .onConflictDoUpdate({ target: [researchFeedback.messageId, researchFeedback.userId], set: { rating: body.rating, comment, updatedAt: now } })
    .returning();
  return { rating: row!.rating, comment: row!.comment, updatedAt: row!.updatedAt.toISOString() };
}
