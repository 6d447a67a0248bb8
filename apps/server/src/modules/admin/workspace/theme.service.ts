import { parseTheme, type Theme, ThemeSchema, type UpdateThemeBody, type WorkspaceTheme } from '@legal/api';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, tenantScope } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { actorUserId } from '../admin-request';
import { CONFIG_PERMISSION } from './settings.service';
import { sanitizeThemeHtml } from './theme-html';
import { assertUnchangedSince } from './workspace-guards';
import { findLiveWorkspace, updateWorkspace, type WorkspaceRow } from './workspace.repo';

type Services = Pick<AppServices, 'db'>;

function themeDto(row: WorkspaceRow): WorkspaceTheme {
  return { theme: parseTheme(row.theme), isDefault: row.theme === null, updatedAt: row.updatedAt.toISOString() };
}

/** The top-level theme keys whose values differ (the audit names them; the HTML itself is not copied). */
function changedFields(before: Theme, after: Theme): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof Theme>;
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

/** The theme as stored: the admin's HTML through the allow-list sanitizer, then the shared schema. */
export function storedTheme(input: UpdateThemeBody['theme']): Theme {
  const theme = ThemeSchema.parse(input);
  return {
    ...theme,
    customWelcomeHtml: sanitizeThemeHtml(theme.customWelcomeHtml),
    customSidebarFooterHtml: sanitizeThemeHtml(theme.customSidebarFooterHtml),
  };
}

export async function getTheme(services: Services, ctx: RequestContext): Promise<WorkspaceTheme> {
  requirePermission(ctx, CONFIG_PERMISSION);
  const row = await findLiveWorkspace(services.db, tenantScope(ctx));
  if (!row) throw notFound();
  return themeDto(row);
}

/** PUT theme/v1: replaces the theme; what GET /api/auth/theme/v1 serves from then on. */
export async function updateTheme(services: Services, ctx: RequestContext, body: UpdateThemeBody): Promise<WorkspaceTheme> {
  requirePermission(ctx, CONFIG_PERMISSION);
  const scope = tenantScope(ctx);
  const userId = actorUserId(ctx);
  const next = storedTheme(body.theme);
  return services.db.transaction(async (tx) => {
    const row = await findLiveWorkspace(tx, scope, { forUpdate: true });
    if (!row) throw notFound();
    assertUnchangedSince(row.updatedAt, body.expectedUpdatedAt);
    const fields = changedFields(parseTheme(row.theme), next);
    if (fields.length === 0 && row.theme !== null) return themeDto(row);
    const updated = await updateWorkspace(tx, scope, { theme: JSON.stringify(next) });
    await recordAudit(tx, { type: 'workspace.theme_updated', data: { fields, isReset: false } }, { ...auditMetaOf(ctx, userId), ...scope });
    return themeDto(updated);
  });
}

/** DELETE theme/v1: back to the product theme. */
export async function resetTheme(services: Services, ctx: RequestContext): Promise<WorkspaceTheme> {
  requirePermission(ctx, CONFIG_PERMISSION);
  const scope = tenantScope(ctx);
  const userId = actorUserId(ctx);
  return services.db.transaction(async (tx) => {
    const row = await findLiveWorkspace(tx, scope, { forUpdate: true });
    if (!row) throw notFound();
    if (row.theme === null) throw conflict({ ko: '이미 기본 테마를 사용하고 있습니다.', en: 'The default theme is already in use.' });
    const updated = await updateWorkspace(tx, scope, { theme: null });
    const fields = changedFields(parseTheme(row.theme), parseTheme(null));
    await recordAudit(tx, { type: 'workspace.theme_updated', data: { fields, isReset: true } }, { ...auditMetaOf(ctx, userId), ...scope });
    return themeDto(updated);
  });
}
