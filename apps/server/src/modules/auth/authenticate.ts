import type { FastifyInstance } from 'fastify';
import { type RequestContext, tenantScope } from '../../platform/http/context';
import { AppError, forbidden, unauthorized } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { canAdministerWorkspace, isTrustedOrigin } from './auth.policy';
import { findMembership } from './auth.repo';
import { accessTokenOf, hasSessionCookie } from './cookies';
import { authenticateAccessToken } from './sessions.service';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `member` and `admin` access: the signed-in user must be a member of exactly the workspace of
 * X-Tenant/X-Workspace (headers are never trusted alone), and for `admin` hold the workspace
 * admin permission. Loads the membership's permissions into the principal.
 */
export function membershipVerifier(services: Pick<AppServices, 'db'>) {
  return async (ctx: RequestContext, needsAdmin: boolean) => {
    const principal = ctx.principal;
    if (principal?.kind !== 'user') throw unauthorized();
    const scope = tenantScope(ctx);
    const membership = await findMembership(services.db, scope, principal.userId);
    if (!membership) throw forbidden();
    const permissions = new Set([...principal.permissions, ...membership.permissions]);
    if (needsAdmin && !canAdministerWorkspace(permissions)) throw forbidden();
    ctx.principal = { ...principal, permissions, membershipId: membership.id };
  };
}

/**
 * The authentication hook: refuses cross-site state-changing requests that carry a session
 * cookie (Origin check), then turns the access token (cookie, or `Authorization: Bearer`) into
 * `request.ctx.principal`. Unknown or dead tokens leave the request anonymous; the route's
 * access level decides what that means.
 */
export function installAuthentication(app: FastifyInstance, services: AppServices) {
  const verifier = membershipVerifier(services);
  const { trustedOrigins } = services.config;

  app.addHook('onRequest', async (request) => {
    const ctx = request.ctx;
    if (!ctx) return;
    ctx.membershipVerifier = verifier;
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.origin;
      if (origin && hasSessionCookie(request) && !isTrustedOrigin(origin, trustedOrigins)) {
        throw new AppError('ERROR_FORBIDDEN', {
          message: { ko: '허용되지 않은 출처의 요청입니다.', en: 'Requests from this origin are not allowed.' },
          data: { reason: 'ORIGIN_NOT_ALLOWED' },
        });
      }
    }
    const token = accessTokenOf(request);
    if (token) ctx.principal = await authenticateAccessToken(services.database, token, new Date());
  });
}
