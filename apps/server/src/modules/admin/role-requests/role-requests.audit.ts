/** The audit events of this admin area (members of the AuditEvent union in modules/auth/audit.ts). */
export type RoleRequestsAuditEvent = never;
