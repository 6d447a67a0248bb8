import { requirePermission } from '../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';

export const FORM_READ = 'standard_form.form.read';
export const FORM_WRITE = 'standard_form.form.write';
export const CONTRACT_WRITE = 'contract.contract.write';

/**
 * A caller of the workspace routes: `canWrite` (standard_form.form.write) manages the library and
 * sees INACTIVE forms; a reader (standard_form.form.read) sees ACTIVE forms and the global forms the
 * workspace made available, and drafts from them.
 */
export interface FormCaller {
  kind: 'workspace';
  scope: TenantScope;
  userId: number;
  canWrite: boolean;
  canDraft: boolean;
}

/** A super admin on the global-form routes (no workspace). */
export interface GlobalCaller {
  kind: 'global';
  userId: number;
}

export type Caller = FormCaller | GlobalCaller;

/** The caller of a workspace route needing `need` (403 otherwise; write implies read). */
export function formCaller(ctx: RequestContext, need: 'read' | 'write'): FormCaller {
  if (need === 'write') requirePermission(ctx, FORM_WRITE);
  else requirePermission(ctx, FORM_READ, FORM_WRITE);
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  return {
    kind: 'workspace',
    scope: tenantScope(ctx),
    userId: principal.userId,
    canWrite: principal.permissions.has(FORM_WRITE),
    canDraft: principal.permissions.has(CONTRACT_WRITE),
  };
}

export function globalCaller(ctx: RequestContext): GlobalCaller {
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  if (!principal.isSuperAdmin) throw new AppError('ERROR_FORBIDDEN');
  return { kind: 'global', userId: principal.userId };
}

/** Most attachments a form keeps. */
export const MAX_ATTACHMENTS = 10;
