import { AdminRuleSchema, PrecedentPageSchema, PrecedentSchema } from '@legal/api';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, type StandIn, type StandInReply, startHttpStandIn } from '../../platform/ai/testing/stand-ins';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../auth/auth.test-support';
import { syncPrecedents } from './legal-sources.jobs';
import { lawAdminRules, lawPrecedents, lawSourceSyncs } from './legal-sources.table';

// The Open API's documented JSON shapes (open.law.go.kr guide, lawSearch.do / lawService.do),
// including the quirks the client must absorb: list dates with dots, detail dates compact, <br/>.
const PRECEDENTS = [
  { id: '610001', number: '2025다210470', name: '대여금', court: '대법원', listDate: '2025.06.05', date: '20250605', type: '민사', summary: '채무자가 채무의 존재를 인식하고 있다는 뜻을 표시하면 채무승인이 된다.' },
  { id: '610002', number: '2024다301234', name: '하도급대금', court: '대법원', listDate: '2024.11.14', date: '20241114', type: '민사', summary: '원사업자는 목적물 수령일부터 60일 이내에 하도급대금을 지급하여야 한다.' },
  { id: '610003', number: '2024나5678', name: '손해배상(기)', court: '서울고등법원', listDate: '2024.03.02', date: '20240302', type: '민사', summary: '계약 해제에 따른 원상회복과 손해배상의 범위.' },
];

const listItem = (p: (typeof PRECEDENTS)[number]) => ({
  id: p.id, 판례일련번호: p.id, 사건명: p.name, 사건번호: p.number, 선고일자: p.listDate, 법원명: p.court, 사건종류명: p.type, 판결유형: '판결', 선고: '선고',
  판례상세링크: `/DRF/lawService.do?OC=test-oc&target=prec&ID=${p.id}&type=HTML`,
});

const detail = (p: (typeof PRECEDENTS)[number]) => ({
  PrecService: {
    판례정보일련번호: p.id, 사건명: p.name, 사건번호: p.number, 선고일자: p.date, 선고: '선고', 법원명: p.court, 사건종류명: p.type, 판결유형: '판결',
    판시사항: `<br/>[1] ${p.name}에 관한 판시사항`, 판결요지: `<br/>${p.summary}<br/>`, 참조조문: '민법 제168조 제3호', 참조판례: '', 판례내용: '【원고, 상고인】<br/>원고',
  },
});

const ADMIN_RULE = {
  AdmRulService: {
    행정규칙기본정보: {
      행정규칙일련번호: '2100000250001', 행정규칙ID: '99001', 행정규칙명: '하도급거래공정화지침', 행정규칙종류: '예규', 발령일자: '20250102', 발령번호: '제45호',
      소관부처명: '공정거래위원회', 소관부처코드: '1130000', 시행일자: '20250102',
    },
    조문내용: ['제1조(목적) 이 지침은 하도급거래의 공정화를 위하여 필요한 사항을 정함을 목적으로 한다.', '제2조(적용 범위) 이 지침은 모든 하도급거래에 적용한다.'],
  },
};

const ORDINANCE = {
  LawService: {
    자치법규기본정보: {
      자치법규일련번호: '1500001', 자치법규ID: '2000111', 자치법규명: '서울특별시 공정거래 촉진 조례', 자치법규종류: '조례', 지자체기관명: '서울특별시', 지자체기관코드: '6110000',
      공포일자: '20240105', 공포번호: '제9000호', 시행일자: '20240105',
    },
    조문: { 조: [{ 조문번호: '1', 조제목: '목적', 조내용: '제1조(목적) 이 조례는 공정한 거래를 촉진함을 목적으로 한다.' }] },
  },
};

const query = (request: RecordedRequest) => new URL(request.path, 'http://stand-in').searchParams;

/** Answers like the Open API from the fixtures above; `failing` turns every answer into an HTTP 500. */
function openApi(state: { failing?: boolean; html?: boolean }) {
  return (request: RecordedRequest): StandInReply => {
    if (state.failing) return { kind: 'raw', status: 500, body: 'Internal Server Error' };
    if (state.html) return { kind: 'raw', status: 200, body: '<html>사용자 정보 검증에 실패하였습니다.</html>', headers: { 'content-type': 'text/html' } };
    const q = query(request);
    const found = PRECEDENTS.filter((p) => !q.get('nb') || p.number === q.get('nb'));
    if (request.path.startsWith('/lawSearch.do') && q.get('target') === 'prec') {
      const page = Number(q.get('page')), display = Number(q.get('display'));
      const items = found.slice((page - 1) * display, page * display).map(listItem);
      // A list of one comes as an object, not an array.
      return { kind: 'json', body: { PrecSearch: { target: 'prec', totalCnt: String(found.length), page: String(page), prec: items.length === 1 ? items[0] : items } } };
    }
    if (request.path.startsWith('/lawService.do') && q.get('target') === 'prec') {
      const p = PRECEDENTS.find((x) => x.id === q.get('ID'));
      return { kind: 'json', body: p ? detail(p) : { Law: '일치하는 판례가 없습니다.' } };
    }
    if (request.path.startsWith('/lawService.do') && q.get('target') === 'admrul') return { kind: 'json', body: q.get('ID') === '2100000250001' ? ADMIN_RULE : {} };
    if (request.path.startsWith('/lawService.do') && q.get('target') === 'ordin') return { kind: 'json', body: q.get('MST') === '1500001' ? ORDINANCE : {} };
    return { kind: 'raw', status: 404, body: 'unknown' };
  };
}

async function member(t: TestApp) {
  const ws = await newWorkspace(t);
  const user = await newUser(t, { workspace: ws, roles: ['READER'] });
  return workspaceHeaders(ws, await signIn(t, user.loginId));
}

describe('legal sources without an Open API key', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    headers = await member(t);
  });
  afterAll(() => t.close());

  it('answers empty results that say no source is configured, and never a precedent', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/arxive/law-data/precedents/search-after?searchWord=대여금', headers });
    expect(page.statusCode).toBe(200);
    expect(PrecedentPageSchema.parse(page.json().data)).toEqual({ sourceConfigured: false, items: [], nextSortValues: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/arxive/precedents/${encodeURIComponent('대법원')}/2025다210470/v1`, headers })).statusCode).toBe(404);
    const rule = await t.app.inject({ method: 'GET', url: '/api/aistudio/admin-rules/v1?serialNumber=2100000250001', headers });
    expect(rule.json().data).toEqual({ sourceConfigured: false, rule: null });
    const ordinance = await t.app.inject({ method: 'GET', url: '/api/aistudio/local-ordinances/v1?serialNumber=1500001', headers });
    expect(ordinance.json().data).toEqual({ sourceConfigured: false, ordinance: null });
    expect(await syncPrecedents(t.services)).toEqual({ stored: 0, complete: true });
  });

  it('needs a signed-in member and a well-formed query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/arxive/law-data/precedents/search-after?searchWord=a' })).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/arxive/law-data/precedents/search-after', headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fieldErrors[0].field).toContain('searchWord');
    const letters = await t.app.inject({ method: 'GET', url: '/api/aistudio/admin-rules/v1?serialNumber=abc', headers });
    expect(letters.statusCode).toBe(400);
  });
});

describe('legal sources from the Open API (a loopback stand-in)', () => {
  let t: TestApp;
  let api: StandIn;
  let headers: Record<string, string>;
  const state: { failing?: boolean; html?: boolean } = {};
  beforeAll(async () => {
    api = await startHttpStandIn();
    api.setHandler(openApi(state));
    t = await createTestApp({ startJobs: false, env: { LAW_OPEN_API_OC: 'test-oc', LAW_OPEN_API_URL: api.baseUrl, OUTBOUND_ALLOW_HOSTS: '127.0.0.1', LAW_OPEN_API_SYNC_DAYS: '730' } });
    headers = await member(t);
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it('syncs the decisions of the window once, then reads again only from the last sync minus the overlap', async () => {
    const first = await syncPrecedents(t.services, '2025-07-01');
    expect(first).toEqual({ stored: 3, complete: true });
    const list = api.requests.find((r) => r.path.startsWith('/lawSearch.do'))!;
    expect(Object.fromEntries(query(list))).toMatchObject({ OC: 'test-oc', type: 'JSON', target: 'prec', prncYd: '20230702~20250701', page: '1' });
    const [row] = await t.services.db.select().from(lawPrecedents).where(eq(lawPrecedents.precedentId, '610001'));
    expect(row).toMatchObject({ caseNumber: '2025다210470', courtName: '대법원', decisionDate: '2025-06-05', summary: PRECEDENTS[0]!.summary, holdings: '[1] 대여금에 관한 판시사항' });
    const [sync] = await t.services.db.select().from(lawSourceSyncs);
    expect(sync).toMatchObject({ target: 'prec', syncedThrough: '2025-07-01', lastError: null });

    api.requests.length = 0;
    expect(await syncPrecedents(t.services, '2025-07-02')).toEqual({ stored: 0, complete: true });
    expect(api.requests.filter((r) => r.path.startsWith('/lawService.do'))).toHaveLength(0);
    expect(query(api.requests[0]!).get('prncYd')).toBe('20250502~20250702');
    const [{ n }] = (await t.services.db.select({ n: count() }).from(lawPrecedents)) as [{ n: number }];
    expect(n).toBe(3);
  });

  it('pages the synced precedents by search-after, newest decision first, matching every word', async () => {
    const url = (q: string) => `/api/arxive/law-data/precedents/search-after?${q}`;
    const first = PrecedentPageSchema.parse((await t.app.inject({ method: 'GET', url: url('searchWord=민사&fetchSize=2'), headers })).json().data);
    expect(first.sourceConfigured).toBe(true);
    expect(first.items.map((p) => p.caseNumber)).toEqual(['2025다210470', '2024다301234']);
    const after = new URLSearchParams({ searchWord: '민사', fetchSize: '2' });
    for (const value of first.nextSortValues!) after.append('previousSortValues', value);
    const second = PrecedentPageSchema.parse((await t.app.inject({ method: 'GET', url: url(after.toString()), headers })).json().data);
    expect(second.items.map((p) => p.caseNumber)).toEqual(['2024나5678']);
    expect(second.nextSortValues).toBeNull();
    const both = (await t.app.inject({ method: 'GET', url: url(`searchWord=${encodeURIComponent('하도급대금 60일')}`), headers })).json().data;
    expect(both.items.map((p: { caseNumber: string }) => p.caseNumber)).toEqual(['2024다301234']);
    const literal = (await t.app.inject({ method: 'GET', url: url('searchWord=%25'), headers })).json().data;
    expect(literal.items).toEqual([]);
  });

  it('answers a precedent by court and case number, reading an unsynced one from the source by its number', async () => {
    const stored = await t.app.inject({ method: 'GET', url: `/api/arxive/precedents/${encodeURIComponent('서울고등법원')}/${encodeURIComponent('2024나5678')}/v1`, headers });
    expect(PrecedentSchema.parse(stored.json().data)).toMatchObject({ caseName: '손해배상(기)', decisionDate: '2024-03-02', sourceUrl: expect.stringContaining('precSeq=610003') });
    expect(stored.json().data.sourceUrl).not.toContain('test-oc');

    await t.services.db.delete(lawPrecedents).where(eq(lawPrecedents.precedentId, '610001'));
    api.requests.length = 0;
    const fetched = await t.app.inject({ method: 'GET', url: `/api/arxive/precedents/${encodeURIComponent('대법원')}/${encodeURIComponent('2025다210470')}/v1`, headers });
    expect(fetched.statusCode).toBe(200);
    expect(query(api.requests[0]!).get('nb')).toBe('2025다210470');
    expect((await t.services.db.select().from(lawPrecedents).where(eq(lawPrecedents.precedentId, '610001'))).length).toBe(1);

    const otherCourt = await t.app.inject({ method: 'GET', url: `/api/arxive/precedents/${encodeURIComponent('서울중앙지방법원')}/${encodeURIComponent('2025다210470')}/v1`, headers });
    expect(otherCourt.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/arxive/precedents/${encodeURIComponent('대법원')}/${encodeURIComponent('2099다1')}/v1`, headers });
    expect(unknown.statusCode).toBe(404);
  });

  it('reads an administrative rule and a local ordinance once, and checks the issuing body', async () => {
    api.requests.length = 0;
    const rule = await t.app.inject({ method: 'GET', url: '/api/aistudio/admin-rules/v1?serialNumber=2100000250001&govId=1130000', headers });
    expect(rule.statusCode).toBe(200);
    const parsed = AdminRuleSchema.parse(rule.json().data.rule);
    expect(parsed).toMatchObject({ name: '하도급거래공정화지침', kind: '예규', issuedDate: '2025-01-02', agency: '공정거래위원회' });
    expect(parsed.articles[1]).toEqual({ key: '제2조', title: '적용 범위', text: '이 지침은 모든 하도급거래에 적용한다.' });
    await t.app.inject({ method: 'GET', url: '/api/aistudio/admin-rules/v1?serialNumber=2100000250001', headers });
    expect(api.requests).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/aistudio/admin-rules/v1?serialNumber=2100000250001&govId=1', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/aistudio/admin-rules/v1?serialNumber=777', headers })).statusCode).toBe(404);
    expect(await t.services.db.select({ n: count() }).from(lawAdminRules)).toEqual([{ n: 1 }]);

    const ordinance = await t.app.inject({ method: 'GET', url: '/api/aistudio/local-ordinances/v1?serialNumber=1500001&govId=6110000', headers });
    expect(ordinance.json().data.ordinance).toMatchObject({ name: '서울특별시 공정거래 촉진 조례', government: '서울특별시', articles: [{ key: '제1조', title: '목적' }] });
  });

  it('answers 503 ERROR_LAW_SOURCE_UNAVAILABLE when the source fails or answers a page instead of JSON, and keeps the sync where it was', async () => {
    for (const mode of ['failing', 'html'] as const) {
      state[mode] = true;
      try {
        const answer = await t.app.inject({ method: 'GET', url: '/api/aistudio/local-ordinances/v1?serialNumber=1500002', headers });
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toMatchObject({ code: 'ERROR_LAW_SOURCE_UNAVAILABLE' });
        expect(JSON.stringify(answer.json())).not.toContain('test-oc');
        await expect(syncPrecedents(t.services, '2025-08-01')).rejects.toThrow(/law Open API/);
        const [sync] = await t.services.db.select().from(lawSourceSyncs);
        expect(sync).toMatchObject({ syncedThrough: '2025-07-02', lastError: expect.stringContaining('law Open API') });
      } finally {
        state[mode] = false;
      }
    }
  });
});
