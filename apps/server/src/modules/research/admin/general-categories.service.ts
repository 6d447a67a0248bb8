import {
  COLLECTION_DOCUMENT_STATUS_LABELS, COLLECTION_DOCUMENT_STATUSES, COLLECTION_LIMITS, COLLECTION_VISIBILITIES, COLLECTION_VISIBILITY_LABELS, GENERAL_CATEGORY_KINDS,
  GENERAL_CATEGORY_TEXTS, type GeneralCategory, type GeneralCategoryKind, type SuperAdminCategoryMeta, type WorkspaceGeneralCategories, type WorkspaceTarget,
} from '@legal/api';
import { recordAudit } from '../../../platform/audit/audit';
import type { Db, Tx } from '../../../platform/db/client';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { requireWorkspace } from '../../ai';
import { storedSourceCounts } from '../../legal-sources';
import { collectionMeta } from '../collections/collection-meta';
import { indexProgress } from '../passage-index';
import { metaOf, settingsOf, upsertSettings } from './research-settings.service';

/**
 * The general categories: the built-in legal source kinds (statutes; precedents, administrative
 * rules and local ordinances of the law Open API) a workspace's research searches. All are on until
 * a super admin switches some off; retrieval skips the ones that are off (the chat, search and
 * advisory drafts) and the chat's filter does not offer them.
 */

/** The kinds a workspace searches. */
export async function enabledGeneralCategories(db: Db | Tx, scope: TenantScope): Promise<GeneralCategoryKind[]> {
  const disabled = new Set((await settingsOf(db, scope))?.disabledGeneralCategories ?? []);
  return GENERAL_CATEGORY_KINDS.filter((kind) => !disabled.has(kind));
}

/**
 * The kinds one question searches: those asked for (each one the workspace searches, else 403), or
 * every kind the workspace searches.
 */
export async function questionGeneralCategories(db: Db, scope: TenantScope, asked: readonly GeneralCategoryKind[] | undefined): Promise<GeneralCategoryKind[]> {
  const enabled = await enabledGeneralCategories(db, scope);
  if (!asked) return enabled;
  const off = asked.filter((kind) => !enabled.includes(kind));
  if (off.length > 0) {
    throw new AppError('ERROR_FORBIDDEN', {
      message: { ko: '이 워크스페이스에서 검색하지 않도록 설정된 자료 종류입니다.', en: 'This workspace does not search that kind of source.' },
      data: { reason: 'GENERAL_CATEGORY_DISABLED', kinds: off },
    });
  }
  return [...asked];
}

/** Per kind: how many texts this installation holds, and whether their source is configured. */
async function sourcesOnInstallation(services: AppServices): Promise<Record<GeneralCategoryKind, { storedCount: number; isSourceConfigured: boolean }>> {
  const [stored, index] = await Promise.all([storedSourceCounts(services.db), indexProgress(services.db)]);
  const hasKey = services.config.lawOpenApi.oc !== null;
  return {
    STATUTE: { storedCount: index.indexedVersions, isSourceConfigured: true },
    PRECEDENT: { storedCount: stored.PRECEDENT, isSourceConfigured: hasKey },
    ADMIN_RULE: { storedCount: stored.ADMIN_RULE, isSourceConfigured: hasKey },
    LOCAL_ORDINANCE: { storedCount: stored.LOCAL_ORDINANCE, isSourceConfigured: hasKey },
  };
}

/** For the member's categories/meta/v1: each kind, whether the workspace searches it and whether there is anything to search. */
export async function memberGeneralCategories(services: AppServices, scope: TenantScope) {
  const [enabled, sources] = await Promise.all([enabledGeneralCategories(services.db, scope), sourcesOnInstallation(services)]);
  return GENERAL_CATEGORY_KINDS.map((kind) => ({ kind, isEnabled: enabled.includes(kind), hasSource: sources[kind].storedCount > 0 }));
}

export async function listGeneralCategories(services: AppServices): Promise<GeneralCategory[]> {
  const sources = await sourcesOnInstallation(services);
  return GENERAL_CATEGORY_KINDS.map((kind) => ({ kind, ...GENERAL_CATEGORY_TEXTS[kind], ...sources[kind], hasSource: sources[kind].storedCount > 0 }));
}

async function workspaceCategories(services: AppServices, scope: TenantScope): Promise<WorkspaceGeneralCategories> {
  const [enabled, sources] = await Promise.all([enabledGeneralCategories(services.db, scope), sourcesOnInstallation(services)]);
  return {
    ...scope,
    categories: GENERAL_CATEGORY_KINDS.map((kind) => ({ kind, label: GENERAL_CATEGORY_TEXTS[kind].label, isEnabled: enabled.includes(kind), hasSource: sources[kind].storedCount > 0 })),
  };
}

export async function getWorkspaceGeneralCategories(services: AppServices, target: WorkspaceTarget) {
  return workspaceCategories(services, await requireWorkspace(services.db, target));
}

export async function putWorkspaceGeneralCategories(services: AppServices, ctx: RequestContext, body: WorkspaceTarget & { enabled: GeneralCategoryKind[] }) {
  const scope = await requireWorkspace(services.db, body);
  const enabled = GENERAL_CATEGORY_KINDS.filter((kind) => body.enabled.includes(kind));
  const disabled = GENERAL_CATEGORY_KINDS.filter((kind) => !body.enabled.includes(kind));
  await services.db.transaction(async (tx) => {
    await upsertSettings(tx, scope, ctx, { disabledGeneralCategories: disabled });
    await recordAudit(tx, { type: 'research.general_categories_saved', data: { enabled, disabled } }, metaOf(ctx, scope));
  });
  return workspaceCategories(services, scope);
}

/** super-admin categories/meta/v1: the members' meta (its defaults) with labels, and the general categories. */
export function superAdminCategoryMeta(): SuperAdminCategoryMeta {
  return {
    ...collectionMeta(COLLECTION_LIMITS.bytesPerWorkspace),
    visibilityLabels: COLLECTION_VISIBILITIES.map((value) => ({ value, label: COLLECTION_VISIBILITY_LABELS[value] })),
    documentStatusLabels: COLLECTION_DOCUMENT_STATUSES.map((value) => ({ value, label: COLLECTION_DOCUMENT_STATUS_LABELS[value] })),
    generalCategories: GENERAL_CATEGORY_KINDS.map((kind) => ({ kind, ...GENERAL_CATEGORY_TEXTS[kind] })),
    capacityConfigKey: 'collectionCapacityMb',
  };
}
