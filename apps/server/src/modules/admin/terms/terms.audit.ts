import type { TermType } from '@legal/api';

/** The audit events of the terms area (members of the AuditEvent union in modules/auth/audit.ts). */
export type TermsAuditEvent =
  | { type: 'term.created'; data: { termId: number; termType: TermType; title: string; isActive: boolean } }
  | { type: 'term.updated'; data: { termId: number; fields: string[]; before: Record<string, unknown>; after: Record<string, unknown> } }
  | { type: 'term.deleted'; data: { termId: number; title: string; revisions: number } }
  | { type: 'term.revision_added'; data: { termId: number; revisionId: number; version: number; requiresConsent: boolean; effectiveAt: string } }
  | { type: 'term.consented'; data: { termId: number; revisionId: number; version: number; isAgreed: boolean } };
