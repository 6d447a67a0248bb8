import { and, eq, exists, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader } from '../../platform/attachments';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { AI_RESEARCH_USE } from './research.policy';
import { researchChatMessages, researchChats } from './research.table';

// What the statute-change alerts need of the research chats: which saved answers cite a statute
// article (by the version cited), and who may see one, as SQL over its id: its chat's owner only.

/** True when the reader owns the chat of the answer `messageId` names (and may use research in a workspace with AI Studio). */
export function readableAnswerWhere(reader: AttachmentReader, messageId: SQLWrapper): SQL {
  const principal = reader.ctx.principal;
  if (principal?.kind !== 'user' || !principal.permissions.has(AI_RESEARCH_USE) || !reader.ctx.products?.has('AI_STUDIO')) return sql`false`;
  return exists(
    reader.db
      .select({ one: sql`1` })
      .from(researchChatMessages)
      .innerJoin(researchChats, and(eq(researchChats.id, researchChatMessages.chatId), inScope(researchChats, reader.scope)))
      .where(and(inScope(researchChatMessages, reader.scope), sql`${researchChatMessages.id} = ${messageId}`, eq(researchChats.userId, principal.userId))),
  );
}

/** Every (version, article) any saved answer of any workspace cites: the detection's first, cheap filter. */
export async function unscopedCitedByAnswers(db: Db | Tx): Promise<Array<{ lawSerialNumber: string; article: string }>> {
  const result = (await db.execute(sql`
    select distinct e->>'lawSerialNumber' as "lawSerialNumber", e->>'article' as article
      from ${researchChatMessages}, jsonb_array_elements(${researchChatMessages.citations}) e
     where ${researchChatMessages.role} = 'ASSISTANT'`)) as unknown as { rows: Array<{ lawSerialNumber: string | null; article: string | null }> };
  return result.rows.filter((r): r is { lawSerialNumber: string; article: string } => r.lawSerialNumber !== null && r.article !== null);
}

export interface CitingAnswer {
  tenantId: number;
  workspaceId: number;
  messageId: number;
  chatMessageKey: string;
  chatKey: string;
  chatTitle: string;
  ownerUserId: number;
  cites: Array<{ lawSerialNumber: string; article: string }>;
}

/**
 * The saved answers of every workspace whose citations cite one of `refs` (version and article),
 * written before `createdBefore` (an answer about a past date written after a version arrived chose
 * the version it cites). Across tenants by design: the detection job reads them once per new version.
 */
export async function unscopedAnswersCiting(db: Db | Tx, refs: ReadonlyArray<{ lawSerialNumber: string; article: string }>, createdBefore: Date): Promise<CitingAnswer[]> {
  if (refs.length === 0) return [];
  const wanted = new Set(refs.map((r) => `${r.lawSerialNumber}\u0000${r.article}`));
  const list = (values: Iterable<string>) => sql.join([...new Set(values)].map((v) => sql`${v}`), sql`, `);
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
        sql`exists (select 1 from jsonb_array_elements(${researchChatMessages.citations}) e
                     where e->>'lawSerialNumber' in (${list(refs.map((r) => r.lawSerialNumber))}) and e->>'article' in (${list(refs.map((r) => r.article))}))`,
      ),
    );
  return rows
    .map(({ citations, ...row }) => ({
      ...row,
      cites: citations.filter((c) => wanted.has(`${c.lawSerialNumber}\u0000${c.article}`)).map((c) => ({ lawSerialNumber: c.lawSerialNumber, article: c.article })),
    }))
    .filter((row) => row.cites.length > 0);
}
