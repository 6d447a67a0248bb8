import { IDENTITY_LIMITS } from '@legal/api';
import { type RequestContext, tenantScope } from '../../platform/http/context';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { userPrincipal } from './account.service';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { canImpersonateMember } from './auth.policy';
import { findMembership, findUserById } from './auth.repo';
import { alertsOf, type AuthDeps, type SignInResult, trackLogin } from './login-tracks';
import { issueSession } from './sessions.service';

/**
 * Signs in as another user. A super-admin session may choose anyone; a workspace admin only a
 * member of X-Workspace who holds no permission the admin lacks. The new session lasts at most
 * 30 minutes, records who opened it, and cannot itself impersonate.
 */
export async function startImpersonation(deps: AuthDeps, ctx: RequestContext, body: { userId: number; reason: string }): Promise<SignInResult> {
  const actor = userPrincipal(ctx);
  if (actor.impersonatorUserId !== undefined) throw forbidden();
  if (body.userId === actor.userId) throw new AppError('ERROR_CONFLICT', { data: { reason: 'OWN_ACCOUNT' } });
  let scope: { tenantId: number; workspaceId: number } | null = null;
  if (!actor.isSuperAdmin) {
    scope = tenantScope(ctx);
    const own = await findMembership(deps.db, scope, actor.userId);
    if (!own) throw forbidden();
    const target = await findMembership(deps.db, scope, body.userId);
    if (!target) throw notFound();
    if (!canImpersonateMember(own.permissions, target.permissions)) throw forbidden();
  }
  const target = await findUserById(deps.db, body.userId);
  if (!target) throw notFound();
  if (target.status !== 'ACTIVE') throw new AppError('ERROR_CONFLICT', { data: { reason: 'USER_DISABLED' } });
  if (target.isSuperAdmin && !actor.isSuperAdmin) throw forbidden();
  const now = new Date();
  const session = await deps.db.transaction(async (tx) => {
    const issued = await issueSession(
      tx,
      { userId: target.id, kind: 'USER', method: 'IMPERSONATED', impersonatorUserId: actor.userId, absoluteSeconds: IDENTITY_LIMITS.impersonationMinutes * 60 },
      ctx,
      now,
    );
    await trackLogin(tx, { userId: target.id, loginId: target.loginId, method: 'IMPERSONATED', result: 'SUCCESS' }, ctx, now);
    await recordAudit(
      tx,
      { type: 'impersonation.started', data: { sessionId: issued.sessionId, impersonatorUserId: actor.userId, reason: body.reason, expiresAt: issued.absoluteExpiresAt.toISOString() } },
      { ...auditMetaOf(ctx, actor.userId, target.id), tenantId: scope?.tenantId ?? null, workspaceId: scope?.workspaceId ?? null },
    );
    return issued;
  });
  return { data: { ...alertsOf(target, now), twoFactorAuth: null }, session };
}
