import type { Prompt } from '@legal/api';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit';
import type { Db, Tx } from '../../platform/db/client';
import type { RequestContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { users } from '../auth';
import { EDIT_CLAUSE } from './prompts/edit-clause.prompt';
import { REVIEW_CHAT } from './prompts/review-chat.prompt';
import { REVIEW_CHECKPOINT } from './prompts/review-checkpoint.prompt';
import { TRANSLATION } from './prompts/translation.prompt';
import { aiPrompts } from './prompts.table';

type Language = 'ko' | 'en';

/** The prompts shipped with the product: version 1 of each key and language. */
export const DEFAULT_PROMPTS: Readonly<Record<string, Record<Language, string>>> = {
  'review.checkpoint': REVIEW_CHECKPOINT,
  'review.chat': REVIEW_CHAT,
  'edit.clause': EDIT_CLAUSE,
  translation: TRANSLATION,
};

/** The prompt a call runs with; its id goes into the call record and the result. */
export interface ResolvedPrompt {
  promptId: number;
  key: string;
  language: Language;
  version: number;
  text: string;
}

/** Writes version 1 of every shipped prompt that is not in the table yet (idempotent, race-safe). */
export async function ensureDefaultPrompts(db: Db | Tx): Promise<void> {
  const rows = Object.entries(DEFAULT_PROMPTS).flatMap(([key, byLanguage]) =>
    (['ko', 'en'] as const).map((language) => ({ key, language, version: 1, text: byLanguage[language], isActive: true })),
  );
  await db.insert(aiPrompts).values(rows).onConflictDoNothing();
}

/** The active version of a prompt, shipped defaults written on first use; null for an unknown key. */
export async function resolvePrompt(db: Db, key: string, language: Language): Promise<ResolvedPrompt | null> {
  const find = async () =>
    (await db.select().from(aiPrompts).where(and(eq(aiPrompts.key, key), eq(aiPrompts.language, language), eq(aiPrompts.isActive, true))))[0];
  let row = await find();
  if (!row && DEFAULT_PROMPTS[key]) {
    await ensureDefaultPrompts(db);
    row = await find();
  }
  return row ? { promptId: row.id, key: row.key, language: row.language, version: row.version, text: row.text } : null;
}

function promptOf(row: typeof aiPrompts.$inferSelect, userName: string | null): Prompt {
  return {
    promptId: row.id,
    key: row.key,
    language: row.language,
    version: row.version,
    text: row.text,
    isActive: row.isActive,
    createdBy: row.createdByUserId === null ? null : { userId: row.createdByUserId, name: userName },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPrompts(db: Db, filter: { key?: string; language?: Language }): Promise<Prompt[]> {
  await ensureDefaultPrompts(db);
  const rows = await db
    .select({ prompt: aiPrompts, userName: users.name })
    .from(aiPrompts)
    .leftJoin(users, eq(users.id, aiPrompts.createdByUserId))
    .where(and(filter.key ? eq(aiPrompts.key, filter.key) : undefined, filter.language ? eq(aiPrompts.language, filter.language) : undefined))
    .orderBy(aiPrompts.key, aiPrompts.language, desc(aiPrompts.version));
  return rows.map((r) => promptOf(r.prompt, r.userName));
}

const superAdminId = (ctx: RequestContext) => (ctx.principal?.kind === 'user' ? ctx.principal.userId : null);

/** A new version (the next number of its key and language), optionally made the active one. */
export async function createPrompt(db: Db, ctx: RequestContext, input: { key: string; language: Language; text: string; isActive: boolean }): Promise<Prompt> {
  await ensureDefaultPrompts(db);
  const userId = superAdminId(ctx);
  const row = await db.transaction(async (tx) => {
    // One writer per key and language at a time: versions stay gapless and unique.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ai_prompts:${input.key}:${input.language}`}))`);
    const [last] = await tx.select({ version: max(aiPrompts.version) }).from(aiPrompts).where(and(eq(aiPrompts.key, input.key), eq(aiPrompts.language, input.language)));
    if (input.isActive) {
      await tx.update(aiPrompts).set({ isActive: false }).where(and(eq(aiPrompts.key, input.key), eq(aiPrompts.language, input.language), eq(aiPrompts.isActive, true)));
    }
    const [created] = await tx
      .insert(aiPrompts)
      .values({ key: input.key, language: input.language, version: (last?.version ?? 0) + 1, text: input.text, isActive: input.isActive, createdByUserId: userId })
      .returning();
    await recordAudit(
      tx,
      { type: 'ai_prompt.created', data: { promptId: created!.id, key: created!.key, language: created!.language, version: created!.version, isActive: created!.isActive } },
      { actorUserId: userId, ip: ctx.ip, userAgent: ctx.userAgent ?? null },
    );
    return created!;
  });
  const [user] = userId === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return promptOf(row, user?.name ?? null);
}

/** Makes a version the active one of its key and language. */
export async function activatePrompt(db: Db, ctx: RequestContext, promptId: number): Promise<Prompt> {
  const userId = superAdminId(ctx);
  const row = await db.transaction(async (tx) => {
    const [target] = await tx.select().from(aiPrompts).where(eq(aiPrompts.id, promptId));
    if (!target) throw notFound();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ai_prompts:${target.key}:${target.language}`}))`);
    if (target.isActive) return target;
    await tx.update(aiPrompts).set({ isActive: false }).where(and(eq(aiPrompts.key, target.key), eq(aiPrompts.language, target.language), eq(aiPrompts.isActive, true)));
    const [activated] = await tx.update(aiPrompts).set({ isActive: true }).where(eq(aiPrompts.id, promptId)).returning();
    await recordAudit(
      tx,
      { type: 'ai_prompt.activated', data: { promptId, key: target.key, language: target.language, version: target.version } },
      { actorUserId: userId, ip: ctx.ip, userAgent: ctx.userAgent ?? null },
    );
    return activated!;
  });
  const [creator] = row.createdByUserId === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, row.createdByUserId));
  return promptOf(row, creator?.name ?? null);
}
