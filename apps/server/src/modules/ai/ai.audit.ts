import type { AiDriver, AiServiceFeature } from '@legal/api';

/** The audit events of the AI platform (members of the AuditEvent union in audit.ts). */
export type AiAuditEvent =
  | { type: 'ai_credits.granted'; data: { entryId: number; credits: number; memo: string; balance: number } }
  | {
      type: 'ai_config.saved';
      data: { driver: AiDriver | null; baseUrl: string | null; chatModel: string | null; embeddingModel: string | null; isKeyChanged: boolean; hasApiKey: boolean };
    }
  | { type: 'ai_service_config.saved'; data: { features: Array<{ feature: AiServiceFeature; isEnabled: boolean }> } }
  | { type: 'ai_prompt.created'; data: { promptId: number; key: string; language: string; version: number; isActive: boolean } }
  | { type: 'ai_prompt.activated'; data: { promptId: number; key: string; language: string; version: number } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    ai: AiAuditEvent;
  }
}
