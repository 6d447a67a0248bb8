/** The audit events of this admin area (members of the AuditEvent union in modules/auth/audit.ts). */
export type AuditLogAuditEvent = {
  /** Reading personal data in bulk is itself recorded: who exported which slice of the log. */
  type: 'audit_log.exported';
  data: { filters: Record<string, unknown>; maxRows: number };
};
