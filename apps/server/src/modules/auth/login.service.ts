import { AUTH_LIMITS, type LoginBody } from '@legal/api';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { isLocked } from './auth.policy';
import { findUserForLogin, normalizeLoginId, workspacePolicyOf } from './auth.repo';
import { accountLocked, countFailure, loginFailed } from './login-failures';
import { alertsOf, type AuthDeps, type LoginMethod, type SignInResult, trackLogin } from './login-tracks';
import { assertOtpBudget, sendOtpMail, startOtpChallenge } from './otp.service';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { issueSession, type SessionKind } from './sessions.service';
import { loginFailures, users } from './users.table';

const MAX = AUTH_LIMITS.maxLoginFailures;

async function lockStateOfUnknown(deps: AuthDeps, loginId: string) {
  const [row] = await deps.db.select().from(loginFailures).where(eq(loginFailures.loginId, loginId));
  return { failedCount: row?.failedCount ?? 0, lockedUntil: row?.lockedUntil ?? null };
}

/**
 * Password sign-in, normal or super-admin. An unknown login id, a disabled account, and (on
 * the super-admin login) an account that is not a super admin all answer exactly like a wrong
 * password, including the lockout, and take the same time (a dummy argon2 verification).
 */
export async function signInWithPassword(deps: AuthDeps, ctx: RequestContext, body: LoginBody, kind: SessionKind): Promise<SignInResult> {
  const loginId = normalizeLoginId(body.loginId).slice(0, 320);
  const method: LoginMethod = kind === 'SUPER_ADMIN' ? 'SUPER_ADMIN' : 'PASSWORD';
  const user = await findUserForLogin(deps.db, loginId);
  const usable = user && user.status === 'ACTIVE' && user.passwordHash ? user : null;
  const lockState = user ? { failedCount: user.failedLoginCount, lockedUntil: user.lockedUntil } : await lockStateOfUnknown(deps, loginId);

  let now = new Date();
  if (isLocked(lockState, now)) {
    await deps.db.transaction(async (tx) => {
      await trackLogin(tx, { userId: user?.id ?? null, loginId, method, result: 'LOCKED' }, ctx, now);
      await recordAudit(tx, { type: 'session.sign_in_failed', data: { loginId, reason: 'LOCKED', isSuperAdminLogin: kind === 'SUPER_ADMIN', currentRetryCount: MAX } }, auditMetaOf(ctx, null, user?.id ?? null));
    });
    throw accountLocked(lockState.lockedUntil as Date);
  }
  // Before the password is checked, so that this answer never tells a right password from a wrong one.
  if (user) await assertOtpBudget(deps.db, user.id, now);

  const passwordOk = usable ? await verifyPassword(usable.passwordHash as string, body.password) : await verifyAgainstDummy(body.password);
  const accepted = usable && passwordOk && (kind === 'USER' || usable.isSuperAdmin) ? usable : null;
  now = new Date();

  if (!accepted) {
    const state = await deps.db.transaction(async (tx) => {
      const counted = await countFailure(tx, user ? { userId: user.id } : { loginId }, now);
      const justLocked = counted.lockedUntil !== null && counted.failedCount >= MAX;
      await trackLogin(tx, { userId: user?.id ?? null, loginId, method, result: justLocked ? 'LOCKED' : 'FAILED' }, ctx, now);
      const meta = auditMetaOf(ctx, null, user?.id ?? null);
      await recordAudit(tx, { type: 'session.sign_in_failed', data: { loginId, reason: 'BAD_CREDENTIALS', isSuperAdminLogin: kind === 'SUPER_ADMIN', currentRetryCount: counted.failedCount } }, meta);
      if (justLocked) await recordAudit(tx, { type: 'account.locked', data: { loginId, lockedUntil: (counted.lockedUntil as Date).toISOString() } }, meta);
      return counted;
    });
    if (state.lockedUntil !== null && state.failedCount >= MAX) throw accountLocked(state.lockedUntil);
    throw loginFailed(state.failedCount);
  }

  const policy = await workspacePolicyOf(deps.db, accepted.id);
  const needsOtp = kind === 'SUPER_ADMIN' || accepted.isTwoFactorRequired || policy.isTwoFactorRequired;
  const alerts = alertsOf(accepted, now);

  const outcome = await deps.db.transaction(async (tx) => {
    // With a code to come, the sign-in is not complete: the failure count stays until the code is right.
    if (!needsOtp && (accepted.failedLoginCount !== 0 || accepted.lockedUntil !== null)) {
      await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, accepted.id));
    }
    if (needsOtp) {
      const challenge = await startOtpChallenge(tx, { userId: accepted.id, kind }, ctx, now);
      await trackLogin(tx, { userId: accepted.id, loginId, method, result: 'OTP_REQUIRED' }, ctx, now);
      return { challenge, session: null };
    }
    const session = await issueSession(tx, { userId: accepted.id, kind, method: 'PASSWORD', idleTimeoutSeconds: policy.idleMinutes ? policy.idleMinutes * 60 : undefined }, ctx, now);
    await trackLogin(tx, { userId: accepted.id, loginId, method, result: 'SUCCESS' }, ctx, now);
    await recordAudit(tx, { type: 'session.signed_in', data: { sessionId: session.sessionId, method: 'PASSWORD', isSuperAdmin: false } }, auditMetaOf(ctx, accepted.id));
    return { challenge: null, session };
  });

  if (outcome.challenge) {
    await sendOtpMail(deps, accepted, outcome.challenge.code, kind);
    return { data: { ...alerts, twoFactorAuth: { method: 'OTP_MAIL', token: outcome.challenge.token } }, session: null };
  }
  return { data: { ...alerts, twoFactorAuth: null }, session: outcome.session };
}

/** Development sign-in without a password (never registered in production). */
export async function signInForDevelopment(deps: AuthDeps, ctx: RequestContext, input: { loginId: string; superAdmin: boolean }): Promise<SignInResult> {
  const user = await findUserForLogin(deps.db, input.loginId);
  if (!user || user.status !== 'ACTIVE') throw new AppError('ERROR_LOGIN_FAILED');
  if (input.superAdmin && !user.isSuperAdmin) throw new AppError('ERROR_FORBIDDEN');
  const kind: SessionKind = input.superAdmin ? 'SUPER_ADMIN' : 'USER';
  const now = new Date();
  const session = await deps.db.transaction(async (tx) => {
    const issued = await issueSession(tx, { userId: user.id, kind, method: 'DEV' }, ctx, now);
    await trackLogin(tx, { userId: user.id, loginId: user.loginId, method: 'DEV', result: 'SUCCESS' }, ctx, now);
    await recordAudit(tx, { type: 'session.signed_in', data: { sessionId: issued.sessionId, method: 'DEV', isSuperAdmin: input.superAdmin } }, auditMetaOf(ctx, user.id));
    return issued;
  });
  return { data: { ...alertsOf(user, now), twoFactorAuth: null }, session };
}
