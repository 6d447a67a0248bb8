import { type AlertLevel, AUTH_LIMITS, WORKSPACE_ADMIN_PERMISSION } from '@legal/api';

const DAY_MS = 24 * 3600 * 1000;

/** NONE, WARN (expires within 14 days) or EXPIRED. */
export function passwordAlertLevel(passwordExpiresAt: Date | null, now: Date): AlertLevel {
  if (!passwordExpiresAt) return 'NONE';
  const left = passwordExpiresAt.getTime() - now.getTime();
  if (left <= 0) return 'EXPIRED';
  return left <= AUTH_LIMITS.passwordWarnDays * DAY_MS ? 'WARN' : 'NONE';
}

/** The alert shown after sign-in: the password alert, unless the user acknowledged that level since the last password change. */
export function alertLevel(
  user: { passwordExpiresAt: Date | null; passwordChangedAt: Date | null; alertAcknowledgedLevel: AlertLevel | null; alertAcknowledgedAt: Date | null },
  now: Date,
): AlertLevel {
  const level = passwordAlertLevel(user.passwordExpiresAt, now);
  if (level === 'NONE') return 'NONE';
  const acknowledged =
    user.alertAcknowledgedLevel === level &&
    user.alertAcknowledgedAt !== null &&
    (user.passwordChangedAt === null || user.alertAcknowledgedAt >= user.passwordChangedAt);
  return acknowledged ? 'NONE' : level;
}

export interface LockState {
  failedCount: number;
  lockedUntil: Date | null;
}

export function isLocked(state: LockState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil > now;
}

/** The state after one more failure: a lock that has run out starts the count again. */
export function afterFailure(state: LockState, now: Date): LockState & { justLocked: boolean } {
  const base = state.lockedUntil !== null && state.lockedUntil <= now ? 0 : state.failedCount;
  const failedCount = Math.min(base + 1, AUTH_LIMITS.maxLoginFailures);
  const justLocked = failedCount >= AUTH_LIMITS.maxLoginFailures;
  return { failedCount, lockedUntil: justLocked ? new Date(now.getTime() + AUTH_LIMITS.lockMinutes * 60_000) : null, justLocked };
}

/** The origins a state-changing browser request may come from. */
export function isTrustedOrigin(origin: string, trusted: readonly string[]): boolean {
  return trusted.includes(origin.replace(/\/$/, '').toLowerCase());
}

export interface SessionTimes {
  accessExpiresAt: Date;
  absoluteExpiresAt: Date;
  lastSeenAt: Date;
  idleTimeoutSeconds: number;
  revokedAt: Date | null;
}

/** Whether a session may still be refreshed (the access token may have run out). */
export function isSessionAlive(s: SessionTimes, now: Date): boolean {
  return s.revokedAt === null && s.absoluteExpiresAt > now && s.lastSeenAt.getTime() + s.idleTimeoutSeconds * 1000 > now.getTime();
}

/** Whether the access token of a session authenticates a request now. */
export function isAccessValid(s: SessionTimes, now: Date): boolean {
  return isSessionAlive(s, now) && s.accessExpiresAt > now;
}

/** The client refreshes a minute before the access token runs out. */
export function refreshAfterSeconds(accessExpiresAt: Date, now: Date): number {
  return Math.max(0, Math.floor((accessExpiresAt.getTime() - now.getTime()) / 1000) - 60);
}

export function canAdministerWorkspace(permissions: ReadonlySet<string>): boolean {
  return permissions.has(WORKSPACE_ADMIN_PERMISSION);
}

/** Whether an API key still authenticates (not revoked, not past its expiry). */
export function isApiKeyUsable(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): boolean {
  return key.revokedAt === null && (key.expiresAt === null || key.expiresAt > now);
}

/**
 * Whether a workspace admin may sign in as a member: never someone holding a permission the
 * admin lacks (impersonation must not escalate).
 */
export function canImpersonateMember(actorPermissions: ReadonlySet<string>, targetPermissions: ReadonlySet<string>): boolean {
  if (!canAdministerWorkspace(actorPermissions)) return false;
  for (const name of targetPermissions) if (!actorPermissions.has(name)) return false;
  return true;
}
