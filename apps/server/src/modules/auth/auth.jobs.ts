import { and, isNotNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/jobs';
import type { AppServices } from '../../platform/services';
import { otpChallenges, sessions } from './sessions.table';
import { ssoLoginStates } from './sso/sso.table';
import { loginFailures } from './users.table';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Deletes what can no longer matter: sessions a day past their end (refresh tokens go with
 * them), one-time-code challenges and SSO sign-in states a day past theirs, and stale failure
 * counts of unknown ids.
 * Revoked sessions are kept a week for the user's and the auditors' eyes (audit_events stay).
 */
export async function pruneExpiredIdentityRows(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.absoluteExpiresAt, dayAgo), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, weekAgo))))
    .returning({ id: sessions.id });
  const challenges = await db.delete(otpChallenges).where(lt(otpChallenges.expiresAt, dayAgo)).returning({ id: otpChallenges.id });
  const failures = await db.delete(loginFailures).where(lt(loginFailures.updatedAt, dayAgo)).returning({ loginId: loginFailures.loginId });
  const ssoStates = await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, dayAgo)).returning({ id: ssoLoginStates.id });
  return { sessions: ended.length, challenges: challenges.length, loginFailures: failures.length, ssoStates: ssoStates.length };
}

const hourKey = (at: number) => new Date(Math.floor(at / HOUR_MS) * HOUR_MS).toISOString();

/** Hourly clean-up; each run books the next one (one job per hour thanks to the idempotency key). */
export const pruneIdentityJob = defineJob<{ hour: string }, AppServices>({
  name: 'auth.prune',
  payload: z.object({ hour: z.string() }),
  policy: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 300 },
  async handler(_payload, services) {
    const removed = await pruneExpiredIdentityRows(services.db, new Date());
    services.logger.info({ job: 'auth.prune', ...removed }, 'expired identity rows pruned');
    await scheduleIdentityPrune(services, HOUR_MS);
  },
});

export async function scheduleIdentityPrune(services: Pick<AppServices, 'jobs'>, delayMs = 60_000) {
  const at = Date.now() + delayMs;
  await services.jobs.send(pruneIdentityJob, { hour: hourKey(at) }, { idempotencyKey: `auth.prune:${hourKey(at)}`, startAfter: at });
}
