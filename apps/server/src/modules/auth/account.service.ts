import { AUTH_LIMITS, type LauncherEntry, PERMISSION, type PermissionName, type Profile, parseTheme } from '@legal/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { requirePermission } from '../../platform/http/access';
import { type RequestContext, tenantScope } from '../../platform/http/context';
import { AppError, forbidden, notFound, unauthorized, validationError } from '../../platform/http/errors';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { findMembership, findUserById, findWorkspaceTheme, listLauncherEntries, pageLoginTracks, revokeUserSessions, workspacePolicyOf } from './auth.repo';
import { alertsOf } from './login-tracks';
import { hashPassword, passwordProblems, verifyPassword } from './passwords';
import { users } from './users.table';

const DAY_MS = 24 * 3600 * 1000;

type UserPrincipal = Extract<NonNullable<RequestContext['principal']>, { kind: 'user' }>;

export function userPrincipal(ctx: RequestContext): UserPrincipal {
  if (ctx.principal?.kind !== 'user') throw unauthorized();
  return ctx.principal;
}

/**
 * The signed-in user acting as themselves, holding `permission` when one is named: what an
 * impersonated session may not do (sign-in settings, signing keys, passwords) answers 403.
 */
export function unimpersonatedUser(ctx: RequestContext, permission?: PermissionName): UserPrincipal {
  if (permission) requirePermission(ctx, permission);
  const principal = userPrincipal(ctx);
  if (principal.impersonatorUserId !== undefined) throw forbidden();
  return principal;
}

async function currentUser(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return user;
}

export async function getProfile(db: Db, ctx: RequestContext): Promise<Profile> {
  const principal = userPrincipal(ctx);
  const user = await currentUser(db, principal.userId);
  const now = new Date();
  return {
    id: user.id,
    loginId: user.loginId,
    locale: user.locale,
    name: user.name,
    ...alertsOf(user, now),
    passwordExpiresAt: user.passwordExpiresAt?.toISOString() ?? null,
    isSuperAdmin: principal.isSuperAdmin,
    impersonatedBy: await impersonatorOf(db, principal.impersonatorUserId),
  };
}

async function impersonatorOf(db: Db, impersonatorUserId: number | undefined) {
  if (impersonatorUserId === undefined) return null;
  const impersonator = await findUserById(db, impersonatorUserId);
  return { userId: impersonatorUserId, name: impersonator?.name ?? '' };
}

export async function getLauncher(db: Db, ctx: RequestContext): Promise<LauncherEntry[]> {
  const principal = userPrincipal(ctx);
  const rows = await listLauncherEntries(db, principal.userId);
  return rows.map((r) => ({ ...r, products: r.products.map((type) => ({ type: type as LauncherEntry['products'][number]['type'] })) }));
}

/**
 * Permission names of the caller in X-Tenant/X-Workspace. Without a workspace only a
 * super-admin session's own permission; with one the membership must exist (403 otherwise).
 */
export async function getPermissionNames(db: Db, ctx: RequestContext): Promise<string[]> {
  const principal = userPrincipal(ctx);
  const names = new Set<string>(principal.isSuperAdmin ? [PERMISSION.superAdminWorkspaceRead] : []);
  if (ctx.tenantId !== 0 || ctx.workspaceId !== 0) {
    const membership = await findMembership(db, tenantScope(ctx), principal.userId);
    if (!membership) throw forbidden();
    for (const name of membership.permissions) names.add(name);
  }
  return [...names].sort();
}

/** The workspace theme as a JSON string; the default theme when none (or an unreadable one) is stored. */
export async function getThemeJson(db: Db, ctx: RequestContext): Promise<string> {
  const row = await findWorkspaceTheme(db, tenantScope(ctx));
  if (!row) throw notFound();
  return JSON.stringify(parseTheme(row.theme));
}

export async function pageOwnLoginTracks(db: Db, ctx: RequestContext, page: { page: number; size: number }) {
  const principal = userPrincipal(ctx);
  const { rows, total } = await pageLoginTracks(db, principal.userId, page);
  return {
    content: rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString(), loginId: r.loginId, method: r.method, result: r.result, ip: r.ip, userAgent: r.userAgent })),
    page: page.page,
    size: page.size,
    totalElements: total,
    totalPages: Math.ceil(total / page.size),
  };
}

/** Changes the password after checking the current one; every other session of the user ends. */
export async function changePassword(db: Db, ctx: RequestContext, body: { currentPassword: string; newPassword: string }) {
  const principal = unimpersonatedUser(ctx);
  const user = await currentUser(db, principal.userId);
  const problems = (await passwordProblems(body.newPassword, { loginId: user.loginId, names: [user.name] })).map((reason) => ({ field: 'body.newPassword', reason }));
  const currentOk = user.passwordHash ? await verifyPassword(user.passwordHash, body.currentPassword) : false;
  if (!currentOk) problems.unshift({ field: 'body.currentPassword', reason: 'incorrect' });
  else if (body.newPassword === body.currentPassword) problems.push({ field: 'body.newPassword', reason: 'must differ from the current password' });
  if (problems.length > 0) throw validationError(problems);

  const passwordHash = await hashPassword(body.newPassword);
  const now = new Date();
  const maxAgeDays = (await workspacePolicyOf(db, user.id)).passwordMaxAgeDays ?? AUTH_LIMITS.passwordPostponeDays;
  const passwordExpiresAt = new Date(now.getTime() + maxAgeDays * DAY_MS);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, passwordExpiresAt, alertAcknowledgedLevel: null, alertAcknowledgedAt: null, updatedAt: now }).where(eq(users.id, user.id));
    const revoked = await revokeUserSessions(tx, user.id, 'PASSWORD_CHANGED', now, { except: principal.sessionId });
    const meta = auditMetaOf(ctx, user.id);
    await recordAudit(tx, { type: 'password.changed', data: { revokedSessions: revoked.length } }, meta);
    if (revoked.length > 0) await recordAudit(tx, { type: 'session.revoked', data: { sessionIds: revoked, reason: 'PASSWORD_CHANGED' } }, meta);
    return { passwordExpiresAt: passwordExpiresAt.toISOString(), revokedSessions: revoked.length };
  });
}

/** Pushes the password expiry 90 days from now. */
export async function postponePasswordExpiry(db: Db, ctx: RequestContext) {
  const principal = userPrincipal(ctx);
  const now = new Date();
  const passwordExpiresAt = new Date(now.getTime() + AUTH_LIMITS.passwordPostponeDays * DAY_MS);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordExpiresAt, updatedAt: now }).where(eq(users.id, principal.userId));
    await recordAudit(tx, { type: 'password.expiry_postponed', data: { passwordExpiresAt: passwordExpiresAt.toISOString() } }, auditMetaOf(ctx, principal.userId));
  });
  return { passwordExpiresAt: passwordExpiresAt.toISOString() };
}

/** Acknowledges the current alert: it reads NONE until the level changes or the password does. */
export async function acknowledgeAlert(db: Db, ctx: RequestContext) {
  const principal = userPrincipal(ctx);
  const user = await currentUser(db, principal.userId);
  const now = new Date();
  const { passwordAlertLevel } = alertsOf(user, now);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ alertAcknowledgedLevel: passwordAlertLevel, alertAcknowledgedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await recordAudit(tx, { type: 'alert.acknowledged', data: { level: passwordAlertLevel } }, auditMetaOf(ctx, user.id));
  });
  return { alertLevel: 'NONE' as const };
}

/**
 * Disables an account and ends all its sessions at once (admin routes call this later).
 * `actorUserId` is who did it, for the audit trail.
 */
export async function disableUser(db: Db, input: { userId: number; actorUserId: number | null }, ctx: Pick<RequestContext, 'ip' | 'userAgent'> | null = null) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const updated = await tx.update(users).set({ status: 'DISABLED', updatedAt: now }).where(eq(users.id, input.userId)).returning({ id: users.id });
    if (updated.length === 0) throw new AppError('ERROR_NOT_FOUND');
    const revoked = await revokeUserSessions(tx, input.userId, 'USER_DISABLED', now);
    const meta = auditMetaOf(ctx, input.actorUserId, input.userId);
    await recordAudit(tx, { type: 'user.disabled', data: { revokedSessions: revoked.length } }, meta);
    if (revoked.length > 0) await recordAudit(tx, { type: 'session.revoked', data: { sessionIds: revoked, reason: 'USER_DISABLED' } }, meta);
    return { revokedSessions: revoked.length };
  });
}
