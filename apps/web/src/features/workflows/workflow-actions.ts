import {
  type StepCode, type Workflow, type WorkflowAction, actOnCurrentStep, cancelWorkflow, recallApproval, skipApproval, skipSigning,
} from '@legal/api';
import { api, isApiError } from '../../lib/api';

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
