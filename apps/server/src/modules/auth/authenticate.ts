import {
  type Access, changePassword, endOtherSessions, endSession, HEADER, launcher, listSessions, permissionsV1, permissionsV2, permissionsV3, profile,
  refreshAfter, theme, userLoginTracks, verifyToken,
} from '@legal/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import { AppError, forbidden, unauthorized } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { canAdministerWorkspace, isTrustedOrigin } from './auth.policy';
import { findMembership, type Membership } from './auth.repo';
import { authenticateApiKey, authenticateServiceToken, SERVICE_TOKEN_PREFIX } from './api-keys/api-keys.service';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { accessTokenOf, hasSessionCookie } from './cookies';
import { authenticateAccessToken } from './sessions.service';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a session may still call while its user's password has expired: change the password,
 * read the session (profile, launcher, permissions, theme: what the web app loads before it
 * shows the password screen; its own sessions and sign-in history) and end it. Public routes
 * (sign-in, refresh, sign-out, check-logged-in) act for nobody and stay open.
 */
const EXPIRED_PASSWORD_ROUTES = new Set(
  [changePassword, profile, launcher, permissionsV1, permissionsV2, permissionsV3, theme, refreshAfter, verifyToken, listSessions, endSession, endOtherSessions, userLoginTracks].map(
    (r) => `${r.method} ${r.path}`,
  ),
);

function isOpenWithExpiredPassword(request: FastifyRequest): boolean {
  const access = (request.routeOptions.config as { access?: Access } | undefined)?.access;
  if (access === undefined || access === 'public' || access === 'devOnly') return true;
  const method = typeof request.routeOptions.method === 'string' ? request.routeOptions.method : request.method;
  return EXPIRED_PASSWORD_ROUTES.has(`${method} ${request.routeOptions.url}`);
}

const passwordExpired = () =>
  new AppError('ERROR_FORBIDDEN', {
    message: { ko: '비밀번호가 만료되었습니다. 비밀번호를 변경한 후 이용해 주세요.', en: 'Your password has expired. Change it to continue.' },
    data: { reason: 'PASSWORD_EXPIRED' },
  });

/** A membership already read with the session (findSessionByAccessHash with a scope): for that user in that workspace only. */
interface KnownMembership {
  scope: TenantScope;
  userId: number;
  membership: Membership | null;
}

/**
 * `member` and `admin` access: the signed-in user must be a member of exactly the workspace of
 * X-Tenant/X-Workspace (headers are never trusted alone), and for `admin` hold the workspace
 * admin permission. Loads the membership's permissions into the principal. `known`: the
 * membership the authentication read with the session, used when it is the one asked for.
 */
export function membershipVerifier(services: Pick<AppServices, 'db'>, known?: KnownMembership) {
  return async (ctx: RequestContext, needsAdmin: boolean) => {
    const principal = ctx.principal;
    if (principal?.kind !== 'user') throw unauthorized();
    const scope = tenantScope(ctx);
    const isKnown = known !== undefined && known.userId === principal.userId && known.scope.tenantId === scope.tenantId && known.scope.workspaceId === scope.workspaceId;
    const membership = isKnown ? known.membership : await findMembership(services.db, scope, principal.userId);
    if (!membership) throw forbidden();
    const permissions = new Set([...principal.permissions, ...membership.permissions]);
    if (needsAdmin && !canAdministerWorkspace(permissions)) throw forbidden();
    ctx.principal = { ...principal, permissions, membershipId: membership.id };
    ctx.products = membership.products;
  };
}

/** The route checks a workspace membership (`member`, `admin`) and the request names a workspace. */
function needsMembership(request: FastifyRequest): boolean {
  const access = (request.routeOptions.config as { access?: Access } | undefined)?.access;
  return (access === 'member' || access === 'admin') && request.ctx.tenantId > 0 && request.ctx.workspaceId > 0;
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
  installAccessDeniedRecords(app, services);

  app.addHook('onRequest', async (request) => {
    const ctx = request.ctx;
    if (!ctx) return;
    ctx.membershipVerifier = verifier;
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.origin;
      if (origin && hasSessionCookie(request, services.config) && !isTrustedOrigin(origin, trustedOrigins)) {
        throw new AppError('ERROR_FORBIDDEN', {
          message: { ko: '허용되지 않은 출처의 요청입니다.', en: 'Requests from this origin are not allowed.' },
          data: { reason: 'ORIGIN_NOT_ALLOWED' },
        });
      }
    }
    const now = new Date();
    const apiKey = headerValue(request, HEADER.apiKey);
    const token = accessTokenOf(request, services.config);
    if (apiKey) {
      ctx.principal = await authenticateApiKey(services.database, apiKey, now);
    } else if (token?.startsWith(SERVICE_TOKEN_PREFIX)) {
      ctx.principal = await authenticateServiceToken(services.database, token, now);
    } else if (token) {
      // A workspace route's membership is read in the session's statement: one statement fewer per call.
      const scope = needsMembership(request) ? tenantScope(ctx) : undefined;
      const session = await authenticateAccessToken(services.database, token, now, scope);
      ctx.principal = session?.principal ?? null;
      if (session?.principal.kind === 'user' && scope && session.membership !== undefined) {
        ctx.membershipVerifier = membershipVerifier(services, { scope, userId: session.principal.userId, membership: session.membership });
      }
      if (session?.isPasswordExpired && !isOpenWithExpiredPassword(request)) throw passwordExpired();
    }
    const principal = ctx.principal;
    if (principal?.kind === 'apiKey') {
      // A key acts in its own workspace only: other X-Tenant/X-Workspace headers are refused.
      const isOther = (ctx.tenantId !== 0 && ctx.tenantId !== principal.tenantId) || (ctx.workspaceId !== 0 && ctx.workspaceId !== principal.workspaceId);
      if (isOther) throw forbidden();
      ctx.tenantId = principal.tenantId;
      ctx.workspaceId = principal.workspaceId;
    }
    if (principal?.kind === 'user' && principal.impersonatorUserId !== undefined && STATE_CHANGING.has(request.method)) {
      const impersonatorUserId = principal.impersonatorUserId;
      await services.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { type: 'impersonation.request', data: { sessionId: principal.sessionId, impersonatorUserId, method: request.method, path: request.url.split('?')[0] ?? '' } },
          { ...auditMetaOf(ctx, impersonatorUserId, principal.userId), tenantId: ctx.tenantId || null, workspaceId: ctx.workspaceId || null },
        );
      });
    }
  });
}

/**
 * A 403 answered to a signed-in user within a workspace is an access record (`access.denied`:
 * method, path without its query, error code; ASVS 16.3.2). Written after the answer in its own
 * transaction, so that a rolled-back request keeps it, and never failing the request.
 */
export function installAccessDeniedRecords(app: FastifyInstance, services: Pick<AppServices, 'db'>) {
  const codes = new WeakMap<FastifyRequest, string>();
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof AppError) codes.set(request, error.code);
    done();
  });
  app.addHook('onResponse', async (request, reply) => {
    const ctx = request.ctx;
    const principal = ctx?.principal;
    if (reply.statusCode !== 403 || !ctx || principal?.kind !== 'user' || ctx.tenantId === 0 || ctx.workspaceId === 0) return;
    const data = { method: request.method, path: (request.url.split('?')[0] ?? '').slice(0, 500), code: codes.get(request) ?? 'ERROR_FORBIDDEN' };
    try {
      await services.db.transaction((tx) =>
        recordAudit(tx, { type: 'access.denied', data }, { ...auditMetaOf(ctx, principal.impersonatorUserId ?? principal.userId, principal.userId), tenantId: ctx.tenantId, workspaceId: ctx.workspaceId }),
      );
    } catch (err) {
      request.log.error({ err, audit: 'access.denied' }, 'access record not written');
    }
  });
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}
