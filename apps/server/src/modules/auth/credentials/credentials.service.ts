import { AUTH_LIMITS, IDENTITY_LIMITS, type ResetPasswordBody } from '@legal/api';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { type RequestContext, tenantScope } from '../../../platform/http/context';
import { AppError, forbidden, notFound, validationError } from '../../../platform/http/errors';
import { userPrincipal } from '../account.service';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { findMembership, findUserForLogin, revokeUserSessions, workspacePolicyOf } from '../auth.repo';
import type { AuthDeps } from '../login-tracks';
import { hashPassword, passwordProblems } from '../passwords';
import { passwordResetMailTemplate } from './password-reset.mail';
import { passwordResetTokens } from '../sessions.table';
import { hashToken, newToken } from '../tokens';
import { users } from '../users.table';

const DAY_MS = 24 * 3600 * 1000;
const USER_WRITE_PERMISSION = 'workspace.user.write';

/**
 * Mails a reset link when the login id names an active account. Answers the same whatever
 * happened (no enumeration); a second request within a minute mails nothing.
 */
export async function sendResetMessage(deps: AuthDeps, ctx: RequestContext, loginId: string): Promise<void> {
  const user = await findUserForLogin(deps.db, loginId);
  if (!user || user.status !== 'ACTIVE') return;
  const now = new Date();
  const [recent] = await deps.db
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, new Date(now.getTime() - IDENTITY_LIMITS.resetMailIntervalSeconds * 1000))))
    .orderBy(desc(passwordResetTokens.createdAt))
    .limit(1);
  if (recent) return;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + IDENTITY_LIMITS.resetTokenMinutes * 60_000);
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId: user.id, expiresAt, ip: ctx.ip, createdAt: now });
    await deps.mailer.send(passwordResetMailTemplate, { to: user.loginId, locale: user.locale, data: { token, minutes: IDENTITY_LIMITS.resetTokenMinutes, name: user.name } }, tx);
    await recordAudit(tx, { type: 'password.reset_requested', data: { expiresAt: expiresAt.toISOString() } }, auditMetaOf(ctx, null, user.id));
  });
}

const badToken = () => validationError([{ field: 'body.token', reason: 'invalid or expired' }]);

/** Sets a new password with a mailed token (claimed atomically: it works once); every session of the user ends. */
export async function resetPassword(db: Db, ctx: RequestContext, body: ResetPasswordBody) {
  const tokenHash = hashToken(body.token);
  const now = new Date();
  const [row] = await db
    .select({ userId: passwordResetTokens.userId, loginId: users.loginId, name: users.name })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now), eq(users.status, 'ACTIVE')));
  if (!row) throw badToken();
  const problems = (await passwordProblems(body.newPassword, { loginId: row.loginId, names: [row.name] })).map((reason) => ({ field: 'body.newPassword', reason }));
  if (problems.length > 0) throw validationError(problems);
  const passwordHash = await hashPassword(body.newPassword);
  const maxAgeDays = (await workspacePolicyOf(db, row.userId)).passwordMaxAgeDays ?? AUTH_LIMITS.passwordPostponeDays;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ userId: passwordResetTokens.userId });
    if (claimed.length === 0) throw badToken();
    // Every other link of the user dies with this one.
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(users)
      .set({
        passwordHash, passwordChangedAt: now, passwordExpiresAt: new Date(now.getTime() + maxAgeDays * DAY_MS),
        failedLoginCount: 0, lockedUntil: null, alertAcknowledgedLevel: null, alertAcknowledgedAt: null, updatedAt: now,
      })
      .where(eq(users.id, row.userId));
    const revoked = await revokeUserSessions(tx, row.userId, 'PASSWORD_RESET', now);
    const meta = auditMetaOf(ctx, row.userId);
    await recordAudit(tx, { type: 'password.reset', data: { revokedSessions: revoked.length } }, meta);
    if (revoked.length > 0) await recordAudit(tx, { type: 'session.revoked', data: { sessionIds: revoked, reason: 'PASSWORD_RESET' } }, meta);
    return { revokedSessions: revoked.length };
  });
}

/**
 * A workspace admin expires a member's password and ends their sessions: the next sign-in
 * answers passwordAlertLevel EXPIRED. A user outside the workspace answers 404.
 */
export async function forcePasswordReset(db: Db, ctx: RequestContext, userId: number) {
  const principal = userPrincipal(ctx);
  if (principal.impersonatorUserId !== undefined || !principal.permissions.has(USER_WRITE_PERMISSION)) throw forbidden();
  const scope = tenantScope(ctx);
  if (!(await findMembership(db, scope, userId))) throw notFound();
  if (userId === principal.userId) throw new AppError('ERROR_CONFLICT', { data: { reason: 'OWN_ACCOUNT' } });
  const now = new Date();
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordExpiresAt: now, alertAcknowledgedLevel: null, alertAcknowledgedAt: null, updatedAt: now }).where(eq(users.id, userId));
    const revoked = await revokeUserSessions(tx, userId, 'PASSWORD_FORCE_RESET', now);
    const meta = { ...auditMetaOf(ctx, principal.userId, userId), ...scope };
    await recordAudit(tx, { type: 'password.force_reset', data: { revokedSessions: revoked.length } }, meta);
    if (revoked.length > 0) await recordAudit(tx, { type: 'session.revoked', data: { sessionIds: revoked, reason: 'PASSWORD_FORCE_RESET' } }, meta);
    return { revokedSessions: revoked.length };
  });
}
