import type { ContractField, ContractStatus, CounterpartyType, ReminderKind } from '@legal/api';

/** The audit events of the contract repository (members of the AuditEvent union in modules/auth/audit.ts). */
export type ContractsAuditEvent =
  | { type: 'contract.reindexed'; data: { idStart: number | null; idEnd: number | null; acceptedCount: number; jobId: string } }
  | { type: 'contract.created'; data: { contractId: number; title: string; status: ContractStatus; ownerUserId: number; fileKeys: string[] } }
  | { type: 'contract.updated'; data: { contractId: number; fields: ContractField[]; before: Record<string, unknown>; after: Record<string, unknown> } }
  | { type: 'contract.status_changed'; data: { contractId: number; from: ContractStatus; to: ContractStatus; reason: string | null } }
  | { type: 'contract.deleted'; data: { contractId: number; title: string; status: ContractStatus } }
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
  | { type: 'contract.exported'; data: { format: 'XLSX'; columns: string[]; filter: Record<string, unknown>; sort: string } }
  | { type: 'contract.exported'; data: { format: 'ZIP'; contractIds: number[]; fileCount: number } }
  | { type: 'contract.bulk_created'; data: { requestId: number; sheetFileKey: string; totalRows: number; invalidRows: number } }
  | { type: 'contract.bulk_row_updated'; data: { requestId: number; rowNumber: number } }
  | { type: 'contract.bulk_assigned'; data: { requestId: number; rowNumbers: number[] | null; ownerUserId?: number; groupId?: number } }
  | { type: 'contract.bulk_confirmed'; data: { requestId: number; pendingRows: number } }
  | { type: 'contract.bulk_registering'; data: { requestId: number; round: number; pendingRows: number } }
  /** By the registration job: how the round ended. */
  | { type: 'contract.bulk_registered'; data: { requestId: number; executionStatus: string; registeredRows: number; failedRows: number } }
  | { type: 'contract.bulk_deleted'; data: { requestId: number; executionStatus: string; registeredRows: number } };
