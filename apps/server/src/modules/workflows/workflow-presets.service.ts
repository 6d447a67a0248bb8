import type { PublishedPreset, StepCode, WorkflowMeta, WorkflowPreset, WorkspacePresetSetting } from '@legal/api';
import { type EditPresetBodySchema, type PublishPresetBodySchema, type PutWorkspacePresetsBodySchema, type WithdrawPresetBodySchema } from '@legal/api';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import { AppError, conflict, notFound, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { localDate } from '../../platform/time';
import { membersWithPermission } from '../admin';
import { PERMISSIONS, presetFrom, presetStepProblems, workflowMeta } from './workflow.presets';
import type { PresetPlan } from './workflow.state';
import { workflowPresets, workspaceWorkflowPresets } from './workflow-presets.table';
import './workflow-presets.audit';

/**
 * Published presets and each workspace's adaptation (issue 18, docs/workflows.md "Presets"). The
 * engine reads them here: presets/v1 lists what the workspace offers, a workflow starts (or switches)
 * only to an offered preset (409 otherwise; 400 naming the field for a code nobody published), with
 * the workspace's switched-off steps as its `offSteps`, reviewers named up front when ASSIGNMENT is
 * off, and the default desired review deadline.
 */

type Exec = Db | Tx;
type Services = Pick<AppServices, 'db'>;
type PresetRow = typeof workflowPresets.$inferSelect;
type SettingRow = typeof workspaceWorkflowPresets.$inferSelect;

const KOREA = 'Asia/Seoul';
const iso = (d: Date) => d.toISOString();

async function publishedRows(db: Exec): Promise<PresetRow[]> {
  return db.select().from(workflowPresets).orderBy(desc(workflowPresets.isBuiltIn), asc(workflowPresets.createdAt), asc(workflowPresets.id));
}

async function settingRows(db: Exec, scope: TenantScope): Promise<Map<string, SettingRow>> {
  const rows = await db.select().from(workspaceWorkflowPresets).where(inScope(workspaceWorkflowPresets, scope));
  return new Map(rows.map((r) => [r.presetType, r]));
}

function publishedDto(row: PresetRow): PublishedPreset {
  return {
    presetType: row.presetType,
    name: { ko: row.nameKo, en: row.nameEn },
    steps: row.steps.map((s, i) => ({ stepCode: s.stepCode, order: i + 1, isOptional: s.isOptional })),
    isBuiltIn: row.isBuiltIn,
    status: row.status,
    revision: row.revision,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    withdrawnAt: row.withdrawnAt ? iso(row.withdrawnAt) : null,
  };
}

/**
 * A preset as this workspace has it (no row: a built-in offered as published, a published one not
 * offered; a withdrawn one is offered nowhere but keeps its names for history).
 */
function settingDto(row: PresetRow, setting: SettingRow | undefined): WorkspacePresetSetting {
  const customName = setting?.nameKo && setting.nameEn ? { ko: setting.nameKo, en: setting.nameEn } : null;
  const off = new Set(setting?.offStepCodes ?? []);
  return {
    presetType: row.presetType,
    publishedName: { ko: row.nameKo, en: row.nameEn },
    name: customName ?? { ko: row.nameKo, en: row.nameEn },
    customName,
    isBuiltIn: row.isBuiltIn,
    isEnabled: row.status === 'PUBLISHED' && (setting ? setting.isEnabled : row.isBuiltIn),
    steps: row.steps.map((s, i) => ({ stepCode: s.stepCode, order: i + 1, isOptional: s.isOptional, isOn: !(s.isOptional && off.has(s.stepCode)) })),
    defaultReviewDeadlineDays: setting?.defaultReviewDeadlineDays ?? null,
  };
}

/** Every published preset with the workspace's adaptation (`withWithdrawn`: the withdrawn ones too, for names in history). */
export async function workspacePresetSettings(db: Exec, scope: TenantScope, { withWithdrawn = false } = {}): Promise<WorkspacePresetSetting[]> {
  const [rows, settings] = await Promise.all([publishedRows(db), settingRows(db, scope)]);
  return rows.filter((row) => withWithdrawn || row.status === 'PUBLISHED').map((row) => settingDto(row, settings.get(row.presetType)));
}

/**
 * What a preset code is called in the workspace (its name, else the published one), for every
 * preset ever published: the meta call's `presetTypes`, the Excel downloads.
 */
export async function presetNamesFor(db: Exec, scope: TenantScope): Promise<WorkflowMeta['presetTypes']> {
  return (await workspacePresetSettings(db, scope, { withWithdrawn: true })).map((s) => ({ code: s.presetType, name: s.name }));
}

const onSteps = (s: WorkspacePresetSetting) => s.steps.filter((step) => step.isOn).map((step) => step.stepCode);

/** presets/v1: what the workspace offers, with its names and the steps it runs. */
export async function offeredPresets(db: Exec, scope: TenantScope): Promise<WorkflowPreset[]> {
  return (await workspacePresetSettings(db, scope)).filter((s) => s.isEnabled).map((s) => presetFrom(s.presetType, s.name, onSteps(s), s.defaultReviewDeadlineDays));
}

/** The meta call's preset types: every published preset (withdrawn ones too), named as the workspace names it. */
export async function workflowMetaFor(db: Exec, scope: TenantScope): Promise<WorkflowMeta> {
  return workflowMeta(await presetNamesFor(db, scope));
}

/** The preset a workflow runs (step-preset): its type's name in the workspace, the steps the workflow has on. */
export async function presetOfWorkflow(db: Exec, scope: TenantScope, wf: { presetType: string; offStepCodes: StepCode[] }, stepCodes: readonly StepCode[]): Promise<WorkflowPreset> {
  const setting = (await workspacePresetSettings(db, scope, { withWithdrawn: true })).find((s) => s.presetType === wf.presetType);
  const name = setting?.name ?? { ko: wf.presetType, en: wf.presetType };
  return presetFrom(wf.presetType, name, stepCodes.filter((c) => !wf.offStepCodes.includes(c)), setting?.defaultReviewDeadlineDays ?? null);
}

/** What a workflow of the preset runs in the workspace: its steps, those switched off. */
function planOf(setting: WorkspacePresetSetting): PresetPlan {
  return { presetType: setting.presetType, steps: setting.steps.map((s) => s.stepCode), offSteps: setting.steps.filter((s) => !s.isOn).map((s) => s.stepCode) };
}

/** The plans of the presets the workspace offers (the preset-transition targets are among them). */
export async function offeredPlans(db: Exec, scope: TenantScope): Promise<PresetPlan[]> {
  return (await workspacePresetSettings(db, scope)).filter((s) => s.isEnabled).map(planOf);
}

export interface StartPlan {
  plan: PresetPlan;
  /** Reviewers named at the start when the workspace switched ASSIGNMENT off (every holder of legal.review.review). */
  reviewerIds: number[];
  /** The desired review deadline to use when the requester gives none (null: none). */
  defaultDeadline: string | null;
}

const notOffered = (presetType: string) =>
  conflict({ ko: '이 워크스페이스에서 사용하지 않는 워크플로입니다.', en: 'This workspace does not offer this workflow.' }, { reason: 'PRESET_NOT_OFFERED', presetType });

/**
 * What a workflow of `presetType` runs in the workspace now: 400 naming `field` for a code nobody
 * published, 409 (PRESET_NOT_OFFERED) when the workspace does not offer it or the preset was
 * withdrawn, 409 (NO_REVIEWER) when
 * ASSIGNMENT is off and nobody holds legal.review.review.
 */
export async function planForStart(db: Exec, scope: TenantScope, presetType: string, field = 'body.presetType', now = new Date()): Promise<StartPlan> {
  const [row] = await db.select().from(workflowPresets).where(eq(workflowPresets.presetType, presetType));
  if (!row) throw validationError([{ field, reason: `no published workflow preset ${presetType}` }]);
  const [setting] = await db.select().from(workspaceWorkflowPresets).where(and(inScope(workspaceWorkflowPresets, scope), eq(workspaceWorkflowPresets.presetType, presetType)));
  const effective = settingDto(row, setting);
  if (!effective.isEnabled) throw notOffered(presetType);
  const plan = planOf(effective);
  const { steps, offSteps } = plan;
  let reviewerIds: number[] = [];
  if (offSteps.includes('ASSIGNMENT') && steps.includes('LEGAL_REVIEW')) {
    reviewerIds = (await membersWithPermission(db, scope, PERMISSIONS.review)).map((m) => m.userId);
    if (reviewerIds.length === 0) {
      throw conflict({ ko: '검토자가 없습니다. 관리자에게 문의해 주세요.', en: 'Nobody in this workspace can review: ask an admin.' }, { reason: 'NO_REVIEWER', presetType });
    }
  }
  const days = effective.defaultReviewDeadlineDays;
  const defaultDeadline = days !== null && steps.includes('LEGAL_REVIEW') ? localDate(new Date(now.getTime() + days * 86_400_000), KOREA) : null;
  return { plan, reviewerIds, defaultDeadline };
}

// Super admin --------------------------------------------------------------------------------------

const userOf = (ctx: RequestContext) => (ctx.principal?.kind === 'user' ? ctx.principal.userId : null);

export async function listPublished(services: Services): Promise<PublishedPreset[]> {
  return (await publishedRows(services.db)).map(publishedDto);
}

const presetExists = (presetType: string) => conflict({ ko: '이미 있는 워크플로 코드입니다.', en: 'A preset with this code exists.' }, { reason: 'PRESET_EXISTS', presetType });

export async function publish(services: Services, ctx: RequestContext, body: z.output<typeof PublishPresetBodySchema>): Promise<PublishedPreset> {
  const problems = presetStepProblems(body.steps);
  if (problems.length > 0) throw validationError(problems);
  return services.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: workflowPresets.id }).from(workflowPresets).where(eq(workflowPresets.presetType, body.presetType)).for('update');
    if (existing) throw presetExists(body.presetType);
    const [row] = await tx
      .insert(workflowPresets)
      .values({ presetType: body.presetType, nameKo: body.name.ko, nameEn: body.name.en, steps: body.steps.map((s) => ({ stepCode: s.stepCode, isOptional: s.isOptional })), isBuiltIn: false, createdByUserId: userOf(ctx) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw presetExists(body.presetType);
    await recordAudit(tx, { type: 'workflow_preset.published', data: { presetType: row.presetType, steps: row.steps } }, auditMetaOf(ctx, userOf(ctx)));
    return publishedDto(row);
  });
}

const withdrawnError = (presetType: string) =>
  conflict({ ko: '철회된 워크플로입니다.', en: 'This workflow preset was withdrawn.' }, { reason: 'PRESET_WITHDRAWN', presetType });

/**
 * The preset locked for an edit or a withdrawal, with the refusals in order: 404 for a code nobody
 * published, 409 for a built-in (the product's own), a withdrawn preset, a stale revision.
 */
async function lockEditable(tx: Tx, presetType: string, revision: number): Promise<PresetRow> {
  const [row] = await tx.select().from(workflowPresets).where(eq(workflowPresets.presetType, presetType)).for('update');
  if (!row) throw notFound();
  if (row.isBuiltIn) throw conflict({ ko: '기본 제공 워크플로는 바꾸거나 철회할 수 없습니다. 워크스페이스 설정에서 끄거나 이름을 바꿔 주세요.', en: 'A built-in preset cannot be edited or withdrawn: workspaces switch it off or rename it.' }, { reason: 'BUILT_IN', presetType });
  if (row.status === 'WITHDRAWN') throw withdrawnError(presetType);
  if (row.revision !== revision) {
    throw conflict({ ko: '그사이 다른 사람이 이 워크플로를 바꿨습니다. 새로 고친 뒤 다시 시도해 주세요.', en: 'Someone changed this preset since you read it. Reload and try again.' }, { reason: 'stale revision', revision: row.revision });
  }
  return row;
}

/**
 * Edits a published preset's names and steps (checked as at publishing). Running workflows are not
 * touched: they run their own snapshot (workflow_steps, off_step_codes). A workspace's switched-off
 * steps that are no longer optional steps of the preset are dropped from its setting.
 */
export async function edit(services: Services, ctx: RequestContext, presetType: string, body: z.output<typeof EditPresetBodySchema>): Promise<PublishedPreset> {
  const problems = presetStepProblems(body.steps);
  if (problems.length > 0) throw validationError(problems);
  const steps = body.steps.map((s) => ({ stepCode: s.stepCode, isOptional: s.isOptional }));
  return services.db.transaction(async (tx) => {
    const before = await lockEditable(tx, presetType, body.revision);
    const [row] = await tx
      .update(workflowPresets)
      .set({ nameKo: body.name.ko, nameEn: body.name.en, steps, revision: before.revision + 1, updatedByUserId: userOf(ctx), updatedAt: new Date() })
      .where(eq(workflowPresets.id, before.id))
      .returning();
    // Every workspace's setting of this preset (a global change): keep only steps still optional.
    const optional = sql`array[${sql.join(steps.filter((s) => s.isOptional).map((s) => sql`${s.stepCode}`), sql`, `)}]::text[]`;
    await tx
      .update(workspaceWorkflowPresets)
      .set({ offStepCodes: sql`array(select c from unnest(${workspaceWorkflowPresets.offStepCodes}) c where c = any(${optional}))` })
      .where(and(eq(workspaceWorkflowPresets.presetType, presetType), sql`not (${workspaceWorkflowPresets.offStepCodes} <@ ${optional})`));
    await recordAudit(
      tx,
      { type: 'workflow_preset.edited', data: { presetType, revision: row!.revision, name: body.name, before: before.steps, steps } },
      auditMetaOf(ctx, userOf(ctx)),
    );
    return publishedDto(row!);
  });
}

/** Withdraws a published preset: nobody starts it any more; running workflows finish; names stay for history. */
export async function withdraw(services: Services, ctx: RequestContext, presetType: string, body: z.output<typeof WithdrawPresetBodySchema>): Promise<PublishedPreset> {
  return services.db.transaction(async (tx) => {
    const before = await lockEditable(tx, presetType, body.revision);
    const now = new Date();
    const [row] = await tx
      .update(workflowPresets)
      .set({ status: 'WITHDRAWN', revision: before.revision + 1, withdrawnAt: now, updatedByUserId: userOf(ctx), updatedAt: now })
      .where(eq(workflowPresets.id, before.id))
      .returning();
    await recordAudit(tx, { type: 'workflow_preset.withdrawn', data: { presetType, revision: row!.revision } }, auditMetaOf(ctx, userOf(ctx)));
    return publishedDto(row!);
  });
}

// The workspace's adaptation -----------------------------------------------------------------------

export async function getWorkspaceSettings(services: Services, ctx: RequestContext): Promise<WorkspacePresetSetting[]> {
  return workspacePresetSettings(services.db, tenantScope(ctx));
}

/** Sets the named presets (400 naming the field for an unknown preset or a step it does not mark optional). */
export async function putWorkspaceSettings(services: Services, ctx: RequestContext, body: z.output<typeof PutWorkspacePresetsBodySchema>): Promise<WorkspacePresetSetting[]> {
  const scope = tenantScope(ctx);
  const published = new Map((await publishedRows(services.db)).map((r) => [r.presetType, r]));
  const problems: Array<{ field: string; reason: string }> = [];
  body.presets.forEach((p, i) => {
    const row = published.get(p.presetType);
    if (!row) return problems.push({ field: `body.presets.${i}.presetType`, reason: `no published workflow preset ${p.presetType}` });
    if (row.status === 'WITHDRAWN') return;
    for (const code of p.offStepCodes) {
      if (!row.steps.some((s) => s.stepCode === code && s.isOptional)) problems.push({ field: `body.presets.${i}.offStepCodes`, reason: `${p.presetType} does not mark ${code} optional` });
    }
  });
  if (problems.length > 0) throw validationError(problems);
  const withdrawn = body.presets.find((p) => published.get(p.presetType)?.status === 'WITHDRAWN');
  if (withdrawn) throw withdrawnError(withdrawn.presetType);
  if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  const userId = ctx.principal.userId;
  return services.db.transaction(async (tx) => {
    for (const p of body.presets) {
      const values = { isEnabled: p.isEnabled, nameKo: p.name?.ko ?? null, nameEn: p.name?.en ?? null, offStepCodes: p.offStepCodes, defaultReviewDeadlineDays: p.defaultReviewDeadlineDays, updatedByUserId: userId, updatedAt: new Date() };
      await tx
        .insert(workspaceWorkflowPresets)
        .values({ ...scope, presetType: p.presetType, ...values })
        .onConflictDoUpdate({ target: [workspaceWorkflowPresets.tenantId, workspaceWorkflowPresets.workspaceId, workspaceWorkflowPresets.presetType], set: values });
    }
    await recordAudit(
      tx,
      { type: 'workflow_preset.adapted', data: { presets: body.presets.map((p) => ({ presetType: p.presetType, isEnabled: p.isEnabled, offStepCodes: p.offStepCodes, defaultReviewDeadlineDays: p.defaultReviewDeadlineDays, hasCustomName: p.name !== null })) } },
      { ...auditMetaOf(ctx, userId), ...scope },
    );
    return workspacePresetSettings(tx, scope);
  });
}
