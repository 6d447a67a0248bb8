import { AUTH_LIMITS, type LoginData } from '@legal/api';
import { and, eq, gt, isNull, lte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { isLocked } from './auth.policy';
import { findUserById, type LoginUser, workspacePolicyOf } from './auth.repo';
import { accountLocked, countFailure } from './login-failures';
import { alertsOf, type AuthDeps, type SignInResult, trackLogin } from './login-tracks';
import { otpMailTemplate } from './otp.mail';
import { issueSession, type SessionKind } from './sessions.service';
import { otpChallenges } from './sessions.table';
import { hashOtp, hashToken, newId, newOtpCode, newToken, sameHash } from './tokens';
import { users } from './users.table';

/** A challenge outlives its codes (each lasts 5 minutes) so that resending stays possible. */
const CHALLENGE_LIFETIME_MS = 15 * 60_000;

const expired = () => new AppError('ERROR_OTP_EXPIRED');
const HOUR_MS = 3600_000;

/**
 * Codes mailed to a user in the last hour: the challenges opened in it and their resends (a
 * challenge lives 15 minutes, so its resends fall within the hour of its opening).
 */
async function codesOfLastHour(db: Db | Tx, userId: number, now: Date) {
  const [row] = await db
    .select({ sent: sql<number>`count(*) + coalesce(sum(${otpChallenges.resendCount}), 0)`, oldest: sql<string | null>`min(${otpChallenges.createdAt})` })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.userId, userId), gt(otpChallenges.createdAt, new Date(now.getTime() - HOUR_MS))));
  return { sent: Number(row?.sent ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * At most AUTH_LIMITS.otpCodesPerHour codes (new challenges and resends) per account and hour:
 * with five wrong codes locking the account, this bounds code guessing and mail flooding over time.
 */
export async function assertOtpBudget(db: Db | Tx, userId: number, now: Date): Promise<void> {
  const { sent, oldest } = await codesOfLastHour(db, userId, now);
  if (sent < AUTH_LIMITS.otpCodesPerHour) return;
  const retryAfterSeconds = oldest ? Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000)) : 3600;
  throw new AppError('ERROR_RATE_LIMITED', {
    message: {
      ko: `인증번호는 1시간에 ${AUTH_LIMITS.otpCodesPerHour}번까지 받을 수 있습니다. 잠시 후 다시 시도해 주세요.`,
      en: `At most ${AUTH_LIMITS.otpCodesPerHour} verification codes can be sent per hour. Please try again later.`,
    },
    data: { reason: 'OTP_HOURLY_LIMIT', limit: AUTH_LIMITS.otpCodesPerHour, retryAfterSeconds },
  });
}

/** Takes the user's row lock, then checks the hourly budget: parallel sign-ins cannot pass it together. */
async function lockAndAssertOtpBudget(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await assertOtpBudget(tx, userId, now);
}

/** Opens a challenge for a sign-in whose password was right; the code goes out by mail after commit. */
export async function startOtpChallenge(tx: Tx, input: { userId: number; kind: SessionKind }, ctx: RequestContext, now: Date) {
  await lockAndAssertOtpBudget(tx, input.userId, now);
  const id = newId();
  const token = newToken();
  const code = newOtpCode();
  await tx.insert(otpChallenges).values({
    id,
    userId: input.userId,
    kind: input.kind,
    tokenHash: hashToken(token),
    codeHash: hashOtp(id, code),
    codeExpiresAt: new Date(now.getTime() + AUTH_LIMITS.otpLifetimeSeconds * 1000),
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    lastSentAt: now,
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    createdAt: now,
  });
  await recordAudit(tx, { type: 'otp.sent', data: { challengeId: id, isResend: false, isSuperAdmin: input.kind === 'SUPER_ADMIN' } }, auditMetaOf(ctx, null, input.userId));
  return { id, token, code };
}

/**
 * Mails the code. Sent after the challenge commits (not inside its transaction): the outbox
 * insert must not wait on the job queue while a PGlite transaction holds the connection.
 */
export async function sendOtpMail(deps: AuthDeps, user: Pick<LoginUser, 'loginId' | 'locale' | 'name'>, code: string, kind: SessionKind) {
  await deps.mailer.send(otpMailTemplate, {
    to: user.loginId,
    locale: user.locale,
    data: { code, minutes: Math.round(AUTH_LIMITS.otpLifetimeSeconds / 60), name: user.name, isSuperAdmin: kind === 'SUPER_ADMIN' },
    meta: { purpose: 'otp' },
  });
}

/** The live challenge behind a token of the given kind; anything else is "expired". */
async function liveChallenge(deps: AuthDeps, token: string | undefined, kind: SessionKind, now: Date) {
  if (!token || token.length > 256) throw expired();
  const [challenge] = await deps.db.select().from(otpChallenges).where(eq(otpChallenges.tokenHash, hashToken(token)));
  if (!challenge || challenge.kind !== kind || challenge.consumedAt || challenge.killedAt || challenge.expiresAt <= now) throw expired();
  return challenge;
}

/**
 * Completes a sign-in with its code: single use, five minutes, bound to its challenge. A wrong
 * code counts against the account like a wrong password (across challenges: the fifth failure
 * locks it, 423); a right one clears the count. The fifth wrong code also kills the challenge.
 */
export async function verifyOtpChallenge(deps: AuthDeps, ctx: RequestContext, token: string | undefined, otp: string, kind: SessionKind): Promise<SignInResult> {
  const now = new Date();
  const challenge = await liveChallenge(deps, token, kind, now);
  if (challenge.codeExpiresAt <= now) throw expired();
  const user = await findUserById(deps.db, challenge.userId);
  if (!user || user.status !== 'ACTIVE' || (kind === 'SUPER_ADMIN' && !user.isSuperAdmin)) throw expired();
  if (isLocked({ failedCount: user.failedLoginCount, lockedUntil: user.lockedUntil }, now)) throw accountLocked(user.lockedUntil as Date);

  if (!sameHash(hashOtp(challenge.id, otp), challenge.codeHash)) {
    const failed = await deps.db.transaction(async (tx) => {
      const counted = await countFailure(tx, { userId: user.id }, now);
      const isAccountLocked = counted.lockedUntil !== null && counted.failedCount >= AUTH_LIMITS.maxLoginFailures;
      const [row] = await tx
        .update(otpChallenges)
        .set({
          failedAttempts: sql`${otpChallenges.failedAttempts} + 1`,
          killedAt: isAccountLocked ? now : sql`CASE WHEN ${otpChallenges.failedAttempts} + 1 >= ${AUTH_LIMITS.otpMaxAttempts} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
        })
        .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt), isNull(otpChallenges.killedAt)))
        .returning({ failedAttempts: otpChallenges.failedAttempts, killedAt: otpChallenges.killedAt });
      await trackLogin(tx, { userId: user.id, loginId: user.loginId, method: 'OTP', result: isAccountLocked ? 'LOCKED' : 'OTP_FAILED' }, ctx, now);
      const meta = auditMetaOf(ctx, null, user.id);
      if (row) await recordAudit(tx, { type: 'otp.failed', data: { challengeId: challenge.id, failedAttempts: row.failedAttempts, isKilled: row.killedAt !== null } }, meta);
      if (isAccountLocked) await recordAudit(tx, { type: 'account.locked', data: { loginId: user.loginId, lockedUntil: (counted.lockedUntil as Date).toISOString() } }, meta);
      return { challenge: row ?? null, counted, isAccountLocked };
    });
    if (failed.isAccountLocked) throw accountLocked(failed.counted.lockedUntil as Date);
    if (!failed.challenge) throw expired();
    const remainingAttempts = Math.min(AUTH_LIMITS.otpMaxAttempts - failed.challenge.failedAttempts, AUTH_LIMITS.maxLoginFailures - failed.counted.failedCount);
    throw new AppError('ERROR_OTP_INVALID', { data: { remainingAttempts: Math.max(0, remainingAttempts) } });
  }

  const policy = await workspacePolicyOf(deps.db, user.id);
  const session = await deps.db.transaction(async (tx) => {
    const consumed = await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt), isNull(otpChallenges.killedAt)))
      .returning({ id: otpChallenges.id });
    if (consumed.length === 0) return null;
    await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
    const issued = await issueSession(
      tx,
      { userId: user.id, kind, method: 'OTP', idleTimeoutSeconds: kind === 'USER' && policy.idleMinutes ? policy.idleMinutes * 60 : undefined },
      ctx,
      now,
    );
    await trackLogin(tx, { userId: user.id, loginId: user.loginId, method: 'OTP', result: 'SUCCESS' }, ctx, now);
    const meta = auditMetaOf(ctx, user.id);
    await recordAudit(tx, { type: 'otp.verified', data: { challengeId: challenge.id } }, meta);
    await recordAudit(tx, { type: 'session.signed_in', data: { sessionId: issued.sessionId, method: 'OTP', isSuperAdmin: kind === 'SUPER_ADMIN' } }, meta);
    return issued;
  });
  if (!session) throw expired();
  return { data: { ...alertsOf(user, now), twoFactorAuth: null }, session };
}

/** Mails a new code for the same challenge: at most one per 30 seconds and five per challenge. */
export async function resendOtpChallenge(deps: AuthDeps, ctx: RequestContext, token: string | undefined, kind: SessionKind): Promise<LoginData> {
  const now = new Date();
  const challenge = await liveChallenge(deps, token, kind, now);
  const user = await findUserById(deps.db, challenge.userId);
  if (!user || user.status !== 'ACTIVE') throw expired();
  if (isLocked({ failedCount: user.failedLoginCount, lockedUntil: user.lockedUntil }, now)) throw accountLocked(user.lockedUntil as Date);
  const code = newOtpCode();
  const sent = await deps.db.transaction(async (tx) => {
    await lockAndAssertOtpBudget(tx, user.id, now);
    const [row] = await tx
      .update(otpChallenges)
      .set({
        codeHash: hashOtp(challenge.id, code),
        codeExpiresAt: new Date(now.getTime() + AUTH_LIMITS.otpLifetimeSeconds * 1000),
        lastSentAt: now,
        resendCount: sql`${otpChallenges.resendCount} + 1`,
      })
      .where(
        and(
          eq(otpChallenges.id, challenge.id),
          isNull(otpChallenges.consumedAt),
          isNull(otpChallenges.killedAt),
          lt(otpChallenges.resendCount, AUTH_LIMITS.otpMaxResends),
          lte(otpChallenges.lastSentAt, new Date(now.getTime() - AUTH_LIMITS.otpResendIntervalSeconds * 1000)),
        ),
      )
      .returning({ id: otpChallenges.id });
    if (!row) return false;
    await recordAudit(tx, { type: 'otp.sent', data: { challengeId: challenge.id, isResend: true, isSuperAdmin: kind === 'SUPER_ADMIN' } }, auditMetaOf(ctx, null, user.id));
    return true;
  });
  if (!sent) {
    const wait = Math.max(0, Math.ceil((challenge.lastSentAt.getTime() + AUTH_LIMITS.otpResendIntervalSeconds * 1000 - now.getTime()) / 1000));
    throw new AppError('ERROR_RATE_LIMITED', {
      message: { ko: '인증번호 재전송에 실패했습니다. 잠시 후 다시 시도해 주세요.', en: 'Resending the verification code failed. Please try again shortly.' },
      data: { retryAfterSeconds: challenge.resendCount >= AUTH_LIMITS.otpMaxResends ? null : wait, remainingResends: Math.max(0, AUTH_LIMITS.otpMaxResends - challenge.resendCount) },
    });
  }
  await sendOtpMail(deps, user, code, kind);
  return { ...alertsOf(user, now), twoFactorAuth: { method: 'OTP_MAIL', token: token as string } };
}
