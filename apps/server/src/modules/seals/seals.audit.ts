import type { ApplyMethod, SealReferenceType, UsageRequestStatus } from '@legal/api';

export type SealsAuditEvent =
  | { type: 'seal.created'; data: { sealId: number; name: string; sealType: string; custodianUserId: number } }
  | { type: 'seal.updated'; data: { sealId: number; name: string; custodianUserId: number } }
  | { type: 'seal.copied'; data: { sealId: number; fromSealId: number; name: string } }
  | { type: 'seal.deleted'; data: { sealId: number; name: string } }
  | { type: 'seal.marked_unavailable'; data: { sealId: number; name: string; reason: string } }
  | { type: 'seal.marked_available'; data: { sealId: number; name: string } }
  | { type: 'seal.usage_requested'; data: { requestId: number; sealId: number; approverUserIds: number[] } }
  | { type: 'seal.usage_request_updated'; data: { requestId: number; sealId: number } }
  | { type: 'seal.usage_request_deleted'; data: { requestId: number; sealId: number } }
  | { type: 'seal.usage_approved'; data: { requestId: number; sealId: number; order: number; status: UsageRequestStatus } }
  | { type: 'seal.usage_rejected'; data: { requestId: number; sealId: number; order: number; comment: string } }
  | { type: 'seal.usage_canceled'; data: { requestId: number; sealId: number } }
  | { type: 'seal.applied'; data: { historyId: number; sealId: number; requestId: number | null; method: ApplyMethod; referenceType: SealReferenceType; referenceId: number; reason: string | null } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    seals: SealsAuditEvent;
  }
}
