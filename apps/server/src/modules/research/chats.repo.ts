import { randomBytes } from 'node:crypto';
import type { ChatFilter, ChatMessage, ChatSummary, DocumentCitation, ResearchCitation, SourceCitation } from '@legal/api';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { researchChatMessages, researchChats, researchFeedback } from './research.table';

export type ChatRow = typeof researchChats.$inferSelect;
export type MessageRow = typeof researchChatMessages.$inferSelect;

export const newKey = () => randomBytes(12).toString('base64url');

/** One of the caller's own chats, or 404 (another user's and another workspace's alike). */
export async function ownChat(db: Db | Tx, scope: TenantScope, userId: number, chatKey: string): Promise<ChatRow> {
  const [row] = await db.select().from(researchChats).where(and(inScope(researchChats, scope), eq(researchChats.userId, userId), eq(researchChats.chatKey, chatKey))).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function ownMessage(db: Db | Tx, scope: TenantScope, userId: number, chatKey: string, messageKey: string): Promise<MessageRow> {
  const chat = await ownChat(db, scope, userId, chatKey);
  const [row] = await db
    .select()
    .from(researchChatMessages)
    .where(and(inScope(researchChatMessages, scope), eq(researchChatMessages.chatId, chat.id), eq(researchChatMessages.messageKey, messageKey)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export function messageDto(row: MessageRow, feedback: 'GOOD' | 'BAD' | null): ChatMessage {
  return {
    chatMessageKey: row.messageKey, role: row.role, text: row.text, asOf: row.asOf, citations: row.citations, documentCitations: row.documentCitations, sourceCitations: row.sourceCitations, declined: row.declined,
    correctedReferences: row.correctedReferences, engine: row.engine, feedback, createdAt: row.createdAt.toISOString(),
  };
}

export async function messagesOf(db: Db, scope: TenantScope, userId: number, chatId: number): Promise<ChatMessage[]> {
  const rows = await db.select().from(researchChatMessages).where(and(inScope(researchChatMessages, scope), eq(researchChatMessages.chatId, chatId))).orderBy(asc(researchChatMessages.id));
  const ratings = rows.length
    ? await db
        .select({ messageId: researchFeedback.messageId, rating: researchFeedback.rating })
        .from(researchFeedback)
        .where(and(inScope(researchFeedback, scope), eq(researchFeedback.userId, userId), inArray(researchFeedback.messageId, rows.map((r) => r.id))))
    : [];
  const byMessage = new Map(ratings.map((r) => [r.messageId, r.rating]));
  return rows.map((r) => messageDto(r, byMessage.get(r.id) ?? null));
}

export async function messageCounts(db: Db | Tx, scope: TenantScope, chatIds: number[]): Promise<Map<number, number>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .select({ chatId: researchChatMessages.chatId, n: count() })
    .from(researchChatMessages)
    .where(and(inScope(researchChatMessages, scope), inArray(researchChatMessages.chatId, chatIds)))
    .groupBy(researchChatMessages.chatId);
  return new Map(rows.map((r) => [r.chatId, Number(r.n)]));
}

export function summaryDto(row: ChatRow, messageCount: number): ChatSummary {
  return { chatKey: row.chatKey, title: row.title, messageCount, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export interface StoredAnswer {
  text: string;
  asOf: string;
  citations: ResearchCitation[];
  /** Collection document pages quoted (chats asked with collections). */
  documentCitations?: DocumentCitation[];
  /** Precedents, administrative rules and local ordinances quoted (general categories). */
  sourceCitations?: SourceCitation[];
  declined: boolean;
  correctedReferences: number;
  engine: 'BUILT_IN' | 'MODEL';
}

const TITLE_LENGTH = 60;

/** A chat's title from its first question (or the file a chat was started with), shortened. */
export function chatTitle(text: string): string {
  const chars = [...text.trim()];
  return chars.length > TITLE_LENGTH ? `${chars.slice(0, TITLE_LENGTH - 1).join('')}…` : chars.join('');
}

/**
 * The question and its answer, in the chat given (or a new one titled by the question), in one
 * transaction. A chat started by an attachment takes its first question as its title. The
 * question keeps the filter it was asked with (the recent filters).
 */
export async function storeExchange(db: Db, scope: TenantScope, userId: number, chat: ChatRow | null, question: string, answer: StoredAnswer, filter: ChatFilter | null = null) {
  return db.transaction(async (tx) => {
    const now = new Date();
    let row: ChatRow | undefined;
    if (chat) {
      const [asked] = await tx.select({ id: researchChatMessages.id }).from(researchChatMessages).where(and(inScope(researchChatMessages, scope), eq(researchChatMessages.chatId, chat.id))).limit(1);
      const title = asked ? {} : { title: chatTitle(question) };
      [row] = await tx.update(researchChats).set({ updatedAt: now, ...title }).where(and(inScope(researchChats, scope), eq(researchChats.id, chat.id))).returning();
    } else {
      [row] = await tx.insert(researchChats).values({ ...scope, chatKey: newKey(), userId, title: chatTitle(question), createdAt: now, updatedAt: now }).returning();
    }
    // The chat was deleted while its answer was being written: nothing to add it to.
    if (!row) throw notFound();
    const [asked] = await tx
      .insert(researchChatMessages)
      .values({ ...scope, chatId: row!.id, messageKey: newKey(), role: 'USER', text: question, asOf: null, citations: [], filter, createdAt: now })
      .returning();
    const [answered] = await tx
      .insert(researchChatMessages)
      .values({ ...scope, chatId: row!.id, messageKey: newKey(), role: 'ASSISTANT', ...answer, createdAt: new Date(now.getTime() + 1) })
      .returning();
    return { chat: row!, question: messageDto(asked!, null), answer: messageDto(answered!, null) };
  });
}
