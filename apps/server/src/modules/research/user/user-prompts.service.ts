import { USER_PROMPT_LIMITS, type UserPrompt, type UserPromptBody } from '@legal/api';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { requireResearchUse } from '../research.policy';
import { researchUserPrompts } from './user-prompts.table';

/** A user's saved prompts (catalogue user/prompts): the caller's own only; anyone else's answers 404. */

type Row = typeof researchUserPrompts.$inferSelect;

const dto = (r: Row): UserPrompt => ({ promptId: r.id, title: r.title, text: r.text, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

export async function listUserPrompts(services: AppServices, ctx: RequestContext, query: { userId?: number }): Promise<UserPrompt[]> {
  const { scope, userId } = requireResearchUse(ctx);
  if (query.userId !== undefined && query.userId !== userId) throw notFound();
  const rows = await services.db
    .select()
    .from(researchUserPrompts)
    .where(and(inScope(researchUserPrompts, scope), eq(researchUserPrompts.userId, userId)))
    .orderBy(desc(researchUserPrompts.updatedAt), desc(researchUserPrompts.id));
  return rows.map(dto);
}

export async function createUserPrompt(services: AppServices, ctx: RequestContext, body: UserPromptBody): Promise<UserPrompt> {
  const { scope, userId } = requireResearchUse(ctx);
  return services.db.transaction(async (tx) => {
    // One save at a time per user: the count stays true until commit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('research-user-prompts'), ${userId}::int)`);
    const [n] = await tx.select({ n: count() }).from(researchUserPrompts).where(and(inScope(researchUserPrompts, scope), eq(researchUserPrompts.userId, userId)));
    if (Number(n?.n ?? 0) >= USER_PROMPT_LIMITS.promptsPerUser) {
      throw conflict({ ko: `저장한 프롬프트는 ${USER_PROMPT_LIMITS.promptsPerUser}개까지 둘 수 있습니다.`, en: `You can keep at most ${USER_PROMPT_LIMITS.promptsPerUser} saved prompts.` }, { reason: 'TOO_MANY_PROMPTS' });
    }
    const [row] = await tx.insert(researchUserPrompts).values({ ...scope, userId, title: body.title, text: body.text }).returning();
    await recordAudit(tx, { type: 'research.user_prompt_saved', data: { promptId: row!.id, title: row!.title, isNew: true } }, { ...auditMetaOf(ctx, userId), ...scope });
    return dto(row!);
  });
}

export async function updateUserPrompt(services: AppServices, ctx: RequestContext, promptId: number, body: UserPromptBody): Promise<UserPrompt> {
  const { scope, userId } = requireResearchUse(ctx);
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(researchUserPrompts)
      .set({ title: body.title, text: body.text, updatedAt: new Date() })
      .where(and(inScope(researchUserPrompts, scope), eq(researchUserPrompts.userId, userId), eq(researchUserPrompts.id, promptId)))
      .returning();
    if (!row) throw notFound();
    await recordAudit(tx, { type: 'research.user_prompt_saved', data: { promptId, title: row.title, isNew: false } }, { ...auditMetaOf(ctx, userId), ...scope });
    return dto(row);
  });
}
