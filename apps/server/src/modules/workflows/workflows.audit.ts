import type { ProcessStatus, StepCode } from '@legal/api';
import type { EngineOp } from './workflow.state';

export type WorkflowsAuditEvent =
  | { type: 'workflow.started'; data: { workflowId: number; contractId: number; presetType: string; processStatus: ProcessStatus } }
  | { type: 'workflow.action'; data: { workflowId: number; contractId: number; action: EngineOp; stepCode: StepCode; from: ProcessStatus; to: ProcessStatus; round: number } }
  | { type: 'workflow.preset_changed'; data: { workflowId: number; contractId: number; from: string; to: string } }
  | { type: 'workflow.members_changed'; data: { workflowId: number; contractId: number; stepCode: StepCode; userIds: number[] } }
  | { type: 'workflow.deleted'; data: { workflowId: number; contractId: number } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    workflows: WorkflowsAuditEvent;
  }
}
