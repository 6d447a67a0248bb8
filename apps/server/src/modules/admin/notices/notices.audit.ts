import type { NoticeType } from '@legal/api';

/** The audit events of the notices area (members of the AuditEvent union in modules/auth/audit.ts). */
export type NoticesAuditEvent =
  | { type: 'notice.created'; data: { noticeId: number; noticeType: NoticeType; title: string; isPinned: boolean; fileKeys: string[] } }
  | { type: 'notice.updated'; data: { noticeId: number; fields: string[]; before: Record<string, unknown>; after: Record<string, unknown> } }
  | { type: 'notice.deleted'; data: { noticeId: number; title: string } };
