import type { Locale, SampleQuestions, WorkspaceTarget } from '@legal/api';
import { recordAudit } from '../../../platform/audit/audit';
import { type Db, executorOf, type Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { requireWorkspace } from '../../ai';
import { requireResearchUse } from '../research.policy';
import { researchWorkspaceSettings } from './research-settings.table';

/**
 * A workspace's research settings: topic tags and its own sample questions (super admins write
 * them, members read them). Its configs, general categories and models: the files beside this one.
 */

/** Questions the shipped corpus answers (each was checked against it), for the empty chat. */
export const SHIPPED_SAMPLE_QUESTIONS: Record<Locale, readonly string[]> = {
  ko: [
    '하청업체에 납품대금은 언제까지 지급해야 하나요?',
    '2012년 당시 민법상 성년 나이는 몇 살이었나요?',
    '근로자를 해고하려면 며칠 전에 예고해야 하나요?',
    '상가 임차인은 계약갱신을 몇 년까지 요구할 수 있나요?',
    '온라인 쇼핑몰에서 산 물건은 며칠 안에 청약철회할 수 있나요?',
    '개인정보가 유출되면 회사는 정보주체에게 무엇을 알려야 하나요?',
  ],
  en: [
    'By when must a prime contractor pay a subcontractor? (하도급법)',
    'What was the age of majority under the Civil Act in 2012?',
    'How much notice must an employer give before dismissing a worker?',
    'For how many years can a commercial tenant demand renewal of the lease?',
    'Within how many days can an online purchase be withdrawn?',
    'What must a company tell data subjects after a personal data breach?',
  ],
};

export async function settingsOf(db: Db | Tx, scope: TenantScope) {
  const [row] = await db.select().from(researchWorkspaceSettings).where(inScope(researchWorkspaceSettings, scope));
  return row ?? null;
}

const actorOf = (ctx: RequestContext) => (ctx.principal?.kind === 'user' ? ctx.principal.userId : null);
export const metaOf = (ctx: RequestContext, scope: TenantScope) => ({ actorUserId: actorOf(ctx), ...scope, ip: ctx.ip, userAgent: ctx.userAgent ?? null });

type SettingsValues = Partial<Pick<typeof researchWorkspaceSettings.$inferInsert, 'tags' | 'sampleQuestions' | 'configs' | 'disabledGeneralCategories'>>;

/** Writes some of a workspace's settings (the row made on first write), in the caller's transaction. */
export async function upsertSettings(tx: Tx, scope: TenantScope, ctx: RequestContext, values: SettingsValues) {
  const set = { ...values, updatedByUserId: actorOf(ctx), updatedAt: new Date() };
  await tx
    .insert(researchWorkspaceSettings)
    .values({ ...scope, tags: [], ...set })
    .onConflictDoUpdate({ target: [researchWorkspaceSettings.tenantId, researchWorkspaceSettings.workspaceId], set });
}

// Members --------------------------------------------------------------------------------------------

/** sample-questions/v1: the workspace's own in the caller's language, else the shipped ones. */
export async function listSampleQuestions(services: AppServices, ctx: RequestContext): Promise<string[]> {
  const { scope } = requireResearchUse(ctx);
  const own = (await settingsOf(services.db, scope))?.sampleQuestions?.[ctx.locale] ?? [];
  return own.length > 0 ? [...own] : [...SHIPPED_SAMPLE_QUESTIONS[ctx.locale]];
}

export async function listTags(services: AppServices, ctx: RequestContext) {
  const { scope } = requireResearchUse(ctx);
  return { tags: (await settingsOf(services.db, scope))?.tags ?? [] };
}

// Super admins ---------------------------------------------------------------------------------------

function sampleQuestionsDto(scope: TenantScope, own: { ko: string[]; en: string[] } | null | undefined): SampleQuestions {
  const isDefault = !own || (own.ko.length === 0 && own.en.length === 0);
  return { ...scope, ko: own?.ko.length ? own.ko : [...SHIPPED_SAMPLE_QUESTIONS.ko], en: own?.en.length ? own.en : [...SHIPPED_SAMPLE_QUESTIONS.en], isDefault };
}

export async function getSampleQuestions(services: AppServices, target: WorkspaceTarget): Promise<SampleQuestions> {
  const scope = await requireWorkspace(services.db, target);
  return sampleQuestionsDto(scope, (await settingsOf(services.db, scope))?.sampleQuestions);
}

export async function saveSampleQuestions(services: AppServices, ctx: RequestContext, body: WorkspaceTarget & { ko: string[]; en: string[] }): Promise<SampleQuestions> {
  const scope = await requireWorkspace(services.db, body);
  const own = body.ko.length === 0 && body.en.length === 0 ? null : { ko: body.ko, en: body.en };
  await services.db.transaction(async (tx) => {
    await upsertSettings(tx, scope, ctx, { sampleQuestions: own });
    await recordAudit(tx, { type: 'research.sample_questions_saved', data: { ko: body.ko.length, en: body.en.length, isDefault: own === null } }, metaOf(ctx, scope));
  });
  return sampleQuestionsDto(scope, own);
}

export async function getWorkspaceTags(services: AppServices, target: WorkspaceTarget) {
  const scope = await requireWorkspace(services.db, target);
  return { ...scope, tags: (await settingsOf(services.db, scope))?.tags ?? [] };
}

export async function putWorkspaceTags(services: AppServices, ctx: RequestContext, body: WorkspaceTarget & { tags: string[] }) {
  const scope = await requireWorkspace(services.db, body);
  await services.db.transaction(async (tx) => {
    await upsertSettings(tx, scope, ctx, { tags: body.tags });
    await recordAudit(tx, { type: 'research.tags_saved', data: { tags: body.tags } }, metaOf(ctx, scope));
  });
  return { ...scope, tags: body.tags };
}

/** Every tag in use across workspaces (a super-admin read of settings, not of any workspace's content). */
export async function listAllTags(services: AppServices): Promise<Array<{ tag: string; workspaceCount: number }>> {
  const { rows } = await executorOf(services.db).executeSql(
    'select tag, count(*)::int as n from research_workspace_settings s, jsonb_array_elements_text(s.tags) as tag group by tag order by n desc, tag',
    [],
  );
  return (rows as Array<{ tag: string; n: number }>).map((r) => ({ tag: r.tag, workspaceCount: Number(r.n) }));
}
