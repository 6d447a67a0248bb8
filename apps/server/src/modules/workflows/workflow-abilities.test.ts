import { type Workflow } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { type caller, createContract, fieldsOf, type Person } from '../contracts/contracts.test-support';
import { okWorkflow, workflowCast } from './workflows.test-support';
import { workflowEvents, workflowSignings } from './workflows.table';

/**
 * The workflow DTO's `abilities` and `approvalDraft` (what the contract page's manage buttons read)
 * through HTTP on the real database: each flag is true exactly when its call passes, for the
 * caller, and the calls behind them (withdraw, preset switch, step members, approval draft,
 * cancels with a comment and the revision read) refuse as the flags say.
 */

let t: TestApp;
let member: Person;
let assigner: Person;
let reviewer: Person;
let approver1: Person;
let approver2: Person;
let manager: Person;
let stranger: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;

const base = (contractId: number) => `/api/conhub/contracts/${contractId}`;
const MEMBERS = '/api/conhub/workflows/steps/members/v1';

beforeAll(async () => {
  t = await createTestApp();
  ({ member, assigner, reviewer, approver1, approver2, manager, stranger, outsider, call } = await workflowCast(t));
}, 120_000);
afterAll(() => t?.close());

const ok = okWorkflow;
const current = async (who: Person, contractId: number) => ok(await call(who, 'GET', `${base(contractId)}/workflows/current/v1`));
const act = (who: Person, contractId: number, wf: Pick<Workflow, 'revision' | 'currentStepCode'>, actionId: string, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', `${base(contractId)}/workflows/current/actions/v2`, { stepCode: wf.currentStepCode, actionId, revision: wf.revision, ...extra });

describe('withdraw: the requester or a contract admin, until somebody acts', () => {
  it('flags and the DELETE agree', async () => {
    const c = await createContract(t, member, { title: '철회 권한 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
    expect(wf.abilities.canWithdraw).toBe(true);
    expect((await current(manager, c.id)).abilities.canWithdraw).toBe(true);
    expect((await current(assigner, c.id)).abilities.canWithdraw).toBe(false);
    expect((await call(assigner, 'DELETE', `${base(c.id)}/workflows/current/v2`)).statusCode).toBe(403);
    expect((await call(outsider, 'DELETE', `${base(c.id)}/workflows/current/v2`)).statusCode).toBe(404);

    const assigned = await ok(await act(assigner, c.id, wf, 'ASSIGN', { assigneeUserIds: [reviewer.userId] }));
    expect((await current(member, c.id)).abilities.canWithdraw).toBe(false);
    expect((await call(member, 'DELETE', `${base(c.id)}/workflows/current/v2`)).statusCode).toBe(409);
    expect((await current(member, c.id)).revision).toBe(assigned.revision);
  });
});

describe('members and preset targets', () => {
  it('lists the steps each caller may staff and the presets the requester may switch to', async () => {
    const c = await createContract(t, member, { title: '담당자 권한 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW_AND_APPROVAL' }));
    // Assigners staff assignment and review; the requester the approvers; nobody a finished step.
    expect((await current(assigner, c.id)).abilities.memberSteps).toEqual(['ASSIGNMENT', 'LEGAL_REVIEW']);
    expect(wf.abilities.memberSteps).toEqual(['APPROVAL']);
    // At ASSIGNMENT, the presets that have it: LEGAL_REVIEW only (APPROVAL and SIGNING lack the step).
    expect(wf.abilities.presetTargets).toEqual(['LEGAL_REVIEW']);
    expect((await current(assigner, c.id)).abilities.presetTargets).toEqual([]);

    const assigned = await ok(await act(assigner, c.id, wf, 'ASSIGN', { assigneeUserIds: [reviewer.userId] }));
    expect((await current(assigner, c.id)).abilities.memberSteps).toEqual(['LEGAL_REVIEW']);
    // A 400 names the user who may not review by their place; nothing changes.
    const bad = await call(assigner, 'PUT', MEMBERS, { workflowId: wf.workflowId, stepCode: 'LEGAL_REVIEW', userIds: [manager.userId, stranger.userId], revision: assigned.revision });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['body.userIds.1']);
    expect((await current(member, c.id)).revision).toBe(assigned.revision);
    // The requester may not staff the review (the flag says so, the call answers 403).
    expect((await call(member, 'PUT', MEMBERS, { workflowId: wf.workflowId, stepCode: 'LEGAL_REVIEW', userIds: [manager.userId], revision: assigned.revision })).statusCode).toBe(403);
    // Approvers ahead: the requester sets them (a draft line, one after the other).
    const staffed = await ok(await call(member, 'PUT', MEMBERS, { workflowId: wf.workflowId, stepCode: 'APPROVAL', userIds: [approver1.userId, approver2.userId], revision: assigned.revision }));
    expect(staffed.approvalDraft?.approvers.map((a) => [a.userId, a.lineOrder])).toEqual([[approver1.userId, 1], [approver2.userId, 2]]);
    expect((await call(outsider, 'PUT', MEMBERS, { workflowId: wf.workflowId, stepCode: 'APPROVAL', userIds: [approver1.userId], revision: staffed.revision })).statusCode).toBe(404);
  });

  it('after a review-only preset completes, offers the presets that have its current step', async () => {
    const c = await createContract(t, member, { title: '전환 권한 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
    const assigned = await ok(await act(assigner, c.id, wf, 'ASSIGN', { assigneeUserIds: [reviewer.userId] }));
    const done = await ok(await act(reviewer, c.id, assigned, 'COMPLETE_REVIEW'));
    expect(done.currentStepCode).toBe('EXECUTION');
    expect(done.abilities.presetTargets).toEqual([]);
    const seen = await current(member, c.id);
    expect(seen.abilities.presetTargets).toEqual(['APPROVAL', 'LEGAL_REVIEW_AND_APPROVAL', 'SIGNING']);
    expect((await call(reviewer, 'POST', `${base(c.id)}/workflows/current/preset-transitions/v1`, { presetType: 'APPROVAL', revision: seen.revision })).statusCode).toBe(403);
    const switched = await ok(await call(member, 'POST', `${base(c.id)}/workflows/current/preset-transitions/v1`, { presetType: 'LEGAL_REVIEW_AND_APPROVAL', revision: seen.revision }));
    expect(switched.abilities.presetTargets).toEqual(['APPROVAL']);
    expect(switched.abilities.canSetApprovalLine).toBe(true);
  });
});

describe('the approval line: set, draft, cancel; the signing cancel', () => {
  it('drafts a parallel line, restores it on the DTO, starts it, cancels it with a comment, and the stale revision is 409', async () => {
    const c = await createContract(t, member, { title: '결재선 권한 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'APPROVAL' }));
    expect(wf.abilities).toMatchObject({ canSetApprovalLine: true, canSaveApprovalDraft: true, canCancelApproval: false, canCancelSigning: false });
    expect(wf.approvalDraft).toBeNull();
    expect((await current(manager, c.id)).abilities).toMatchObject({ canSetApprovalLine: false, canSaveApprovalDraft: false });
    // The 400 names the line and the place of the user who may not approve.
    const bad = await call(member, 'POST', `${base(c.id)}/approvals/draft/v1`, { lines: [{ userIds: [approver1.userId, stranger.userId] }] });
    expect(fieldsOf(bad)).toEqual(['body.lines.0.userIds.1']);
    const draft = await call(member, 'POST', `${base(c.id)}/approvals/draft/v1`, { lines: [{ userIds: [approver1.userId, approver2.userId] }], comment: '병렬 결재' });
    expect(draft.statusCode, draft.body).toBe(200);
    const restored = await current(member, c.id);
    expect(restored.approvalDraft).toMatchObject({ status: 'DRAFT', comment: '병렬 결재' });
    expect(restored.approvalDraft!.approvers.map((a) => [a.userId, a.lineOrder])).toEqual([[approver1.userId, 1], [approver2.userId, 1]]);
    expect(restored.approval).toBeNull();

    const running = await ok(await call(member, 'POST', `${base(c.id)}/approvals/v3`, { lines: [{ userIds: [approver1.userId, approver2.userId] }], revision: restored.revision }));
    expect(running.abilities).toMatchObject({ canSetApprovalLine: false, canSaveApprovalDraft: false, canCancelApproval: true });
    expect(running.approvalDraft).toBeNull();
    expect((await current(approver1, c.id)).abilities.canCancelApproval).toBe(false);
    expect((await call(approver1, 'DELETE', `${base(c.id)}/approvals/current/v1`, { revision: running.revision })).statusCode).toBe(403);
    expect((await call(outsider, 'DELETE', `${base(c.id)}/approvals/current/v1`, { revision: running.revision })).statusCode).toBe(404);
    const stale = await call(member, 'DELETE', `${base(c.id)}/approvals/current/v1`, { revision: running.revision - 1, comment: '재작성' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.reason).toBe('stale revision');
    expect(fieldsOf(await call(member, 'DELETE', `${base(c.id)}/approvals/current/v1`, { revision: -1 }))).toEqual(['body.revision']);

    const canceled = await ok(await call(member, 'DELETE', `${base(c.id)}/approvals/current/v1`, { revision: running.revision, comment: '결재선 재작성' }));
    expect(canceled).toMatchObject({ processStatus: 'REVIEW_COMPLETED', approval: null });
    expect(canceled.abilities.canSetApprovalLine).toBe(true);
    const [event] = await t.services.db.select().from(workflowEvents).where(and(eq(workflowEvents.workflowId, wf.workflowId), eq(workflowEvents.seq, canceled.revision + 1)));
    expect(event?.comment).toBe('결재선 재작성');

    // One approver decides: the line can no longer be canceled.
    const again = await ok(await call(member, 'POST', `${base(c.id)}/approvals/v3`, { lines: [{ userIds: [approver1.userId] }, { userIds: [approver2.userId] }], revision: canceled.revision }));
    const half = await ok(await act(approver1, c.id, again, 'APPROVE'));
    expect((await current(member, c.id)).abilities.canCancelApproval).toBe(false);
    expect((await call(member, 'DELETE', `${base(c.id)}/approvals/current/v1`, { revision: half.revision })).statusCode).toBe(409);

    // Signing: the owner may cancel it (not while an e-sign envelope is open), an approver may not.
    const signing = await ok(await act(approver2, c.id, half, 'APPROVE'));
    expect(signing.processStatus).toBe('IN_SIGNING');
    const ownerView = await current(member, c.id);
    expect(ownerView.abilities.canCancelSigning).toBe(true);
    expect((await current(approver1, c.id)).abilities.canCancelSigning).toBe(false);
    await t.services.db.update(workflowSignings).set({ isEnvelopeOpen: true }).where(eq(workflowSignings.workflowId, wf.workflowId));
    expect((await current(member, c.id)).abilities.canCancelSigning).toBe(false);
    expect((await call(member, 'DELETE', `${base(c.id)}/signings/current/v1`, { revision: ownerView.revision })).statusCode).toBe(409);
    await t.services.db.update(workflowSignings).set({ isEnvelopeOpen: false }).where(eq(workflowSignings.workflowId, wf.workflowId));
    const back = await ok(await call(member, 'DELETE', `${base(c.id)}/signings/current/v1`, { revision: ownerView.revision, comment: '문구 수정' }));
    expect(back).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL' });
    // Without a body the DELETE still works (the current revision).
    const rerun = await ok(await call(member, 'POST', `${base(c.id)}/approvals/v3`, { lines: [{ userIds: [approver1.userId] }], revision: back.revision }));
    expect((await ok(await call(member, 'DELETE', `${base(c.id)}/approvals/current/v1`))).revision).toBe(rerun.revision + 1);
  });

  it('no draft on a workflow without an approval step ahead (flag false, 409)', async () => {
    const c = await createContract(t, member, { title: '결재 없는 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
    expect(wf.abilities.canSaveApprovalDraft).toBe(false);
    expect((await call(member, 'POST', `${base(c.id)}/approvals/draft/v1`, { lines: [{ userIds: [approver1.userId] }] })).statusCode).toBe(409);
  });
});
