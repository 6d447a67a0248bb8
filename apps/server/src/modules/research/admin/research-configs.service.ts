import {
  RESEARCH_CONFIG_CATEGORIES, RESEARCH_CONFIG_CATEGORY_TEXTS, RESEARCH_CONFIG_DEFAULTS, RESEARCH_CONFIG_KEYS, researchConfigMeta, type ResearchConfigGroups,
  type ResearchConfigOverrides, type ResearchConfigValues, ResearchConfigValuesSchema, type WorkspaceResearchConfigs, type WorkspaceTarget,
} from '@legal/api';
import { recordAudit } from '../../../platform/audit/audit';
import type { Db, Tx } from '../../../platform/db/client';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { requireWorkspace } from '../../ai';
import { requireResearchUse } from '../research.policy';
import { metaOf, settingsOf, upsertSettings } from './research-settings.service';

/**
 * A workspace's research configs: the defaults of the meta (packages/api research-config.ts)
 * overridden by what a super admin set. The chat, search, advisory drafts, collections and
 * attachments read `researchConfigOf` where they used constants before.
 */

/** The stored overrides that still fit their meta (a key dropped or a bound narrowed since falls back to its default). */
export function validOverrides(stored: unknown): ResearchConfigOverrides {
  const out: Record<string, unknown> = {};
  if (!stored || typeof stored !== 'object') return out;
  for (const key of RESEARCH_CONFIG_KEYS) {
    if (!Object.hasOwn(stored, key)) continue;
    const parsed = ResearchConfigValuesSchema.shape[key].safeParse((stored as Record<string, unknown>)[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as ResearchConfigOverrides;
}

async function overridesOf(db: Db | Tx, scope: TenantScope): Promise<ResearchConfigOverrides> {
  return validOverrides((await settingsOf(db, scope))?.configs);
}

const inEffect = (overrides: ResearchConfigOverrides): ResearchConfigValues => ({ ...RESEARCH_CONFIG_DEFAULTS, ...overrides });

/** The configs in effect for a workspace. */
export async function researchConfigOf(db: Db | Tx, scope: TenantScope): Promise<ResearchConfigValues> {
  return inEffect(await overridesOf(db, scope));
}

function grouped(overrides: ResearchConfigOverrides): ResearchConfigGroups {
  const values = inEffect(overrides);
  const meta = researchConfigMeta();
  return {
    categories: RESEARCH_CONFIG_CATEGORIES.map((category) => ({
      category,
      ...RESEARCH_CONFIG_CATEGORY_TEXTS[category],
      configs: meta
        .filter((m) => m.category === category)
        .map((m) => ({ ...m, value: values[m.key as keyof ResearchConfigValues], isOverridden: Object.hasOwn(overrides, m.key) })),
    })),
  };
}

// Members --------------------------------------------------------------------------------------------

export async function getConfigs(services: AppServices, ctx: RequestContext): Promise<ResearchConfigValues> {
  const { scope } = requireResearchUse(ctx);
  return researchConfigOf(services.db, scope);
}

export async function getConfigsV2(services: AppServices, ctx: RequestContext): Promise<ResearchConfigGroups> {
  const { scope } = requireResearchUse(ctx);
  return grouped(await overridesOf(services.db, scope));
}

// Super admins ---------------------------------------------------------------------------------------

const flat = (scope: TenantScope, overrides: ResearchConfigOverrides): WorkspaceResearchConfigs => ({
  ...scope, values: inEffect(overrides), overrides,
});

export async function getWorkspaceConfigs(services: AppServices, target: WorkspaceTarget) {
  const scope = await requireWorkspace(services.db, target);
  return flat(scope, await overridesOf(services.db, scope));
}

export async function getWorkspaceConfigsV2(services: AppServices, target: WorkspaceTarget) {
  const scope = await requireWorkspace(services.db, target);
  return { ...scope, ...grouped(await overridesOf(services.db, scope)) };
}

/** Replaces the workspace's overrides (the body was checked against the meta), audited with what changed. */
async function saveOverrides(services: AppServices, ctx: RequestContext, body: WorkspaceTarget & { configs: ResearchConfigOverrides }) {
  const scope = await requireWorkspace(services.db, body);
  const next = validOverrides(body.configs);
  await services.db.transaction(async (tx) => {
    const before = await overridesOf(tx, scope);
    const changed = RESEARCH_CONFIG_KEYS.filter((key) => before[key] !== next[key]);
    await upsertSettings(tx, scope, ctx, { configs: next });
    await recordAudit(tx, { type: 'research.configs_saved', data: { overrides: next, changed } }, metaOf(ctx, scope));
  });
  return { scope, overrides: next };
}

export async function putWorkspaceConfigs(services: AppServices, ctx: RequestContext, body: WorkspaceTarget & { configs: ResearchConfigOverrides }) {
  const { scope, overrides } = await saveOverrides(services, ctx, body);
  return flat(scope, overrides);
}

export async function putWorkspaceConfigsV2(services: AppServices, ctx: RequestContext, body: WorkspaceTarget & { configs: ResearchConfigOverrides }) {
  const { scope, overrides } = await saveOverrides(services, ctx, body);
  return { ...scope, ...grouped(overrides) };
}

export function configCategories() {
  return RESEARCH_CONFIG_CATEGORIES.map((category) => ({ category, ...RESEARCH_CONFIG_CATEGORY_TEXTS[category] }));
}

/** The workspace's collection capacity in bytes (config collectionCapacityMb). */
export const capacityBytes = (config: Pick<ResearchConfigValues, 'collectionCapacityMb'>) => config.collectionCapacityMb * 1024 * 1024;
