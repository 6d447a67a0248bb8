/**
 * The audit events of admin-managed credentials (members of the AuditEvent union through
 * sso.audit.ts, the identity issue's own union file).
 */
export type CredentialsAuditEvent =
  | { type: 'credentials.created'; data: { loginId: string; membershipId: number } }
  | { type: 'credentials.updated'; data: { fields: Array<'loginId' | 'name' | 'locale'>; previousLoginId: string | null } }
  | { type: 'credentials.deleted'; data: { loginId: string; membershipId: number; isAccountDeleted: boolean } };
