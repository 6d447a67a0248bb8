import type { FormActiveStatus } from '@legal/api';

export type StandardFormsAuditEvent =
  | { type: 'standard_form.created'; data: { standardFormId: number; title: string; scope: 'WORKSPACE' | 'GLOBAL'; source: string; copiedFrom?: number } }
  | { type: 'standard_form.updated'; data: { standardFormId: number; changes: Record<string, { from: unknown; to: unknown }> } }
  | { type: 'standard_form.deleted'; data: { standardFormId: number; title: string } }
  | { type: 'standard_form.status_changed'; data: { standardFormId: number; from: FormActiveStatus; to: FormActiveStatus } }
  | { type: 'standard_form.version_added'; data: { standardFormId: number; version: number; source: string; rolledBackFrom: number | null } }
  | { type: 'standard_form.configs_changed'; data: { standardFormId: number; version: number; keys: string[] } }
  | { type: 'standard_form.attachment_added'; data: { standardFormId: number; attachmentId: number; fileName: string } }
  | { type: 'standard_form.attachment_deleted'; data: { standardFormId: number; attachmentId: number; fileName: string } }
  | { type: 'standard_form.contract_drafted'; data: { contractId: number; standardFormId: number | null; templateVersion: number | null; workflowPresetType: string; fileKey?: string } }
  | { type: 'standard_form.availability_changed'; data: { availableStandardFormIds: number[] } }
  | { type: 'standard_form.settings_changed'; data: { contractTypes?: string[]; categoryTypes?: string[] } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    standardForms: StandardFormsAuditEvent;
  }
}
