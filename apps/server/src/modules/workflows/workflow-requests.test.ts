import ExcelJS from 'exceljs';
import { WorkflowProcessSummarySchema } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superAdminCookie } from '../admin/workspace/workspace.test-support';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, createContract, fieldsOf, groupWith, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedWorkflow } from './workflow-lists.test-support';

/** My requests and my groups' requests (v1/v2) with every filter, and their Excel downloads read back with ExcelJS. */

let t: TestApp;
let ws: Workspace;
let me: Person, mate: Person, rev: Person, other: Person, outsider: Person;
let call: ReturnType<typeof caller>;
let groupId: number;
const wf: Record<string, number> = {};
const day = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t);
  me = await person(t, ws, ['GENERAL_MEMBER'], '김요청');
  mate = await person(t, ws, ['GENERAL_MEMBER'], '이동료');
  rev = await person(t, ws, ['LEGAL_REVIEWER'], '박검토');
  other = await person(t, ws, ['GENERAL_MEMBER'], '최타인');
  outsider = await person(t, await newWorkspace(t), ['SUPER_MANAGER'], '외부인');
  call = caller(t, () => ws);
  groupId = await groupWith(t, ws, '영업팀', [me.userId, mate.userId]);
  const otherGroup = await groupWith(t, ws, '구매팀', [other.userId]);
  const mk = async (key: string, who: Person, title: string, createdAt: string, contract: Record<string, unknown>, w: Partial<Parameters<typeof seedWorkflow>[1]> = {}) => {
    const c = await createContract(t, who, { title, ...contract });
    const at = new Date(createdAt);
    wf[key] = (await seedWorkflow(t, { contractId: c.id, requester: who, processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', createdAt: at, updatedAt: new Date(at.getTime() + day), ...w })).workflowId;
  };
  // Korean dates: 2026-03-01 00:30 KST is 2026-02-28 15:30 UTC.
  await mk('march', me, '=SUM(A1) 3월 공급 계약', '2026-02-28T15:30:00Z', { contractType: 'SUPPLY', groupId });
  await mk('april', me, '4월 용역 계약', '2026-04-10T03:00:00Z', { contractType: 'SERVICE', language: 'en', watcherUserIds: [rev.userId] }, {
    processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', desiredReviewDeadline: '2026-04-20', members: [{ stepCode: 'LEGAL_REVIEW', role: 'REVIEWER', userId: rev.userId }],
  });
  await mk('may', me, '5월 임대차 계약', '2026-05-05T03:00:00Z', { contractType: 'LEASE' }, { processStatus: 'EXECUTED', currentStepCode: null });
  await mk('mate', mate, '동료의 비밀유지 계약', '2026-04-01T03:00:00Z', { contractType: 'NDA', watcherUserIds: [me.userId] });
  await mk('mateHidden', mate, '동료만 읽는 계약', '2026-04-02T03:00:00Z', { contractType: 'NDA' });
  await mk('other', other, '타팀 계약', '2026-04-03T03:00:00Z', { contractType: 'NDA', groupId: otherGroup });
});
afterAll(() => t.close());

const ids = async (who: Person, path: string, query = '') => {
  const res = await call(who, 'GET', `${path}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.content as Array<{ workflowId: number }>).map((w) => w.workflowId);
};

describe('GET my-requests v1/v2', () => {
  const MINE = '/api/conhub/my-requests/v2';

  it('answers 401, and 400 naming each bad filter', async () => {
    expect((await call(null, 'GET', MINE)).statusCode).toBe(401);
    const bad = await call(me, 'GET', `${MINE}?createdDateStart=2026-13-01&progressStatus=DONE&sortField=amount&size=0&assignedRoles=BOSS`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['query.assignedRoles', 'query.createdDateStart', 'query.size', 'query.sortField', 'query.progressStatus'].sort());
  });

  it('lists the caller\'s requests, 30 a page, newest first; v1 answers as v2', async () => {
    const page = (await call(me, 'GET', MINE)).json().data;
    expect(page).toMatchObject({ page: 0, size: 30, totalElements: 3, totalPages: 1 });
    expect(page.content.map((w: { workflowId: number }) => w.workflowId)).toEqual([wf.may, wf.april, wf.march]);
    for (const item of page.content) WorkflowProcessSummarySchema.strict().parse(item);
    expect((await call(me, 'GET', '/api/conhub/my-requests/v1')).json().data).toEqual(page);
    expect(await ids(me, MINE, '?size=2&page=1')).toEqual([wf.march]);
    expect(await ids(outsider, MINE)).toEqual([]);
  });

  it('applies every filter and sort', async () => {
    expect(await ids(me, MINE, '?createdDateStart=2026-03-01&createdDateEnd=2026-03-01')).toEqual([wf.march]);
    expect(await ids(me, MINE, '?createdDateStart=2026-03-02&createdDateEnd=2026-04-10')).toEqual([wf.april]);
    expect(await ids(me, MINE, '?language=en')).toEqual([wf.april]);
    expect(await ids(me, MINE, '?progressStatus=EXECUTED&progressStatus=REQUESTED')).toEqual([wf.may, wf.march]);
    expect(await ids(me, MINE, `?searchKeyword=${encodeURIComponent('용역')}`)).toEqual([wf.april]);
    expect(await ids(me, MINE, '?contractTypes=LEASE&contractTypes=SUPPLY')).toEqual([wf.may, wf.march]);
    expect(await ids(me, MINE, `?userIds=${rev.userId}`)).toEqual([wf.april]);
    expect(await ids(me, MINE, `?userIds=${rev.userId}&assignedRoles=APPROVER`)).toEqual([]);
    expect(await ids(me, MINE, `?userIds=${rev.userId}&assignedRoles=REVIEWER`)).toEqual([wf.april]);
    expect(await ids(me, MINE, '?assignedRoles=REVIEWER')).toEqual([]);
    expect(await ids(me, MINE, `?groupIds=${groupId}`)).toEqual([wf.march]);
    expect(await ids(me, MINE, '?sortField=contractTitle&sortDirection=asc')).toEqual([wf.april, wf.may, wf.march]);
    expect(await ids(me, MINE, '?sortField=updatedAt&sortDirection=ASC')).toEqual([wf.march, wf.april, wf.may]);
  });
});

describe('GET my-requests/groups v1/v2', () => {
  it('lists the requests of the caller\'s groups that they may read', async () => {
    for (const v of ['v1', 'v2']) {
      expect(await ids(me, `/api/conhub/my-requests/groups/${v}`)).toEqual([wf.may, wf.april, wf.mate, wf.march]);
    }
    expect(await ids(me, '/api/conhub/my-requests/groups/v2', '?contractTypes=NDA')).toEqual([wf.mate]);
    expect(await ids(mate, '/api/conhub/my-requests/groups/v2')).toEqual([wf.mateHidden, wf.mate]);
    expect(await ids(other, '/api/conhub/my-requests/groups/v2')).toEqual([wf.other]);
    expect(await ids(rev, '/api/conhub/my-requests/groups/v2')).toEqual([]);
  });
});

async function workbookOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

describe('Excel downloads', () => {
  it('sends every matching row with ko headers and a Korean RFC 6266 file name', async () => {
    for (const v of ['v1', 'v2']) {
      const res = await call(me, 'GET', `/api/conhub/my-requests/download/${v}?size=1`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['x-export-truncated']).toBe('false');
      const disposition = String(res.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[^"]*\.xlsx"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^내요청목록_\d{8}\.xlsx$/);
      const { name, rows } = await workbookOf(res.rawPayload);
      expect(name).toBe('내 요청');
      expect(rows[0]).toEqual(['워크플로 번호', '계약 번호', '계약명', '계약 유형', '언어', '워크플로', '진행 상태', '현재 단계', '차수', '요청자', '계약 담당자', '검토자', '희망 검토 기한', '요청일시', '수정일시']);
      // Every page (size=1 asks for one a page), newest first.
      expect(rows.slice(1).map((r) => r[0])).toEqual([wf.may, wf.april, wf.march]);
      const april = rows[2]!;
      expect(april.slice(2, 13)).toEqual(['4월 용역 계약', '용역계약', '영어', '법무 검토 후 결재', '검토 중', '법무 검토', 1, '김요청', '김요청', '박검토', new Date('2026-04-20T00:00:00Z')]);
      expect(april[13]).toBe('2026-04-10 12:00:00');
      // A title a spreadsheet would run as a formula stays text.
      expect(rows[3]![2]).toBe("'=SUM(A1) 3월 공급 계약");
    }
  });

  it('answers en headers by X-Locale, applies the filters, and keeps to the groups and the read rule', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conhub/my-requests/groups/download/v2?contractTypes=NDA', headers: { ...me.headers, 'x-locale': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(/^group-requests_\d{8}\.xlsx$/);
    const { name, rows } = await workbookOf(res.rawPayload);
    expect(name).toBe('Group requests');
    expect(rows[0]!.slice(0, 3)).toEqual(['Workflow no.', 'Contract no.', 'Contract title']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([wf.mate]);
    expect(rows[1]!.slice(3, 7)).toEqual(['Non-disclosure agreement', 'Korean', 'Legal review and approval', 'Requested']);
    // v1 is the same download.
    const v1 = await t.app.inject({ method: 'GET', url: '/api/conhub/my-requests/groups/download/v1?contractTypes=NDA', headers: { ...me.headers, 'x-locale': 'en' } });
    expect((await workbookOf(v1.rawPayload)).rows.slice(1).map((r) => r[0])).toEqual([wf.mate]);
  });

  it('refuses before any byte: 401, 400 naming the field, 403 without a contract permission', async () => {
    const url = '/api/conhub/my-requests/download/v2';
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const bad = await call(me, 'GET', `${url}?createdDateEnd=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['query.createdDateEnd']);
    const noRole = await person(t, ws, [], '무권한');
    expect((await call(noRole, 'GET', url)).statusCode).toBe(403);
    const foreign = await call(outsider, 'GET', url);
    expect(foreign.statusCode).toBe(200);
    expect((await workbookOf(foreign.rawPayload)).rows).toHaveLength(1);
  });
});

describe('Excel downloads: preset names', () => {
  it('names a published preset as the workspace\'s meta does, in ko and en, also once it is withdrawn', async () => {
    const sa = { cookie: (await superAdminCookie(t)).cookie };
    const SA = '/api/conhub/super-admin/workflow-presets';
    const publish = await t.app.inject({ method: 'POST', url: `${SA}/v1`, headers: sa, payload: { presetType: 'TEAM_SIGN', name: { ko: '팀 서명', en: 'Team signing' }, steps: [{ stepCode: 'REQUEST' }, { stepCode: 'SIGNING' }, { stepCode: 'EXECUTION' }] } });
    expect(publish.statusCode, publish.body).toBe(200);
    const admin = await person(t, ws, ['SUPER_MANAGER'], '관리자');
    const adapt = await call(admin, 'PUT', '/api/conhub/workspaces/workflow-presets/v1', { presets: [{ presetType: 'TEAM_SIGN', isEnabled: true, name: { ko: '영업팀 서명', en: 'Sales signing' } }] });
    expect(adapt.statusCode, adapt.body).toBe(200);
    const c = await createContract(t, me, { title: '제휴 계약', contractType: 'PARTNERSHIP' });
    const { workflowId } = await seedWorkflow(t, { contractId: c.id, requester: me, processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', presetType: 'TEAM_SIGN' });
    const meta = (await call(me, 'GET', '/api/conhub/contracts/workflows/meta/v1')).json().data as { presetTypes: Array<{ code: string; name: { ko: string; en: string } }> };
    expect(meta.presetTypes.find((p) => p.code === 'TEAM_SIGN')?.name).toEqual({ ko: '영업팀 서명', en: 'Sales signing' });
    const row = async (locale: 'ko' | 'en') => {
      const res = await t.app.inject({ method: 'GET', url: '/api/conhub/my-requests/download/v2?contractTypes=PARTNERSHIP', headers: { ...me.headers, 'x-locale': locale } });
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await workbookOf(res.rawPayload);
      expect(rows.slice(1).map((r) => r[0])).toEqual([workflowId]);
      return rows[1]!;
    };
    expect((await row('ko'))[5]).toBe('영업팀 서명');
    expect((await row('en'))[5]).toBe('Sales signing');
    // Withdrawn: the running workflow's row keeps the name.
    const withdraw = await t.app.inject({ method: 'POST', url: `${SA}/TEAM_SIGN/withdraw/v1`, headers: sa, payload: { revision: 0 } });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect((await row('ko'))[5]).toBe('영업팀 서명');
    expect((await row('en'))[5]).toBe('Sales signing');
  });
});
