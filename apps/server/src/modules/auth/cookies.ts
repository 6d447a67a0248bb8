import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { IssuedSession } from './sessions.service';

export const ACCESS_COOKIE = 'ls_access';
export const REFRESH_COOKIE = 'ls_refresh';

type CookieConfig = Pick<Config, 'isSecureCookies'>;

/**
 * On https the names carry the `__Host-` prefix: the browser keeps such a cookie only when it is
 * Secure, has Path=/ and no Domain, so a sibling subdomain cannot set or shadow it (ASVS 3.3.1,
 * 3.3.3). On plain http (localhost development) browsers refuse Secure cookies: plain names then.
 * Only the names of the current scheme are read.
 */
export function sessionCookieNames(config: CookieConfig) {
  const prefix = config.isSecureCookies ? '__Host-' : '';
  return { access: `${prefix}${ACCESS_COOKIE}`, refresh: `${prefix}${REFRESH_COOKIE}` };
}

/** No Domain attribute, ever: the cookies stay on the host that set them. */
function base(config: CookieConfig) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.isSecureCookies, path: '/' };
}

/** httpOnly, SameSite=Lax, Path=/, Secure on https: the access cookie lives 15 min, the refresh cookie until the session's absolute end. */
export function setSessionCookies(reply: FastifyReply, config: CookieConfig, issued: IssuedSession, now = new Date()) {
  const seconds = (d: Date) => Math.max(0, Math.floor((d.getTime() - now.getTime()) / 1000));
  const names = sessionCookieNames(config);
  reply.setCookie(names.access, issued.accessToken, { ...base(config), maxAge: seconds(issued.accessExpiresAt) });
  reply.setCookie(names.refresh, issued.refreshToken, { ...base(config), maxAge: seconds(issued.absoluteExpiresAt) });
}

export function clearSessionCookies(reply: FastifyReply, config: CookieConfig) {
  const names = sessionCookieNames(config);
  reply.clearCookie(names.access, base(config));
  reply.clearCookie(names.refresh, base(config));
}

/** The access token of a request: `Authorization: Bearer` (API clients) or the access cookie. */
export function accessTokenOf(request: FastifyRequest, config: CookieConfig): string | undefined {
  const auth = request.headers.authorization;
  if (auth && auth.length > 7 && auth.slice(0, 7).toLowerCase() === 'bearer ') return auth.slice(7).trim() || undefined;
  return request.cookies?.[sessionCookieNames(config).access] || undefined;
}

export function refreshTokenOf(request: FastifyRequest, config: CookieConfig): string | undefined {
  return request.cookies?.[sessionCookieNames(config).refresh] || undefined;
}

export function hasSessionCookie(request: FastifyRequest, config: CookieConfig): boolean {
  const cookies = request.cookies;
  const names = sessionCookieNames(config);
  return Boolean(cookies?.[names.access] || cookies?.[names.refresh]);
}
