import { type Workflow, WorkflowSchema } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, createContract, type Person, person, type Workspace } from '../contracts/contracts.test-support';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The read models driven by the real engine (its HTTP actions, no seeded rows): at each step of
 * a review-and-approval journey, the to-do, the assigner's lists and counts, the listing and the
 * approvals list show exactly who the workflow waits on.
 */

let t: TestApp;
let ws: Workspace;
let member: Person, assigner: Person, reviewer: Person, approver1: Person, approver2: Person, stranger: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { extraRoles: ['LEGAL_REVIEWER', 'LEGAL_ASSIGNER', 'LEGAL_APPROVER'] });
  member = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  assigner = await person(t, ws, ['LEGAL_ASSIGNER'], '박지훈');
  reviewer = await person(t, ws, ['LEGAL_REVIEWER'], '이서연');
  approver1 = await person(t, ws, ['LEGAL_APPROVER'], '최수아');
  approver2 = await person(t, ws, ['LEGAL_APPROVER'], '오지원');
  stranger = await person(t, ws, ['GENERAL_MEMBER'], '정도윤');
  call = caller(t, () => ws);
}, 120_000);
afterAll(() => t?.close());

async function ok(res: { statusCode: number; body: string; json: () => { data: unknown } }): Promise<Workflow> {
  expect(res.statusCode, res.body).toBe(200);
  return WorkflowSchema.parse(res.json().data);
}
const act = (who: Person, contractId: number, wf: Workflow, actionId: string, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', `/api/conhub/contracts/${contractId}/workflows/current/actions/v2`, { stepCode: wf.currentStepCode, actionId, revision: wf.revision, ...extra });

/** Who the to-do of each person shows the workflow to, and as what. */
async function waitingOn(workflowId: number) {
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries({ member, assigner, reviewer, approver1, approver2, stranger })) {
    const res = await call(p, 'GET', '/api/conhub/home/works/todo/v1');
    expect(res.statusCode, res.body).toBe(200);
    const item = (res.json().data.items as Array<{ workflowId: number; myRole: string }>).find((i) => i.workflowId === workflowId);
    if (item) out[name] = item.myRole;
  }
  return out;
}

describe('the read models along the engine\'s journey', () => {
  it('follow each step: assign, return, resubmit, complete, two approvals, signing', async () => {
    const c = await createContract(t, member, { title: '여정 공급 계약' });
    const started = await ok(
      await call(member, 'POST', `/api/conhub/contracts/${c.id}/workflows/v2`, {
        presetType: 'LEGAL_REVIEW_AND_APPROVAL',
        desiredReviewDeadline: '2020-01-31',
        approvalLines: [{ userIds: [approver1.userId] }, { userIds: [approver2.userId] }],
      }),
    );
    const id = started.workflowId;
    expect(await waitingOn(id)).toEqual({ assigner: 'ASSIGNER' });
    const todo = (await call(assigner, 'GET', '/api/conhub/home/works/todo/v1')).json().data;
    expect(todo.items[0]).toMatchObject({ workflowId: id, stepCode: 'ASSIGNMENT', overdue: true, requester: { userId: member.userId, displayName: '김민준' } });
    expect((await call(assigner, 'GET', '/api/conhub/assignments/my-related/to-be-assigned/v2')).json().data.content.map((w: { workflowId: number }) => w.workflowId)).toEqual([id]);

    const assigned = await ok(await act(assigner, c.id, await ok(await call(assigner, 'GET', `/api/conhub/contracts/${c.id}/workflows/current/v1`)), 'ASSIGN', { assigneeUserIds: [reviewer.userId] }));
    expect(await waitingOn(id)).toEqual({ reviewer: 'REVIEWER' });
    expect((await call(assigner, 'GET', '/api/conhub/assignments/my-related/to-be-assigned/v2')).json().data.totalElements).toBe(0);
    const listed = (await call(reviewer, 'GET', '/api/conhub/contracts/workflow-processes/v1?listType=ASSIGNED_TO_ME')).json().data.content;
    expect(listed.map((w: { workflowId: number; assignees: Array<{ userId: number }> }) => [w.workflowId, w.assignees.map((a) => a.userId)])).toEqual([[id, [reviewer.userId]]]);

    const returned = await ok(await act(reviewer, c.id, assigned, 'RETURN', { comment: '보완 필요' }));
    expect(await waitingOn(id)).toEqual({ member: 'REQUESTER' });
    const byMember = (await call(assigner, 'GET', '/api/conhub/assignments/current-status/count-by-member/v1')).json().data;
    expect(byMember.find((m: { userId: number }) => m.userId === reviewer.userId)).toMatchObject({ inReview: 0, returned: 1, completedLast30Days: 0 });

    const round2 = await ok(await act(member, c.id, returned, 'SUBMIT'));
    expect(await waitingOn(id)).toEqual({ reviewer: 'REVIEWER' });
    const completed = await ok(await act(reviewer, c.id, round2, 'COMPLETE_REVIEW'));
    expect(await waitingOn(id)).toEqual({ approver1: 'APPROVER' });
    expect((await call(assigner, 'GET', '/api/conhub/assignments/current-status/count-by-member/v1')).json().data.find((m: { userId: number }) => m.userId === reviewer.userId)).toMatchObject({ inReview: 0, returned: 0, completedLast30Days: 1 });
    const mine = (await call(approver1, 'GET', '/api/conhub/approvals/v1?waitingOnMe=true')).json().data.content;
    expect(mine.map((a: { workflowId: number; status: string }) => [a.workflowId, a.status])).toEqual([[id, 'IN_PROGRESS']]);
    expect((await call(approver2, 'GET', '/api/conhub/approvals/v1?waitingOnMe=true')).json().data.totalElements).toBe(0);

    const first = await ok(await act(approver1, c.id, completed, 'APPROVE'));
    expect(await waitingOn(id)).toEqual({ approver2: 'APPROVER' });
    await ok(await act(approver2, c.id, first, 'APPROVE'));
    expect(await waitingOn(id)).toEqual({ member: 'SIGNER' });
    expect((await call(approver1, 'GET', '/api/conhub/approvals/v1?statuses=APPROVED')).json().data.content.map((a: { workflowId: number }) => a.workflowId)).toEqual([id]);

    const mineAll = (await call(member, 'GET', '/api/conhub/my-requests/v2')).json().data.content;
    expect(mineAll).toMatchObject([{ workflowId: id, processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', round: 2 }]);
    // The stranger may read none of it.
    expect((await call(stranger, 'GET', '/api/conhub/contracts/workflow-processes/v1')).json().data.totalElements).toBe(0);
  });
});
