import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { IssuedSession } from './sessions.service';

export const ACCESS_COOKIE = 'ls_access';
export const REFRESH_COOKIE = 'ls_refresh';

function base(config: Pick<Config, 'isSecureCookies'>) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.isSecureCookies, path: '/' };
}

/** httpOnly, SameSite=Lax, Path=/, Secure on https: the access cookie lives 15 min, the refresh cookie until the session's absolute end. */
export function setSessionCookies(reply: FastifyReply, config: Pick<Config, 'isSecureCookies'>, issued: IssuedSession, now = new Date()) {
  const seconds = (d: Date) => Math.max(0, Math.floor((d.getTime() - now.getTime()) / 1000));
  reply.setCookie(ACCESS_COOKIE, issued.accessToken, { ...base(config), maxAge: seconds(issued.accessExpiresAt) });
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, { ...base(config), maxAge: seconds(issued.absoluteExpiresAt) });
}

export function clearSessionCookies(reply: FastifyReply, config: Pick<Config, 'isSecureCookies'>) {
  reply.clearCookie(ACCESS_COOKIE, base(config));
  reply.clearCookie(REFRESH_COOKIE, base(config));
}

/** The access token of a request: `Authorization: Bearer` (API clients) or the access cookie. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth && auth.length > 7 && auth.slice(0, 7).toLowerCase() === 'bearer ') return auth.slice(7).trim() || undefined;
  return request.cookies?.[ACCESS_COOKIE] || undefined;
}

export function refreshTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies?.[REFRESH_COOKIE] || undefined;
}

export function hasSessionCookie(request: FastifyRequest): boolean {
  const cookies = request.cookies;
  return Boolean(cookies?.[ACCESS_COOKIE] || cookies?.[REFRESH_COOKIE]);
}
