import type { Tx } from '../../platform/db/client';
import type { RequestContext } from '../../platform/http/context';
import type { AuditLogAuditEvent } from '../admin/audit/audit.audit';
import type { ContractsAuditEvent } from '../contracts/contracts.audit';
import type { InvitationsAuditEvent } from '../admin/invitations/invitations.audit';
import type { NoticesAuditEvent } from '../admin/notices/notices.audit';
import type { OrganizationAuditEvent } from '../admin/organization/organization.audit';
import type { RoleRequestsAuditEvent } from '../admin/role-requests/role-requests.audit';
import type { TermsAuditEvent } from '../admin/terms/terms.audit';
import type { UsersAuditEvent } from '../admin/users/users.audit';
import type { WorkspaceSettingsAuditEvent } from '../admin/workspace/workspace.audit';
import { auditEvents } from './audit.table';
import type { SsoAuditEvent } from './sso.audit';

type SessionEnd = 'SIGNED_OUT' | 'REVOKED_BY_USER' | 'OTHERS_REVOKED' | 'PASSWORD_CHANGED' | 'USER_DISABLED' | 'REFRESH_REUSE' | 'PASSWORD_RESET' | 'PASSWORD_FORCE_RESET';

/**
 * Every audit event of the product: `"<resource>.<past-tense>"` with its own data shape. Other
 * modules add their members here (one union, so readers can switch on `type` exhaustively).
 */
export type AuditEvent =
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
  | { type: 'file.uploaded'; data: { fileKey: string; revision: number; size: number; fileType: string; isQuotaExempt: boolean } }
  | { type: 'file.updated'; data: { fileKey: string; fields: string[] } }
  | { type: 'file.deleted'; data: { fileKey: string } }
  | { type: 'file.restored'; data: { fileKey: string } }
  | { type: 'file.purged'; data: { fileKey: string; revisions: number; freedBytes: number } }
  | { type: 'file.downloaded'; data: { fileKey: string; revision: number } }
  | { type: 'access.denied'; data: { method: string; path: string; code: string } }
  | SsoAuditEvent
  | UsersAuditEvent
  | InvitationsAuditEvent
  | RoleRequestsAuditEvent
  | OrganizationAuditEvent
  | NoticesAuditEvent
  | TermsAuditEvent
  | WorkspaceSettingsAuditEvent
  | AuditLogAuditEvent
  | ContractsAuditEvent;

export type AuditEventType = AuditEvent['type'];

export interface AuditMeta {
  /** Who acted (null: anonymous, e.g. a failed sign-in). */
  actorUserId: number | null;
  /** Whom it concerns, when someone else or nobody acted. Defaults to the actor. */
  subjectUserId?: number | null;
  tenantId?: number | null;
  workspaceId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** Request facts for an audit row. */
export function auditMetaOf(ctx: Pick<RequestContext, 'ip' | 'userAgent'> | null, actorUserId: number | null, subjectUserId?: number | null): AuditMeta {
  return { actorUserId, subjectUserId: subjectUserId ?? actorUserId, ip: ctx?.ip ?? null, userAgent: ctx?.userAgent?.slice(0, 500) ?? null };
}

/** Writes one audit row; call it with the transaction of the change it records. */
export async function recordAudit<E extends AuditEvent>(tx: Tx, event: E, meta: AuditMeta): Promise<void> {
  await tx.insert(auditEvents).values({
    type: event.type,
    data: event.data,
    actorUserId: meta.actorUserId,
    subjectUserId: meta.subjectUserId ?? meta.actorUserId,
    tenantId: meta.tenantId ?? null,
    workspaceId: meta.workspaceId ?? null,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent ?? null,
  });
}
