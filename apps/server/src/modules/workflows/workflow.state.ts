import type { ContractStatus, ProcessStatus, StepCode, WorkflowAction } from '@legal/api';
import { actionsAt, PERMISSIONS, type PresetType, stepsOf } from './workflow.presets';

/** What a workflow of a preset runs in a workspace: the preset's steps and those the workspace switched off. */
export interface PresetPlan {
  presetType: PresetType;
  steps: readonly StepCode[];
  /** Optional steps switched off: SKIPPED from the start and never entered. */
  offSteps: readonly StepCode[];
}

/**
 * The workflow engine as a pure state machine: (state, action, actor facts) -> the next state, the
 * notices it causes, or a typed refusal (403: not the caller's step; 409: not allowed now; 400: the
 * input the action needs is missing). No I/O: the service (workflows.service.ts) loads the state
 * under the workflow's row lock, applies the answer and writes the rows, events and audit.
 * docs/workflows.md draws the transitions.
 */

export type StepStatus = 'WAITING' | 'ACTIVE' | 'DONE' | 'SKIPPED';
export type Decision = 'PENDING' | 'APPROVED' | 'REJECTED' | 'SKIPPED';
export type LineStatus = 'DRAFT' | 'IN_PROGRESS' | 'APPROVED' | 'REJECTED' | 'SKIPPED' | 'CANCELED';

export interface ApproverState {
  userId: number;
  lineOrder: number;
  decision: Decision;
  documentRevision: number | null;
}

export interface ApprovalState {
  /** null: a line the engine created (a restart, a new round); the service inserts it. */
  approvalId: number | null;
  status: LineStatus;
  approvers: ApproverState[];
}

export interface EngineState {
  presetType: PresetType;
  processStatus: ProcessStatus;
  currentStepCode: StepCode | null;
  round: number;
  steps: Array<{ stepCode: StepCode; status: StepStatus }>;
  /** Steps the workspace switched off when the workflow started (or switched presets): skipped, never entered. */
  offSteps: readonly StepCode[];
  requesterUserId: number;
  reviewerIds: number[];
  /** The current approval line (a DRAFT set ahead of the step, the running one, or the last decided). */
  approval: ApprovalState | null;
}

export interface ActorFacts {
  userId: number;
  permissions: ReadonlySet<string>;
  /** Owns the contract. */
  isOwner: boolean;
}

/** The internal operations besides the WORKFLOW_ACTIONS: approval line and signing management. */
export type EngineOp = WorkflowAction | 'SET_APPROVAL_LINE' | 'CANCEL_APPROVAL' | 'CANCEL_SIGNING';

export interface ActionInput {
  op: EngineOp;
  stepCode: StepCode;
  /** ASSIGN / REASSIGN. */
  assigneeIds?: readonly number[];
  /** SET_APPROVAL_LINE: line per line, the approvers of a line in parallel. */
  lines?: ReadonlyArray<readonly number[]>;
  /** Files attached (COMPLETE_SIGNING needs exactly one: the executed copy). */
  fileCount?: number;
  /** The contract's main document revision now (approval decisions record it). */
  documentRevision?: number | null;
}

export type Notice =
  | 'SUBMITTED' // to the assigners
  | 'ASSIGNED' // to the reviewers
  | 'RETURNED' // to the requester
  | 'REVIEW_COMPLETED' // to the requester
  | 'APPROVAL_TURN' // to the approvers whose turn it is
  | 'APPROVED' // to the requester
  | 'REJECTED' // to the requester
  | 'SIGNING_READY' // to the requester
  | 'EXECUTED' // to the requester
  | 'CANCELED'; // to the requester

export interface Transition {
  ok: true;
  state: EngineState;
  from: ProcessStatus;
  to: ProcessStatus;
  notices: Notice[];
  /** The main document changed since earlier approvals: the line restarted and the caller's decision was not recorded. */
  approvalRestarted: boolean;
}

export interface Refusal {
  ok: false;
  status: 400 | 403 | 409;
  reason: string;
  field?: string;
}

export type Outcome = Transition | Refusal;

export const FINAL_STATUSES: readonly ProcessStatus[] = ['EXECUTED', 'CANCELED'];
const BACK_WITH_REQUESTER: readonly ProcessStatus[] = ['RETURNED', 'REJECTED', 'RECALLED'];

const conflict = (reason: string): Refusal => ({ ok: false, status: 409, reason });
const forbidden = (reason: string): Refusal => ({ ok: false, status: 403, reason });
const invalid = (field: string, reason: string): Refusal => ({ ok: false, status: 400, field, reason });

/** The contract status that goes with a process status (contracts.state.ts allows these moves). */
export function contractStatusFor(status: ProcessStatus): ContractStatus {
  switch (status) {
    case 'REQUESTED':
    case 'IN_REVIEW':
    case 'REVIEW_COMPLETED':
      return 'IN_REVIEW';
    case 'IN_APPROVAL':
      return 'IN_APPROVAL';
    case 'IN_SIGNING':
      return 'IN_SIGNING';
    case 'EXECUTED':
      return 'SIGNED';
    case 'RETURNED':
    case 'REJECTED':
    case 'RECALLED':
    case 'CANCELED':
      return 'DRAFT';
  }
}

/** The approvers whose turn it is: the PENDING approvers of the first line that has any (none unless the line runs). */
export function waitingApprovers(approval: ApprovalState | null): number[] {
  if (!approval || approval.status !== 'IN_PROGRESS') return [];
  const pending = approval.approvers.filter((a) => a.decision === 'PENDING');
  if (pending.length === 0) return [];
  const line = Math.min(...pending.map((a) => a.lineOrder));
  return pending.filter((a) => a.lineOrder === line).map((a) => a.userId);
}

/** A line from user ids per line (lineOrder 1, 2...). */
export function lineFrom(lines: ReadonlyArray<readonly number[]>, status: LineStatus, approvalId: number | null = null): ApprovalState {
  return {
    approvalId,
    status,
    approvers: lines.flatMap((userIds, i) => userIds.map((userId) => ({ userId, lineOrder: i + 1, decision: 'PENDING' as Decision, documentRevision: null }))),
  };
}

// Step moves ------------------------------------------------------------------------------------

function setStep(state: EngineState, stepCode: StepCode, status: StepStatus): EngineState {
  return { ...state, steps: state.steps.map((s) => (s.stepCode === stepCode ? { ...s, status } : s)) };
}

/** The step after `stepCode` that is not switched off (null after the last). */
function nextStepAfter(state: EngineState, stepCode: StepCode): StepCode | null {
  const order = state.steps.map((s) => s.stepCode);
  const i = order.indexOf(stepCode);
  if (i < 0) return null;
  return order.slice(i + 1).find((code) => !state.offSteps.includes(code)) ?? null;
}

/** Makes `stepCode` current and sets the process status it starts with. */
function enter(state: EngineState, stepCode: StepCode, notices: Notice[]): EngineState {
  let next: EngineState = { ...setStep(state, stepCode, 'ACTIVE'), currentStepCode: stepCode };
  switch (stepCode) {
    case 'REQUEST':
      throw new Error('enter(REQUEST): use backToRequester');
    case 'ASSIGNMENT':
      notices.push('SUBMITTED');
      return { ...next, processStatus: 'REQUESTED' };
    case 'LEGAL_REVIEW':
      notices.push('ASSIGNED');
      return { ...next, processStatus: 'IN_REVIEW' };
    case 'APPROVAL': {
      const line = next.approval;
      if (line && line.approvers.length > 0) {
        // A DRAFT starts as it is; a line already used (an earlier round) starts again, fresh.
        const fresh: ApprovalState =
          line.status === 'DRAFT'
            ? { ...line, status: 'IN_PROGRESS' }
            : { approvalId: null, status: 'IN_PROGRESS', approvers: line.approvers.map((a) => ({ ...a, decision: 'PENDING', documentRevision: null })) };
        next = { ...next, approval: fresh };
        notices.push('APPROVAL_TURN');
        return { ...next, processStatus: 'IN_APPROVAL' };
      }
      // No line yet: the requester sets one (approvals v2/v3).
      notices.push('REVIEW_COMPLETED');
      return { ...next, approval: null, processStatus: 'REVIEW_COMPLETED' };
    }
    case 'SIGNING':
      notices.push('SIGNING_READY');
      return { ...next, processStatus: 'IN_SIGNING' };
    case 'EXECUTION':
      notices.push('REVIEW_COMPLETED');
      return { ...next, processStatus: 'REVIEW_COMPLETED' };
  }
}

/** Leaves the current step (DONE or SKIPPED) and enters the next one. */
function advance(state: EngineState, how: 'DONE' | 'SKIPPED', notices: Notice[]): EngineState {
  const current = state.currentStepCode!;
  const left = setStep(state, current, how);
  const next = nextStepAfter(left, current);
  if (next === null) return execute(left, notices);
  return enter(left, next, notices);
}

function execute(state: EngineState, notices: Notice[]): EngineState {
  let next = state;
  for (const s of next.steps) if (s.status === 'ACTIVE' || s.status === 'WAITING') next = setStep(next, s.stepCode, s.stepCode === 'EXECUTION' ? 'DONE' : s.status === 'ACTIVE' ? 'DONE' : 'SKIPPED');
  notices.push('EXECUTED');
  return { ...next, processStatus: 'EXECUTED', currentStepCode: null };
}

function backToRequester(state: EngineState, status: ProcessStatus, notices: Notice[], notice: Notice): EngineState {
  let next = state;
  for (const s of next.steps) if (s.status === 'ACTIVE') next = setStep(next, s.stepCode, 'WAITING');
  next = setStep(next, 'REQUEST', 'ACTIVE');
  notices.push(notice);
  return { ...next, processStatus: status, currentStepCode: 'REQUEST' };
}

// Who may act -----------------------------------------------------------------------------------

const has = (actor: ActorFacts, permission: string) => actor.permissions.has(permission);
const isAdmin = (actor: ActorFacts) => has(actor, PERMISSIONS.contractAdmin);
const isRequesterSide = (state: EngineState, actor: ActorFacts) => actor.userId === state.requesterUserId || actor.isOwner;

/**
 * Whether `op` may run now (409 otherwise) and whether this actor may run it (403 otherwise);
 * null when both hold. Input checks come after (apply).
 */
export function check(state: EngineState, actor: ActorFacts, op: EngineOp, stepCode: StepCode): Refusal | null {
  if (FINAL_STATUSES.includes(state.processStatus)) return conflict('the workflow has ended');
  if (state.currentStepCode !== stepCode) return conflict('not the current step');
  const status = state.processStatus;
  const isWorkflowAction = op !== 'SET_APPROVAL_LINE' && op !== 'CANCEL_APPROVAL' && op !== 'CANCEL_SIGNING';
  if (isWorkflowAction && !actionsAt(stepCode).includes(op)) return conflict('the step does not allow this action');
  switch (op) {
    case 'SUBMIT':
      if (!BACK_WITH_REQUESTER.includes(status)) return conflict('nothing to submit');
      return isRequesterSide(state, actor) ? null : forbidden('only the requester or the owner submits');
    case 'ASSIGN':
      if (status !== 'REQUESTED') return conflict('not waiting for assignment');
      return has(actor, PERMISSIONS.assign) ? null : forbidden('assigning needs legal.review.assign');
    case 'REASSIGN':
      if (status !== 'IN_REVIEW') return conflict('not in review');
      return has(actor, PERMISSIONS.assign) ? null : forbidden('reassigning needs legal.review.assign');
    case 'COMPLETE_REVIEW':
      if (status !== 'IN_REVIEW') return conflict('not in review');
      return state.reviewerIds.includes(actor.userId) ? null : forbidden('only an assigned reviewer completes the review');
    case 'RETURN':
      if (stepCode === 'ASSIGNMENT') {
        if (status !== 'REQUESTED') return conflict('not waiting for assignment');
        return has(actor, PERMISSIONS.assign) ? null : forbidden('returning at assignment needs legal.review.assign');
      }
      if (status !== 'IN_REVIEW') return conflict('not in review');
      return state.reviewerIds.includes(actor.userId) ? null : forbidden('only an assigned reviewer returns it');
    case 'APPROVE':
    case 'REJECT':
      if (status !== 'IN_APPROVAL') return conflict('no approval is running');
      if (waitingApprovers(state.approval).includes(actor.userId)) return null;
      return state.approval?.approvers.some((a) => a.userId === actor.userId && a.decision === 'PENDING') ? conflict('not your turn yet') : forbidden('not an approver of this line');
    case 'RECALL':
      if (status !== 'IN_APPROVAL') return conflict('no approval to recall');
      return actor.userId === state.requesterUserId ? null : forbidden('only the requester recalls');
    case 'CANCEL':
      return isRequesterSide(state, actor) || isAdmin(actor) ? null : forbidden('only the requester, the owner or a contract admin cancels');
    case 'SKIP_APPROVAL':
      if (status !== 'IN_APPROVAL' && status !== 'REVIEW_COMPLETED') return conflict('the approval cannot be skipped now');
      return isAdmin(actor) || has(actor, PERMISSIONS.skipApproval) ? null : forbidden('skipping approval needs contract.contract.admin or legal.review.approve');
    case 'SKIP_SIGNING':
      if (status !== 'IN_SIGNING') return conflict('not in signing');
      return actor.isOwner || isAdmin(actor) ? null : forbidden('only the owner or a contract admin skips signing');
    case 'COMPLETE_SIGNING':
      if (!(stepCode === 'SIGNING' ? status === 'IN_SIGNING' : status === 'REVIEW_COMPLETED')) return conflict('not ready for the executed copy');
      return isRequesterSide(state, actor) || isAdmin(actor) ? null : forbidden('only the requester, the owner or a contract admin uploads the executed copy');
    case 'SET_APPROVAL_LINE':
      if (stepCode !== 'APPROVAL' || status !== 'REVIEW_COMPLETED') return conflict('the approval line can be started only while the workflow waits at approval');
      return isRequesterSide(state, actor) ? null : forbidden('only the requester or the owner sets the approval line');
    case 'CANCEL_APPROVAL':
      if (stepCode !== 'APPROVAL' || status !== 'IN_APPROVAL') return conflict('no approval is running');
      if (state.approval?.approvers.some((a) => a.decision !== 'PENDING')) return conflict('an approver has decided already');
      return isRequesterSide(state, actor) ? null : forbidden('only the requester or the owner cancels the approval');
    case 'CANCEL_SIGNING':
      if (stepCode !== 'SIGNING' || status !== 'IN_SIGNING') return conflict('not in signing');
      return actor.isOwner || isAdmin(actor) ? null : forbidden('only the owner or a contract admin cancels the signing');
  }
}

/** The actions the actor may take now (at the current step), for `allowedActions`. */
export function allowedActions(state: EngineState, actor: ActorFacts): Array<{ stepCode: StepCode; actionId: WorkflowAction }> {
  const step = state.currentStepCode;
  if (!step) return [];
  return actionsAt(step)
    .filter((action) => check(state, actor, action, step) === null)
    .map((actionId) => ({ stepCode: step, actionId }));
}

/** Applies `input` for `actor`: the next state and its notices, or why not. */
export function apply(state: EngineState, actor: ActorFacts, input: ActionInput): Outcome {
  const refused = check(state, actor, input.op, input.stepCode);
  if (refused) return refused;
  const notices: Notice[] = [];
  const from = state.processStatus;
  const done = (next: EngineState, approvalRestarted = false): Transition => ({ ok: true, state: next, from, to: next.processStatus, notices, approvalRestarted });
  switch (input.op) {
    case 'SUBMIT': {
      let next: EngineState = { ...setStep(state, 'REQUEST', 'DONE'), round: state.round + 1 };
      // A new round goes back to the same reviewer when one reviewed it; otherwise from the start.
      const target = next.reviewerIds.length > 0 && next.steps.some((s) => s.stepCode === 'LEGAL_REVIEW') ? 'LEGAL_REVIEW' : nextStepAfter(next, 'REQUEST');
      if (target === null) return done(execute(next, notices));
      next = enter(next, target, notices);
      return done(next);
    }
    case 'ASSIGN':
    case 'REASSIGN': {
      const ids = input.assigneeIds ?? [];
      if (ids.length === 0) return invalid('body.assigneeUserIds', 'name the reviewers');
      const withReviewers = { ...state, reviewerIds: [...ids] };
      if (input.op === 'REASSIGN') {
        notices.push('ASSIGNED');
        return done(withReviewers);
      }
      return done(advance(withReviewers, 'DONE', notices));
    }
    case 'COMPLETE_REVIEW':
      return done(advance(state, 'DONE', notices));
    case 'RETURN':
      return done(backToRequester(state, 'RETURNED', notices, 'RETURNED'));
    case 'APPROVE':
    case 'REJECT': {
      const line = state.approval!;
      const revision = input.documentRevision ?? null;
      const stale = line.approvers.some((a) => a.decision === 'APPROVED' && a.documentRevision !== revision);
      if (stale) {
        // The main document changed since earlier approvals: they no longer hold. The line starts over.
        const restarted: ApprovalState = { ...line, approvers: line.approvers.map((a) => ({ ...a, decision: 'PENDING', documentRevision: null })) };
        notices.push('APPROVAL_TURN');
        return done({ ...state, approval: restarted }, true);
      }
      const decided: ApprovalState = {
        ...line,
        approvers: line.approvers.map((a) => (a.userId === actor.userId && a.decision === 'PENDING' ? { ...a, decision: input.op === 'APPROVE' ? 'APPROVED' : 'REJECTED', documentRevision: revision } : a)),
      };
      if (input.op === 'REJECT') {
        return done(backToRequester({ ...state, approval: { ...decided, status: 'REJECTED' } }, 'REJECTED', notices, 'REJECTED'));
      }
      if (decided.approvers.every((a) => a.decision === 'APPROVED')) {
        notices.push('APPROVED');
        return done(advance({ ...state, approval: { ...decided, status: 'APPROVED' } }, 'DONE', notices));
      }
      const before = waitingApprovers(line);
      const after = waitingApprovers(decided);
      // The next line's turn when this one is complete.
      if (after.some((id) => !before.includes(id))) notices.push('APPROVAL_TURN');
      return done({ ...state, approval: decided });
    }
    case 'RECALL':
      return done(backToRequester({ ...state, approval: { ...state.approval!, status: 'CANCELED' } }, 'RECALLED', notices, 'CANCELED'));
    case 'CANCEL': {
      let next = state;
      for (const s of next.steps) if (s.status === 'ACTIVE') next = setStep(next, s.stepCode, 'SKIPPED');
      const approval = next.approval && (next.approval.status === 'IN_PROGRESS' || next.approval.status === 'DRAFT') ? { ...next.approval, status: 'CANCELED' as const } : next.approval;
      notices.push('CANCELED');
      return done({ ...next, approval, processStatus: 'CANCELED', currentStepCode: null });
    }
    case 'SKIP_APPROVAL': {
      const approval = state.approval && state.approval.status === 'IN_PROGRESS' ? { ...state.approval, status: 'SKIPPED' as const } : state.approval;
      return done(advance({ ...state, approval }, 'SKIPPED', notices));
    }
    case 'SKIP_SIGNING':
      return done(execute(setStep(state, 'SIGNING', 'SKIPPED'), notices));
    case 'COMPLETE_SIGNING':
      if (input.fileCount !== 1) return invalid('body.fileKeys', 'attach exactly one file: the executed copy');
      return done(execute(setStep(state, input.stepCode, 'DONE'), notices));
    case 'SET_APPROVAL_LINE': {
      const lines = input.lines ?? [];
      if (lines.length === 0 || lines.some((l) => l.length === 0)) return invalid('body.lines', 'name the approvers');
      const all = lines.flat();
      if (new Set(all).size !== all.length) return invalid('body.lines', 'each approver once');
      notices.push('APPROVAL_TURN');
      return done({ ...state, approval: lineFrom(lines, 'IN_PROGRESS'), processStatus: 'IN_APPROVAL' });
    }
    case 'CANCEL_APPROVAL':
      return done({ ...state, approval: { ...state.approval!, status: 'CANCELED' }, processStatus: 'REVIEW_COMPLETED' });
    case 'CANCEL_SIGNING': {
      // Back to the step before signing so the document can change: approval (a new line) when the preset has it, else the requester.
      const order = state.steps.map((s) => s.stepCode).filter((code) => !state.offSteps.includes(code));
      const before = order[order.indexOf('SIGNING') - 1];
      const left = setStep(state, 'SIGNING', 'WAITING');
      if (before === 'APPROVAL') {
        return done({ ...setStep(left, 'APPROVAL', 'ACTIVE'), currentStepCode: 'APPROVAL', processStatus: 'REVIEW_COMPLETED', approval: null });
      }
      return done(backToRequester(left, 'RETURNED', notices, 'RETURNED'));
    }
  }
}

const builtInPlan = (presetType: PresetType): PresetPlan => ({ presetType, steps: stepsOf(presetType), offSteps: [] });

/**
 * The state of a workflow just started: REQUEST done, the first step after it that is on entered.
 * `plan` is what the workspace runs (a built-in's steps, all on, by default); `reviewerIds` review
 * directly when the workspace switched ASSIGNMENT off.
 */
export function startState(
  presetType: PresetType | PresetPlan,
  requesterUserId: number,
  draftLine: ReadonlyArray<readonly number[]> | null,
  reviewerIds: readonly number[] = [],
): { state: EngineState; notices: Notice[] } {
  const plan = typeof presetType === 'string' ? builtInPlan(presetType) : presetType;
  const notices: Notice[] = [];
  const base: EngineState = {
    presetType: plan.presetType,
    processStatus: 'REQUESTED',
    currentStepCode: 'REQUEST',
    round: 1,
    steps: plan.steps.map((stepCode) => ({ stepCode, status: stepCode === 'REQUEST' ? 'DONE' : plan.offSteps.includes(stepCode) ? 'SKIPPED' : 'WAITING' })),
    offSteps: [...plan.offSteps],
    requesterUserId,
    reviewerIds: [...reviewerIds],
    approval: draftLine && draftLine.length > 0 ? lineFrom(draftLine, 'DRAFT') : null,
  };
  return { state: enter(base, nextStepAfter(base, 'REQUEST')!, notices), notices };
}

/**
 * Switches a running workflow to another preset (preset transitions): the steps of the new preset,
 * those it shares keeping their status; the current step must be one of them (409 otherwise).
 */
export function switchPreset(state: EngineState, target: PresetType | PresetPlan): EngineState | Refusal {
  const plan = typeof target === 'string' ? builtInPlan(target) : target;
  const to = plan.presetType;
  if (FINAL_STATUSES.includes(state.processStatus)) return conflict('the workflow has ended');
  if (to === state.presetType) return conflict('the workflow runs this preset already');
  // The workspace's switched-off steps of the new preset (the current one is never among them).
  const codes = plan.steps;
  const offSteps = plan.offSteps.filter((code) => code !== state.currentStepCode);
  if (state.currentStepCode === null || !codes.includes(state.currentStepCode)) return conflict('the new preset does not have the current step');
  const kept = new Map(state.steps.map((s) => [s.stepCode, s.status]));
  // A step the old preset did not have: skipped when it lies before the last step done, else still ahead.
  const lastDone = Math.max(...codes.map((code, i) => (kept.get(code) === 'DONE' ? i : -1)));
  const steps = codes.map((stepCode, i) => ({
    stepCode,
    status: offSteps.includes(stepCode) && kept.get(stepCode) !== 'DONE' ? ('SKIPPED' as const) : (kept.get(stepCode) ?? (i < lastDone ? ('SKIPPED' as const) : ('WAITING' as const))),
  }));
  let next: EngineState = { ...state, presetType: to, steps, offSteps };
  // Waiting at EXECUTION after a review, the next preset may put approval in front: nothing else changes.
  if (state.currentStepCode === 'EXECUTION' && state.processStatus === 'REVIEW_COMPLETED') {
    const firstOpen = steps.find((s, i) => i > 0 && s.status === 'WAITING');
    if (firstOpen && firstOpen.stepCode !== 'EXECUTION') {
      next = enter(setStep(next, 'EXECUTION', 'WAITING'), firstOpen.stepCode, []);
    }
  }
  return next;
}
