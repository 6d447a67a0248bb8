/** The audit events of single sign-on (members of the AuditEvent union in audit.ts). */
export type SsoAuditEvent = never;
