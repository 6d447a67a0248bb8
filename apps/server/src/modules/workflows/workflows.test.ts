import { type Workflow, WorkflowSchema } from '@legal/api';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.table';
import { notifications } from '../../platform/notifications/notifications.table';
import { createTestApp, type TestApp } from '../../test/harness';
import { workspaceHeaders } from '../auth/auth.test-support';
import { type caller, createContract, fieldsOf, type Person, uploadFile, type Workspace } from '../contracts/contracts.test-support';
import { contracts } from '../contracts';
import { files } from '../files';
import { localDate } from '../../platform/time';
import { sweepDeadlines } from './workflows.jobs';
import { okWorkflow, workflowCast } from './workflows.test-support';
import { workflowEvents, workflows } from './workflows.table';

/**
 * The workflow engine through HTTP on the real database: the full journey, the route matrix
 * (401, 400 naming the field, 404 across tenants with nothing changed, 403 wrong actor, 409 wrong
 * state and stale revision) and the race of two approvers and a recall.
 */

let t: TestApp;
let ws: Workspace;
let member: Person;
let assigner: Person;
let reviewer: Person;
let approver1: Person;
let approver2: Person;
let manager: Person;
let stranger: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const base = (contractId: number) => `/api/conhub/contracts/${contractId}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ ws, member, assigner, reviewer, approver1, approver2, manager, stranger, outsider, call } = await workflowCast(t));
}, 120_000);
afterAll(() => t?.close());

const ok = okWorkflow;
const act = (who: Person, contractId: number, wf: Pick<Workflow, 'revision' | 'currentStepCode'>, actionId: string, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', `${base(contractId)}/workflows/current/actions/v2`, { stepCode: wf.currentStepCode, actionId, revision: wf.revision, ...extra });
const mailsTo = (p: Person) => t.services.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, p.loginId), eq(mailOutbox.template, 'workflows.notice')));
const contractStatus = async (id: number) => (await t.services.db.select({ s: contracts.status }).from(contracts).where(eq(contracts.id, id)))[0]!.s;
async function seqsOf(workflowId: number) {
  return (await t.services.db.select({ seq: workflowEvents.seq }).from(workflowEvents).where(eq(workflowEvents.workflowId, workflowId)).orderBy(asc(workflowEvents.seq))).map((r) => r.seq);
}

describe('the journey: request, assign, return, resubmit, complete, approve twice, executed copy', () => {
  it('runs end to end and drives the contract to SIGNED, mailing every next actor', async () => {
    const c = await createContract(t, member, { title: '공급 계약 (워크플로)' });
    const started = await ok(
      await call(member, 'POST', `${base(c.id)}/workflows/v2`, {
        presetType: 'LEGAL_REVIEW_AND_APPROVAL',
        message: '검토 부탁드립니다',
        approvalLines: [{ userIds: [approver1.userId] }, { userIds: [approver2.userId] }],
      }),
    );
    expect(started).toMatchObject({ processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', round: 1, revision: 0 });
    expect(started.allowedActions.map((a) => a.actionId)).toEqual(['CANCEL']);
    expect(await contractStatus(c.id)).toBe('IN_REVIEW');
    expect((await mailsTo(assigner)).length).toBe(1);

    // The assigner sees ASSIGN, assigns the reviewer.
    const seen = await ok(await call(assigner, 'GET', `${base(c.id)}/workflows/current/v1`));
    expect(seen.allowedActions.map((a) => a.actionId)).toEqual(['ASSIGN', 'RETURN']);
    const assigned = await ok(await act(assigner, c.id, seen, 'ASSIGN', { assigneeUserIds: [reviewer.userId] }));
    expect(assigned).toMatchObject({ processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', revision: 1 });
    expect((await mailsTo(reviewer)).length).toBe(1);

    // The reviewer (now able to read the contract) returns it with a comment and an attachment.
    const note = await uploadFile(t, reviewer, PDF, 'review-note.pdf');
    const returned = await ok(await act(reviewer, c.id, assigned, 'RETURN', { comment: '제5조 보완 필요', fileKeys: [note] }));
    expect(returned).toMatchObject({ processStatus: 'RETURNED', currentStepCode: 'REQUEST' });
    expect(await contractStatus(c.id)).toBe('DRAFT');
    expect((await mailsTo(member)).length).toBe(1);
    // The attachment is as visible as the contract: the member reads it, a stranger does not.
    expect((await call(member, 'GET', `/api/arxive/files/${note}/v1`)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `/api/arxive/files/${note}/v1`)).statusCode).toBe(404);

    // Round 2 goes straight back to the same reviewer.
    const round2 = await ok(await act(member, c.id, returned, 'SUBMIT', { comment: '보완했습니다' }));
    expect(round2).toMatchObject({ processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', round: 2 });
    expect(round2.steps.find((s) => s.stepCode === 'LEGAL_REVIEW')!.members.map((m) => m.userId)).toEqual([reviewer.userId]);
    const completed = await ok(await act(reviewer, c.id, round2, 'COMPLETE_REVIEW', { comment: '이상 없음' }));
    expect(completed).toMatchObject({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL' });
    expect(await contractStatus(c.id)).toBe('IN_APPROVAL');
    expect((await mailsTo(approver1)).length).toBe(1);
    expect((await mailsTo(approver2)).length).toBe(0);

    // Two approvers in sequence; the second may not go first.
    expect((await act(approver2, c.id, completed, 'APPROVE')).statusCode).toBe(409);
    const first = await ok(await act(approver1, c.id, completed, 'APPROVE', { comment: '승인' }));
    expect(first.approval!.approvers.map((a) => a.decision)).toEqual(['APPROVED', 'PENDING']);
    expect((await mailsTo(approver2)).length).toBe(1);
    const second = await ok(await act(approver2, c.id, first, 'APPROVE'));
    expect(second).toMatchObject({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING' });
    expect(second.approval!.status).toBe('APPROVED');
    expect(await contractStatus(c.id)).toBe('IN_SIGNING');

    // The executed copy: exactly one file (400 otherwise), then SIGNED with the copy as the executed document.
    const copy = await uploadFile(t, member, PDF, 'executed.pdf');
    const none = await act(member, c.id, second, 'COMPLETE_SIGNING', { fileKeys: [] });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toEqual(['body.fileKeys']);
    const executed = await ok(await act(member, c.id, second, 'COMPLETE_SIGNING', { fileKeys: [copy] }));
    expect(executed).toMatchObject({ processStatus: 'EXECUTED', currentStepCode: null });
    expect(await contractStatus(c.id)).toBe('SIGNED');
    const doc = await call(member, 'GET', `/api/conhub/contracts/${c.id}/documents/executed/download/v1`);
    expect(doc.statusCode, doc.body).toBe(200);
    expect(doc.rawPayload.equals(PDF)).toBe(true);
    const signing = await call(member, 'GET', `${base(c.id)}/signings/current/v1`);
    expect(signing.json().data).toMatchObject({ status: 'DONE', method: 'OFFLINE' });

    // The log: gap-free, one event per transition.
    expect(await seqsOf(executed.workflowId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const events = await call(member, 'GET', `${base(c.id)}/workflows/events/v3?size=100`);
    expect(events.json().data.content.map((e: { actionId: string }) => e.actionId)).toEqual(['COMPLETE_SIGNING', 'APPROVE', 'APPROVE', 'COMPLETE_REVIEW', 'SUBMIT', 'RETURN', 'ASSIGN', 'SUBMIT']);
    const returnEvent = events.json().data.content.find((e: { actionId: string }) => e.actionId === 'RETURN');
    expect(returnEvent).toMatchObject({ comment: '제5조 보완 필요', files: [{ fileKey: note, displayName: 'review-note.pdf' }], fromStatus: 'IN_REVIEW', toStatus: 'RETURNED' });
    // Every actor was mailed: the requester on return, review done (approval start is the approvers'), approvals and execution.
    const kinds = (await mailsTo(member)).map((m) => m.subject);
    expect(kinds.length).toBeGreaterThanOrEqual(3);
    const raw = await call(member, 'GET', `/api/conhub/workflows/events/raw/v2?workflowId=${executed.workflowId}`);
    expect(raw.json().data.map((e: { type: string }) => e.type)[0]).toBe('STARTED');
  });
});

describe('route matrix', () => {
  let contractId: number;
  let wf: Workflow;
  beforeAll(async () => {
    contractId = (await createContract(t, member, { title: '매트릭스 계약' })).id;
    wf = await ok(await call(member, 'POST', `${base(contractId)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
  });

  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base(contractId)}/workflows/current/actions/v2`, headers: workspaceHeaders(ws), payload: { stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', revision: 0 } });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${base(contractId)}/workflows/current/v1`, headers: workspaceHeaders(ws) })).statusCode).toBe(401);
  });
  it('400 naming the field', async () => {
    const bad = await call(assigner, 'POST', `${base(contractId)}/workflows/current/actions/v2`, { stepCode: 'ASSIGNMENT', actionId: 'NOPE', revision: 0 });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('body.actionId');
    const noRevision = await call(assigner, 'POST', `${base(contractId)}/workflows/current/actions/v2`, { stepCode: 'ASSIGNMENT', actionId: 'ASSIGN' });
    expect(fieldsOf(noRevision)).toContain('body.revision');
    // A reviewer without legal.review.review is refused by name.
    const notReviewer = await act(assigner, contractId, wf, 'ASSIGN', { assigneeUserIds: [stranger.userId] });
    expect(notReviewer.statusCode).toBe(400);
    expect(fieldsOf(notReviewer)).toEqual(['body.assigneeUserIds']);
    const start = await call(member, 'POST', `${base(contractId)}/workflows/v2`, { presetType: 'NONE' });
    expect(fieldsOf(start)).toContain('body.presetType');
  });
  it('404 across tenants, with nothing changed', async () => {
    const before = await t.services.db.select().from(workflows).where(eq(workflows.id, wf.workflowId));
    const res = await call(outsider, 'POST', `${base(contractId)}/workflows/current/actions/v2`, { stepCode: 'ASSIGNMENT', actionId: 'CANCEL', revision: wf.revision });
    expect(res.statusCode).toBe(404);
    expect((await call(outsider, 'POST', '/api/conhub/workflows/cancel/v1', { workflowId: wf.workflowId, reason: 'x', revision: wf.revision })).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/api/conhub/workflows/events/raw/v2?workflowId=${wf.workflowId}`)).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/api/conhub/workflows/${wf.workflowId}/steps/ASSIGNMENT/actions/CANCEL/v2`, { revision: wf.revision })).statusCode).toBe(404);
    // A member of the workspace who may not read the contract: 404 as well.
    expect((await call(stranger, 'GET', `${base(contractId)}/workflows/current/v1`)).statusCode).toBe(404);
    expect(await t.services.db.select().from(workflows).where(eq(workflows.id, wf.workflowId))).toEqual(before);
  });
  it('403 for an actor the step does not allow', async () => {
    const res = await act(member, contractId, wf, 'ASSIGN', { assigneeUserIds: [reviewer.userId] });
    expect(res.statusCode).toBe(403);
    expect((await call(member, 'GET', `/api/conhub/workflows/${wf.workflowId}/steps/ASSIGNMENT/actions/v1`)).json().data).toEqual(['CANCEL']);
  });
  it('409 for a wrong state and for a stale revision; the path form acts the same', async () => {
    expect((await call(assigner, 'POST', `${base(contractId)}/workflows/current/actions/v2`, { stepCode: 'LEGAL_REVIEW', actionId: 'COMPLETE_REVIEW', revision: wf.revision })).statusCode).toBe(409);
    const assigned = await ok(await call(assigner, 'POST', `/api/conhub/workflows/${wf.workflowId}/steps/ASSIGNMENT/actions/ASSIGN/v2`, { revision: wf.revision, assigneeUserIds: [reviewer.userId] }));
    expect(assigned.revision).toBe(wf.revision + 1);
    const stale = await act(reviewer, contractId, { ...assigned, revision: wf.revision }, 'COMPLETE_REVIEW');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.reason).toBe('stale revision');
    // A second workflow while one runs.
    expect((await call(member, 'POST', `${base(contractId)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' })).statusCode).toBe(409);
    // Deleting once someone acted: 409; cancel by the requester works and returns the contract to DRAFT.
    expect((await call(member, 'DELETE', `${base(contractId)}/workflows/current/v2`)).statusCode).toBe(409);
    const canceled = await ok(await call(member, 'POST', '/api/conhub/workflows/cancel/v1', { workflowId: wf.workflowId, reason: '보류', revision: assigned.revision }));
    expect(canceled).toMatchObject({ processStatus: 'CANCELED', currentStepCode: null });
    expect(await contractStatus(contractId)).toBe('DRAFT');
  });
  it('a request nobody acted on can be withdrawn by its requester', async () => {
    const c = await createContract(t, member, { title: '철회 계약' });
    await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
    expect((await call(stranger, 'DELETE', `${base(c.id)}/workflows/current/v2`)).statusCode).toBe(404);
    const res = await call(member, 'DELETE', `${base(c.id)}/workflows/current/v2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await contractStatus(c.id)).toBe('DRAFT');
    expect((await call(member, 'GET', `${base(c.id)}/workflows/current/v1`)).statusCode).toBe(404);
  });
  it('meta and presets', async () => {
    const meta = await call(member, 'GET', '/api/conhub/contracts/workflows/meta/v1');
    expect(meta.statusCode).toBe(200);
    expect(meta.json().data.presetTypes.map((p: { code: string }) => p.code)).toEqual(['LEGAL_REVIEW', 'APPROVAL', 'LEGAL_REVIEW_AND_APPROVAL', 'SIGNING']);
    expect((await call(member, 'GET', '/api/conhub/workflows/presets/v1')).json().data).toHaveLength(4);
  });
});

describe('approvals, signing and comments', () => {
  it('approval v3 in parallel, reject sends it back, recall, skip and the reads', async () => {
    const c = await createContract(t, member, { title: '결재 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'APPROVAL' }));
    expect(wf).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL' });
    // Approvers need approval.approval.approve.
    const bad = await call(member, 'POST', `${base(c.id)}/approvals/v3`, { lines: [{ userIds: [stranger.userId] }], revision: wf.revision });
    expect(fieldsOf(bad)).toEqual(['body.lines.0.userIds.0']);
    expect((await call(stranger, 'POST', `${base(c.id)}/approvals/v3`, { lines: [{ userIds: [approver1.userId] }], revision: wf.revision })).statusCode).toBe(404);
    const running = await ok(await call(member, 'POST', `${base(c.id)}/approvals/v3`, { lines: [{ userIds: [approver1.userId, approver2.userId] }], revision: wf.revision }));
    expect(running.processStatus).toBe('IN_APPROVAL');
    const current = await call(approver1, 'GET', `${base(c.id)}/approvals/current/v1`);
    expect(current.json().data.approvers.map((a: { lineOrder: number }) => a.lineOrder)).toEqual([1, 1]);
    const byId = await call(approver2, 'GET', `/api/conhub/approvals/${current.json().data.approvalId}/v2`);
    expect(byId.statusCode).toBe(200);
    expect((await call(outsider, 'GET', `/api/conhub/approvals/${current.json().data.approvalId}/v1`)).statusCode).toBe(404);
    const rejected = await ok(await act(approver2, c.id, running, 'REJECT', { comment: '금액 재검토' }));
    expect(rejected).toMatchObject({ processStatus: 'REJECTED', currentStepCode: 'REQUEST' });
    expect(await contractStatus(c.id)).toBe('DRAFT');
    const again = await ok(await act(member, c.id, rejected, 'SUBMIT'));
    expect(again).toMatchObject({ processStatus: 'IN_APPROVAL', round: 2 });
    expect(again.approval!.approvers.every((a) => a.decision === 'PENDING')).toBe(true);
    // Recall: only the requester.
    expect((await call(approver1, 'POST', `/api/conhub/approvals/workflows/${again.workflowId}/recall/v1`, { revision: again.revision })).statusCode).toBe(403);
    const recalled = await ok(await call(member, 'POST', `/api/conhub/approvals/workflows/${again.workflowId}/recall/v1`, { reason: '수정', revision: again.revision }));
    expect(recalled.processStatus).toBe('RECALLED');
    const third = await ok(await act(member, c.id, recalled, 'SUBMIT'));
    // Skipping approval: a plain member may not, the legal manager may.
    expect((await call(member, 'POST', `${base(c.id)}/approvals/skipped/v2`, { reason: '긴급', revision: third.revision })).statusCode).toBe(403);
    const skipped = await ok(await call(manager, 'POST', `${base(c.id)}/approvals/skipped/v2`, { reason: '긴급', revision: third.revision }));
    expect(skipped).toMatchObject({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING' });
    // Cancel the signing: back to approval for a new line.
    const backAtApproval = await ok(await call(member, 'DELETE', `${base(c.id)}/signings/current/v1`));
    expect(backAtApproval).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL' });
    expect(await contractStatus(c.id)).toBe('IN_REVIEW');
  });

  it('comments with mentions notify readers and refuse who may not read', async () => {
    const c = await createContract(t, member, { title: '댓글 계약' });
    await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
    const refused = await call(member, 'POST', `${base(c.id)}/workflows/current/comments/v1`, { comment: '확인 부탁', mentionUserIds: [stranger.userId] });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual(['body.mentionUserIds']);
    const before = (await mailsTo(assigner)).length;
    const res = await call(member, 'POST', `${base(c.id)}/workflows/current/comments/v1`, { comment: '확인 부탁', mentionUserIds: [assigner.userId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'COMMENT', comment: '확인 부탁', mentions: [{ userId: assigner.userId }] });
    expect((await mailsTo(assigner)).length).toBe(before + 1);
    const comments = await call(assigner, 'GET', `${base(c.id)}/workflows/comments/v1`);
    expect(comments.json().data.map((e: { type: string }) => e.type)).toContain('COMMENT');
  });
});

describe('concurrency', () => {
  it('two approvers of a parallel line and a recall racing: one outcome, a gap-free log', async () => {
    const c = await createContract(t, member, { title: '경합 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'APPROVAL', approvalLines: [{ userIds: [approver1.userId, approver2.userId] }] }));
    expect(wf.processStatus).toBe('IN_APPROVAL');
    const results = await Promise.all([
      act(approver1, c.id, wf, 'APPROVE'),
      act(approver2, c.id, wf, 'APPROVE'),
      call(member, 'POST', `/api/conhub/approvals/workflows/${wf.workflowId}/recall/v1`, { revision: wf.revision }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const [row] = await t.services.db.select().from(workflows).where(eq(workflows.id, wf.workflowId));
    expect(row!.revision).toBe(wf.revision + 1);
    expect(await seqsOf(wf.workflowId)).toEqual([1, 2]);
    const winner = results.find((r) => r.statusCode === 200)!;
    const status = WorkflowSchema.parse(winner.json().data).processStatus;
    expect(row!.processStatus).toBe(status);
    expect(await contractStatus(c.id)).toBe(status === 'RECALLED' ? 'DRAFT' : 'IN_APPROVAL');
  });
});

describe('the other routes of the engine', () => {
  it('reads of the current workflow: steps, step groups, round, status, preset; 404 before any workflow', async () => {
    const c = await createContract(t, member, { title: '조회 계약' });
    expect((await call(member, 'GET', `${base(c.id)}/workflows/current/v1`)).statusCode).toBe(404);
    expect((await call(member, 'GET', `${base(c.id)}/approvals/current/v1`)).statusCode).toBe(404);
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW', desiredReviewDeadline: '2026-12-31' }));
    expect(wf.desiredReviewDeadline).toBe('2026-12-31');
    const steps = await call(member, 'GET', `${base(c.id)}/workflows/current/steps/v1`);
    expect(steps.json().data.map((s: { stepCode: string; status: string }) => `${s.stepCode}:${s.status}`)).toEqual(['REQUEST:DONE', 'ASSIGNMENT:ACTIVE', 'LEGAL_REVIEW:WAITING', 'EXECUTION:WAITING']);
    const assignment = steps.json().data[1];
    expect(assignment.members.map((m: { userId: number; role: string }) => m.role)).toContain('ASSIGNER');
    expect(assignment.members.map((m: { userId: number }) => m.userId)).toEqual(expect.arrayContaining([assigner.userId, manager.userId]));
    const groups = await call(member, 'GET', `${base(c.id)}/workflows/current/step-groups/v1`);
    expect(groups.json().data.map((g: { group: string; status: string }) => `${g.group}:${g.status}`)).toEqual(['REQUEST:DONE', 'REVIEW:ACTIVE', 'SIGNING:WAITING']);
    expect((await call(member, 'GET', `${base(c.id)}/workflows/current/round/v1`)).json().data).toEqual({ workflowId: wf.workflowId, round: 1 });
    expect((await call(member, 'GET', `${base(c.id)}/workflow-processes/current/status/v1`)).json().data).toEqual({ workflowId: wf.workflowId, processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT' });
    expect((await call(member, 'GET', `${base(c.id)}/workflows/current/step-preset/v1`)).json().data.presetType).toBe('LEGAL_REVIEW');
    expect((await call(member, 'GET', `${base(c.id)}/signings/current/v1`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `${base(c.id)}/workflows/current/steps/v1`)).statusCode).toBe(404);
    const stepEvents = await call(member, 'GET', `${base(c.id)}/workflows/current/steps/REQUEST/events/v1`);
    expect(stepEvents.json().data.map((e: { type: string }) => e.type)).toEqual(['STARTED']);
  });

  it('step members: the assigner sets the reviewers (400 naming a user who may not review, 403 for others)', async () => {
    const c = await createContract(t, member, { title: '담당자 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
    const assigned = await ok(await act(assigner, c.id, wf, 'ASSIGN', { assigneeUserIds: [reviewer.userId] }));
    const url = '/api/conhub/workflows/steps/members/v1';
    const bad = await call(assigner, 'PUT', url, { workflowId: wf.workflowId, stepCode: 'LEGAL_REVIEW', userIds: [stranger.userId], revision: assigned.revision });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['body.userIds.0']);
    expect((await call(member, 'PUT', url, { workflowId: wf.workflowId, stepCode: 'LEGAL_REVIEW', userIds: [manager.userId], revision: assigned.revision })).statusCode).toBe(403);
    expect((await call(assigner, 'PUT', url, { workflowId: wf.workflowId, stepCode: 'LEGAL_REVIEW', userIds: [manager.userId], revision: assigned.revision - 1 })).statusCode).toBe(409);
    const changed = await ok(await call(assigner, 'PUT', url, { workflowId: wf.workflowId, stepCode: 'LEGAL_REVIEW', userIds: [manager.userId], revision: assigned.revision }));
    expect(changed.steps.find((s) => s.stepCode === 'LEGAL_REVIEW')!.members.map((m) => m.userId)).toEqual([manager.userId]);
    // The former reviewer may no longer act; the new one may.
    expect((await act(reviewer, c.id, changed, 'COMPLETE_REVIEW')).statusCode).toBe(403);
    const done = await ok(await act(manager, c.id, changed, 'COMPLETE_REVIEW'));
    expect(done).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'EXECUTION' });
    // Adding approval after the review: preset transition.
    const switched = await ok(await call(member, 'POST', `${base(c.id)}/workflows/current/preset-transitions/v1`, { presetType: 'LEGAL_REVIEW_AND_APPROVAL', revision: done.revision }));
    expect(switched).toMatchObject({ presetType: 'LEGAL_REVIEW_AND_APPROVAL', currentStepCode: 'APPROVAL', processStatus: 'REVIEW_COMPLETED' });
    expect((await call(member, 'POST', `${base(c.id)}/workflows/current/preset-transitions/v1`, { presetType: 'SIGNING', revision: switched.revision })).statusCode).toBe(409);
    expect((await call(stranger, 'POST', `${base(c.id)}/workflows/current/preset-transitions/v1`, { presetType: 'SIGNING', revision: switched.revision })).statusCode).toBe(404);
  });

  it('approval drafts, v2 sequential start, comment, cancel before any decision, skip signing', async () => {
    const c = await createContract(t, member, { title: '초안 결재 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'APPROVAL' }));
    const draft = await call(member, 'POST', `${base(c.id)}/approvals/draft/v1`, { lines: [{ userIds: [approver1.userId] }] });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ status: 'DRAFT', approvers: [{ userId: approver1.userId, decision: 'PENDING' }] });
    expect((await call(approver1, 'POST', `${base(c.id)}/approvals/draft/v1`, { lines: [{ userIds: [approver1.userId] }] })).statusCode).toBe(404);
    const started = await ok(await call(member, 'POST', `${base(c.id)}/approvals/v2`, { approverUserIds: [approver1.userId, approver2.userId], revision: wf.revision }));
    expect(started.approval!.approvers.map((a) => a.lineOrder)).toEqual([1, 2]);
    const comment = await call(approver1, 'POST', `${base(c.id)}/approvals/current/comments/v2`, { comment: '검토 중입니다' });
    expect(comment.statusCode, comment.body).toBe(200);
    expect(comment.json().data).toMatchObject({ type: 'COMMENT', stepCode: 'APPROVAL' });
    expect((await call(approver1, 'DELETE', `${base(c.id)}/approvals/current/v1`)).statusCode).toBe(403);
    const canceled = await ok(await call(member, 'DELETE', `${base(c.id)}/approvals/current/v1`));
    expect(canceled).toMatchObject({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', approval: null });
    expect(await contractStatus(c.id)).toBe('IN_REVIEW');
    expect((await call(member, 'DELETE', `${base(c.id)}/approvals/current/v1`)).statusCode).toBe(409);
    const again = await ok(await call(member, 'POST', `${base(c.id)}/approvals/v2`, { approverUserIds: [approver1.userId], revision: canceled.revision }));
    const signing = await ok(await act(approver1, c.id, again, 'APPROVE'));
    expect(signing.processStatus).toBe('IN_SIGNING');
    expect((await call(member, 'GET', `${base(c.id)}/signings/current/v1`)).json().data).toMatchObject({ status: 'WAITING', executedFileKey: null });
    expect((await call(approver1, 'POST', `${base(c.id)}/signings/skipped/v1`, { reason: '서면 체결', revision: signing.revision })).statusCode).toBe(403);
    const noReason = await call(member, 'POST', `${base(c.id)}/signings/skipped/v1`, { reason: '', revision: signing.revision });
    expect(fieldsOf(noReason)).toEqual(['body.reason']);
    const executed = await ok(await call(member, 'POST', `${base(c.id)}/signings/skipped/v1`, { reason: '서면 체결', revision: signing.revision }));
    expect(executed).toMatchObject({ processStatus: 'EXECUTED', currentStepCode: null });
    expect(await contractStatus(c.id)).toBe('SIGNED');
    expect((await call(member, 'GET', `${base(c.id)}/signings/current/v1`)).json().data.status).toBe('SKIPPED');
    // A new workflow cannot start on an executed contract.
    expect((await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'SIGNING' })).statusCode).toBe(409);
  });

  it('an attachment the actor may not read is refused by key, and nothing changes', async () => {
    const c = await createContract(t, member, { title: '첨부 계약' });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'SIGNING' }));
    // A file attached to the stranger's own contract is as hidden as that contract.
    const hidden = await uploadFile(t, stranger, PDF, 'private.pdf');
    await createContract(t, stranger, { title: '남의 계약', files: [{ fileKey: hidden }] });
    expect((await call(member, 'GET', `/api/arxive/files/${hidden}/v1`)).statusCode).toBe(404);
    const res = await act(member, c.id, wf, 'COMPLETE_SIGNING', { fileKeys: [hidden] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['body.fileKeys']);
    const [row] = await t.services.db.select().from(workflows).where(eq(workflows.id, wf.workflowId));
    expect(row).toMatchObject({ revision: wf.revision, processStatus: 'IN_SIGNING' });
    expect(await seqsOf(wf.workflowId)).toEqual([1]);
  });
});

describe('desired review deadline', () => {
  it('reminds the day before, escalates to the assigners once passed, each once', async () => {
    const now = new Date();
    const day = (offset: number) => localDate(new Date(now.getTime() + offset * 86_400_000), 'Asia/Seoul');
    const soon = await createContract(t, member, { title: '기한 임박 계약' });
    const late = await createContract(t, member, { title: '기한 경과 계약' });
    const wfSoon = await ok(await call(member, 'POST', `${base(soon.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW', desiredReviewDeadline: day(1) }));
    const wfLate = await ok(await call(member, 'POST', `${base(late.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW', desiredReviewDeadline: day(-2) }));
    const assignedLate = await ok(await act(assigner, late.id, wfLate, 'ASSIGN', { assigneeUserIds: [reviewer.userId] }));
    const deadlineMails = (p: Person) => t.services.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, p.loginId), eq(mailOutbox.template, 'workflows.deadline')));
    const before = (await deadlineMails(assigner)).length;
    const first = await sweepDeadlines(t.services, { now });
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect(first.escalated).toBeGreaterThanOrEqual(1);
    // The soon one reminded its assigners (not assigned yet); the late one escalated to the assigners.
    expect((await deadlineMails(assigner)).length).toBe(before + 2);
    const lateEvents = await t.services.db.select().from(workflowEvents).where(eq(workflowEvents.workflowId, wfLate.workflowId)).orderBy(asc(workflowEvents.seq));
    expect(lateEvents.map((e) => e.type)).toEqual(['STARTED', 'ACTION', 'DEADLINE_PASSED']);
    expect(lateEvents.map((e) => e.seq)).toEqual([1, 2, 3]);
    // Nothing twice.
    await sweepDeadlines(t.services, { now });
    expect((await deadlineMails(assigner)).length).toBe(before + 2);
    // The same news in-app, once each, pointing at the contracts, with the deadline.
    const told = await t.services.db.select().from(notifications).where(and(eq(notifications.recipientUserId, assigner.userId), inArray(notifications.kind, ['workflow.DEADLINE_REMINDER', 'workflow.DEADLINE_PASSED'])));
    expect(told.map((n) => [n.kind, n.recordId, n.data.deadline, n.actorUserId]).sort()).toEqual([
      ['workflow.DEADLINE_PASSED', late.id, day(-2), null],
      ['workflow.DEADLINE_REMINDER', soon.id, day(1), null],
    ]);
    expect(await seqsOf(wfLate.workflowId)).toEqual([1, 2, 3]);
    expect(await seqsOf(wfSoon.workflowId)).toEqual([1]);
    // The event is in the contract's log; the workflow's revision is untouched (no action happened).
    const [row] = await t.services.db.select().from(workflows).where(eq(workflows.id, wfLate.workflowId));
    expect(row!.revision).toBe(assignedLate.revision);
  });
});

describe('a new document revision during approval', () => {
  it('restarts the line at the next decision: 409 to the caller, every decision PENDING again, recorded', async () => {
    const doc = await uploadFile(t, member, PDF, 'main.pdf');
    const c = await createContract(t, member, { title: '문서 변경 계약', files: [{ fileKey: doc, role: 'MAIN' }] });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'APPROVAL', approvalLines: [{ userIds: [approver1.userId] }, { userIds: [approver2.userId] }] }));
    const first = await ok(await act(approver1, c.id, wf, 'APPROVE'));
    expect(first.approval!.approvers[0]).toMatchObject({ decision: 'APPROVED', documentRevision: 1 });
    // The routes freeze the document while IN_APPROVAL; a revision arriving anyway (a Word save
    // racing the start, an admin repair) is what the check at decision time is for.
    await t.services.db.update(files).set({ currentRevision: 2 }).where(eq(files.fileKey, doc));
    const restarted = await act(approver2, c.id, first, 'APPROVE');
    expect(restarted.statusCode).toBe(409);
    expect(restarted.json().data.reason).toBe('approval restarted');
    const now = await ok(await call(member, 'GET', `${base(c.id)}/workflows/current/v1`));
    expect(now.approval!.approvers.map((a) => a.decision)).toEqual(['PENDING', 'PENDING']);
    expect(now.revision).toBe(first.revision + 1);
    // Approver 1 decides again on revision 2.
    expect((await act(approver2, c.id, now, 'APPROVE')).statusCode).toBe(409);
    const again = await ok(await act(approver1, c.id, now, 'APPROVE'));
    expect(again.approval!.approvers[0]).toMatchObject({ decision: 'APPROVED', documentRevision: 2 });
    const events = await t.services.db.select().from(workflowEvents).where(eq(workflowEvents.workflowId, wf.workflowId)).orderBy(asc(workflowEvents.seq));
    expect(events.map((e) => e.comment ?? '').some((comment) => comment.startsWith('APPROVAL_RESTARTED'))).toBe(true);
  });
});

describe('the executed copy over an existing main document', () => {
  it('becomes the main document\'s next revision, the one the executed download serves', async () => {
    const draft = await uploadFile(t, member, PDF, 'draft.pdf');
    const c = await createContract(t, member, { title: '본문 있는 계약', files: [{ fileKey: draft, role: 'MAIN' }] });
    const wf = await ok(await call(member, 'POST', `${base(c.id)}/workflows/v2`, { presetType: 'SIGNING' }));
    const signedBytes = Buffer.concat([PDF, Buffer.from('% signed by both parties\n')]);
    const signed = await uploadFile(t, member, signedBytes, 'signed.pdf');
    const done = await ok(await act(member, c.id, wf, 'COMPLETE_SIGNING', { fileKeys: [signed], comment: '날인본' }));
    expect(done.processStatus).toBe('EXECUTED');
    const executed = await call(member, 'GET', `/api/conhub/contracts/${c.id}/documents/executed/download/v1`);
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.headers['x-document-revision']).toBe('2');
    expect(executed.rawPayload.equals(signedBytes)).toBe(true);
    const [main] = await t.services.db.select().from(files).where(eq(files.fileKey, draft));
    expect(main!.currentRevision).toBe(2);
    expect((await call(member, 'GET', `${base(c.id)}/signings/current/v1`)).json().data).toMatchObject({ status: 'DONE', executedFileKey: draft });
  });
});
