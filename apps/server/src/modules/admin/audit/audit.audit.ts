/** The audit events of this admin area (members of the platform's AuditEvent union, see the end of this file). */
export type AuditLogAuditEvent = {
  /** Reading personal data in bulk is itself recorded: who exported which slice of the log. */
  type: 'audit_log.exported';
  data: { filters: Record<string, unknown>; maxRows: number };
};

declare module '../../../platform/audit/audit' {
  interface AuditEventsByModule {
    adminAuditLog: AuditLogAuditEvent;
  }
}
