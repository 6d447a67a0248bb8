import type { GeneralCategoryKind, ResearchConfigOverrides } from '@legal/api';

export type ResearchAuditEvent =
  | { type: 'research.chat_deleted'; data: { chatKey: string; title: string } }
  | { type: 'research.chat_attachment_uploaded'; data: { chatKey: string; documentId: number; fileKey: string; title: string } }
  | { type: 'research.chat_attachment_deleted'; data: { chatKey: string; fileKey: string; title: string } }
  | { type: 'research.user_prompt_saved'; data: { promptId: number; title: string; isNew: boolean } }
  | { type: 'research.chats_read_by_super_admin'; data: { surface: 'chats.list' | 'messages.v1' | 'messages.v2'; chatKey?: string; dateStart: string; dateEnd: string; page: number; rows: number } }
  | { type: 'research.sample_questions_saved'; data: { ko: number; en: number; isDefault: boolean } }
  | { type: 'research.tags_saved'; data: { tags: string[] } }
  | { type: 'research.configs_saved'; data: { overrides: ResearchConfigOverrides; changed: string[] } }
  | { type: 'research.general_categories_saved'; data: { enabled: GeneralCategoryKind[]; disabled: GeneralCategoryKind[] } }
  | { type: 'research.collection_created'; data: { categoryId: number; name: string; visibility: 'PRIVATE' | 'WORKSPACE' } }
  | { type: 'research.collection_updated'; data: { categoryId: number; fields: string[] } }
  | { type: 'research.collection_document_uploaded'; data: { categoryId: number; documentId: number; fileKey: string; title: string } }
  | { type: 'research.collection_documents_deleted'; data: { categoryId: number; documentIds: number[]; titles: string[] } }
  | { type: 'research.inquiry_created'; data: { inquiryId: number; title: string; answered: boolean } }
  | { type: 'research.advisory_drafted'; data: { inquiryId: number; draftId: number; engine: 'BUILT_IN' | 'MODEL'; citations: number; correctedReferences: number } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    research: ResearchAuditEvent;
  }
}
