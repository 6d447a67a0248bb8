import { AUTH_LIMITS } from '@legal/api';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { AppError } from '../../platform/http/errors';
import { loginFailures, users } from './users.table';

/**
 * The one failure count of an account: wrong passwords and wrong one-time codes (across every
 * challenge) add to it, the fifth locks the account; a completed sign-in clears it.
 */
const MAX = AUTH_LIMITS.maxLoginFailures;

export function loginFailed(failedCount: number) {
  return new AppError('ERROR_LOGIN_FAILED', { data: { currentRetryCount: failedCount, maxRetryCount: MAX } });
}

export function accountLocked(lockedUntil: Date) {
  return new AppError('ERROR_ACCOUNT_LOCKED', {
    message: {
      ko: `로그인에 ${MAX}회 실패하여 계정이 잠겼습니다. ${AUTH_LIMITS.lockMinutes}분 후에 다시 시도해 주세요.`,
      en: `The account is locked after ${MAX} failed sign-ins. Try again in ${AUTH_LIMITS.lockMinutes} minutes.`,
    },
    data: { currentRetryCount: MAX, maxRetryCount: MAX, lockedUntil: lockedUntil.toISOString() },
  });
}

/**
 * Counts one failure atomically (parallel guesses cannot slip past the limit): a lock that has
 * run out starts the count again; the fifth failure locks for 30 minutes.
 */
export async function countFailure(tx: Tx, target: { userId: number } | { loginId: string }, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const lockUntil = sql`${new Date(now.getTime() + AUTH_LIMITS.lockMinutes * 60_000).toISOString()}::timestamptz`;
  if ('userId' in target) {
    const next = sql`LEAST(CASE WHEN ${users.lockedUntil} IS NOT NULL AND ${users.lockedUntil} <= ${at} THEN 0 ELSE ${users.failedLoginCount} END + 1, ${MAX})`;
    const [row] = await tx
      .update(users)
      .set({ failedLoginCount: next, lockedUntil: sql`CASE WHEN ${next} >= ${MAX} THEN ${lockUntil} ELSE NULL END` })
      .where(eq(users.id, target.userId))
      .returning({ failedCount: users.failedLoginCount, lockedUntil: users.lockedUntil });
    return row ?? { failedCount: 1, lockedUntil: null };
  }
  const next = sql`LEAST(CASE WHEN ${loginFailures.lockedUntil} IS NOT NULL AND ${loginFailures.lockedUntil} <= ${at} THEN 0 ELSE ${loginFailures.failedCount} END + 1, ${MAX})`;
  const [row] = await tx
    .insert(loginFailures)
    .values({ loginId: target.loginId, failedCount: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.loginId,
      set: { failedCount: next, lockedUntil: sql`CASE WHEN ${next} >= ${MAX} THEN ${lockUntil} ELSE NULL END`, updatedAt: now },
    })
    .returning({ failedCount: loginFailures.failedCount, lockedUntil: loginFailures.lockedUntil });
  return row ?? { failedCount: 1, lockedUntil: null };
}
