import { AUTH_LIMITS, PERMISSION } from '@legal/api';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../platform/db/client';
import type { Principal, RequestContext, TenantScope } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { isAccessValid, isSessionAlive, passwordAlertLevel } from './auth.policy';
import { findSessionByAccessHash, listLiveSessions, type Membership, revokeUserSessions } from './auth.repo';
import { refreshTokens, sessions } from './sessions.table';
import { hashToken, newId, newToken } from './tokens';

export type SessionKind = 'USER' | 'SUPER_ADMIN';

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/** Starts a session: a fresh access and refresh token (only their hashes are stored). */
export async function issueSession(
  tx: Tx,
  input: {
    userId: number;
    kind: SessionKind;
    method: 'PASSWORD' | 'OTP' | 'DEV' | 'IMPERSONATED' | 'SSO';
    idleTimeoutSeconds?: number;
    /** An impersonated session: who signs in as the user, and its shorter lifetime. */
    impersonatorUserId?: number;
    absoluteSeconds?: number;
  },
  ctx: Pick<RequestContext, 'ip' | 'userAgent'>,
  now: Date,
): Promise<IssuedSession> {
  const sessionId = newId();
  const accessToken = newToken();
  const refreshToken = newToken();
  const absoluteExpiresAt = new Date(now.getTime() + (input.absoluteSeconds ?? AUTH_LIMITS.sessionAbsoluteSeconds) * 1000);
  const accessExpiresAt = new Date(Math.min(now.getTime() + AUTH_LIMITS.accessTokenSeconds * 1000, absoluteExpiresAt.getTime()));
  await tx.insert(sessions).values({
    id: sessionId,
    userId: input.userId,
    kind: input.kind,
    method: input.method,
    impersonatorUserId: input.impersonatorUserId ?? null,
    accessTokenHash: hashToken(accessToken),
    accessExpiresAt,
    idleTimeoutSeconds: input.idleTimeoutSeconds ?? AUTH_LIMITS.sessionIdleSeconds,
    absoluteExpiresAt,
    lastSeenAt: now,
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    createdAt: now,
  });
  await tx.insert(refreshTokens).values({ tokenHash: hashToken(refreshToken), sessionId, createdAt: now });
  return { sessionId, accessToken, refreshToken, accessExpiresAt, absoluteExpiresAt };
}

/** Activity is written at most once a minute per session, so that reads stay reads. */
const LAST_SEEN_GRANULARITY_MS = 60_000;

export interface AuthenticatedSession {
  principal: Principal;
  /**
   * The user's password has expired (the sign-in answered passwordAlertLevel EXPIRED): the
   * session may only change it, read itself, and end. An impersonated session is not confined
   * (the impersonator cannot change the user's password).
   */
  isPasswordExpired: boolean;
  /** Asked for with a scope: the user's membership there, read with the session (null: none). */
  membership?: Membership | null;
}

/**
 * The principal behind an access token, or null when the token is unknown, expired, idle,
 * revoked, or its user is disabled. A super-admin session of a user who is no longer a super
 * admin counts as an ordinary one.
 */
export async function authenticateAccessToken(database: Pick<Database, 'db' | 'sql'>, token: string, now: Date, scope?: TenantScope): Promise<AuthenticatedSession | null> {
  if (token.length > 256) return null;
  const session = await findSessionByAccessHash(database.sql, hashToken(token), scope);
  if (!session || session.userStatus !== 'ACTIVE' || !isAccessValid(session, now)) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS) {
    await database.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
  const isSuperAdmin = session.kind === 'SUPER_ADMIN' && session.isSuperAdmin;
  const principal: Principal = {
    kind: 'user',
    userId: session.userId,
    isSuperAdmin,
    sessionId: session.id,
    permissions: isSuperAdmin ? new Set([PERMISSION.superAdminWorkspaceRead]) : new Set(),
    accessExpiresAt: session.accessExpiresAt,
    ...(session.impersonatorUserId !== null ? { impersonatorUserId: session.impersonatorUserId } : {}),
  };
  const isPasswordExpired = session.impersonatorUserId === null && passwordAlertLevel(session.passwordExpiresAt, now) === 'EXPIRED';
  return { principal, isPasswordExpired, ...(session.membership !== undefined ? { membership: session.membership } : {}) };
}

type RefreshOutcome = { ok: true; issued: IssuedSession } | { ok: false; reason: 'UNKNOWN' | 'ENDED' | 'REUSED' };

/**
 * Rotates a session: the presented refresh token is marked used and a new access and refresh
 * token are issued. A refresh token presented a second time means it was copied: the whole
 * session (its token family) is revoked, unless it comes back within the grace window of its
 * first use (AUTH_LIMITS.refreshReuseGraceSeconds), when the browser most likely never received
 * the reply (navigation aborted the request after the server had rotated): it is rotated again.
 */
export async function rotateSession(db: Db, refreshToken: string | undefined, ctx: RequestContext, now: Date): Promise<IssuedSession> {
  if (!refreshToken || refreshToken.length > 256) throw new AppError('ERROR_UNAUTHORIZED');
  const tokenHash = hashToken(refreshToken);
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!row) return { ok: false, reason: 'UNKNOWN' };
    const { session } = row;
    if (session.revokedAt !== null) return { ok: false, reason: 'ENDED' };
    const claimed = row.token.usedAt
      ? []
      : await tx
          .update(refreshTokens)
          .set({ usedAt: now })
          .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
          .returning({ tokenHash: refreshTokens.tokenHash });
    const isLostReply = row.token.usedAt !== null && now.getTime() - row.token.usedAt.getTime() <= AUTH_LIMITS.refreshReuseGraceSeconds * 1000;
    if (claimed.length === 0 && !isLostReply) {
      const ids = await revokeUserSessions(tx, session.userId, 'REFRESH_REUSE', now, { only: session.id });
      await recordAudit(tx, { type: 'session.revoked', data: { sessionIds: ids, reason: 'REFRESH_REUSE' } }, { ...auditMetaOf(ctx, null, session.userId) });
      return { ok: false, reason: 'REUSED' };
    }
    if (!isSessionAlive(session, now)) return { ok: false, reason: 'ENDED' };
    const accessToken = newToken();
    const nextRefresh = newToken();
    const accessExpiresAt = new Date(Math.min(now.getTime() + AUTH_LIMITS.accessTokenSeconds * 1000, session.absoluteExpiresAt.getTime()));
    await tx.update(sessions).set({ accessTokenHash: hashToken(accessToken), accessExpiresAt }).where(eq(sessions.id, session.id));
    await tx.insert(refreshTokens).values({ tokenHash: hashToken(nextRefresh), sessionId: session.id, createdAt: now });
    return {
      ok: true,
      issued: { sessionId: session.id, accessToken, refreshToken: nextRefresh, accessExpiresAt, absoluteExpiresAt: session.absoluteExpiresAt },
    };
  });
  if (!outcome.ok) throw new AppError('ERROR_UNAUTHORIZED', { data: { reason: outcome.reason === 'REUSED' ? 'REFRESH_TOKEN_REUSED' : 'SESSION_ENDED' } });
  return outcome.issued;
}

/** Ends the session a request carries (by access or refresh token). Unknown tokens are ignored. */
export async function signOut(db: Db, tokens: { accessToken?: string; refreshToken?: string }, ctx: RequestContext, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    let session: { id: string; userId: number; impersonatorUserId: number | null } | undefined;
    const columns = { id: sessions.id, userId: sessions.userId, impersonatorUserId: sessions.impersonatorUserId };
    if (tokens.accessToken) {
      [session] = await tx.select(columns).from(sessions).where(eq(sessions.accessTokenHash, hashToken(tokens.accessToken)));
    }
    if (!session && tokens.refreshToken) {
      [session] = await tx
        .select(columns)
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hashToken(tokens.refreshToken)));
    }
    if (!session) return;
    const ended = await revokeUserSessions(tx, session.userId, 'SIGNED_OUT', now, { only: session.id });
    if (ended.length > 0) await recordAudit(tx, { type: 'session.signed_out', data: { sessionId: session.id } }, auditMetaOf(ctx, session.userId));
    if (ended.length > 0 && session.impersonatorUserId !== null) {
      await recordAudit(
        tx,
        { type: 'impersonation.ended', data: { sessionId: session.id, impersonatorUserId: session.impersonatorUserId } },
        auditMetaOf(ctx, session.impersonatorUserId, session.userId),
      );
    }
  });
}

export async function listOwnSessions(db: Db, principal: { userId: number; sessionId: string }, now: Date) {
  const rows = await listLiveSessions(db, principal.userId, now);
  return rows
    .filter((s) => isSessionAlive(s, now))
    .map((s) => ({
      id: s.id,
      isCurrent: s.id === principal.sessionId,
      isSuperAdmin: s.kind === 'SUPER_ADMIN',
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.absoluteExpiresAt.toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
    }));
}

/** Ends one of the caller's own sessions; another user's session answers 404. */
export async function endOwnSession(db: Db, ctx: RequestContext, principal: { userId: number }, sessionId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await revokeUserSessions(tx, principal.userId, 'REVOKED_BY_USER', now, { only: sessionId });
    if (ids.length === 0) throw notFound();
    await recordAudit(tx, { type: 'session.revoked', data: { sessionIds: ids, reason: 'REVOKED_BY_USER' } }, auditMetaOf(ctx, principal.userId));
    return ids.length;
  });
}

export async function endOtherSessions(db: Db, ctx: RequestContext, principal: { userId: number; sessionId: string }, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await revokeUserSessions(tx, principal.userId, 'OTHERS_REVOKED', now, { except: principal.sessionId });
    if (ids.length > 0) await recordAudit(tx, { type: 'session.revoked', data: { sessionIds: ids, reason: 'OTHERS_REVOKED' } }, auditMetaOf(ctx, principal.userId));
    return ids.length;
  });
}
