import { checkLoggedIn, endOtherSessions, endSession, listSessions, logout, refresh, refreshAfter, refreshV2, verifyToken } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/errors';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import { userPrincipal } from './account.service';
import { refreshAfterSeconds } from './auth.policy';
import { accessTokenOf, clearSessionCookies, refreshTokenOf, setSessionCookies } from './cookies';
import { endOtherSessions as endOthers, endOwnSession, listOwnSessions, rotateSession, signOut } from './sessions.service';

/** Refresh, sign-out, session checks and the user's own sessions. */
export function registerSessionRoutes(app: FastifyInstance, services: AppServices) {
  const { db, config } = services;

  for (const descriptor of [refresh, refreshV2]) {
    route(app, descriptor, async ({ ctx, request, reply }) => {
      const now = new Date();
      try {
        const issued = await rotateSession(db, refreshTokenOf(request, config), ctx, now);
        setSessionCookies(reply, config, issued, now);
        return { accessTokenExpiresAt: issued.accessExpiresAt.toISOString(), refreshAfterSeconds: refreshAfterSeconds(issued.accessExpiresAt, now) };
      } catch (err) {
        if (err instanceof AppError && err.code === 'ERROR_UNAUTHORIZED') clearSessionCookies(reply, config);
        throw err;
      }
    });
  }

  route(app, refreshAfter, async ({ ctx }) => {
    const principal = userPrincipal(ctx);
    return { refreshAfterSeconds: principal.accessExpiresAt ? refreshAfterSeconds(principal.accessExpiresAt, new Date()) : 0 };
  });

  route(app, checkLoggedIn, async ({ ctx }) => ({ loggedIn: ctx.principal?.kind === 'user' }));

  route(app, verifyToken, async ({ ctx }) => {
    const principal = userPrincipal(ctx);
    return {
      userId: principal.userId,
      sessionId: principal.sessionId,
      isSuperAdmin: principal.isSuperAdmin,
      accessTokenExpiresAt: (principal.accessExpiresAt ?? new Date()).toISOString(),
    };
  });

  route(app, logout, async ({ ctx, request, reply }) => {
    await signOut(db, { accessToken: accessTokenOf(request, config), refreshToken: refreshTokenOf(request, config) }, ctx, new Date());
    clearSessionCookies(reply, config);
    return null;
  });

  route(app, listSessions, async ({ ctx }) => listOwnSessions(db, userPrincipal(ctx), new Date()));

  route(app, endOtherSessions, async ({ ctx }) => ({ revokedCount: await endOthers(db, ctx, userPrincipal(ctx), new Date()) }));

  route(app, endSession, async ({ ctx, params, reply }) => {
    const principal = userPrincipal(ctx);
    const revokedCount = await endOwnSession(db, ctx, principal, params.sessionId, new Date());
    if (params.sessionId === principal.sessionId) clearSessionCookies(reply, config);
    return { revokedCount };
  });
}
