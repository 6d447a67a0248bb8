import { and, eq, exists, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader } from '../../platform/attachments';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { type ArticleRef, citedAmong, citedRefsIn, citesAnyWhere } from '../law';
import { researchReaderId } from './research.policy';
import { researchChatMessages, researchChats } from './research.table';

// What the statute-change alerts need of the research chats: which saved answers cite a statute
// article (by the version cited), and who may see one, as SQL over its id: its chat's owner only.

/** True when the reader owns the chat of the answer `messageId` names (and may use research in a workspace with AI Studio). */
export function readableAnswerWhere(reader: AttachmentReader, messageId: SQLWrapper): SQL {
  const userId = researchReaderId(reader.ctx);
  if (userId === null) return sql`false`;
  return exists(
    reader.db
      .select({ one: sql`1` })
      .from(researchChatMessages)
      .innerJoin(researchChats, and(eq(researchChats.id, researchChatMessages.chatId), inScope(researchChats, reader.scope)))
      .where(and(inScope(researchChatMessages, reader.scope), sql`${researchChatMessages.id} = ${messageId}`, eq(researchChats.userId, userId))),
  );
}

/** Every (version, article) any saved answer of any workspace cites: the detection's first, cheap filter. */
export function unscopedCitedByAnswers(db: Db | Tx): Promise<ArticleRef[]> {
  return citedRefsIn(db, researchChatMessages, researchChatMessages.citations, eq(researchChatMessages.role, 'ASSISTANT'));
}

export interface CitingAnswer {
  tenantId: number;
  workspaceId: number;
  messageId: number;
  chatMessageKey: string;
  chatKey: string;
  chatTitle: string;
  ownerUserId: number;
  cites: ArticleRef[];
}

/**
 * The saved answers of every workspace whose citations cite one of `refs` (version and article),
 * written before `createdBefore` (an answer about a past date written after a version arrived chose
 * the version it cites). Across tenants by design: the detection job reads them once per new version.
 */
export async function unscopedAnswersCiting(db: Db | Tx, refs: readonly ArticleRef[], createdBefore: Date): Promise<CitingAnswer[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .select({
      tenantId: researchChatMessages.tenantId, workspaceId: researchChatMessages.workspaceId, messageId: researchChatMessages.id, chatMessageKey: researchChatMessages.messageKey,
      citations: researchChatMessages.citations, chatKey: researchChats.chatKey, chatTitle: researchChats.title, ownerUserId: researchChats.userId,
    })
    .from(researchChatMessages)
    .innerJoin(researchChats, and(eq(researchChats.id, researchChatMessages.chatId), eq(researchChats.tenantId, researchChatMessages.tenantId), eq(researchChats.workspaceId, researchChatMessages.workspaceId)))
    .where(
      and(
        eq(researchChatMessages.role, 'ASSISTANT'),
        lt(researchChatMessages.createdAt, createdBefore),
        citesAnyWhere(researchChatMessages.citations, refs),
      ),
    );
  return rows
    .map(({ citations, ...row }) => ({ ...row, cites: citedAmong(citations, refs) }))
    .filter((row) => row.cites.length > 0);
}
