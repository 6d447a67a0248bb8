import { STEP_CODES, WORKFLOW_ACTIONS, type StepCode, type WorkflowAction } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { canTransition } from '../contracts';
import { actionsAt, ALL_PRESETS, BUILT_IN_PRESETS, type PresetType, presetStepProblems, workflowMeta } from './workflow.presets';
import { type ActionInput, type ActorFacts, allowedActions, apply, contractStatusFor, type EngineState, type Outcome, type PresetPlan, startState, switchPreset, type Transition, waitingApprovers } from './workflow.state';

// Users: 1 requester (owner), 2 assigner, 3 reviewer, 4 and 5 approvers, 6 a stranger, 7 contract admin, 8 second reviewer.
const REQUESTER: ActorFacts = { userId: 1, permissions: new Set(['contract.contract.write']), isOwner: true };
const ASSIGNER: ActorFacts = { userId: 2, permissions: new Set(['legal.review.assign']), isOwner: false };
const REVIEWER: ActorFacts = { userId: 3, permissions: new Set(['legal.review.review']), isOwner: false };
const APPROVER_A: ActorFacts = { userId: 4, permissions: new Set(['approval.approval.approve']), isOwner: false };
const APPROVER_B: ActorFacts = { userId: 5, permissions: new Set(['approval.approval.approve']), isOwner: false };
const STRANGER: ActorFacts = { userId: 6, permissions: new Set(['contract.contract.read']), isOwner: false };
const ADMIN: ActorFacts = { userId: 7, permissions: new Set(['contract.contract.admin']), isOwner: false };
const ACTORS = [REQUESTER, ASSIGNER, REVIEWER, APPROVER_A, APPROVER_B, STRANGER, ADMIN];

function ok(outcome: Outcome): Transition {
  if (!outcome.ok) throw new Error(`refused ${outcome.status}: ${outcome.reason}`);
  return outcome;
}
const act = (state: EngineState, actor: ActorFacts, op: ActionInput['op'], extra: Partial<ActionInput> = {}) => apply(state, actor, { op, stepCode: state.currentStepCode ?? 'REQUEST', ...extra });
const step = (state: EngineState, code: StepCode) => state.steps.find((s) => s.stepCode === code)?.status;

function start(preset: PresetType, lines: number[][] | null = null) {
  return startState(preset, REQUESTER.userId, lines).state;
}
function inReview(preset: PresetType = 'LEGAL_REVIEW_AND_APPROVAL', lines: number[][] | null = [[4], [5]]) {
  return ok(act(start(preset, lines), ASSIGNER, 'ASSIGN', { assigneeIds: [3] })).state;
}

describe('presets and meta', () => {
  it('define the four built-in presets with their steps in order', () => {
    const steps = Object.fromEntries(ALL_PRESETS.map((p) => [p.presetType, p.steps.map((s) => s.stepCode)]));
    expect(steps).toEqual({
      LEGAL_REVIEW: ['REQUEST', 'ASSIGNMENT', 'LEGAL_REVIEW', 'EXECUTION'],
      APPROVAL: ['REQUEST', 'APPROVAL', 'SIGNING', 'EXECUTION'],
      LEGAL_REVIEW_AND_APPROVAL: ['REQUEST', 'ASSIGNMENT', 'LEGAL_REVIEW', 'APPROVAL', 'SIGNING', 'EXECUTION'],
      SIGNING: ['REQUEST', 'SIGNING', 'EXECUTION'],
    });
    expect(ALL_PRESETS.find((p) => p.presetType === 'LEGAL_REVIEW')!.steps[1]!.actorRule).toEqual({ role: 'ASSIGNER', permission: 'legal.review.assign' });
  });
  it('labels every status, step and action in ko and en, every status in exactly one group', () => {
    const meta = workflowMeta();
    expect(meta.actions.map((a) => a.code).sort()).toEqual([...WORKFLOW_ACTIONS].sort());
    expect(meta.stepInfos.map((s) => s.code)).toEqual([...STEP_CODES]);
    expect(meta.groupedStatusInfos.flatMap((g) => g.statuses).sort()).toEqual(meta.processStatuses.map((s) => s.code).sort());
    for (const s of meta.processStatuses) expect(s.name.ko && s.name.en).toBeTruthy();
  });
});

describe('start', () => {
  it('enters the first step after REQUEST per preset', () => {
    expect(start('LEGAL_REVIEW')).toMatchObject({ processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', round: 1 });
    expect(start('APPROVAL', [[4]])).toMatchObject({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL' });
    expect(start('APPROVAL')).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', approval: null });
    expect(start('SIGNING')).toMatchObject({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING' });
    expect(step(start('LEGAL_REVIEW'), 'REQUEST')).toBe('DONE');
    expect(step(start('LEGAL_REVIEW'), 'ASSIGNMENT')).toBe('ACTIVE');
  });
  it('notifies the assigners on submit, the approvers when a line starts', () => {
    expect(startState('LEGAL_REVIEW', 1, null).notices).toEqual(['SUBMITTED']);
    expect(startState('APPROVAL', 1, [[4]]).notices).toEqual(['APPROVAL_TURN']);
  });
});

describe('every action at every step', () => {
  // Drive each preset to each of its reachable states and try every action by every actor: the
  // engine either refuses with 403/409/400 or answers a state that keeps its invariants.
  const states: EngineState[] = [];
  const s0 = start('LEGAL_REVIEW_AND_APPROVAL', [[4, 5]]);
  states.push(s0);
  const s1 = ok(act(s0, ASSIGNER, 'ASSIGN', { assigneeIds: [3] })).state;
  states.push(s1);
  states.push(ok(act(s1, REVIEWER, 'RETURN')).state);
  const s2 = ok(act(s1, REVIEWER, 'COMPLETE_REVIEW')).state;
  states.push(s2);
  const s3 = ok(act(ok(act(s2, APPROVER_A, 'APPROVE', { documentRevision: 1 })).state, APPROVER_B, 'APPROVE', { documentRevision: 1 })).state;
  states.push(s3);
  states.push(start('LEGAL_REVIEW'), start('APPROVAL'), start('SIGNING'));
  states.push(ok(act(inReview('LEGAL_REVIEW', null), REVIEWER, 'COMPLETE_REVIEW')).state);
  states.push(ok(act(start('SIGNING'), REQUESTER, 'CANCEL_SIGNING')).state);

  it.each(states.map((s, i) => [i, s] as const))('state %i: only the step\'s actions pass, with consistent answers', (_i, state) => {
    for (const action of WORKFLOW_ACTIONS) {
      for (const code of STEP_CODES) {
        for (const actor of ACTORS) {
          const outcome = apply(state, actor, { op: action, stepCode: code, assigneeIds: [3], fileCount: 1, documentRevision: 1 });
          if (!outcome.ok) {
            expect([400, 403, 409]).toContain(outcome.status);
            continue;
          }
          expect(code).toBe(state.currentStepCode);
          expect(actionsAt(code)).toContain(action);
          const next = outcome.state;
          // One step ACTIVE while running, none once ended; the current step is the active one.
          const active = next.steps.filter((s) => s.status === 'ACTIVE').map((s) => s.stepCode);
          if (next.currentStepCode === null) expect(active).toEqual([]);
          else expect(active).toEqual([next.currentStepCode]);
          const from = contractStatusFor(state.processStatus);
          const to = contractStatusFor(next.processStatus);
          // The contract can follow, directly or through DRAFT (workflows.service.ts syncContract).
          if (from !== to) expect(canTransition(from, to) || (canTransition(from, 'DRAFT') && canTransition('DRAFT', to)), `${from} -> ${to} (${action})`).toBe(true);
        }
      }
    }
  });

  it('refuses an action at another step than the current one with 409', () => {
    const refused = apply(s1, REVIEWER, { op: 'COMPLETE_REVIEW', stepCode: 'APPROVAL' });
    expect(refused).toMatchObject({ ok: false, status: 409 });
  });
  it('allowedActions lists exactly what apply accepts', () => {
    for (const state of states) {
      for (const actor of ACTORS) {
        const allowed = allowedActions(state, actor).map((a) => a.actionId);
        const step = state.currentStepCode;
        if (!step) {
          expect(allowed).toEqual([]);
          continue;
        }
        for (const action of WORKFLOW_ACTIONS as readonly WorkflowAction[]) {
          const outcome = apply(state, actor, { op: action, stepCode: step, assigneeIds: [3], fileCount: 1, documentRevision: 1 });
          expect(allowed.includes(action), `${action} by ${actor.userId} at ${step}`).toBe(outcome.ok);
        }
      }
    }
  });
});

describe('assignment and review', () => {
  it('ASSIGN needs legal.review.assign (403), the REQUESTED state (409) and reviewers (400)', () => {
    const s = start('LEGAL_REVIEW');
    expect(act(s, REQUESTER, 'ASSIGN', { assigneeIds: [3] })).toMatchObject({ ok: false, status: 403 });
    expect(act(s, ASSIGNER, 'ASSIGN', { assigneeIds: [] })).toMatchObject({ ok: false, status: 400, field: 'body.assigneeUserIds' });
    const assigned = ok(act(s, ASSIGNER, 'ASSIGN', { assigneeIds: [3] }));
    expect(assigned.state).toMatchObject({ processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', reviewerIds: [3] });
    expect(assigned.notices).toEqual(['ASSIGNED']);
    expect(apply(assigned.state, ASSIGNER, { op: 'ASSIGN', stepCode: 'LEGAL_REVIEW', assigneeIds: [3] })).toMatchObject({ ok: false, status: 409 });
  });
  it('REASSIGN replaces the reviewers and stays in review', () => {
    const s = inReview();
    const r = ok(act(s, ASSIGNER, 'REASSIGN', { assigneeIds: [8] }));
    expect(r.state).toMatchObject({ processStatus: 'IN_REVIEW', reviewerIds: [8] });
    expect(act(r.state, REVIEWER, 'COMPLETE_REVIEW')).toMatchObject({ ok: false, status: 403 });
  });
  it('only an assigned reviewer completes or returns', () => {
    const s = inReview();
    expect(act(s, STRANGER, 'COMPLETE_REVIEW')).toMatchObject({ ok: false, status: 403 });
    expect(act(s, { ...REVIEWER, userId: 8 }, 'RETURN')).toMatchObject({ ok: false, status: 403 });
  });
  it('RETURN sends it back to the requester; SUBMIT starts round 2 at LEGAL_REVIEW with the same reviewer', () => {
    const returned = ok(act(inReview(), REVIEWER, 'RETURN'));
    expect(returned.state).toMatchObject({ processStatus: 'RETURNED', currentStepCode: 'REQUEST', round: 1 });
    expect(returned.notices).toEqual(['RETURNED']);
    expect(step(returned.state, 'LEGAL_REVIEW')).toBe('WAITING');
    expect(step(returned.state, 'ASSIGNMENT')).toBe('DONE');
    expect(act(returned.state, STRANGER, 'SUBMIT')).toMatchObject({ ok: false, status: 403 });
    const round2 = ok(act(returned.state, REQUESTER, 'SUBMIT'));
    expect(round2.state).toMatchObject({ processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', round: 2, reviewerIds: [3] });
    expect(round2.notices).toEqual(['ASSIGNED']);
  });
  it('the assigner may return a request before assigning it', () => {
    const r = ok(act(start('LEGAL_REVIEW'), ASSIGNER, 'RETURN'));
    expect(r.state.processStatus).toBe('RETURNED');
    // Resubmitted without a reviewer: back to assignment.
    expect(ok(act(r.state, REQUESTER, 'SUBMIT')).state).toMatchObject({ currentStepCode: 'ASSIGNMENT', processStatus: 'REQUESTED', round: 2 });
  });
  it('COMPLETE_REVIEW goes on to approval (starting the draft line) or to execution', () => {
    const withLine = ok(act(inReview(), REVIEWER, 'COMPLETE_REVIEW'));
    expect(withLine.state).toMatchObject({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL' });
    expect(withLine.notices).toEqual(['APPROVAL_TURN']);
    expect(waitingApprovers(withLine.state.approval)).toEqual([4]);
    const noLine = ok(act(inReview('LEGAL_REVIEW_AND_APPROVAL', null), REVIEWER, 'COMPLETE_REVIEW'));
    expect(noLine.state).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', approval: null });
    const reviewOnly = ok(act(inReview('LEGAL_REVIEW', null), REVIEWER, 'COMPLETE_REVIEW'));
    expect(reviewOnly.state).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'EXECUTION' });
    expect(reviewOnly.notices).toEqual(['REVIEW_COMPLETED']);
  });
});

describe('approval', () => {
  const atApproval = (lines: number[][]) => ok(act(inReview('LEGAL_REVIEW_AND_APPROVAL', lines), REVIEWER, 'COMPLETE_REVIEW')).state;

  it('sequential lines: the second approver waits for the first (409 before), then the workflow goes to signing', () => {
    const s = atApproval([[4], [5]]);
    expect(act(s, APPROVER_B, 'APPROVE', { documentRevision: 1 })).toMatchObject({ ok: false, status: 409 });
    expect(act(s, STRANGER, 'APPROVE', { documentRevision: 1 })).toMatchObject({ ok: false, status: 403 });
    const first = ok(act(s, APPROVER_A, 'APPROVE', { documentRevision: 1 }));
    expect(first.state.processStatus).toBe('IN_APPROVAL');
    expect(first.notices).toEqual(['APPROVAL_TURN']);
    expect(waitingApprovers(first.state.approval)).toEqual([5]);
    expect(act(first.state, APPROVER_A, 'APPROVE', { documentRevision: 1 })).toMatchObject({ ok: false, status: 403 });
    const second = ok(act(first.state, APPROVER_B, 'APPROVE', { documentRevision: 1 }));
    expect(second.state).toMatchObject({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING' });
    expect(second.state.approval).toMatchObject({ status: 'APPROVED' });
    expect(second.state.approval!.approvers.map((a) => [a.userId, a.decision, a.documentRevision])).toEqual([[4, 'APPROVED', 1], [5, 'APPROVED', 1]]);
    expect(second.notices).toEqual(['APPROVED', 'SIGNING_READY']);
  });
  it('a parallel line needs every approver, in any order', () => {
    const s = atApproval([[4, 5]]);
    expect(waitingApprovers(s.approval).sort()).toEqual([4, 5]);
    const b = ok(act(s, APPROVER_B, 'APPROVE', { documentRevision: 1 }));
    expect(b.state.processStatus).toBe('IN_APPROVAL');
    expect(b.notices).toEqual([]);
    expect(ok(act(b.state, APPROVER_A, 'APPROVE', { documentRevision: 1 })).state.processStatus).toBe('IN_SIGNING');
  });
  it('REJECT sends it back to the requester as REJECTED; resubmitting restarts review, then a fresh line', () => {
    const s = atApproval([[4], [5]]);
    const rejected = ok(act(s, APPROVER_A, 'REJECT', { documentRevision: 1 }));
    expect(rejected.state).toMatchObject({ processStatus: 'REJECTED', currentStepCode: 'REQUEST' });
    expect(rejected.state.approval?.status).toBe('REJECTED');
    expect(rejected.notices).toEqual(['REJECTED']);
    const again = ok(act(rejected.state, REQUESTER, 'SUBMIT')).state;
    expect(again).toMatchObject({ processStatus: 'IN_REVIEW', round: 2 });
    const approval = ok(act(again, REVIEWER, 'COMPLETE_REVIEW')).state.approval!;
    expect(approval).toMatchObject({ approvalId: null, status: 'IN_PROGRESS' });
    expect(approval.approvers.every((a) => a.decision === 'PENDING')).toBe(true);
  });
  it('APPROVAL preset: a rejection resubmitted goes straight back to approval', () => {
    const s = start('APPROVAL', [[4]]);
    const r = ok(act(s, APPROVER_A, 'REJECT', { documentRevision: 1 })).state;
    expect(ok(act(r, REQUESTER, 'SUBMIT')).state).toMatchObject({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', round: 2 });
  });
  it('a new main document revision restarts the line at the next decision', () => {
    const s = atApproval([[4], [5]]);
    const first = ok(act(s, APPROVER_A, 'APPROVE', { documentRevision: 1 })).state;
    const restarted = ok(act(first, APPROVER_B, 'APPROVE', { documentRevision: 2 }));
    expect(restarted.approvalRestarted).toBe(true);
    expect(restarted.state.approval!.approvers.every((a) => a.decision === 'PENDING')).toBe(true);
    expect(waitingApprovers(restarted.state.approval)).toEqual([4]);
  });
  it('RECALL: only the requester, while the line runs; CANCEL_APPROVAL only before any decision', () => {
    const s = atApproval([[4], [5]]);
    expect(act(s, APPROVER_A, 'RECALL')).toMatchObject({ ok: false, status: 403 });
    const recalled = ok(act(s, REQUESTER, 'RECALL')).state;
    expect(recalled).toMatchObject({ processStatus: 'RECALLED', currentStepCode: 'REQUEST' });
    expect(recalled.approval?.status).toBe('CANCELED');
    expect(act(recalled, REQUESTER, 'RECALL')).toMatchObject({ ok: false, status: 409 });
    const canceled = ok(act(s, REQUESTER, 'CANCEL_APPROVAL')).state;
    expect(canceled).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL' });
    const decided = ok(act(s, APPROVER_A, 'APPROVE', { documentRevision: 1 })).state;
    expect(act(decided, REQUESTER, 'CANCEL_APPROVAL')).toMatchObject({ ok: false, status: 409 });
  });
  it('SET_APPROVAL_LINE starts a line while the workflow waits at approval, for the requester side only', () => {
    const s = atApproval([]);
    expect(s.processStatus).toBe('REVIEW_COMPLETED');
    expect(act(s, STRANGER, 'SET_APPROVAL_LINE', { lines: [[4]] })).toMatchObject({ ok: false, status: 403 });
    expect(act(s, REQUESTER, 'SET_APPROVAL_LINE', { lines: [[4], [4]] })).toMatchObject({ ok: false, status: 400 });
    const started = ok(act(s, REQUESTER, 'SET_APPROVAL_LINE', { lines: [[4, 5]] }));
    expect(started.state.processStatus).toBe('IN_APPROVAL');
    expect(act(started.state, REQUESTER, 'SET_APPROVAL_LINE', { lines: [[4]] })).toMatchObject({ ok: false, status: 409 });
  });
  it('SKIP_APPROVAL needs contract.contract.admin or legal.review.approve', () => {
    const s = atApproval([[4]]);
    expect(act(s, REQUESTER, 'SKIP_APPROVAL')).toMatchObject({ ok: false, status: 403 });
    const skipped = ok(act(s, ADMIN, 'SKIP_APPROVAL')).state;
    expect(skipped).toMatchObject({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING' });
    expect(step(skipped, 'APPROVAL')).toBe('SKIPPED');
    expect(skipped.approval?.status).toBe('SKIPPED');
  });
});

describe('signing and the end', () => {
  it('COMPLETE_SIGNING with exactly one executed copy -> EXECUTED, current step null', () => {
    const s = start('SIGNING');
    expect(act(s, REQUESTER, 'COMPLETE_SIGNING', { fileCount: 0 })).toMatchObject({ ok: false, status: 400, field: 'body.fileKeys' });
    expect(act(s, STRANGER, 'COMPLETE_SIGNING', { fileCount: 1 })).toMatchObject({ ok: false, status: 403 });
    const done = ok(act(s, REQUESTER, 'COMPLETE_SIGNING', { fileCount: 1 }));
    expect(done.state).toMatchObject({ processStatus: 'EXECUTED', currentStepCode: null });
    expect(done.state.steps.map((x) => x.status)).toEqual(['DONE', 'DONE', 'DONE']);
    expect(done.notices).toEqual(['EXECUTED']);
    expect(contractStatusFor('EXECUTED')).toBe('SIGNED');
    // Nothing happens after the end.
    expect(act(done.state, REQUESTER, 'CANCEL')).toMatchObject({ ok: false, status: 409 });
  });
  it('after a review only, the executed copy is uploaded at EXECUTION', () => {
    const s = ok(act(inReview('LEGAL_REVIEW', null), REVIEWER, 'COMPLETE_REVIEW')).state;
    expect(ok(act(s, REQUESTER, 'COMPLETE_SIGNING', { fileCount: 1 })).state.processStatus).toBe('EXECUTED');
  });
  it('SKIP_SIGNING (owner or admin) executes without a copy', () => {
    const s = start('SIGNING');
    expect(act(s, STRANGER, 'SKIP_SIGNING')).toMatchObject({ ok: false, status: 403 });
    const skipped = ok(act(s, ADMIN, 'SKIP_SIGNING')).state;
    expect(skipped).toMatchObject({ processStatus: 'EXECUTED', currentStepCode: null });
    expect(step(skipped, 'SIGNING')).toBe('SKIPPED');
  });
  it('CANCEL_SIGNING goes back to approval (new line) or to the requester', () => {
    const viaApproval = start('APPROVAL', [[4]]);
    const signing = ok(act(viaApproval, APPROVER_A, 'APPROVE', { documentRevision: 1 })).state;
    expect(ok(act(signing, REQUESTER, 'CANCEL_SIGNING')).state).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', approval: null });
    expect(ok(act(start('SIGNING'), REQUESTER, 'CANCEL_SIGNING')).state).toMatchObject({ processStatus: 'RETURNED', currentStepCode: 'REQUEST' });
    expect(act(start('SIGNING'), STRANGER, 'CANCEL_SIGNING')).toMatchObject({ ok: false, status: 403 });
  });
  it('CANCEL by the requester, the owner or an admin at any step, never by others', () => {
    for (const s of [start('LEGAL_REVIEW'), inReview(), start('APPROVAL', [[4]]), start('SIGNING')]) {
      expect(act(s, STRANGER, 'CANCEL')).toMatchObject({ ok: false, status: 403 });
      expect(act(s, APPROVER_A, 'CANCEL')).toMatchObject({ ok: false, status: 403 });
      const c = ok(act(s, ADMIN, 'CANCEL')).state;
      expect(c).toMatchObject({ processStatus: 'CANCELED', currentStepCode: null });
      expect(c.steps.some((x) => x.status === 'ACTIVE')).toBe(false);
    }
  });
});

describe('preset transitions', () => {
  it('adds approval after a finished review; refuses a preset without the current step', () => {
    const s = ok(act(inReview('LEGAL_REVIEW', null), REVIEWER, 'COMPLETE_REVIEW')).state;
    const switched = switchPreset(s, 'LEGAL_REVIEW_AND_APPROVAL');
    expect(switched).toMatchObject({ presetType: 'LEGAL_REVIEW_AND_APPROVAL', currentStepCode: 'APPROVAL', processStatus: 'REVIEW_COMPLETED' });
    expect(switchPreset(inReview(), 'SIGNING')).toMatchObject({ ok: false, status: 409 });
    expect(switchPreset(inReview(), 'LEGAL_REVIEW_AND_APPROVAL')).toMatchObject({ ok: false, status: 409 });
  });
});

describe('optional steps a workspace switched off', () => {
  const plan = (presetType: PresetType, offSteps: PresetPlan['offSteps']): PresetPlan => ({ presetType, steps: BUILT_IN_PRESETS.find((p) => p.presetType === presetType)!.steps.map((x) => x.stepCode), offSteps });

  it('APPROVAL without SIGNING: the last approval goes to EXECUTION, the signing step is skipped from the start and never entered', () => {
    const started = startState(plan('APPROVAL', ['SIGNING']), REQUESTER.userId, [[4]]).state;
    expect(step(started, 'SIGNING')).toBe('SKIPPED');
    expect(started.offSteps).toEqual(['SIGNING']);
    const approved = ok(act(started, APPROVER_A, 'APPROVE', { documentRevision: 1 }));
    expect(approved.state).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'EXECUTION' });
    expect(step(approved.state, 'SIGNING')).toBe('SKIPPED');
    expect(approved.notices).not.toContain('SIGNING_READY');
    // Skipping approval also passes over the switched-off signing step.
    const skipped = ok(act(startState(plan('APPROVAL', ['SIGNING']), REQUESTER.userId, null).state, ADMIN, 'SKIP_APPROVAL')).state;
    expect(skipped).toMatchObject({ currentStepCode: 'EXECUTION', processStatus: 'REVIEW_COMPLETED' });
    const executed = ok(act(approved.state, REQUESTER, 'COMPLETE_SIGNING', { fileCount: 1 })).state;
    expect(executed).toMatchObject({ processStatus: 'EXECUTED' });
    expect(step(executed, 'SIGNING')).toBe('SKIPPED');
    expect(contractStatusFor(executed.processStatus)).toBe('SIGNED');
  });

  it('LEGAL_REVIEW without ASSIGNMENT: the named reviewers review at once; a returned request comes back to them', () => {
    const { state, notices } = startState(plan('LEGAL_REVIEW', ['ASSIGNMENT']), REQUESTER.userId, null, [3]);
    expect(state).toMatchObject({ processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', reviewerIds: [3] });
    expect(step(state, 'ASSIGNMENT')).toBe('SKIPPED');
    expect(notices).toEqual(['ASSIGNED']);
    const returned = ok(act(state, REVIEWER, 'RETURN')).state;
    expect(step(returned, 'ASSIGNMENT')).toBe('SKIPPED');
    const again = ok(act(returned, REQUESTER, 'SUBMIT')).state;
    expect(again).toMatchObject({ processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', round: 2 });
    expect(ok(act(again, REVIEWER, 'COMPLETE_REVIEW')).state).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'EXECUTION' });
  });

  it('a canceled signing goes back past a switched-off approval to the requester', () => {
    const custom: PresetPlan = { presetType: 'REVIEW_THEN_SIGN', steps: ['REQUEST', 'APPROVAL', 'SIGNING', 'EXECUTION'], offSteps: ['APPROVAL'] };
    const started = startState(custom, REQUESTER.userId, null).state;
    expect(started).toMatchObject({ currentStepCode: 'SIGNING', processStatus: 'IN_SIGNING' });
    expect(ok(act(started, REQUESTER, 'CANCEL_SIGNING')).state).toMatchObject({ processStatus: 'RETURNED', currentStepCode: 'REQUEST' });
  });

  it('switching presets applies the new preset\'s switched-off steps', () => {
    const reviewed = ok(act(inReview('LEGAL_REVIEW', null), REVIEWER, 'COMPLETE_REVIEW')).state;
    const switched = switchPreset(reviewed, plan('LEGAL_REVIEW_AND_APPROVAL', ['SIGNING']));
    if ('ok' in switched) throw new Error(switched.reason);
    expect(switched).toMatchObject({ currentStepCode: 'APPROVAL', processStatus: 'REVIEW_COMPLETED', offSteps: ['SIGNING'] });
    expect(step(switched, 'SIGNING')).toBe('SKIPPED');
    const approving = ok(act(switched, REQUESTER, 'SET_APPROVAL_LINE', { lines: [[4]] })).state;
    expect(ok(act(approving, APPROVER_A, 'APPROVE', { documentRevision: 1 })).state).toMatchObject({ currentStepCode: 'EXECUTION', processStatus: 'REVIEW_COMPLETED' });
  });
});

describe('publishing a preset', () => {
  const steps = (...codes: Array<[StepCode, boolean?]>) => codes.map(([stepCode, isOptional = false]) => ({ stepCode, isOptional }));
  it('accepts what the engine runs, the built-ins among them', () => {
    for (const p of BUILT_IN_PRESETS) expect(presetStepProblems(p.steps), p.presetType).toEqual([]);
    expect(presetStepProblems(steps(['REQUEST'], ['APPROVAL', true], ['SIGNING'], ['EXECUTION']))).toEqual([]);
  });
  it('names what it cannot run', () => {
    expect(presetStepProblems(steps(['APPROVAL'], ['EXECUTION'])).map((p) => p.reason)).toContain('the first step is REQUEST');
    expect(presetStepProblems(steps(['REQUEST'], ['APPROVAL'])).map((p) => p.reason)).toContain('the last step is EXECUTION');
    expect(presetStepProblems(steps(['REQUEST'], ['SIGNING'], ['APPROVAL'], ['EXECUTION']))[0]!.reason).toMatch(/engine's order/);
    expect(presetStepProblems(steps(['REQUEST'], ['LEGAL_REVIEW'], ['EXECUTION'])).map((p) => p.reason)).toContain('ASSIGNMENT and LEGAL_REVIEW go together');
    expect(presetStepProblems(steps(['REQUEST', true], ['SIGNING'], ['EXECUTION']))).toEqual([{ field: 'body.steps.0.isOptional', reason: 'REQUEST cannot be optional' }]);
  });
});
