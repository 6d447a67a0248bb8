import type { NoticeType } from '@legal/api';

/** The audit events of the notices area (members of the platform's AuditEvent union, see the end of this file). */
export type NoticesAuditEvent =
  | { type: 'notice.created'; data: { noticeId: number; noticeType: NoticeType; title: string; isPinned: boolean; fileKeys: string[] } }
  | { type: 'notice.updated'; data: { noticeId: number; fields: string[]; before: Record<string, unknown>; after: Record<string, unknown> } }
  | { type: 'notice.deleted'; data: { noticeId: number; title: string } };

declare module '../../../platform/audit/audit' {
  interface AuditEventsByModule {
    adminNotices: NoticesAuditEvent;
  }
}
