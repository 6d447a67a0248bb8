import type { ProductType, UpdateWorkspaceSettingsBody, WorkspaceSettings } from '@legal/api';
import { isUniqueViolation } from '../../../platform/db/pg-errors';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, tenantScope } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { actorUserId } from '../admin-request';
import { assertUnchangedSince } from './workspace-guards';
import type { FieldChange } from './workspace.audit';
import { findLiveWorkspace, isWorkspaceNameTaken, updateWorkspace, type WorkspaceRow } from './workspace.repo';

type Services = Pick<AppServices, 'db'>;
export const CONFIG_PERMISSION = 'workspace.config.write';

/** The settings fields of the workspace row, as the API shows them. */
type SettingsFields = Pick<WorkspaceSettings, 'name' | 'memo' | 'defaultLocale' | 'passwordMaxAgeDays' | 'isTwoFactorRequired' | 'sessionIdleMinutes' | 'products'>;
const SETTINGS_FIELDS = ['name', 'memo', 'defaultLocale', 'passwordMaxAgeDays', 'isTwoFactorRequired', 'sessionIdleMinutes', 'products'] as const satisfies ReadonlyArray<keyof SettingsFields>;

export function settingsDto(row: WorkspaceRow): WorkspaceSettings {
  return {
    tenantId: row.tenantId,
    workspaceId: row.id,
    name: row.name,
    memo: row.memo,
    defaultLocale: row.defaultLocale,
    passwordMaxAgeDays: row.passwordMaxAgeDays,
    isTwoFactorRequired: row.isTwoFactorRequired,
    sessionIdleMinutes: row.sessionIdleMinutes,
    products: row.products as ProductType[],
    updatedAt: row.updatedAt.toISOString(),
  };
}

const nameTaken = () =>
  conflict({ ko: '이미 사용 중인 워크스페이스 이름입니다.', en: 'Another workspace already uses this name.' }, { field: 'body.name', reason: 'NAME_TAKEN' });

const isSame = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields the body really changes, with their values before and after. */
function changesOf(row: WorkspaceRow, body: UpdateWorkspaceSettingsBody): Partial<Record<keyof SettingsFields, FieldChange>> {
  const current = settingsDto(row);
  const changes: Partial<Record<keyof SettingsFields, FieldChange>> = {};
  for (const field of SETTINGS_FIELDS) {
    let next = body[field];
    if (next === undefined) continue;
    if (field === 'memo' && next === '') next = null;
    if (!isSame(current[field], next)) changes[field] = { before: current[field], after: next };
  }
  return changes;
}

export async function getSettings(services: Services, ctx: RequestContext): Promise<WorkspaceSettings> {
  requirePermission(ctx, CONFIG_PERMISSION);
  const row = await findLiveWorkspace(services.db, tenantScope(ctx));
  if (!row) throw notFound();
  return settingsDto(row);
}

/** PUT settings/v1: only the fields that differ are written and audited (workspace.config_updated). */
export async function updateSettings(services: Services, ctx: RequestContext, body: UpdateWorkspaceSettingsBody): Promise<WorkspaceSettings> {
  requirePermission(ctx, CONFIG_PERMISSION);
  const scope = tenantScope(ctx);
  const userId = actorUserId(ctx);
  try {
    return await services.db.transaction(async (tx) => {
      const row = await findLiveWorkspace(tx, scope, { forUpdate: true });
      if (!row) throw notFound();
      assertUnchangedSince(row.updatedAt, body.expectedUpdatedAt);
      const changes = changesOf(row, body);
      if (Object.keys(changes).length === 0) return settingsDto(row);
      if (changes.name && (await isWorkspaceNameTaken(tx, String(changes.name.after), row.id))) throw nameTaken();
      const values = Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change.after]));
      const updated = await updateWorkspace(tx, scope, values);
      await recordAudit(tx, { type: 'workspace.config_updated', data: { changes } }, { ...auditMetaOf(ctx, userId), ...scope });
      return settingsDto(updated);
    });
  } catch (err) {
    // Two admins renaming to the same name at once: the unique index decides.
    if (isUniqueViolation(err, 'workspaces_name_key')) throw nameTaken();
    throw err;
  }
}
