import { deleteSsoConfig, getSsoConfig, putSsoConfig, ssoCallback, ssoLogin, SSO_LIMITS, testSsoDiscovery } from '@legal/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../../config';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import { setSessionCookies } from '../cookies';
import { signInRate } from '../login.routes';
import { completeSsoLogin, startSsoLogin } from './sso.login';
import * as sso from './sso.service';

/**
 * Binds a callback to the browser that started the sign-in (against login CSRF: a callback
 * carrying someone else's code and state is refused). Lax: the provider's redirect is a
 * top-level navigation, which carries it.
 */
const SSO_STATE_COOKIE = 'ls_sso_state';
/** Path-bound to the callback, so not `__Host-`; on https `__Secure-` (only a Secure cookie may carry it). */
const stateCookieName = (config: Pick<Config, 'isSecureCookies'>) => (config.isSecureCookies ? `__Secure-${SSO_STATE_COOKIE}` : SSO_STATE_COOKIE);

function stateCookieOptions(config: Pick<Config, 'isSecureCookies'>) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.isSecureCookies, path: ssoCallback.path };
}

function bindState(reply: FastifyReply, config: Pick<Config, 'isSecureCookies'>, stateId: string) {
  reply.setCookie(stateCookieName(config), stateId, { ...stateCookieOptions(config), maxAge: SSO_LIMITS.loginStateMinutes * 60 });
}

/** Single sign-on: the workspace's provider configuration (admin) and the sign-in itself. */
export function registerSsoRoutes(app: FastifyInstance, services: AppServices) {
  const { config } = services;
  const SIGN_IN_RATE = signInRate(config.rateLimitPerMinute);

  route(app, getSsoConfig, ({ ctx }) => sso.getSsoConfigView(services, ctx));
  route(app, putSsoConfig, ({ ctx, body }) => sso.saveSsoConfig(services, ctx, body));
  route(app, deleteSsoConfig, ({ ctx }) => sso.removeSsoConfig(services, ctx));
  route(app, testSsoDiscovery, ({ ctx, body }) => sso.testSsoDiscovery(services, ctx, body), { rateLimit: { max: 20, timeWindow: '1 minute' } });

  route(app, ssoLogin, async ({ body, reply }) => {
    const { authorizationUrl, stateId } = await startSsoLogin(services, body);
    bindState(reply, config, stateId);
    return { authorizationUrl };
  }, SIGN_IN_RATE);

  route(app, ssoCallback, async ({ ctx, query, request, reply }) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const outcome = await completeSsoLogin(services, ctx, {
      query: (query ?? {}) as Record<string, unknown>,
      search,
      boundState: request.cookies?.[stateCookieName(config)],
    });
    reply.clearCookie(stateCookieName(config), stateCookieOptions(config));
    if (outcome.session) setSessionCookies(reply, config, outcome.session);
    return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
  }, SIGN_IN_RATE);
}
