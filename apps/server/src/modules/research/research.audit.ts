export type ResearchAuditEvent =
  | { type: 'research.chat_deleted'; data: { chatKey: string; title: string } }
  | { type: 'research.inquiry_created'; data: { inquiryId: number; title: string; answered: boolean } }
  | { type: 'research.advisory_drafted'; data: { inquiryId: number; draftId: number; engine: 'BUILT_IN' | 'MODEL'; citations: number; correctedReferences: number } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    research: ResearchAuditEvent;
  }
}
