import type { SsoAuditEvent } from './sso/sso.audit';

type SessionEnd = 'SIGNED_OUT' | 'REVOKED_BY_USER' | 'OTHERS_REVOKED' | 'PASSWORD_CHANGED' | 'USER_DISABLED' | 'REFRESH_REUSE' | 'PASSWORD_RESET' | 'PASSWORD_FORCE_RESET';

/** The audit events of sign-in, sessions, one-time codes, passwords, API keys and impersonation. */
export type IdentityAuditEvent =
  | { type: 'session.signed_in'; data: { sessionId: string; method: 'PASSWORD' | 'OTP' | 'DEV'; isSuperAdmin: boolean } }
  | { type: 'session.sign_in_failed'; data: { loginId: string; reason: 'BAD_CREDENTIALS' | 'LOCKED'; isSuperAdminLogin: boolean; currentRetryCount: number } }
  | { type: 'account.locked'; data: { loginId: string; lockedUntil: string } }
  | { type: 'otp.sent'; data: { challengeId: string; isResend: boolean; isSuperAdmin: boolean } }
  | { type: 'otp.verified'; data: { challengeId: string } }
  | { type: 'otp.failed'; data: { challengeId: string; failedAttempts: number; isKilled: boolean } }
  | { type: 'password.changed'; data: { revokedSessions: number } }
  | { type: 'password.expiry_postponed'; data: { passwordExpiresAt: string } }
  | { type: 'alert.acknowledged'; data: { level: string } }
  | { type: 'session.signed_out'; data: { sessionId: string } }
  | { type: 'session.revoked'; data: { sessionIds: string[]; reason: SessionEnd } }
  | { type: 'user.disabled'; data: { revokedSessions: number } }
  | { type: 'api_key.created'; data: { apiKeyId: number; name: string; prefix: string; expiresAt: string | null } }
  | { type: 'api_key.revoked'; data: { apiKeyId: number; name: string } }
  | { type: 'service_token.issued'; data: { apiKeyId: number; expiresAt: string } }
  | { type: 'password.reset_requested'; data: { expiresAt: string } }
  | { type: 'password.reset'; data: { revokedSessions: number } }
  | { type: 'password.force_reset'; data: { revokedSessions: number } }
  | { type: 'impersonation.started'; data: { sessionId: string; impersonatorUserId: number; reason: string; expiresAt: string } }
  | { type: 'impersonation.request'; data: { sessionId: string; impersonatorUserId: number; method: string; path: string } }
  | { type: 'impersonation.ended'; data: { sessionId: string; impersonatorUserId: number } }
  | { type: 'access.denied'; data: { method: string; path: string; code: string } }
  | SsoAuditEvent;

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    auth: IdentityAuditEvent;
  }
}
