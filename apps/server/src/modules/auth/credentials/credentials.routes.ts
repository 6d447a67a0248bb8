import { createCredential, deleteCredential, forcePasswordReset, impersonatedLogin, resetPassword, sendResetMessage, updateCredential } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import { setSessionCookies } from '../cookies';
import * as accounts from './credentials.accounts';
import * as credentials from './credentials.service';
import { startImpersonation } from '../impersonation.service';

/** Password reset by mailed link, forced reset by an admin, admin-managed accounts, impersonated sign-in. */
export function registerCredentialRoutes(app: FastifyInstance, services: AppServices) {
  const { db, config } = services;
  const RESET_RATE = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  route(app, sendResetMessage, async ({ ctx, body }) => {
    await credentials.sendResetMessage(services, ctx, body.loginId);
    return null;
  }, RESET_RATE);
  route(app, resetPassword, async ({ ctx, body }) => credentials.resetPassword(db, ctx, body), RESET_RATE);
  route(app, forcePasswordReset, async ({ ctx, params }) => credentials.forcePasswordReset(db, ctx, params.userId));
  route(app, createCredential, async ({ ctx, body }) => accounts.createCredential(db, ctx, body));
  route(app, updateCredential, async ({ ctx, params, body }) => accounts.updateCredential(db, ctx, params.userId, body));
  route(app, deleteCredential, async ({ ctx, params }) => accounts.deleteCredential(db, ctx, params.userId));

  route(app, impersonatedLogin, async ({ ctx, body, reply }) => {
    const result = await startImpersonation(services, ctx, body);
    if (result.session) setSessionCookies(reply, config, result.session);
    return result.data;
  });
}
