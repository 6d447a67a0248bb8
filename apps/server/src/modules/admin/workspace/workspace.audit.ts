/** A changed field's value before and after. */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** The audit events of this admin area (members of the platform's AuditEvent union, see the end of this file). */
export type WorkspaceSettingsAuditEvent =
  | { type: 'workspace.config_updated'; data: { changes: Record<string, FieldChange> } }
  | { type: 'workspace.theme_updated'; data: { fields: string[]; isReset: boolean } }
  | { type: 'workspace.deletion_requested'; data: { requestId: number; reason: string } }
  | { type: 'workspace.deletion_canceled'; data: { requestId: number } }
  | { type: 'workspace.deletion_approved'; data: { requestId: number; purgeAfter: string; comment: string | null } }
  | { type: 'workspace.deletion_rejected'; data: { requestId: number; comment: string } }
  | { type: 'workspace.data_exported'; data: { tables: number; files: number } }
  | { type: 'workspace.purged'; data: { requestId: number; deletedRows: Record<string, number>; deletedObjects: number } }
  | { type: 'workspace.storage_quota_updated'; data: { before: number | null; after: number | null } };

declare module '../../../platform/audit/audit' {
  interface AuditEventsByModule {
    adminWorkspace: WorkspaceSettingsAuditEvent;
  }
}
