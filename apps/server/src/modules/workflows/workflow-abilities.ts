import type { ProcessStatus, StepCode, WorkflowAbilities } from '@legal/api';
import { PERMISSIONS } from './workflow.presets';
import { type ActorFacts, check, type EngineState, FINAL_STATUSES, type PresetPlan, type Refusal, switchPreset } from './workflow.state';

/**
 * Who may manage a workflow besides its step actions (withdraw it, switch its preset, set a step's
 * members, draft the approval line), as pure rules: the services refuse a call with them and the
 * workflow DTO's `abilities` answer them for the caller, so a button shows exactly when its call
 * would pass now. The step actions and the approval/signing cancels are the engine's (`check`).
 */

const conflict = (reason: string): Refusal => ({ ok: false, status: 409, reason });
const forbidden = (reason: string): Refusal => ({ ok: false, status: 403, reason });
const isFinal = (status: ProcessStatus) => FINAL_STATUSES.includes(status);
const isRequesterSide = (state: Pick<EngineState, 'requesterUserId'>, actor: ActorFacts) => actor.userId === state.requesterUserId || actor.isOwner;
const isAdmin = (actor: ActorFacts) => actor.permissions.has(PERMISSIONS.contractAdmin);

/** Withdrawing (deleting) the request: its requester or a contract admin, while only its STARTED event exists. */
export function withdrawRefusal(wf: { requesterUserId: number; processStatus: ProcessStatus; lastEventSeq: number }, actor: ActorFacts): Refusal | null {
  if (wf.requesterUserId !== actor.userId && !isAdmin(actor)) return forbidden('only the requester or a contract admin withdraws the request');
  if (isFinal(wf.processStatus) || wf.lastEventSeq > 1) return conflict('somebody acted on this request already');
  return null;
}

/** Who may switch the preset of a running workflow: the requester, the owner or a contract admin. */
export function presetSwitchRefusal(state: EngineState, actor: ActorFacts): Refusal | null {
  if (isFinal(state.processStatus)) return conflict('the workflow has ended');
  return isRequesterSide(state, actor) || isAdmin(actor) ? null : forbidden('only the requester, the owner or a contract admin switches the preset');
}

/** The presets (among those the workspace offers) the workflow may switch to now. */
export function presetTargets(state: EngineState, actor: ActorFacts, offered: readonly PresetPlan[]): string[] {
  if (presetSwitchRefusal(state, actor)) return [];
  return offered.filter((plan) => !('ok' in switchPreset(state, plan))).map((plan) => plan.presetType);
}

/** The permission the members of a step need (null: a step whose members are not set this way). */
export function memberPermissionOf(stepCode: StepCode): string | null {
  return stepCode === 'ASSIGNMENT' ? PERMISSIONS.assign : stepCode === 'LEGAL_REVIEW' ? PERMISSIONS.review : stepCode === 'APPROVAL' ? PERMISSIONS.approve : null;
}

/**
 * Setting who acts at a step (steps/members): a step of the workflow that has not finished;
 * the approvers by the requester or the owner, the assigners and reviewers with legal.review.assign.
 */
export function memberStepRefusal(state: EngineState, actor: ActorFacts, stepCode: StepCode): Refusal | null {
  const step = state.steps.find((s) => s.stepCode === stepCode);
  if (!step || step.status === 'DONE' || step.status === 'SKIPPED' || isFinal(state.processStatus)) return conflict('the step has finished');
  const mayEdit = stepCode === 'APPROVAL' ? isRequesterSide(state, actor) : actor.permissions.has(PERMISSIONS.assign);
  return mayEdit ? null : forbidden(stepCode === 'APPROVAL' ? 'only the requester or the owner sets the approvers' : 'setting assigners or reviewers needs legal.review.assign');
}

/** Saving the approval line as a draft: the requester or the owner, while the workflow runs, no line runs and its approval step is still ahead or waiting for a line. */
export function approvalDraftRefusal(state: EngineState, actor: ActorFacts): Refusal | null {
  if (!isRequesterSide(state, actor)) return forbidden('only the requester or the owner drafts the approval line');
  const approval = state.steps.find((s) => s.stepCode === 'APPROVAL');
  if (isFinal(state.processStatus) || state.processStatus === 'IN_APPROVAL') return conflict('an approval runs or the workflow ended');
  if (!approval || approval.status === 'DONE' || approval.status === 'SKIPPED') return conflict('the workflow has no approval step ahead');
  return null;
}

export interface AbilityFacts {
  /** The workflow's last event seq (1: only STARTED, nobody acted). */
  lastEventSeq: number;
  /** An e-sign envelope of the signing step is open (the signing cannot be canceled by hand). */
  isEnvelopeOpen: boolean;
  /** The presets the workspace offers, as they would run (read only when the caller may switch). */
  offered: readonly PresetPlan[];
}

/** The caller's abilities on the workflow (WorkflowAbilitiesSchema), from the same rules the calls check. */
export function abilitiesOf(state: EngineState, actor: ActorFacts, facts: AbilityFacts): WorkflowAbilities {
  const memberSteps = (['ASSIGNMENT', 'LEGAL_REVIEW', 'APPROVAL'] as const).filter((code) => memberStepRefusal(state, actor, code) === null);
  return {
    canWithdraw: withdrawRefusal({ requesterUserId: state.requesterUserId, processStatus: state.processStatus, lastEventSeq: facts.lastEventSeq }, actor) === null,
    canSetApprovalLine: check(state, actor, 'SET_APPROVAL_LINE', 'APPROVAL') === null,
    canSaveApprovalDraft: approvalDraftRefusal(state, actor) === null,
    canCancelApproval: check(state, actor, 'CANCEL_APPROVAL', 'APPROVAL') === null,
    canCancelSigning: !facts.isEnvelopeOpen && check(state, actor, 'CANCEL_SIGNING', 'SIGNING') === null,
    memberSteps,
    presetTargets: presetTargets(state, actor, facts.offered),
  };
}

/** Whether the presets offered need reading for this caller (only one who may switch sees targets). */
export const mayReadPresetTargets = (state: EngineState, actor: ActorFacts) => presetSwitchRefusal(state, actor) === null;
