import { ApprovalSchema, TodoSchema, WorkflowProcessSummarySchema } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspace as newBareWorkspace } from '../auth/auth.test-support';
import { caller, createContract, fieldsOf, groupWith, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { createTestApp, type TestApp } from '../../test/harness';
import { isOverdue, koreanToday } from './workflow-lists.service';
import { seedCompletedReview, seedWorkflow } from './workflow-lists.test-support';

/**
 * The read models of the workflow hub through HTTP: the to-do, the assigner's lists and counts,
 * the workflow listing with its filters and the approvals list. Workflows are written in the
 * states the engine leaves them in (workflow-lists.test-support.ts).
 */

let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let requester: Person, requester2: Person, assigner: Person, reviewer: Person, reviewer2: Person, approver1: Person, approver2: Person, stranger: Person, outsider: Person, noRole: Person;
let call: ReturnType<typeof caller>;

const TODO = '/api/conhub/home/works/todo/v1';
/** A workspace with every persona role of the workflow (reviewer, assigner, approver). */
const newWorkspace = (app: TestApp) => newBareWorkspace(app, { extraRoles: ['WORKSPACE_ADMIN', 'READER', 'LEGAL_REVIEWER', 'LEGAL_ASSIGNER', 'LEGAL_APPROVER'] });
const day = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * day);

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t);
  wsB = await newWorkspace(t);
  requester = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  requester2 = await person(t, wsA, ['GENERAL_MEMBER'], '이서연');
  assigner = await person(t, wsA, ['LEGAL_ASSIGNER'], '박배정');
  reviewer = await person(t, wsA, ['LEGAL_REVIEWER'], '최검토');
  reviewer2 = await person(t, wsA, ['LEGAL_REVIEWER'], '정검토');
  approver1 = await person(t, wsA, ['LEGAL_APPROVER'], '강결재');
  approver2 = await person(t, wsA, ['LEGAL_APPROVER'], '윤결재');
  stranger = await person(t, wsA, ['GENERAL_MEMBER'], '정도윤');
  outsider = await person(t, wsB, ['SUPER_MANAGER'], '송예린');
  noRole = await person(t, wsA, [], '무권한');
  call = caller(t, () => wsA);
});
afterAll(() => t.close());

const get = async (who: Person, url: string) => {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const todo = async (who: Person) => TodoSchema.strict().parse(await get(who, TODO));

/** A contract of `owner` readable by the given people (watchers). */
const contractOf = async (owner: Person, title: string, readers: Person[] = [], extra: Record<string, unknown> = {}) =>
  createContract(t, owner, { title, watcherUserIds: readers.map((p) => p.userId), ...extra });

describe('isOverdue (Korean today)', () => {
  it('is overdue only from the day after the deadline, in Korea', () => {
    // 2026-11-27 15:30 UTC is 2026-11-28 00:30 in Seoul.
    const today = koreanToday(new Date('2026-11-27T15:30:00Z'));
    expect(today).toBe('2026-11-28');
    expect(isOverdue('2026-11-27', today)).toBe(true);
    expect(isOverdue('2026-11-28', today)).toBe(false);
    expect(isOverdue(null, today)).toBe(false);
  });
});

describe('GET home/works/todo/v1', () => {
  it('asks for a session (401) and a contract permission (403)', async () => {
    expect((await call(null, 'GET', TODO)).statusCode).toBe(401);
    const refused = await call(noRole, 'GET', TODO);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ERROR_FORBIDDEN');
  });

  it('answers each actor what waits on them, with counts, oldest first, and overdue by the desired deadline', async () => {
    const readers = [reviewer, approver1, approver2];
    const toAssign = await contractOf(requester, '배정 대기 계약', readers);
    const inReview = await contractOf(requester, '검토 중 계약', readers);
    const inApproval = await contractOf(requester, '결재 중 계약', readers);
    const returned = await contractOf(requester, '반려된 계약', readers);
    const signing = await contractOf(requester, '서명 대기 계약', readers);
    const executed = await contractOf(requester, '체결된 계약', readers);

    const a = await seedWorkflow(t, { contractId: toAssign.id, requester, processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', desiredReviewDeadline: '2020-01-01', stepStartedAt: ago(5) });
    const r = await seedWorkflow(t, { contractId: inReview.id, requester, processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: reviewer.userId }], desiredReviewDeadline: '2999-12-31', stepStartedAt: ago(4) });
    const p = await seedWorkflow(t, {
      contractId: inApproval.id, requester, processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', stepStartedAt: ago(3),
      approval: { status: 'IN_PROGRESS', lines: [[{ userId: approver1.userId }], [{ userId: approver2.userId }]] },
    });
    const b = await seedWorkflow(t, { contractId: returned.id, requester, processStatus: 'RETURNED', currentStepCode: 'REQUEST', stepStartedAt: ago(2) });
    const s = await seedWorkflow(t, { contractId: signing.id, requester, processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', stepStartedAt: ago(1) });
    await seedWorkflow(t, { contractId: executed.id, requester, processStatus: 'EXECUTED', currentStepCode: null, members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: reviewer.userId }] });

    const forAssigner = await todo(assigner);
    expect(forAssigner.items.map((i) => [i.workflowId, i.myRole, i.stepCode])).toEqual([[a.workflowId, 'ASSIGNER', 'ASSIGNMENT']]);
    expect(forAssigner.items[0]).toMatchObject({ contractTitle: '배정 대기 계약', contractType: 'SUPPLY', processStatus: 'REQUESTED', requester: { userId: requester.userId, displayName: '김민준' }, desiredReviewDeadline: '2020-01-01', overdue: true });
    expect(forAssigner.counts).toEqual({ toAssign: 1, toReview: 0, toApprove: 0, toSign: 0, returnedToMe: 0 });

    const forReviewer = await todo(reviewer);
    expect(forReviewer.items.map((i) => [i.workflowId, i.myRole, i.overdue])).toEqual([[r.workflowId, 'REVIEWER', false]]);
    expect(forReviewer.counts.toReview).toBe(1);

    // Sequential lines: only the first line's approver is waited on.
    expect((await todo(approver1)).items.map((i) => [i.workflowId, i.myRole])).toEqual([[p.workflowId, 'APPROVER']]);
    expect((await todo(approver2)).items).toEqual([]);

    const forRequester = await todo(requester);
    expect(forRequester.items.map((i) => [i.workflowId, i.myRole, i.processStatus])).toEqual([
      [b.workflowId, 'REQUESTER', 'RETURNED'],
      [s.workflowId, 'SIGNER', 'IN_SIGNING'],
    ]);
    expect(forRequester.counts).toEqual({ toAssign: 0, toReview: 0, toApprove: 0, toSign: 1, returnedToMe: 1 });
    expect(Date.parse(forRequester.items[0]!.waitingSince)).toBeLessThan(Date.parse(forRequester.items[1]!.waitingSince));

    expect((await todo(stranger)).items).toEqual([]);
    // Another tenant's super manager sees nothing of workspace A.
    expect(await todo(outsider)).toEqual({ items: [], counts: { toAssign: 0, toReview: 0, toApprove: 0, toSign: 0, returnedToMe: 0 } });
  });

  it('moves to the next line once the first approved, and leaves out a contract the caller may not read', async () => {
    const c = await contractOf(requester, '두 번째 결재선 계약', [approver2]);
    const p = await seedWorkflow(t, {
      contractId: c.id, requester, processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL',
      approval: { status: 'IN_PROGRESS', lines: [[{ userId: approver1.userId, decision: 'APPROVED' }], [{ userId: approver2.userId }]] },
    });
    expect((await todo(approver2)).items.map((i) => i.workflowId)).toEqual([p.workflowId]);
    // approver1 decided already, and cannot read this contract anyway.
    expect((await todo(approver1)).items.map((i) => i.workflowId)).not.toContain(p.workflowId);

    // A reviewer assigned on a contract they cannot read does not see it (the contract read rule decides).
    const hidden = await contractOf(requester2, '읽을 수 없는 계약');
    const h = await seedWorkflow(t, { contractId: hidden.id, requester: requester2, processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: reviewer2.userId }] });
    expect((await todo(reviewer2)).items.map((i) => i.workflowId)).not.toContain(h.workflowId);
    expect((await todo(reviewer2)).counts.toReview).toBe(0);
  });
});

describe('assignments: to-be-assigned v1/v2 and the counts', () => {
  const TBA = '/api/conhub/assignments/my-related/to-be-assigned';
  let ws: Workspace;
  let req: Person, asg: Person, rev1: Person, rev2: Person, member: Person;
  const ids: number[] = [];

  beforeAll(async () => {
    ws = await newWorkspace(t);
    req = await person(t, ws, ['GENERAL_MEMBER'], '요청자');
    asg = await person(t, ws, ['LEGAL_ASSIGNER'], '배정자');
    rev1 = await person(t, ws, ['LEGAL_REVIEWER'], '가검토');
    rev2 = await person(t, ws, ['LEGAL_REVIEWER'], '나검토');
    member = await person(t, ws, ['GENERAL_MEMBER'], '구성원');
    for (const [i, title] of ['임대차 검토 요청', '용역 검토 요청', '공급 검토 요청'].entries()) {
      const c = await createContract(t, req, { title });
      ids.push((await seedWorkflow(t, { contractId: c.id, requester: req, processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', createdAt: ago(10 - i) })).workflowId);
    }
    const inReview = await createContract(t, req, { title: '검토 중' });
    const w1 = await seedWorkflow(t, { contractId: inReview.id, requester: req, processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: rev1.userId }] });
    const back = await createContract(t, req, { title: '보완 요청' });
    await seedWorkflow(t, { contractId: back.id, requester: req, processStatus: 'RETURNED', currentStepCode: 'REQUEST', members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: rev1.userId }] });
    const done = await createContract(t, req, { title: '검토 완료' });
    const w3 = await seedWorkflow(t, { contractId: done.id, requester: req, processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: rev2.userId }] });
    await seedCompletedReview(t, rev2, w3.workflowId, done.id, 2, ago(3));
    await seedCompletedReview(t, rev1, w1.workflowId, inReview.id, 2, ago(40));
  });

  it('refuses without legal.review.assign (403) and checks paging (400)', async () => {
    const c = caller(t, () => ws);
    for (const url of [`${TBA}/v1`, `${TBA}/v2`, '/api/conhub/assignments/current-status/count-by-member/v1', '/api/conhub/assignments/current-status/by-step-id/v1']) {
      expect((await c(null, 'GET', url)).statusCode).toBe(401);
      expect((await c(member, 'GET', url)).statusCode).toBe(403);
      expect((await c(rev1, 'GET', url)).statusCode).toBe(403);
    }
    const bad = await c(asg, 'GET', `${TBA}/v2?size=101&page=-1`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['query.page', 'query.size']);
  });

  it('lists the requests at ASSIGNMENT oldest first, paged and searchable, v1 as v2', async () => {
    const c = caller(t, () => ws);
    const v2 = (await c(asg, 'GET', `${TBA}/v2?size=2`)).json().data;
    expect(v2.content.map((w: { workflowId: number }) => w.workflowId)).toEqual(ids.slice(0, 2));
    expect(v2).toMatchObject({ page: 0, size: 2, totalElements: 3, totalPages: 2 });
    for (const item of v2.content) WorkflowProcessSummarySchema.strict().parse(item);
    expect((await c(asg, 'GET', `${TBA}/v2?size=2&page=1`)).json().data.content.map((w: { workflowId: number }) => w.workflowId)).toEqual([ids[2]]);
    expect((await c(asg, 'GET', `${TBA}/v1?size=2`)).json().data).toEqual(v2);
    const found = (await c(asg, 'GET', `${TBA}/v2?searchText=${encodeURIComponent('용역')}`)).json().data;
    expect(found.content.map((w: { contractTitle: string }) => w.contractTitle)).toEqual(['용역 검토 요청']);
    // Workspace A's assigner sees none of these.
    expect((await call(assigner, 'GET', `${TBA}/v2`)).json().data.content.map((w: { workflowId: number }) => w.workflowId)).not.toContain(ids[0]);
  });

  it('counts reviews per reviewer and running workflows per step', async () => {
    const c = caller(t, () => ws);
    const byMember = (await c(asg, 'GET', '/api/conhub/assignments/current-status/count-by-member/v1')).json().data;
    expect(byMember).toEqual([
      { userId: rev1.userId, displayName: '가검토', inReview: 1, returned: 1, completedLast30Days: 0 },
      { userId: rev2.userId, displayName: '나검토', inReview: 0, returned: 0, completedLast30Days: 1 },
    ]);
    const byStep = (await c(asg, 'GET', '/api/conhub/assignments/current-status/by-step-id/v1')).json().data as Array<{ stepCode: string; count: number }>;
    expect(Object.fromEntries(byStep.map((s) => [s.stepCode, s.count]))).toEqual({ ASSIGNMENT: 3, LEGAL_REVIEW: 1, REQUEST: 1, APPROVAL: 1 });
  });
});

describe('GET contracts/workflow-processes/v1', () => {
  const URL = '/api/conhub/contracts/workflow-processes/v1';
  let ws: Workspace;
  let req: Person, other: Person, rev: Person, manager: Person, member: Person;
  const wf: Record<string, number> = {};

  beforeAll(async () => {
    ws = await newWorkspace(t);
    req = await person(t, ws, ['GENERAL_MEMBER'], '요청자');
    other = await person(t, ws, ['GENERAL_MEMBER'], '다른요청자');
    rev = await person(t, ws, ['LEGAL_REVIEWER'], '검토자');
    manager = await person(t, ws, ['LEGAL_MANAGER'], '법무관리자');
    member = await person(t, ws, ['GENERAL_MEMBER'], '구성원');
    const mk = async (key: string, who: Person, title: string, contract: Record<string, unknown>, w: Partial<Parameters<typeof seedWorkflow>[1]>, at: number) => {
      const c = await createContract(t, who, { title, watcherUserIds: [rev.userId], ...contract });
      wf[key] = (await seedWorkflow(t, { contractId: c.id, requester: who, processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', updatedAt: ago(at), createdAt: ago(at), ...w })).workflowId;
    };
    await mk('nda', req, '비밀유지 검토', { contractType: 'NDA', language: 'en' }, { presetType: 'LEGAL_REVIEW' }, 6);
    await mk('lease', req, '임대차 검토', { contractType: 'LEASE' }, { processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: rev.userId }] }, 5);
    await mk('supply', other, '물품 공급 결재', { contractType: 'SUPPLY' }, { presetType: 'APPROVAL', processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL' }, 4);
    await mk('done', other, '용역 체결', { contractType: 'SERVICE' }, { processStatus: 'EXECUTED', currentStepCode: null }, 3);
    await mk('canceled', req, '취소된 요청', { contractType: 'SERVICE' }, { processStatus: 'CANCELED', currentStepCode: null }, 2);
  });

  const ids = async (who: Person, query = '') => {
    const res = await caller(t, () => ws)(who, 'GET', `${URL}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.content as Array<{ workflowId: number }>).map((w) => w.workflowId);
  };

  it('answers 401, 403 without a contract permission, 400 naming a bad filter', async () => {
    const c = caller(t, () => ws);
    expect((await c(null, 'GET', URL)).statusCode).toBe(401);
    expect((await c(await person(t, ws, []), 'GET', URL)).statusCode).toBe(403);
    const bad = await c(manager, 'GET', `${URL}?listType=EVERYTHING&includedProcessStatuses=NOPE&contractTypes=X`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['query.listType', 'query.includedProcessStatuses', 'query.contractTypes']));
  });

  it('lists every readable workflow, latest update first, paged, with summaries', async () => {
    expect(await ids(manager)).toEqual([wf.canceled, wf.done, wf.supply, wf.lease, wf.nda]);
    const page = (await caller(t, () => ws)(manager, 'GET', `${URL}?size=2&page=1`)).json().data;
    expect(page).toMatchObject({ page: 1, size: 2, totalElements: 5, totalPages: 3 });
    expect(page.content.map((w: { workflowId: number }) => w.workflowId)).toEqual([wf.supply, wf.lease]);
    const lease = (await caller(t, () => ws)(manager, 'GET', `${URL}?searchText=${encodeURIComponent('임대차')}`)).json().data.content[0];
    expect(WorkflowProcessSummarySchema.strict().parse(lease)).toMatchObject({
      contractType: 'LEASE', presetType: 'LEGAL_REVIEW_AND_APPROVAL', processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', round: 1,
      requester: { userId: req.userId, displayName: '요청자' }, owner: { userId: req.userId, displayName: '요청자' }, assignees: [{ userId: rev.userId, displayName: '검토자' }],
    });
    // Readability: a member reads only the contracts they take part in; another tenant reads none.
    expect(await ids(member)).toEqual([]);
    expect(await ids(other)).toEqual([wf.done, wf.supply]);
    expect((await call(outsider, 'GET', URL)).json().data.totalElements).toBe(0);
  });

  it('applies each filter and list type', async () => {
    expect(await ids(manager, '?listType=MY_REQUESTS')).toEqual([]);
    expect(await ids(req, '?listType=MY_REQUESTS')).toEqual([wf.canceled, wf.lease, wf.nda]);
    expect(await ids(rev, '?listType=ASSIGNED_TO_ME')).toEqual([wf.lease]);
    expect(await ids(rev, '?listType=WAITING_ON_ME')).toEqual([wf.lease]);
    expect(await ids(manager, '?listType=WAITING_ON_ME')).toEqual([wf.nda]); // legal.review.assign: the request at ASSIGNMENT
    expect(await ids(manager, '?language=en')).toEqual([wf.nda]);
    expect(await ids(manager, '?workflowPresetTypes=APPROVAL&workflowPresetTypes=LEGAL_REVIEW')).toEqual([wf.supply, wf.nda]);
    expect(await ids(manager, '?includedProcessStatuses=EXECUTED&includedProcessStatuses=IN_REVIEW')).toEqual([wf.done, wf.lease]);
    expect(await ids(manager, '?excludedProcessStatuses=EXECUTED&excludedProcessStatuses=CANCELED')).toEqual([wf.supply, wf.lease, wf.nda]);
    expect(await ids(manager, '?contractTypes=SERVICE')).toEqual([wf.canceled, wf.done]);
    expect(await ids(manager, `?ownerIds=${other.userId}`)).toEqual([wf.done, wf.supply]);
    expect(await ids(manager, `?searchText=${encodeURIComponent('검토')}`)).toEqual([wf.lease, wf.nda]);
    expect(await ids(manager, `?searchText=${encodeURIComponent('공급 결재')}`)).toEqual([wf.supply]);
  });
});

describe('GET approvals/v1', () => {
  const URL = '/api/conhub/approvals/v1';

  it('lists the lines the caller approves or requested, with filters, of readable contracts only', async () => {
    const ws = await newWorkspace(t);
    const req = await person(t, ws, ['GENERAL_MEMBER'], '요청자');
    const ap1 = await person(t, ws, ['LEGAL_APPROVER'], '일결재');
    const ap2 = await person(t, ws, ['LEGAL_APPROVER'], '이결재');
    const c = caller(t, () => ws);
    const readers = { watcherUserIds: [ap1.userId, ap2.userId] };
    const c1 = await createContract(t, req, { title: '첫 결재 계약', ...readers });
    const c2 = await createContract(t, req, { title: '두 번째 결재 계약', ...readers });
    const c3 = await createContract(t, req, { title: '초안 결재선' , ...readers });
    const hidden = await createContract(t, req, { title: '못 읽는 계약' });
    const first = await seedWorkflow(t, { contractId: c1.id, requester: req, processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', createdAt: ago(3), approval: { status: 'IN_PROGRESS', lines: [[{ userId: ap1.userId }], [{ userId: ap2.userId }]] } });
    const second = await seedWorkflow(t, { contractId: c2.id, requester: req, processStatus: 'EXECUTED', currentStepCode: null, createdAt: ago(2), approval: { status: 'APPROVED', lines: [[{ userId: ap1.userId, decision: 'APPROVED' }, { userId: ap2.userId, decision: 'APPROVED' }]] } });
    await seedWorkflow(t, { contractId: c3.id, requester: req, processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', createdAt: ago(1), approval: { status: 'DRAFT', lines: [[{ userId: ap1.userId }]] } });
    await seedWorkflow(t, { contractId: hidden.id, requester: req, processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', approval: { status: 'IN_PROGRESS', lines: [[{ userId: ap1.userId }]] } });

    const list = async (who: Person, q = '') => {
      const res = await c(who, 'GET', `${URL}${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.content as Array<{ approvalId: number }>).map((a) => a.approvalId);
    };
    expect((await c(null, 'GET', URL)).statusCode).toBe(401);
    const bad = await c(ap1, 'GET', `${URL}?role=BOSS&statuses=MAYBE&waitingOnMe=yes`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['query.role', 'query.statuses', 'query.waitingOnMe']);

    // Newest first; the draft asks nobody yet; the contract ap1 cannot read is left out.
    expect(await list(ap1)).toEqual([second.approvalId, first.approvalId]);
    expect(await list(ap1, '?waitingOnMe=true')).toEqual([first.approvalId]);
    expect(await list(ap2, '?waitingOnMe=true')).toEqual([]);
    expect(await list(ap1, '?statuses=APPROVED')).toEqual([second.approvalId]);
    expect(await list(ap1, `?searchKeyword=${encodeURIComponent('첫 결재')}`)).toEqual([first.approvalId]);
    expect((await list(req, '?role=REQUESTER')).length).toBe(4);
    expect(await list(req, '?role=REQUESTER&statuses=DRAFT')).toHaveLength(1);
    expect(await list(req)).toEqual([]);
    expect((await call(outsider, 'GET', URL)).json().data.totalElements).toBe(0);

    const page = (await c(ap1, 'GET', `${URL}?size=1`)).json().data;
    expect(page).toMatchObject({ page: 0, size: 1, totalElements: 2, totalPages: 2 });
    expect(ApprovalSchema.strict().parse(page.content[0])).toMatchObject({
      contractId: c2.id, contractTitle: '두 번째 결재 계약', status: 'APPROVED', requestedBy: { userId: req.userId, displayName: '요청자' },
      approvers: [
        { userId: ap1.userId, displayName: '일결재', lineOrder: 1, decision: 'APPROVED' },
        { userId: ap2.userId, displayName: '이결재', lineOrder: 1, decision: 'APPROVED' },
      ],
    });
  });
});

describe('my groups\' requests use the caller\'s groups', () => {
  it('lists the requests of members of the caller\'s groups only', async () => {
    const ws = await newWorkspace(t);
    const me = await person(t, ws, ['LEGAL_MANAGER'], '나');
    const mate = await person(t, ws, ['GENERAL_MEMBER'], '동료');
    const far = await person(t, ws, ['GENERAL_MEMBER'], '타팀');
    await groupWith(t, ws, '법무팀', [me.userId, mate.userId]);
    const c1 = await createContract(t, mate, { title: '동료의 요청' });
    const c2 = await createContract(t, far, { title: '타팀의 요청' });
    const w1 = await seedWorkflow(t, { contractId: c1.id, requester: mate, processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT' });
    await seedWorkflow(t, { contractId: c2.id, requester: far, processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT' });
    const c = caller(t, () => ws);
    for (const v of ['v1', 'v2']) {
      const page = (await c(me, 'GET', `/api/conhub/my-requests/groups/${v}`)).json().data;
      expect(page.content.map((w: { workflowId: number }) => w.workflowId)).toEqual([w1.workflowId]);
      expect(page.size).toBe(30);
    }
    // Not in any group: nothing.
    expect((await c(far, 'GET', '/api/conhub/my-requests/groups/v2')).json().data.totalElements).toBe(0);
  });
});
