import type { StepCode } from '@legal/api';

export type WorkflowPresetsAuditEvent =
  | { type: 'workflow_preset.published'; data: { presetType: string; steps: Array<{ stepCode: StepCode; isOptional: boolean }> } }
  | {
      type: 'workflow_preset.edited';
      data: { presetType: string; revision: number; name: { ko: string; en: string }; before: Array<{ stepCode: StepCode; isOptional: boolean }>; steps: Array<{ stepCode: StepCode; isOptional: boolean }> };
    }
  | { type: 'workflow_preset.withdrawn'; data: { presetType: string; revision: number } }
  | {
      type: 'workflow_preset.adapted';
      data: { presets: Array<{ presetType: string; isEnabled: boolean; offStepCodes: StepCode[]; defaultReviewDeadlineDays: number | null; hasCustomName: boolean }> };
    };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    workflowPresets: WorkflowPresetsAuditEvent;
  }
}
