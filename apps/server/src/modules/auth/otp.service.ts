import { AUTH_LIMITS, type LoginData } from '@legal/api';
import { and, eq, isNull, lte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { findUserById, type LoginUser, workspacePolicyOf } from './auth.repo';
import { alertsOf, type AuthDeps, type SignInResult, trackLogin } from './login-tracks';
import { otpMailTemplate } from './otp.mail';
import { issueSession, type SessionKind } from './sessions.service';
import { otpChallenges } from './sessions.table';
import { hashOtp, hashToken, newId, newOtpCode, newToken, sameHash } from './tokens';

/** A challenge outlives its codes (each lasts 5 minutes) so that resending stays possible. */
const CHALLENGE_LIFETIME_MS = 15 * 60_000;

const expired = () => new AppError('ERROR_OTP_EXPIRED');

/** Opens a challenge for a sign-in whose password was right; the code goes out by mail after commit. */
export async function startOtpChallenge(tx: Tx, input: { userId: number; kind: SessionKind }, ctx: RequestContext, now: Date) {
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
 * Completes a sign-in with its code: single use, five minutes, bound to its challenge; the
 * fifth wrong code kills the challenge.
 */
export async function verifyOtpChallenge(deps: AuthDeps, ctx: RequestContext, token: string | undefined, otp: string, kind: SessionKind): Promise<SignInResult> {
  const now = new Date();
  const challenge = await liveChallenge(deps, token, kind, now);
  if (challenge.codeExpiresAt <= now) throw expired();
  const user = await findUserById(deps.db, challenge.userId);
  if (!user || user.status !== 'ACTIVE' || (kind === 'SUPER_ADMIN' && !user.isSuperAdmin)) throw expired();

  if (!sameHash(hashOtp(challenge.id, otp), challenge.codeHash)) {
    const failed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(otpChallenges)
        .set({
          failedAttempts: sql`${otpChallenges.failedAttempts} + 1`,
          killedAt: sql`CASE WHEN ${otpChallenges.failedAttempts} + 1 >= ${AUTH_LIMITS.otpMaxAttempts} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
        })
        .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt), isNull(otpChallenges.killedAt)))
        .returning({ failedAttempts: otpChallenges.failedAttempts, killedAt: otpChallenges.killedAt });
      if (!row) return null;
      await trackLogin(tx, { userId: user.id, loginId: user.loginId, method: 'OTP', result: 'OTP_FAILED' }, ctx, now);
      await recordAudit(tx, { type: 'otp.failed', data: { challengeId: challenge.id, failedAttempts: row.failedAttempts, isKilled: row.killedAt !== null } }, auditMetaOf(ctx, null, user.id));
      return row;
    });
    if (!failed) throw expired();
    throw new AppError('ERROR_OTP_INVALID', { data: { remainingAttempts: Math.max(0, AUTH_LIMITS.otpMaxAttempts - failed.failedAttempts) } });
  }

  const policy = await workspacePolicyOf(deps.db, user.id);
  const session = await deps.db.transaction(async (tx) => {
    const consumed = await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt), isNull(otpChallenges.killedAt)))
      .returning({ id: otpChallenges.id });
    if (consumed.length === 0) return null;
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
  const code = newOtpCode();
  const sent = await deps.db.transaction(async (tx) => {
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
