import { ContractHubItemSchema, MyRelatedItemSchema } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspace as newBareWorkspace } from '../auth/auth.test-support';
import { caller, createContract, fieldsOf, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitingOf } from './contract-search.service';
import { seedWorkflow } from './workflow-lists.test-support';
import { workflowEvents } from './workflows.table';

/**
 * The workflow hub's contract search through HTTP: contracts/search v1/v2, to-be-executed v1/v2
 * and my-related v2. Workflows are written in the states the engine leaves them in
 * (workflow-lists.test-support.ts); contracts through the contracts module's own routes.
 */

let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let owner: Person, other: Person, assigner: Person, reviewer: Person, approver1: Person, approver2: Person, stranger: Person, outsider: Person, noRole: Person, manager: Person;
let call: ReturnType<typeof caller>;

const SEARCH = '/api/conhub/contracts/search';
const TBE = '/api/conhub/contracts/search/to-be-executed';
const RELATED = '/api/conhub/contracts/my-related/v2';
const day = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * day);
const q = (s: string) => encodeURIComponent(s);

/** Contract ids by role in the workspace A fixture. */
const c = {} as Record<'draft' | 'assign' | 'review' | 'approval' | 'signing' | 'execution' | 'executed' | 'hidden', number>;
const wf = {} as Record<'assign' | 'review' | 'approval' | 'signing' | 'execution' | 'executed' | 'hidden', number>;
let otherTenantContract: number;

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newBareWorkspace(t, { extraRoles: ['LEGAL_REVIEWER', 'LEGAL_ASSIGNER', 'LEGAL_APPROVER'] });
  wsB = await newBareWorkspace(t);
  owner = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  other = await person(t, wsA, ['GENERAL_MEMBER'], '이서연');
  assigner = await person(t, wsA, ['LEGAL_ASSIGNER'], '박배정');
  reviewer = await person(t, wsA, ['LEGAL_REVIEWER'], '최검토');
  approver1 = await person(t, wsA, ['LEGAL_APPROVER'], '강결재');
  approver2 = await person(t, wsA, ['LEGAL_APPROVER'], '윤결재');
  stranger = await person(t, wsA, ['GENERAL_MEMBER'], '정도윤');
  manager = await person(t, wsA, ['LEGAL_MANAGER'], '한관리');
  outsider = await person(t, wsB, ['SUPER_MANAGER'], '송예린');
  noRole = await person(t, wsA, [], '무권한');
  call = caller(t, () => wsA);

  const readers = [reviewer.userId, approver1.userId, approver2.userId];
  const make = async (who: Person, title: string, extra: Record<string, unknown> = {}) => (await createContract(t, who, { title, watcherUserIds: readers, ...extra })).id;
  c.draft = await make(owner, '초안 임대차 계약', { contractType: 'LEASE' });
  c.assign = await make(owner, '배정 대기 용역 계약', { contractType: 'SERVICE' });
  c.review = await make(owner, '검토 중 공급 계약');
  c.approval = await make(owner, '결재 중 공급 계약');
  c.signing = await make(owner, '서명 대기 공급 계약');
  c.execution = await make(owner, '사본 대기 용역 계약', { contractType: 'SERVICE' });
  c.executed = await make(owner, '체결된 공급 계약');
  // Another member's contract none of the others may read (only its owner and the all-readers).
  c.hidden = await (await createContract(t, other, { title: '비공개 공급 계약' })).id;
  otherTenantContract = (await createContract(t, outsider, { title: '다른 회사 공급 계약' })).id;

  const base = { requester: owner };
  wf.assign = (await seedWorkflow(t, { ...base, contractId: c.assign, processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', presetType: 'LEGAL_REVIEW', members: [{ stepCode: 'ASSIGNMENT', role: 'ASSIGNER', userId: assigner.userId }], stepStartedAt: ago(6), updatedAt: ago(6) })).workflowId;
  wf.review = (await seedWorkflow(t, { ...base, contractId: c.review, processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: reviewer.userId }], stepStartedAt: ago(5), updatedAt: ago(5) })).workflowId;
  wf.approval = (
    await seedWorkflow(t, {
      ...base, contractId: c.approval, processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', stepStartedAt: ago(4), updatedAt: ago(4),
      approval: { status: 'IN_PROGRESS', lines: [[{ userId: approver1.userId, decision: 'APPROVED' }], [{ userId: approver2.userId }]] },
    })
  ).workflowId;
  wf.signing = (await seedWorkflow(t, { ...base, contractId: c.signing, processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', presetType: 'APPROVAL', stepStartedAt: ago(2), updatedAt: ago(2) })).workflowId;
  wf.execution = (await seedWorkflow(t, { ...base, contractId: c.execution, processStatus: 'REVIEW_COMPLETED', currentStepCode: 'EXECUTION', presetType: 'LEGAL_REVIEW', stepStartedAt: ago(3), updatedAt: ago(3) })).workflowId;
  // An earlier, canceled workflow of the executed contract, then the one that executed it: the latest is its current one.
  await seedWorkflow(t, { ...base, contractId: c.executed, processStatus: 'CANCELED', currentStepCode: null, createdAt: ago(9) });
  wf.executed = (await seedWorkflow(t, { ...base, contractId: c.executed, processStatus: 'EXECUTED', currentStepCode: null, members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: reviewer.userId }], createdAt: ago(8), updatedAt: ago(1) })).workflowId;
  wf.hidden = (await seedWorkflow(t, { requester: other, contractId: c.hidden, processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: reviewer.userId }] })).workflowId;
  await seedWorkflow(t, { requester: outsider, contractId: otherTenantContract, processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING' });

  // The reviewer is mentioned on the review; the stranger is mentioned on the signing (but may not read it).
  const scope = { tenantId: wsA.tenantId, workspaceId: wsA.workspaceId };
  await t.services.db.insert(workflowEvents).values([
    { ...scope, workflowId: wf.review, contractId: c.review, seq: 2, round: 1, type: 'COMMENT', actorUserId: owner.userId, comment: '확인 부탁', mentionUserIds: [approver2.userId] },
    { ...scope, workflowId: wf.signing, contractId: c.signing, seq: 2, round: 1, type: 'COMMENT', actorUserId: owner.userId, comment: '서명 부탁', mentionUserIds: [stranger.userId] },
  ]);
}, 120_000);
afterAll(() => t?.close());

const get = async (who: Person, url: string) => {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const idsOf = (page: { content: Array<{ id: number }> }) => page.content.map((r) => r.id);

describe('access and validation (every route)', () => {
  const urls = [`${SEARCH}/v1`, `${SEARCH}/v2`, `${TBE}/v1`, `${TBE}/v2`, RELATED];

  it('asks for a session (401) and a contract permission (403)', async () => {
    for (const url of urls) {
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
      const refused = await call(noRole, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('ERROR_FORBIDDEN');
    }
  });

  it('answers 400 naming each bad field', async () => {
    for (const url of urls) {
      const bad = await call(owner, 'GET', `${url}?size=101&page=-1`);
      expect(bad.statusCode, url).toBe(400);
      expect(fieldsOf(bad).sort(), url).toEqual(['query.page', 'query.size']);
    }
    for (const url of [`${SEARCH}/v2`, `${TBE}/v2`, RELATED]) {
      const bad = await call(owner, 'GET', `${url}?sort=password,asc&processStatuses=DONE&workflowPresetTypes=X&contractTypes=NOPE&ownerIds=abc&createdDateStart=2026-13-01`);
      expect(bad.statusCode, url).toBe(400);
      expect(fieldsOf(bad).sort(), url).toEqual(['query.contractTypes', 'query.createdDateStart', 'query.ownerIds', 'query.processStatuses', 'query.sort', 'query.workflowPresetTypes']);
      const reversed = await call(owner, 'GET', `${url}?createdDateStart=2026-02-01&createdDateEnd=2026-01-01`);
      expect(reversed.statusCode, url).toBe(400);
      expect(fieldsOf(reversed), url).toEqual(['query.createdDateEnd']);
    }
    const relation = await call(owner, 'GET', `${RELATED}?relations=FRIEND`);
    expect(relation.statusCode).toBe(400);
    expect(fieldsOf(relation)).toEqual(['query.relations']);
  });
});

describe('GET contracts/search v1 and v2', () => {
  it('finds the contracts the caller may read with their workflow state and who it waits on', async () => {
    const page = await get(owner, `${SEARCH}/v2?size=100`);
    for (const item of page.content) ContractHubItemSchema.strict().parse(item);
    const mine = [c.draft, c.assign, c.review, c.approval, c.signing, c.execution, c.executed];
    expect(idsOf(page).sort()).toEqual([...mine].sort());
    const byId = new Map(page.content.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(c.draft)).toMatchObject({ title: '초안 임대차 계약', workflow: null });
    const state = (id: number) => {
      const w = (byId.get(id) as { workflow: { processStatus: string; currentStepCode: string | null; waitingRole: string | null; waitingOn: Array<{ userId: number; displayName: string | null }> } }).workflow;
      return [w.processStatus, w.currentStepCode, w.waitingRole, w.waitingOn.map((u) => u.displayName)];
    };
    expect(state(c.assign)).toEqual(['REQUESTED', 'ASSIGNMENT', 'ASSIGNER', ['박배정']]);
    expect(state(c.review)).toEqual(['IN_REVIEW', 'LEGAL_REVIEW', 'REVIEWER', ['최검토']]);
    // The first line approved: the second line's approver is waited on.
    expect(state(c.approval)).toEqual(['IN_APPROVAL', 'APPROVAL', 'APPROVER', ['윤결재']]);
    expect(state(c.signing)).toEqual(['IN_SIGNING', 'SIGNING', 'SIGNER', ['김민준']]);
    expect(state(c.execution)).toEqual(['REVIEW_COMPLETED', 'EXECUTION', 'REQUESTER', ['김민준']]);
    // The latest workflow is the current one (not the earlier canceled one).
    expect(byId.get(c.executed)).toMatchObject({ workflow: { workflowId: wf.executed, processStatus: 'EXECUTED', currentStepCode: null, waitingRole: null, waitingOn: [], requester: { displayName: '김민준' } } });
    expect(byId.get(c.assign)).toMatchObject({ workflow: { presetType: 'LEGAL_REVIEW', round: 1 }, contractType: 'SERVICE', owner: { userId: owner.userId } });
  });

  it('never shows a contract the caller may not read, nor another tenant\'s', async () => {
    const forOwner = idsOf(await get(owner, `${SEARCH}/v2?size=100`));
    expect(forOwner).not.toContain(c.hidden);
    expect(forOwner).not.toContain(otherTenantContract);
    // A reviewer reads only what they watch: not the hidden one, even though assigned there.
    expect(idsOf(await get(reviewer, `${SEARCH}/v1?size=100`))).not.toContain(c.hidden);
    expect((await get(stranger, `${SEARCH}/v1`)).totalElements).toBe(0);
    // Identical words in another tenant: its super manager finds only its own.
    expect(idsOf(await get(outsider, `${SEARCH}/v1?keyword=${q('공급')}`))).toEqual([otherTenantContract]);
    // A reader of every contract sees the hidden one too.
    expect(idsOf(await get(manager, `${SEARCH}/v1?size=100`))).toContain(c.hidden);
  });

  it('v1: keyword (Korean substrings, every word), page and size, latest update first', async () => {
    const found = await get(owner, `${SEARCH}/v1?keyword=${q('용역')}`);
    expect(idsOf(found).sort()).toEqual([c.assign, c.execution].sort());
    const both = await get(owner, `${SEARCH}/v1?keyword=${q('용역 사본')}`);
    expect(idsOf(both)).toEqual([c.execution]);
    const first = await get(owner, `${SEARCH}/v1?size=3`);
    expect(first).toMatchObject({ page: 0, size: 3, totalElements: 7, totalPages: 3 });
    const second = await get(owner, `${SEARCH}/v1?size=3&page=1`);
    expect(idsOf(first).filter((id) => idsOf(second).includes(id))).toEqual([]);
    expect((await get(owner, `${SEARCH}/v1`)).size).toBe(10);
    // v1 reads no filter: an unknown query key changes nothing.
    expect((await get(owner, `${SEARCH}/v1?processStatuses=IN_SIGNING`)).totalElements).toBe(7);
  });

  it('v2: process statuses, presets, contract types, owners, creation dates and sort', async () => {
    const running = await get(owner, `${SEARCH}/v2?processStatuses=IN_REVIEW&processStatuses=IN_APPROVAL`);
    expect(idsOf(running).sort()).toEqual([c.review, c.approval].sort());
    expect(idsOf(await get(owner, `${SEARCH}/v2?workflowPresetTypes=LEGAL_REVIEW`)).sort()).toEqual([c.assign, c.execution].sort());
    expect(idsOf(await get(owner, `${SEARCH}/v2?contractTypes=LEASE`))).toEqual([c.draft]);
    expect((await get(owner, `${SEARCH}/v2?ownerIds=${other.userId}`)).totalElements).toBe(0);
    expect((await get(manager, `${SEARCH}/v2?ownerIds=${other.userId}`)).content.map((r: { id: number }) => r.id)).toEqual([c.hidden]);
    expect((await get(owner, `${SEARCH}/v2?createdDateEnd=2020-01-01`)).totalElements).toBe(0);
    expect((await get(owner, `${SEARCH}/v2?createdDateStart=2020-01-01`)).totalElements).toBe(7);
    const byWaiting = await get(owner, `${SEARCH}/v2?sort=waitingSince,asc&size=100`);
    // Oldest step first; contracts without a workflow last.
    expect(idsOf(byWaiting).slice(0, 3)).toEqual([c.executed, c.assign, c.review]);
    expect(idsOf(byWaiting).at(-1)).toBe(c.draft);
    const byTitle = await get(owner, `${SEARCH}/v2?sort=title,desc&keyword=${q('공급')}`);
    expect(byTitle.content.map((r: { title: string }) => r.title)).toEqual(['체결된 공급 계약', '서명 대기 공급 계약', '결재 중 공급 계약', '검토 중 공급 계약']);
  });
});

describe('GET contracts/search/to-be-executed v1 and v2', () => {
  it('lists running workflows at SIGNING or EXECUTION that the caller may read, oldest waiting first', async () => {
    const page = await get(owner, `${TBE}/v1`);
    for (const item of page.content) ContractHubItemSchema.strict().parse(item);
    expect(idsOf(page)).toEqual([c.execution, c.signing]);
    expect(page.content.map((r: { workflow: { waitingRole: string } }) => r.workflow.waitingRole)).toEqual(['REQUESTER', 'SIGNER']);
    // The hidden contract at SIGNING shows only to who may read it; never another tenant's.
    expect(idsOf(await get(manager, `${TBE}/v1`))).toEqual([c.execution, c.signing, c.hidden]);
    expect(idsOf(await get(outsider, `${TBE}/v1`))).toEqual([otherTenantContract]);
    expect((await get(stranger, `${TBE}/v1`)).totalElements).toBe(0);
  });

  it('v2 takes the search filters and sort; v1 the keyword', async () => {
    expect(idsOf(await get(owner, `${TBE}/v2?processStatuses=IN_SIGNING`))).toEqual([c.signing]);
    expect(idsOf(await get(owner, `${TBE}/v2?contractTypes=SERVICE`))).toEqual([c.execution]);
    expect(idsOf(await get(owner, `${TBE}/v2?sort=waitingSince,desc`))).toEqual([c.signing, c.execution]);
    expect(idsOf(await get(owner, `${TBE}/v1?keyword=${q('서명')}`))).toEqual([c.signing]);
    expect(await get(owner, `${TBE}/v2?size=1&page=1`)).toMatchObject({ page: 1, size: 1, totalElements: 2, totalPages: 2 });
  });
});

describe('GET contracts/my-related/v2', () => {
  it('names how the caller is related to each contract, 20 a page', async () => {
    const forReviewer = await get(reviewer, RELATED);
    expect(forReviewer.size).toBe(20);
    for (const item of forReviewer.content) MyRelatedItemSchema.strict().parse(item);
    const rel = (page: { content: Array<{ id: number; relations: string[] }> }) => Object.fromEntries(page.content.map((r) => [r.id, r.relations]));
    // Watching every contract of the owner; reviewer on two; the hidden contract (reviewer there too) is not readable.
    expect(rel(forReviewer)).toEqual({
      [c.draft]: ['WATCHER'], [c.assign]: ['WATCHER'], [c.review]: ['REVIEWER', 'WATCHER'], [c.approval]: ['WATCHER'],
      [c.signing]: ['WATCHER'], [c.execution]: ['WATCHER'], [c.executed]: ['REVIEWER', 'WATCHER'],
    });
    expect(rel(await get(approver2, `${RELATED}?relations=APPROVER&relations=MENTIONED`))).toEqual({ [c.review]: ['WATCHER', 'MENTIONED'], [c.approval]: ['APPROVER', 'WATCHER'] });
    const forOwner = rel(await get(owner, `${RELATED}?size=100`));
    expect(forOwner[c.signing]).toEqual(['OWNER', 'REQUESTER']);
    expect(forOwner[c.draft]).toEqual(['OWNER']);
    // Mentioned on a contract they may not read: nothing.
    expect((await get(stranger, RELATED)).totalElements).toBe(0);
    // The manager reads everything but is related to nothing; the outsider only to their own.
    expect((await get(manager, RELATED)).totalElements).toBe(0);
    expect(rel(await get(outsider, RELATED))).toEqual({ [otherTenantContract]: ['OWNER', 'REQUESTER'] });
  });

  it('takes the search filters, sort and paging', async () => {
    expect(idsOf(await get(reviewer, `${RELATED}?relations=REVIEWER&processStatuses=EXECUTED`))).toEqual([c.executed]);
    expect(idsOf(await get(reviewer, `${RELATED}?relations=REVIEWER&sort=title,asc`))).toEqual([c.review, c.executed]);
    expect(idsOf(await get(reviewer, `${RELATED}?keyword=${q('임대차')}`))).toEqual([c.draft]);
    const paged = await get(reviewer, `${RELATED}?size=5&page=1`);
    expect(paged).toMatchObject({ page: 1, size: 5, totalElements: 7, totalPages: 2 });
    expect(paged.content).toHaveLength(2);
  });
});

describe('waitingOf', () => {
  it('names the requester for the statuses that wait on them, nobody once finished', () => {
    const facts = { ownerUserId: 9, assigners: [1], reviewers: [2], turn: [3] };
    expect(waitingOf({ processStatus: 'RECALLED', currentStepCode: 'REQUEST', requesterUserId: 7 }, facts)).toEqual({ role: 'REQUESTER', userIds: [7] });
    expect(waitingOf({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', requesterUserId: 7 }, facts)).toEqual({ role: 'REQUESTER', userIds: [7] });
    expect(waitingOf({ processStatus: 'CANCELED', currentStepCode: null, requesterUserId: 7 }, facts)).toEqual({ role: null, userIds: [] });
  });
});
