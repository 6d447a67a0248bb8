import { requirePermission } from '../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import { unauthorized } from '../../platform/http/errors';

export const SEAL_READ = 'seal.seal.read';
export const SEAL_MANAGE = 'seal.seal.manage';
export const USAGE_APPROVE = 'seal.usage.approve';

/**
 * The caller of a seal route: `canManage` (seal.seal.manage) keeps the registry, the ledger and the
 * reconciliation and sees every request; a reader (seal.seal.read) sees the seals and requests
 * them; an approver (seal.usage.approve) acts in the approval lines they are on. Custodians are
 * named per seal (custodian_user_id), whatever their permissions.
 */
export interface SealCaller {
  scope: TenantScope;
  userId: number;
  permissions: ReadonlySet<string>;
  membershipId: number | undefined;
  canManage: boolean;
  canRead: boolean;
  canApprove: boolean;
}

/** The caller holding any of `anyOf` (403 otherwise; 401 without a user session). */
export function sealCaller(ctx: RequestContext, ...anyOf: string[]): SealCaller {
  if (anyOf.length > 0) requirePermission(ctx, ...anyOf);
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw unauthorized();
  const p = principal.permissions;
  return {
    scope: tenantScope(ctx),
    userId: principal.userId,
    permissions: p,
    membershipId: principal.membershipId,
    canManage: p.has(SEAL_MANAGE),
    canRead: p.has(SEAL_READ) || p.has(SEAL_MANAGE),
    canApprove: p.has(USAGE_APPROVE),
  };
}

/** Reading seals: seal.seal.read or seal.seal.manage. */
export const readerOf = (ctx: RequestContext) => sealCaller(ctx, SEAL_READ, SEAL_MANAGE);
/** The registry, ledger and reconciliation: seal.seal.manage. */
export const managerOf = (ctx: RequestContext) => sealCaller(ctx, SEAL_MANAGE);
/** Anyone who may take part in a request: requester, approver, custodian (checked per request), manager. */
export const participantOf = (ctx: RequestContext) => sealCaller(ctx, SEAL_READ, SEAL_MANAGE, USAGE_APPROVE);
