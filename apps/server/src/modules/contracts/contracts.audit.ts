import type { AnalysisEngine, ContractField, ContractStatus, CounterpartyType, ReminderKind, SigningType } from '@legal/api';

/** The audit events of the contract repository (members of the platform's AuditEvent union, see the end of this file). */
export type ContractsAuditEvent =
  | { type: 'contract.reindexed'; data: { idStart: number | null; idEnd: number | null; acceptedCount: number; jobId: string } }
  | { type: 'contract.created'; data: { contractId: number; title: string; status: ContractStatus; ownerUserId: number; fileKeys: string[] } }
  | { type: 'contract.updated'; data: { contractId: number; fields: ContractField[]; before: Record<string, unknown>; after: Record<string, unknown> } }
  | { type: 'contract.status_changed'; data: { contractId: number; from: ContractStatus; to: ContractStatus; reason: string | null } }
  | { type: 'contract.deleted'; data: { contractId: number; title: string; status: ContractStatus } }
  /** Access records: the detail opened (GET of the contract), a document's bytes sent (with the files module's file.downloaded). */
  | { type: 'contract.viewed'; data: { contractId: number; title: string } }
  | { type: 'contract.document_downloaded'; data: { contractId: number; fileKey: string; revision: number } }
  | { type: 'contract.bookmarked'; data: { contractId: number } }
  | { type: 'contract.unbookmarked'; data: { contractId: number } }
  | { type: 'counterparty.added'; data: { contractId: number; counterpartyId: number; name: string; bookmarkId: number | null } }
  | { type: 'counterparty.updated'; data: { contractId: number; counterpartyId: number; before: Record<string, unknown>; after: Record<string, unknown> } }
  | { type: 'counterparty.removed'; data: { contractId: number; counterpartyId: number; name: string } }
  | { type: 'counterparty_bookmark.created'; data: { bookmarkId: number; counterpartyType: CounterpartyType; name: string } }
  | { type: 'counterparty_bookmark.updated'; data: { bookmarkId: number; before: Record<string, unknown>; after: Record<string, unknown> } }
  | { type: 'counterparty_bookmark.deleted'; data: { bookmarkId: number; name: string } }
  | { type: 'hashtag.created'; data: { hashtagId: number; name: string } }
  | { type: 'contract.reminder_created'; data: { contractId: number; reminderId: number; title: string; kind: ReminderKind; remindAt: string; recipients: number[] } }
  | { type: 'contract.reminder_updated'; data: { contractId: number; reminderId: number; before: Record<string, unknown>; after: Record<string, unknown> } }
  | { type: 'contract.reminder_deleted'; data: { contractId: number; reminderId: number; title: string } }
  /** By the reminder job (no actor): who was mailed, and who was left out (no longer able to read the contract). */
  | { type: 'contract.reminder_sent'; data: { contractId: number; reminderId: number; mailedTo: number[]; skipped: number[] } }
  | { type: 'contract.calendar_feed_rotated'; data: { wasActive: boolean } }
  | { type: 'contract.calendar_feed_revoked'; data: Record<string, never> }
  /** The main document (contract-documents.service.ts): a new revision uploaded, another file adopted, a document rendered from JSON and saved, a save from the Word editor. */
  | { type: 'contract.document_uploaded'; data: { contractId: number; fileKey: string; revision: number; size: number; fileType: string; isNewDocument: boolean } }
  | { type: 'contract.document_adopted'; data: { contractId: number; fileKey: string; revision: number; sourceFileKey: string; isCopied: boolean } }
  | { type: 'contract.document_rendered'; data: { contractId: number; fileKey: string; revision: number; fileFormat: 'DOCX' | 'TXT'; title: string; blockCount: number } }
  | { type: 'contract.document_edited'; data: { contractId: number; fileKey: string; revision: number; size: number; editor: 'WOPI' } }
  | { type: 'contract.document_locked'; data: { contractId: number; fileKey: string; lockId: string } }
  | { type: 'contract.document_unlocked'; data: { contractId: number; fileKey: string; lockId: string } }
  | { type: 'contract.exported'; data: { format: 'XLSX'; columns: string[]; filter: Record<string, unknown>; sort: string } }
  | { type: 'contract.exported'; data: { format: 'ZIP'; contractIds: number[]; fileCount: number } }
  | { type: 'contract.bulk_created'; data: { requestId: number; sheetFileKey: string; totalRows: number; invalidRows: number } }
  | { type: 'contract.bulk_row_updated'; data: { requestId: number; rowNumber: number } }
  | { type: 'contract.bulk_assigned'; data: { requestId: number; rowNumbers: number[] | null; ownerUserId?: number; groupId?: number } }
  | { type: 'contract.bulk_confirmed'; data: { requestId: number; pendingRows: number } }
  | { type: 'contract.bulk_registering'; data: { requestId: number; round: number; pendingRows: number } }
  /** By the registration job: how the round ended. */
  | { type: 'contract.bulk_registered'; data: { requestId: number; executionStatus: string; registeredRows: number; failedRows: number } }
  | { type: 'contract.bulk_deleted'; data: { requestId: number; executionStatus: string; registeredRows: number } }
  /** Analysis (contract-analysis.service.ts): clause labels stored for a contract, replacing `replacedCount` earlier ones; or deleted. */
  | { type: 'contract.clauses_labelled'; data: { contractId: number; fileKey: string; revision: number; engine: AnalysisEngine; labelCount: number; replacedCount: number } }
  | { type: 'contract.clause_labels_deleted'; data: { contractId: number; deletedCount: number } }
  /** Completion (contract-completions.service.ts): marked as executed; the status moves are their own contract.status_changed events. */
  | {
      type: 'contract.completed';
      data: {
        contractId: number; from: ContractStatus; to: ContractStatus; executedFileKey: string | null;
        before: { signedDate: string | null; signingType: SigningType | null }; after: { signedDate: string | null; signingType: SigningType | null };
      };
    }
  | { type: 'contract.copied'; data: { contractId: number; sourceContractId: number; copyFiles: boolean } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    contracts: ContractsAuditEvent;
  }
}
