import type { LoginData } from '@legal/api';
import type { Tx } from '../../platform/db/client';
import type { RequestContext } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { alertLevel, passwordAlertLevel } from './auth.policy';
import type { LoginUser } from './auth.repo';
import type { IssuedSession } from './sessions.service';
import { userLoginTracks } from './sessions.table';

export type AuthDeps = Pick<AppServices, 'db' | 'mailer' | 'config'>;

export interface SignInResult {
  data: LoginData;
  /** Null while a one-time code is pending. */
  session: IssuedSession | null;
}

export type LoginMethod = 'PASSWORD' | 'SUPER_ADMIN' | 'OTP' | 'DEV' | 'IMPERSONATED' | 'SSO';
type LoginResult = 'SUCCESS' | 'FAILED' | 'LOCKED' | 'OTP_REQUIRED' | 'OTP_FAILED';

export async function trackLogin(
  tx: Tx,
  input: { userId: number | null; loginId: string; method: LoginMethod; result: LoginResult },
  ctx: Pick<RequestContext, 'ip' | 'userAgent'>,
  now: Date,
) {
  await tx.insert(userLoginTracks).values({
    userId: input.userId,
    loginId: input.loginId.slice(0, 320),
    method: input.method,
    result: input.result,
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    createdAt: now,
  });
}

export function alertsOf(user: Pick<LoginUser, 'passwordExpiresAt' | 'passwordChangedAt' | 'alertAcknowledgedLevel' | 'alertAcknowledgedAt'>, now: Date) {
  return { alertLevel: alertLevel(user, now), passwordAlertLevel: passwordAlertLevel(user.passwordExpiresAt, now) };
}

