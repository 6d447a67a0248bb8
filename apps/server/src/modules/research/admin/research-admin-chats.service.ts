import type { Page, SuperAdminChat, SuperAdminChatMessagesQuery, SuperAdminChatMessageV2, SuperAdminChatsQuery } from '@legal/api';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit/audit';
import type { Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { requireWorkspace } from '../../ai';
import { memberDisplayNames } from '../../auth';
import { messageCounts } from '../chats.repo';
import { researchChatMessages, researchChats, researchFeedback } from '../research.table';

/**
 * A super admin reading a workspace's research chats: legal questions and answers are the
 * workspace's confidential data, so every read is recorded in that workspace's audit log (who,
 * which route, which days and page, how many rows), in the transaction of the read.
 */

type Surface = 'chats.list' | 'messages.v1' | 'messages.v2';

type Timestamp = typeof researchChats.updatedAt | typeof researchChatMessages.createdAt;
const seoulDay = (column: Timestamp) => sql`(${column} at time zone 'Asia/Seoul')::date`;
const inDays = (column: Timestamp, q: SuperAdminChatsQuery) =>
  and(sql`${seoulDay(column)} >= ${q.dateStart}::date`, sql`${seoulDay(column)} <= ${q.dateEnd}::date`)!;

async function audited<T>(services: AppServices, ctx: RequestContext, query: SuperAdminChatMessagesQuery, surface: Surface, read: (tx: Tx, scope: TenantScope) => Promise<Page<T>>): Promise<Page<T>> {
  const scope = await requireWorkspace(services.db, query);
  return services.db.transaction(async (tx) => {
    const page = await read(tx, scope);
    const chat = query.chatKey ? { chatKey: query.chatKey } : {};
    await recordAudit(
      tx,
      { type: 'research.chats_read_by_super_admin', data: { surface, ...chat, dateStart: query.dateStart, dateEnd: query.dateEnd, page: query.page, rows: page.content.length } },
      { actorUserId: ctx.principal?.kind === 'user' ? ctx.principal.userId : null, ...scope, ip: ctx.ip, userAgent: ctx.userAgent ?? null },
    );
    return page;
  });
}

const pageOf = <T>(content: T[], query: SuperAdminChatsQuery, total: number): Page<T> => ({
  content, page: query.page, size: query.size, totalElements: total, totalPages: Math.ceil(total / query.size),
});

/** chats/list/v1: the chats whose last activity fell in the range. */
export function listChats(services: AppServices, ctx: RequestContext, query: SuperAdminChatsQuery): Promise<Page<SuperAdminChat>> {
  return audited(services, ctx, query, 'chats.list', async (tx, scope) => {
    const where = and(inScope(researchChats, scope), inDays(researchChats.updatedAt, query));
    const [rows, [total]] = await Promise.all([
      tx.select().from(researchChats).where(where).orderBy(desc(researchChats.updatedAt), desc(researchChats.id)).limit(query.size).offset(query.page * query.size),
      tx.select({ n: count() }).from(researchChats).where(where),
    ]);
    const counts = await messageCounts(tx, scope, rows.map((r) => r.id));
    const names = await memberDisplayNames(tx, scope, rows.map((r) => r.userId));
    const content = rows.map((r) => ({
      chatKey: r.chatKey, title: r.title, user: { userId: r.userId, name: names.get(r.userId) ?? null }, messageCount: counts.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    }));
    return pageOf(content, query, Number(total?.n ?? 0));
  });
}

/** The workspace's chat of that key (404 for any other), for reading one chat's messages. */
async function workspaceChatId(tx: Tx, scope: TenantScope, chatKey: string): Promise<number> {
  const [chat] = await tx.select({ id: researchChats.id }).from(researchChats).where(and(inScope(researchChats, scope), eq(researchChats.chatKey, chatKey))).limit(1);
  if (!chat) throw notFound();
  return chat.id;
}

/** chats/messages/v1|v2: the messages written in the range (of one chat with `chatKey`), newest first (v2 with citations, filter and feedback). */
export function listMessages(services: AppServices, ctx: RequestContext, query: SuperAdminChatMessagesQuery, version: 1 | 2): Promise<Page<SuperAdminChatMessageV2>> {
  return audited(services, ctx, query, version === 1 ? 'messages.v1' : 'messages.v2', async (tx, scope) => {
    const chatId = query.chatKey ? await workspaceChatId(tx, scope, query.chatKey) : null;
    const where = and(inScope(researchChatMessages, scope), inDays(researchChatMessages.createdAt, query), chatId === null ? undefined : eq(researchChatMessages.chatId, chatId));
    const [rows, [total]] = await Promise.all([
      tx
        .select({ message: researchChatMessages, chat: researchChats })
        .from(researchChatMessages)
        .innerJoin(researchChats, and(eq(researchChats.id, researchChatMessages.chatId), inScope(researchChats, scope)))
        .where(where)
        .orderBy(desc(researchChatMessages.createdAt), desc(researchChatMessages.id))
        .limit(query.size)
        .offset(query.page * query.size),
      tx.select({ n: count() }).from(researchChatMessages).where(where),
    ]);
    const names = await memberDisplayNames(tx, scope, rows.map((r) => r.chat.userId));
    const ratings = version === 2 && rows.length
      ? await tx.select().from(researchFeedback).where(and(inScope(researchFeedback, scope), inArray(researchFeedback.messageId, rows.map((r) => r.message.id))))
      : [];
    // The owner's own rating (the chat is theirs alone).
    const byMessage = new Map(ratings.map((f) => [`${f.messageId}:${f.userId}`, f]));
    const content = rows.map(({ message: m, chat: c }) => {
      const base = {
        chatKey: c.chatKey, chatTitle: c.title, chatMessageKey: m.messageKey, role: m.role, text: m.text, user: { userId: c.userId, name: names.get(c.userId) ?? null },
        declined: m.declined, engine: m.engine, createdAt: m.createdAt.toISOString(),
      };
      if (version === 1) return base as SuperAdminChatMessageV2;
      const f = byMessage.get(`${m.id}:${c.userId}`);
      return {
        ...base, asOf: m.asOf, citations: m.citations, documentCitations: m.documentCitations, sourceCitations: m.sourceCitations, correctedReferences: m.correctedReferences, filter: m.filter ?? null,
        feedback: f ? { rating: f.rating, comment: f.comment, updatedAt: f.updatedAt.toISOString() } : null,
      };
    });
    return pageOf(content, query, Number(total?.n ?? 0));
  });
}
