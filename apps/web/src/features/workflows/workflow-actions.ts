import {
  type Approval, type StepCode, type Workflow, type WorkflowAction, actOnCurrentStep, cancelCurrentApproval, cancelCurrentSigning, cancelWorkflow, deleteCurrentWorkflow,
  recallApproval, saveApprovalDraft, setStepMembers, skipApproval, skipSigning, startApprovalV3, transitionPreset,
} from '@legal/api';
import { api, isApiError } from '../../lib/api';
import { errorReason } from '../../lib/forms/form-errors';

/** What a dialog collects for one action (each action reads the fields it needs). */
export interface ActionInput {
  action: WorkflowAction;
  stepCode: StepCode;
  comment?: string;
  assigneeUserIds?: number[];
  fileKeys?: string[];
  mentionUserIds?: number[];
}

/** The form each action asks for before it is sent. */
export type ActionForm = 'assign' | 'commentRequired' | 'commentOptional' | 'reasonRequired' | 'executedCopy';

export function formOf(action: WorkflowAction): ActionForm {
  switch (action) {
    case 'ASSIGN':
    case 'REASSIGN':
      return 'assign';
    case 'RETURN':
    case 'REJECT':
      return 'commentRequired';
    case 'CANCEL':
    case 'SKIP_APPROVAL':
    case 'SKIP_SIGNING':
      return 'reasonRequired';
    case 'COMPLETE_SIGNING':
      return 'executedCopy';
    default:
      return 'commentOptional';
  }
}

/** The order buttons show in: forward actions first, stopping ones last. */
export const ACTION_ORDER: readonly WorkflowAction[] = [
  'SUBMIT', 'ASSIGN', 'REASSIGN', 'COMPLETE_REVIEW', 'APPROVE', 'COMPLETE_SIGNING', 'RETURN', 'REJECT', 'SKIP_APPROVAL', 'SKIP_SIGNING', 'RECALL', 'CANCEL',
];

const trimmed = (text: string | undefined) => (text && text.trim() ? text.trim() : undefined);

/**
 * Sends one action with the revision the caller read: the dedicated calls for cancel, skips and
 * a recall from approval, the current-step call for the rest. A stale revision answers 409.
 */
export function performAction(workflow: Workflow, input: ActionInput): Promise<Workflow> {
  const { contractId, workflowId, revision } = workflow;
  const comment = trimmed(input.comment);
  const flags = { suppressErrorToast: true } as const;
  switch (input.action) {
    case 'CANCEL':
      return api.call(cancelWorkflow, { ...flags, body: { workflowId, reason: comment ?? '', revision } });
    case 'SKIP_APPROVAL':
      return api.call(skipApproval, { ...flags, params: { contractId }, body: { reason: comment ?? '', revision } });
    case 'SKIP_SIGNING':
      return api.call(skipSigning, { ...flags, params: { contractId }, body: { reason: comment ?? '', revision } });
    case 'RECALL':
      if (input.stepCode === 'APPROVAL') return api.call(recallApproval, { ...flags, params: { workflowId }, body: { revision, ...(comment ? { reason: comment } : {}) } });
      break;
    default:
      break;
  }
  return api.call(actOnCurrentStep, {
    ...flags,
    params: { contractId },
    body: {
      stepCode: input.stepCode,
      actionId: input.action,
      revision,
      ...(comment ? { comment } : {}),
      ...(input.assigneeUserIds?.length ? { assigneeUserIds: input.assigneeUserIds } : {}),
      fileKeys: input.fileKeys ?? [],
      mentionUserIds: input.mentionUserIds ?? [],
    },
  });
}

/** Someone acted on the workflow since it was read (or the state moved on): refresh and say so. */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/**
 * What the panel says after a 409: null for a stale revision (or a 409 without a reason: the
 * panel's own "someone acted meanwhile"), else the server's message (a preset the workspace no
 * longer offers, an open e-sign envelope...).
 */
export function conflictMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const reason = errorReason(error);
  return reason === undefined || reason === 'stale revision' ? null : error.message;
}

// The calls of the manage dialogs (the workflow's own revision is sent where the call takes one) --

const flags = { suppressErrorToast: true } as const;

/** An approval line as the builder holds it, one array of user ids per line (in order; a line's approvers decide in parallel). */
export type LineIds = number[][];
const linesOf = (lines: LineIds) => lines.map((userIds) => ({ userIds, mode: 'ALL' as const }));

export function postPresetTransition(workflow: Workflow, presetType: string): Promise<Workflow> {
  return api.call(transitionPreset, { ...flags, params: { contractId: workflow.contractId }, body: { presetType, revision: workflow.revision } });
}

export function putStepMembers(workflow: Workflow, stepCode: StepCode, userIds: number[]): Promise<Workflow> {
  return api.call(setStepMembers, { ...flags, body: { workflowId: workflow.workflowId, stepCode, userIds, revision: workflow.revision } });
}

export function withdrawWorkflow(workflow: Workflow): Promise<null> {
  return api.call(deleteCurrentWorkflow, { ...flags, params: { contractId: workflow.contractId } });
}

export function postApprovalLine(workflow: Workflow, lines: LineIds, comment: string): Promise<Workflow> {
  return api.call(startApprovalV3, { ...flags, params: { contractId: workflow.contractId }, body: { lines: linesOf(lines), revision: workflow.revision, ...(comment.trim() ? { comment: comment.trim() } : {}) } });
}

export function postApprovalDraft(workflow: Workflow, lines: LineIds, comment: string): Promise<Approval> {
  return api.call(saveApprovalDraft, { ...flags, params: { contractId: workflow.contractId }, body: { lines: linesOf(lines), ...(comment.trim() ? { comment: comment.trim() } : {}) } });
}

/** DELETE approvals/current or signings/current with the revision read and the comment (recorded on the event). */
export function cancelStep(workflow: Workflow, step: 'APPROVAL' | 'SIGNING', comment: string): Promise<Workflow> {
  const body = { revision: workflow.revision, ...(comment.trim() ? { comment: comment.trim() } : {}) };
  return api.call(step === 'APPROVAL' ? cancelCurrentApproval : cancelCurrentSigning, { ...flags, params: { contractId: workflow.contractId }, body });
}
