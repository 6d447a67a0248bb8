/** The audit events of stored files. */
export type FilesAuditEvent =
  | { type: 'file.uploaded'; data: { fileKey: string; revision: number; size: number; fileType: string; isQuotaExempt: boolean } }
  | { type: 'file.updated'; data: { fileKey: string; fields: string[] } }
  | { type: 'file.deleted'; data: { fileKey: string } }
  | { type: 'file.restored'; data: { fileKey: string } }
  | { type: 'file.purged'; data: { fileKey: string; revisions: number; freedBytes: number } }
  | { type: 'file.downloaded'; data: { fileKey: string; revision: number } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    files: FilesAuditEvent;
  }
}
