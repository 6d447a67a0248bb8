import type { SsoErrorCode } from '@legal/api';
import type { CredentialsAuditEvent } from '../credentials/credentials.audit';

/** Why an SSO sign-in failed, as the audit trail records it (finer than the user's sso_error). */
export type SsoFailureReason = SsoErrorCode | 'UNKNOWN_EMAIL' | 'NOT_MEMBER' | 'USER_DISABLED' | 'STATE_MISMATCH';

/**
 * The audit events of single sign-on and of admin-managed credentials (members of the
 * AuditEvent union in audit.ts). An SSO sign-in is a `session.signed_in` with method SSO.
 */
export type SsoAuditEvent =
  | { type: 'session.signed_in'; data: { sessionId: string; method: 'SSO'; isSuperAdmin: false; issuer: string } }
  | { type: 'sso.failed'; data: { reason: SsoFailureReason; issuer: string | null; detail: string | null } }
  | { type: 'sso.identity_linked'; data: { issuer: string; subject: string } }
  | { type: 'sso.config_saved'; data: { issuer: string; clientId: string; scopes: string; allowedDomains: string[]; isEnabled: boolean; isCreated: boolean; isSecretChanged: boolean } }
  | { type: 'sso.config_deleted'; data: { issuer: string; clientId: string } }
  | CredentialsAuditEvent;
