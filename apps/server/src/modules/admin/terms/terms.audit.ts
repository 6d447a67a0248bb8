import type { TermType } from '@legal/api';

/** The audit events of the terms area (members of the platform's AuditEvent union, see the end of this file). */
export type TermsAuditEvent =
  | { type: 'term.created'; data: { termId: number; termType: TermType; title: string; isActive: boolean } }
  | { type: 'term.updated'; data: { termId: number; fields: string[]; before: Record<string, unknown>; after: Record<string, unknown> } }
  | { type: 'term.deleted'; data: { termId: number; title: string; revisions: number } }
  | { type: 'term.revision_added'; data: { termId: number; revisionId: number; version: number; requiresConsent: boolean; effectiveAt: string } }
  | { type: 'term.consented'; data: { termId: number; revisionId: number; version: number; isAgreed: boolean } };

declare module '../../../platform/audit/audit' {
  interface AuditEventsByModule {
    adminTerms: TermsAuditEvent;
  }
}
