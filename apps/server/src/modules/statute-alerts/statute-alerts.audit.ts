/** A workspace's statute-change alert dismissed or brought back (read is not audited, as notifications' is not). */
export type StatuteAlertsAuditEvent =
  | { type: 'statute_alert.dismissed'; data: { alertId: number; statuteTitle: string; article: string; newLawSerialNumber: string } }
  | { type: 'statute_alert.restored'; data: { alertId: number; statuteTitle: string; article: string; newLawSerialNumber: string } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    statuteAlerts: StatuteAlertsAuditEvent;
  }
}
