import { type ProcessStatus, type StepCode, type WorkflowAction, WorkflowCycleTimesSchema, WorkflowOpenItemsSchema } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspace as newBareWorkspace } from '../auth/auth.test-support';
import { caller, createContract, fieldsOf, groupWith, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { createTestApp, type TestApp } from '../../test/harness';
import { analyticsRange } from './workflow-analytics.service';
import { seedWorkflow } from './workflow-lists.test-support';
import { workflowEvents } from './workflows.table';

/**
 * The dashboard's calls through HTTP on hand-built histories: every stay below is written as
 * events, and the expected medians and 90th percentiles are worked out by hand in the comments
 * (percentile_cont: position p * (n - 1) in the sorted list, interpolated between neighbours).
 */

let t: TestApp;
let wsA: Workspace, wsB: Workspace, wsC: Workspace;
let requester: Person, manager: Person, reviewer: Person, reviewer2: Person, stranger: Person, noRole: Person, outsider: Person;
let call: ReturnType<typeof caller>;

const CYCLE = '/api/conhub/contracts/workflow-analytics/cycle-times/v1';
const OPEN = '/api/conhub/contracts/workflow-analytics/open-items/v1';
const RANGE = 'dateStart=2026-03-01&dateEnd=2026-03-31';
const HOUR = 3600;
const newWorkspace = (app: TestApp) => newBareWorkspace(app, { extraRoles: ['WORKSPACE_ADMIN', 'READER', 'LEGAL_REVIEWER', 'LEGAL_ASSIGNER', 'LEGAL_APPROVER'] });
/** An instant given in Korean time. */
const kst = (local: string) => new Date(`${local}+09:00`);
const plusHours = (at: Date, hours: number) => new Date(at.getTime() + hours * HOUR * 1000);

type Step = { type?: 'ACTION' | 'COMMENT'; stepCode: StepCode; actionId?: WorkflowAction; actor: Person; at: Date };

/** A workflow with its history: STARTED at `started` (seq 1), then each event in order (seq 2...). */
async function history(who: Person, contractId: number, started: Date, steps: Step[], state: { processStatus: ProcessStatus; currentStepCode: StepCode | null }) {
  const last = steps.at(-1)?.at ?? started;
  const { workflowId } = await seedWorkflow(t, { contractId, requester: who, createdAt: started, updatedAt: last, ...state });
  const scope = { tenantId: who.ws.tenantId, workspaceId: who.ws.workspaceId };
  for (const [i, s] of steps.entries()) {
    await t.services.db.insert(workflowEvents).values({
      ...scope, workflowId, contractId, seq: i + 2, round: 1, type: s.type ?? 'ACTION', stepCode: s.stepCode, actionId: s.type === 'COMMENT' ? null : (s.actionId ?? null),
      actorUserId: s.actor.userId, createdAt: s.at,
    });
  }
  return workflowId;
}

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t);
  wsB = await newWorkspace(t);
  wsC = await newWorkspace(t);
  requester = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  manager = await person(t, wsA, ['LEGAL_ASSIGNER'], '박배정');
  reviewer = await person(t, wsA, ['LEGAL_REVIEWER'], '최검토');
  reviewer2 = await person(t, wsA, ['LEGAL_REVIEWER'], '정검토');
  stranger = await person(t, wsA, ['GENERAL_MEMBER'], '정도윤');
  noRole = await person(t, wsA, [], '무권한');
  outsider = await person(t, wsB, ['SUPER_MANAGER'], '송예린');
  call = caller(t, () => wsA);

  const legal = await groupWith(t, wsA, '법무팀', [requester.userId]);
  const sales = await groupWith(t, wsA, '영업팀', [requester.userId]);
  const c1 = await createContract(t, requester, { title: '용역 1', contractType: 'SERVICE', groupId: legal });
  const c2 = await createContract(t, requester, { title: '공급 2', contractType: 'SUPPLY' });
  const c3 = await createContract(t, requester, { title: '용역 3', contractType: 'SERVICE', groupId: legal, watcherUserIds: [stranger.userId] });
  const c4 = await createContract(t, requester, { title: '공급 4', contractType: 'SUPPLY', groupId: sales });

  // W1 (SERVICE, 법무팀), executed. ASSIGNMENT 2 h; LEGAL_REVIEW 10 h, returned by the reviewer; REQUEST 24 h;
  // LEGAL_REVIEW 4 h (a comment inside does not split it); APPROVAL 6 h (the first line's approval does not split it); SIGNING 48 h.
  const t1 = kst('2026-03-02T09:00:00');
  await history(requester, c1.id, t1, [
    { stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', actor: manager, at: plusHours(t1, 2) },
    { type: 'COMMENT', stepCode: 'LEGAL_REVIEW', actor: reviewer, at: plusHours(t1, 3) },
    { stepCode: 'LEGAL_REVIEW', actionId: 'RETURN', actor: reviewer, at: plusHours(t1, 12) },
    { stepCode: 'REQUEST', actionId: 'SUBMIT', actor: requester, at: plusHours(t1, 36) },
    { stepCode: 'LEGAL_REVIEW', actionId: 'COMPLETE_REVIEW', actor: reviewer, at: plusHours(t1, 40) },
    { stepCode: 'APPROVAL', actionId: 'APPROVE', actor: manager, at: plusHours(t1, 41) },
    { stepCode: 'APPROVAL', actionId: 'APPROVE', actor: manager, at: plusHours(t1, 46) },
    { stepCode: 'SIGNING', actionId: 'COMPLETE_SIGNING', actor: requester, at: plusHours(t1, 94) },
  ], { processStatus: 'EXECUTED', currentStepCode: null });

  // W2 (SUPPLY, no group), running at APPROVAL: ASSIGNMENT 1 h; LEGAL_REVIEW 20 h by reviewer2 (a reassignment inside); the APPROVAL stay is open.
  const t2 = kst('2026-03-10T10:00:00');
  await history(requester, c2.id, t2, [
    { stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', actor: manager, at: plusHours(t2, 1) },
    { stepCode: 'LEGAL_REVIEW', actionId: 'REASSIGN', actor: manager, at: plusHours(t2, 3) },
    { stepCode: 'LEGAL_REVIEW', actionId: 'COMPLETE_REVIEW', actor: reviewer2, at: plusHours(t2, 21) },
  ], { processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL' });

  // W3 (SERVICE, 법무팀, the stranger watches it), canceled: ASSIGNMENT 4 h; LEGAL_REVIEW 1 h; APPROVAL 2 h, ended by the cancel.
  const t3 = kst('2026-03-15T09:00:00');
  await history(requester, c3.id, t3, [
    { stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', actor: manager, at: plusHours(t3, 4) },
    { stepCode: 'LEGAL_REVIEW', actionId: 'COMPLETE_REVIEW', actor: reviewer, at: plusHours(t3, 5) },
    { stepCode: 'APPROVAL', actionId: 'CANCEL', actor: requester, at: plusHours(t3, 7) },
  ], { processStatus: 'CANCELED', currentStepCode: null });

  // W4 (SUPPLY, 영업팀), running at SIGNING, across the range's Korean edges: ASSIGNMENT ends in February (out);
  // LEGAL_REVIEW ends 2026-03-01 00:30 in Korea (still 28 February in UTC: in), 2026-02-20 14:00 -> 202.5 h, reviewer2;
  // APPROVAL ends 2026-04-01 00:10 in Korea (31 March in UTC: out).
  const t4 = kst('2026-02-20T09:00:00');
  await history(requester, c4.id, t4, [
    { stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', actor: manager, at: plusHours(t4, 5) },
    { stepCode: 'LEGAL_REVIEW', actionId: 'COMPLETE_REVIEW', actor: reviewer2, at: kst('2026-03-01T00:30:00') },
    { stepCode: 'APPROVAL', actionId: 'SKIP_APPROVAL', actor: manager, at: kst('2026-04-01T00:10:00') },
  ], { processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING' });

  // Another tenant's workflow in the same days: never seen from workspace A, and A's never seen from it.
  const foreign = await createContract(t, outsider, { title: '외부 계약' });
  await history(outsider, foreign.id, kst('2026-03-05T09:00:00'), [{ stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', actor: outsider, at: kst('2026-03-05T10:00:00') }], { processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW' });
});
afterAll(() => t.close());

const cycle = async (who: Person, query = RANGE) => {
  const res = await call(who, 'GET', `${CYCLE}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return WorkflowCycleTimesSchema.strict().parse(res.json().data);
};

describe('GET contracts/workflow-analytics/cycle-times/v1', () => {
  it('asks for a session (401), a contract permission (403) and a range it can answer (400 naming the field)', async () => {
    expect((await call(null, 'GET', `${CYCLE}?${RANGE}`)).statusCode).toBe(401);
    const refused = await call(noRole, 'GET', `${CYCLE}?${RANGE}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ERROR_FORBIDDEN');
    for (const [query, field] of [
      ['dateStart=2026-03-31&dateEnd=2026-03-01', 'query.dateEnd'],
      ['dateStart=2026-01-01&dateEnd=2027-01-01', 'query.dateEnd'],
      ['dateStart=2026-13-01&dateEnd=2026-12-31', 'query.dateStart'],
      ['dateStart=2026-01-01&dateEnd=31.03.2026', 'query.dateEnd'],
    ] as const) {
      const res = await call(manager, 'GET', `${CYCLE}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('ERROR_VALIDATION');
      expect(fieldsOf(res), query).toEqual([field]);
    }
    // The longest range: one day short of a year.
    expect((await call(manager, 'GET', `${CYCLE}?dateStart=2026-01-01&dateEnd=2026-12-31`)).statusCode).toBe(200);
  });

  it('answers the median and the 90th percentile of the stays that ended in the range, per step, type, group and reviewer', async () => {
    const data = await cycle(manager);
    expect(data).toMatchObject({ dateStart: '2026-03-01', dateEnd: '2026-03-31' });
    expect(data.byStep).toEqual([
      // 1 h (W2), 2 h (W1), 4 h (W3): median 2 h; p90 at 1.8 -> 2 + 0.8 * 2 = 3.6 h. W4's ended in February.
      { stepCode: 'REQUEST', count: 1, medianSeconds: 24 * HOUR, p90Seconds: 24 * HOUR },
      { stepCode: 'ASSIGNMENT', count: 3, medianSeconds: 2 * HOUR, p90Seconds: 12_960 },
      // 1, 4, 10, 20, 202.5 h: median 10 h; p90 at 3.6 -> 20 + 0.6 * 182.5 = 129.5 h.
      { stepCode: 'LEGAL_REVIEW', count: 5, medianSeconds: 10 * HOUR, p90Seconds: 466_200 },
      // 2 h (W3), 6 h (W1): median 4 h; p90 at 0.9 -> 2 + 0.9 * 4 = 5.6 h. W2's is open, W4's ended in April (Korea).
      { stepCode: 'APPROVAL', count: 2, medianSeconds: 4 * HOUR, p90Seconds: 20_160 },
      { stepCode: 'SIGNING', count: 1, medianSeconds: 48 * HOUR, p90Seconds: 48 * HOUR },
    ]);
    const review = <T extends { stepCode: string }>(rows: T[]) => rows.filter((r) => r.stepCode === 'LEGAL_REVIEW');
    expect(review(data.byContractType)).toEqual([
      // SERVICE 1, 4, 10 h: median 4 h; p90 at 1.8 -> 4 + 0.8 * 6 = 8.8 h. SUPPLY 20, 202.5 h: median 111.25 h; p90 at 0.9 -> 20 + 0.9 * 182.5 = 184.25 h.
      { stepCode: 'LEGAL_REVIEW', contractType: 'SERVICE', count: 3, medianSeconds: 4 * HOUR, p90Seconds: 31_680 },
      { stepCode: 'LEGAL_REVIEW', contractType: 'SUPPLY', count: 2, medianSeconds: 400_500, p90Seconds: 663_300 },
    ]);
    expect(data.byContractType.filter((r) => r.stepCode === 'ASSIGNMENT')).toEqual([
      // SERVICE 2, 4 h: median 3 h; p90 2 + 0.9 * 2 = 3.8 h.
      { stepCode: 'ASSIGNMENT', contractType: 'SERVICE', count: 2, medianSeconds: 3 * HOUR, p90Seconds: 13_680 },
      { stepCode: 'ASSIGNMENT', contractType: 'SUPPLY', count: 1, medianSeconds: 1 * HOUR, p90Seconds: 1 * HOUR },
    ]);
    expect(review(data.byGroup).sort((a, b) => a.count - b.count || a.medianSeconds - b.medianSeconds)).toEqual([
      { stepCode: 'LEGAL_REVIEW', groupId: null, groupName: null, count: 1, medianSeconds: 20 * HOUR, p90Seconds: 20 * HOUR },
      { stepCode: 'LEGAL_REVIEW', groupId: expect.any(Number), groupName: '영업팀', count: 1, medianSeconds: 729_000, p90Seconds: 729_000 },
      { stepCode: 'LEGAL_REVIEW', groupId: expect.any(Number), groupName: '법무팀', count: 3, medianSeconds: 4 * HOUR, p90Seconds: 31_680 },
    ]);
    // The reviewer who completed or returned the review; slowest median first. reviewer: 1, 4, 10 h; reviewer2: 20, 202.5 h.
    expect(data.byReviewer).toEqual([
      { reviewer: { userId: reviewer2.userId, displayName: '정검토' }, count: 2, medianSeconds: 400_500, p90Seconds: 663_300 },
      { reviewer: { userId: reviewer.userId, displayName: '최검토' }, count: 3, medianSeconds: 4 * HOUR, p90Seconds: 31_680 },
    ]);
  });

  it('counts only the contracts the caller may read, and nothing of another tenant', async () => {
    // The stranger reads W3 only (a watcher): ASSIGNMENT 4 h, LEGAL_REVIEW 1 h, APPROVAL 2 h.
    const mine = await cycle(stranger);
    expect(mine.byStep.map((r) => [r.stepCode, r.count, r.medianSeconds])).toEqual([
      ['ASSIGNMENT', 1, 4 * HOUR],
      ['LEGAL_REVIEW', 1, 1 * HOUR],
      ['APPROVAL', 1, 2 * HOUR],
    ]);
    expect(mine.byReviewer.map((r) => r.reviewer.userId)).toEqual([reviewer.userId]);
    // The other tenant's super manager: their own workflow's ASSIGNMENT hour, nothing of A.
    const theirs = await call(outsider, 'GET', `${CYCLE}?${RANGE}`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.byStep).toEqual([{ stepCode: 'ASSIGNMENT', count: 1, medianSeconds: HOUR, p90Seconds: HOUR }]);
    expect(theirs.json().data.byReviewer).toEqual([]);
    // A range with nothing: empty lists, not an error.
    expect(await cycle(manager, 'dateStart=2025-01-01&dateEnd=2025-01-31')).toEqual({ dateStart: '2025-01-01', dateEnd: '2025-01-31', byStep: [], byContractType: [], byGroup: [], byReviewer: [] });
  });

  it('defaults to the 90 days up to today in Korea', () => {
    expect(analyticsRange({}, '2026-03-31')).toEqual({ dateStart: '2026-01-01', dateEnd: '2026-03-31' });
    expect(analyticsRange({ dateEnd: '2026-12-31' }, '2026-03-31')).toEqual({ dateStart: '2026-10-03', dateEnd: '2026-12-31' });
    expect(analyticsRange({ dateStart: '2026-02-01' }, '2026-03-31')).toEqual({ dateStart: '2026-02-01', dateEnd: '2026-03-31' });
  });
});

describe('GET contracts/workflow-analytics/open-items/v1', () => {
  let member: Person, boss: Person;
  const ids: Record<string, number> = {};
  const ago = (days: number) => new Date(Date.now() - days * 24 * HOUR * 1000);

  beforeAll(async () => {
    member = await person(t, wsC, ['GENERAL_MEMBER'], '한가람');
    boss = await person(t, wsC, ['LEGAL_ASSIGNER'], '오법무');
    const open = async (title: string, days: number, processStatus: 'REQUESTED' | 'IN_REVIEW' | 'IN_APPROVAL' | 'RETURNED' | 'IN_SIGNING', currentStepCode: StepCode, readers: Person[] = []) => {
      const c = await createContract(t, boss, { title, watcherUserIds: readers.map((p) => p.userId) });
      ids[title] = (await seedWorkflow(t, { contractId: c.id, requester: boss, processStatus, currentStepCode, stepStartedAt: ago(days), createdAt: ago(days + 1) })).workflowId;
    };
    await open('반나절', 0.5, 'REQUESTED', 'ASSIGNMENT', [member]);
    await open('이틀', 2, 'IN_REVIEW', 'LEGAL_REVIEW');
    await open('닷새', 5, 'IN_REVIEW', 'LEGAL_REVIEW', [member]);
    await open('열흘', 10, 'IN_APPROVAL', 'APPROVAL');
    await open('스무날', 20, 'RETURNED', 'REQUEST');
    await open('마흔날', 40, 'IN_SIGNING', 'SIGNING', [member]);
    await open('백날', 100, 'IN_REVIEW', 'LEGAL_REVIEW');
    const done = await createContract(t, boss, { title: '끝난 계약' });
    await seedWorkflow(t, { contractId: done.id, requester: boss, processStatus: 'EXECUTED', currentStepCode: null, stepStartedAt: ago(400) });
  });

  const openItems = async (who: Person) => {
    const res = await t.app.inject({ method: 'GET', url: OPEN, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return WorkflowOpenItemsSchema.strict().parse(res.json().data);
  };

  it('asks for a session (401) and a contract permission (403)', async () => {
    expect((await call(null, 'GET', OPEN)).statusCode).toBe(401);
    expect((await call(noRole, 'GET', OPEN)).statusCode).toBe(403);
  });

  it('counts the running workflows per step and wait, and lists the longest waiting first', async () => {
    const data = await openItems(boss);
    expect(data.total).toBe(7);
    expect(data.byStep).toEqual([
      { stepCode: 'REQUEST', count: 1 }, { stepCode: 'ASSIGNMENT', count: 1 }, { stepCode: 'LEGAL_REVIEW', count: 3 },
      { stepCode: 'APPROVAL', count: 1 }, { stepCode: 'SIGNING', count: 1 }, { stepCode: 'EXECUTION', count: 0 },
    ]);
    expect(data.ageing).toEqual([
      { bucket: 'UNDER_1_DAY', count: 1, byStep: [{ stepCode: 'ASSIGNMENT', count: 1 }] },
      { bucket: 'DAYS_1_TO_3', count: 1, byStep: [{ stepCode: 'LEGAL_REVIEW', count: 1 }] },
      { bucket: 'DAYS_3_TO_7', count: 1, byStep: [{ stepCode: 'LEGAL_REVIEW', count: 1 }] },
      { bucket: 'DAYS_7_TO_14', count: 1, byStep: [{ stepCode: 'APPROVAL', count: 1 }] },
      { bucket: 'DAYS_14_TO_30', count: 1, byStep: [{ stepCode: 'REQUEST', count: 1 }] },
      { bucket: 'OVER_30_DAYS', count: 2, byStep: [{ stepCode: 'LEGAL_REVIEW', count: 1 }, { stepCode: 'SIGNING', count: 1 }] },
    ]);
    expect(data.slowest.map((s) => s.contractTitle)).toEqual(['백날', '마흔날', '스무날', '열흘', '닷새', '이틀', '반나절']);
    expect(data.slowest[0]).toMatchObject({ workflowId: ids['백날'], stepCode: 'LEGAL_REVIEW', processStatus: 'IN_REVIEW', requester: { userId: boss.userId, displayName: '오법무' } });
    expect(data.slowest[0]!.waitingSeconds).toBeGreaterThanOrEqual(100 * 24 * HOUR - 5);
    expect(data.slowest[0]!.waitingSeconds).toBeLessThan(100 * 24 * HOUR + 120);
  });

  it('shows a reader only the contracts they may read, and another tenant nothing', async () => {
    const data = await openItems(member);
    expect(data.total).toBe(3);
    expect(data.slowest.map((s) => s.contractTitle)).toEqual(['마흔날', '닷새', '반나절']);
    expect(data.ageing.map((b) => b.count)).toEqual([1, 0, 1, 0, 0, 1]);
    const foreign = await openItems(outsider);
    expect(foreign.slowest.map((s) => s.contractTitle)).toEqual(['외부 계약']);
    expect(foreign.total).toBe(1);
  });
});
