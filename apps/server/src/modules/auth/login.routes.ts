import {
  DEMO_ACCOUNTS, devLogin, HEADER, listDemoAccounts, login, loginV3, resendLoginOtp, resendSuperAdminOtp, superAdminLogin, superAdminLoginV3,
  verifyLoginOtp, verifySuperAdminOtp,
} from '@legal/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../platform/http/errors';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import { setSessionCookies } from './cookies';
import type { SignInResult } from './login-tracks';
import { signInForDevelopment, signInWithPassword } from './login.service';
import { resendOtpChallenge, verifyOtpChallenge } from './otp.service';

/**
 * Sign-in attempts per client IP and minute on each sign-in route: a sixth of the global
 * per-IP budget (100 with the default 600), on top of the per-account lockout.
 */
export function signInRate(rateLimitPerMinute: number) {
  return { rateLimit: { max: Math.max(20, Math.floor(rateLimitPerMinute / 6)), timeWindow: '1 minute' } };
}

function twoFactorToken(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER.twoFactorToken];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** Sign-in: password (normal and super admin), one-time code, development, demo accounts. */
export function registerLoginRoutes(app: FastifyInstance, services: AppServices) {
  const { config } = services;
  const SIGN_IN_RATE = signInRate(config.rateLimitPerMinute);
  const answer = (reply: FastifyReply, result: SignInResult) => {
    if (result.session) setSessionCookies(reply, config, result.session);
    return result.data;
  };

  for (const descriptor of [login, loginV3]) {
    route(app, descriptor, async ({ body, ctx, reply }) => answer(reply, await signInWithPassword(services, ctx, body, 'USER')), SIGN_IN_RATE);
  }
  route(app, verifyLoginOtp, async ({ body, ctx, request, reply }) => answer(reply, await verifyOtpChallenge(services, ctx, twoFactorToken(request), body.otp, 'USER')), SIGN_IN_RATE);
  route(app, resendLoginOtp, async ({ ctx, request }) => resendOtpChallenge(services, ctx, twoFactorToken(request), 'USER'), SIGN_IN_RATE);

  for (const descriptor of [superAdminLogin, superAdminLoginV3]) {
    route(app, descriptor, async ({ body, ctx, reply }) => answer(reply, await signInWithPassword(services, ctx, body, 'SUPER_ADMIN')), SIGN_IN_RATE);
  }
  route(app, verifySuperAdminOtp, async ({ body, ctx, request, reply }) => answer(reply, await verifyOtpChallenge(services, ctx, twoFactorToken(request), body.otp, 'SUPER_ADMIN')), SIGN_IN_RATE);
  route(app, resendSuperAdminOtp, async ({ ctx, request }) => resendOtpChallenge(services, ctx, twoFactorToken(request), 'SUPER_ADMIN'), SIGN_IN_RATE);

  if (!config.isProduction) {
    route(app, devLogin, async ({ body, ctx, reply }) => answer(reply, await signInForDevelopment(services, ctx, body)));
  }

  route(app, listDemoAccounts, async () => {
    if (!config.seedDemo) throw notFound();
    return DEMO_ACCOUNTS;
  });
}
