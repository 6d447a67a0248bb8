import { type ContractDetail, RepositoryCodesSchema, SemanticSearchDataSchema } from '@legal/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../../test/harness';
import { newWorkspace } from '../../auth/auth.test-support';
import { caller, createContract, fieldsOf, type Method, type Person, person, snapshotOf, uploadFile, type Workspace } from '../contracts.test-support';
import { contracts } from '../contracts.table';

let t: TestApp;
let call: ReturnType<typeof caller>;
let wsA: Workspace;
let wsB: Workspace;
let owner: Person;
let colleague: Person;
let manager: Person;
let noRole: Person;
let outsider: Person;
let close: ContractDetail;
let memoOnly: ContractDetail;
let contentOnly: ContractDetail;
let unrelated: ContractDetail;
let hiddenTwin: ContractDetail;
let foreignTwin: ContractDetail;

const SEMANTIC = '/api/alex/contracts/page-semantic-search/v1';
const UNIFIED = '/api/alex/unified-search/page/v1';
const CODES = '/api/alex/unified-search-codes/v1';
const REPO_CODES = '/api/alex/repository-codes/v2';
const byConhub = (version: 'v3' | 'v4', id: string) => `/api/alex/contracts/${version}?conhubContractId=${encodeURIComponent(id)}`;
const downloadByConhub = (id: string) => `/api/alex/contracts/download/by-conhub-contract-id/v1?conhubContractId=${encodeURIComponent(id)}`;
const REINDEX = '/api/alex/contracts/reindex/v1';
const REINDEX_ALL = '/api/alex/contracts/reindex-all/v1';
const TITLE = '소프트웨어 유지보수 용역 계약';
const WS_A_NAME = `탐색-${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t, { name: WS_A_NAME });
  wsB = await newWorkspace(t);
  call = caller(t, () => wsA);
  owner = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  colleague = await person(t, wsA, ['GENERAL_MEMBER'], '이서연');
  manager = await person(t, wsA, ['LEGAL_MANAGER'], '한지민');
  noRole = await person(t, wsA, [], '무권한');
  outsider = await person(t, wsB, ['LEGAL_MANAGER'], '송예린');

  const fileKey = await uploadFile(t, owner, Buffer.from('제1조 목적\n\n제3조 소프트웨어 유지보수의 범위는 별지와 같다.'), '별지.txt');
  close = await createContract(t, owner, {
    title: TITLE, conhubContractId: 'CH-100', files: [{ fileKey: await uploadFile(t, owner, Buffer.from('본 계약서'), '계약서.txt'), role: 'MAIN' }],
    counterparties: [{ counterpartyType: 'COMPANY', name: '한빛소프트', contacts: [] }], hashtags: ['정기점검'],
  });
  memoOnly = await createContract(t, owner, { title: '사무실 임대차 계약', contractType: 'LEASE', memo: '건물 설비 유지보수 비용은 임차인이 부담한다.' });
  contentOnly = await createContract(t, owner, { title: '기타 합의서', contractType: 'OTHER', files: [{ fileKey, role: 'MAIN' }] });
  unrelated = await createContract(t, owner, { title: '원자재 공급 계약' });
  hiddenTwin = await createContract(t, colleague, { title: TITLE, conhubContractId: 'CH-200' });
  foreignTwin = await createContract(t, outsider, { title: TITLE, conhubContractId: 'CH-100' });
  await waitFor(async () => {
    const files = (await call(owner, 'GET', `/api/alex/contracts/${contentOnly.id}/v6`)).json().data.files;
    return files[0].extractionStatus !== 'PENDING';
  }, 60_000, 200);
});
afterAll(() => t.close());

async function semantic(who: Person, body: Record<string, unknown>, query = '') {
  const res = await call(who, 'POST', `${SEMANTIC}${query}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return SemanticSearchDataSchema.parse(res.json().data);
}

describe('page-semantic-search v1 (built-in engine)', () => {
  it('ranks the closest contract first, says its mode and scores every hit', async () => {
    const page = await semantic(owner, { query: '소프트웨어 유지보수 용역' });
    expect(page.mode).toBe('BUILT_IN');
    expect(page.size).toBe(10);
    expect(page.content[0]!.id).toBe(close.id);
    expect(page.content[0]!.matchedIn).toBe('TITLE');
    expect(page.content.map((h) => h.id).sort()).toEqual([close.id, memoOnly.id, contentOnly.id].sort());
    expect(page.totalElements).toBe(3);
    const scores = page.content.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    // The file's passage explains a hit found only in the text.
    const fromText = page.content.find((h) => h.id === contentOnly.id)!;
    expect(fromText.matchedIn).toBe('CONTENT');
    expect(fromText.pageNumber).toBe(1);
    expect(fromText.snippet).toContain('유지보수');
    expect(page.content.find((h) => h.id === memoOnly.id)!.matchedIn).toBe('METADATA');
  });

  it('never answers another tenant\'s or an unpermitted contract, even with the same title', async () => {
    const ids = (await semantic(owner, { query: TITLE })).content.map((h) => h.id);
    expect(ids).toContain(close.id);
    expect(ids).not.toContain(hiddenTwin.id);
    expect(ids).not.toContain(foreignTwin.id);
    const managerIds = (await semantic(manager, { query: TITLE })).content.map((h) => h.id);
    expect(managerIds.slice(0, 2).sort()).toEqual([close.id, hiddenTwin.id].sort());
    expect(managerIds).not.toContain(foreignTwin.id);
    expect((await semantic(outsider, { query: TITLE })).content.map((h) => h.id)).toEqual([foreignTwin.id]);
    expect((await semantic(colleague, { query: TITLE })).content.map((h) => h.id)).toEqual([hiddenTwin.id]);
  });

  it('applies the page-search filters and pages', async () => {
    const leases = await semantic(owner, { query: '유지보수', filter: { contractTypes: ['LEASE'] } });
    expect(leases.content.map((h) => h.id)).toEqual([memoOnly.id]);
    const second = await semantic(owner, { query: '소프트웨어 유지보수 용역' }, '?page=1&size=2');
    expect(second.content).toHaveLength(1);
    expect(second.totalPages).toBe(2);
    expect((await semantic(owner, { query: '전혀 없는 낱말' })).content).toEqual([]);
    expect((await semantic(owner, { query: '원자재' })).content.map((h) => h.id)).toEqual([unrelated.id]);
  });
});

describe('unified search', () => {
  it('answers mixed hits with domain, score and address, only what the caller may read', async () => {
    const res = await call(owner, 'POST', UNIFIED, { keyword: TITLE });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.content[0]).toMatchObject({ domain: 'CONTRACT', id: close.id, title: TITLE, url: `/${encodeURIComponent(WS_A_NAME)}/contracts/${close.id}` });
    expect(data.content[0].score).toBeGreaterThan(0.9);
    const ids = data.content.map((h: { id: number }) => h.id);
    expect(ids).not.toContain(hiddenTwin.id);
    expect(ids).not.toContain(foreignTwin.id);
    const foreign = (await call(outsider, 'POST', UNIFIED, { keyword: TITLE, domains: ['CONTRACT'] })).json().data;
    expect(foreign.content.map((h: { id: number }) => h.id)).toEqual([foreignTwin.id]);
    const paged = (await call(owner, 'POST', `${UNIFIED}?page=1&size=1`, { keyword: '유지보수' })).json().data;
    expect(paged.totalElements).toBe(3);
    expect(paged.content).toHaveLength(1);
  });

  it('lists its domains', async () => {
    const res = await call(owner, 'GET', CODES);
    expect(res.json().data).toEqual([{ code: 'CONTRACT', name: { ko: '계약', en: 'Contracts' }, label: '계약' }]);
  });
});

describe('repository codes v2 and reads by conhub contract id', () => {
  it('answers every code list with ko/en names', async () => {
    const codes = RepositoryCodesSchema.parse((await call(owner, 'GET', REPO_CODES)).json().data);
    expect(codes.contractTypes.find((c) => c.code === 'NDA')).toEqual({ code: 'NDA', name: { ko: '비밀유지계약', en: 'Non-disclosure agreement' }, label: '비밀유지계약' });
    expect(codes.currencies.find((c) => c.code === 'KRW')!.name.en).toMatch(/Korean Won/i);
    for (const list of Object.values(codes)) expect(list.length).toBeGreaterThan(1);
  });

  it('reads the contract (v3 = v5 shape, v4 = v6 shape) and downloads its main file', async () => {
    const v6 = (await call(owner, 'GET', `/api/alex/contracts/${close.id}/v6`)).json().data;
    const v5 = (await call(owner, 'GET', `/api/alex/contracts/${close.id}/v5`)).json().data;
    expect((await call(owner, 'GET', byConhub('v4', 'CH-100'))).json().data).toEqual(v6);
    expect((await call(owner, 'GET', byConhub('v3', 'CH-100'))).json().data).toEqual(v5);
    // The same conhub id in another workspace answers that workspace's own contract.
    expect((await call(outsider, 'GET', byConhub('v4', 'CH-100'))).json().data.id).toBe(foreignTwin.id);
    const file = await call(owner, 'GET', downloadByConhub('CH-100'));
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('본 계약서');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''%EA%B3%84%EC%95%BD%EC%84%9C.txt");
  });
});

describe('route matrix', () => {
  const routes = (): Array<{ method: Method; url: string; body?: unknown; bad?: [string, unknown, string]; adminOnly?: boolean; conhub?: boolean }> => [
    { method: 'POST', url: SEMANTIC, body: { query: '유지보수' }, bad: [SEMANTIC, { query: ' ' }, 'body.query'] },
    { method: 'POST', url: UNIFIED, body: { keyword: '유지보수' }, bad: [UNIFIED, { keyword: '유지보수', domains: ['LITIGATION'] }, 'body.domains.0'] },
    { method: 'GET', url: CODES },
    { method: 'GET', url: REPO_CODES },
    { method: 'GET', url: byConhub('v3', 'CH-200'), bad: ['/api/alex/contracts/v3', undefined, 'query.conhubContractId'], conhub: true },
    { method: 'GET', url: byConhub('v4', 'CH-200'), bad: ['/api/alex/contracts/v4?conhubContractId=', undefined, 'query.conhubContractId'], conhub: true },
    { method: 'GET', url: downloadByConhub('CH-200'), bad: ['/api/alex/contracts/download/by-conhub-contract-id/v1', undefined, 'query.conhubContractId'], conhub: true },
    { method: 'POST', url: REINDEX, body: { idStart: 1, idEnd: 1_000_000 }, bad: [REINDEX, { idStart: 5, idEnd: 1 }, 'body.idEnd'], adminOnly: true },
    { method: 'POST', url: REINDEX_ALL, adminOnly: true },
  ];

  it('401 without a session, 403 without contract permissions, 400 naming the field', async () => {
    for (const r of routes()) {
      expect((await call(null, r.method, r.url, r.body)).statusCode, r.url).toBe(401);
      expect((await call(noRole, r.method, r.url, r.body)).statusCode, r.url).toBe(403);
      if (r.adminOnly) expect((await call(owner, r.method, r.url, r.body)).statusCode, r.url).toBe(403);
      if (r.bad) {
        const res = await call(manager, r.method, r.bad[0], r.bad[1]);
        expect(res.statusCode, r.bad[0]).toBe(400);
        expect(fieldsOf(res), r.bad[0]).toContain(r.bad[2]);
      }
    }
  });

  it('404 to another tenant and to a member who may not read it, the row unchanged; 200 to a reader', async () => {
    const before = await snapshotOf(t, hiddenTwin.id);
    for (const r of routes().filter((x) => x.conhub)) {
      expect((await call(outsider, r.method, r.url)).statusCode, r.url).toBe(404);
      expect((await call(owner, r.method, r.url)).statusCode, r.url).toBe(404);
      expect((await call(owner, r.method, r.url.replace('CH-200', 'CH-unknown'))).statusCode, r.url).toBe(404);
    }
    expect((await call(colleague, 'GET', byConhub('v4', 'CH-200'))).statusCode).toBe(200);
    expect((await call(manager, 'GET', byConhub('v3', 'CH-200'))).statusCode).toBe(200);
    // No file on it: the download has nothing to send.
    expect((await call(colleague, 'GET', downloadByConhub('CH-200'))).statusCode).toBe(404);
    // Another workspace's reindex over the same ids accepts none of ours.
    const foreign = await call(outsider, 'POST', REINDEX, { idStart: hiddenTwin.id, idEnd: hiddenTwin.id });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json().data.acceptedCount).toBe(0);
    expect(await snapshotOf(t, hiddenTwin.id)).toEqual(before);
  });

  it('happy path of every route', async () => {
    for (const r of routes()) {
      const who = r.adminOnly ? manager : owner;
      // CH-100 is the owner's contract with a main file.
      const res = await call(who, r.method, r.url.replace('CH-200', 'CH-100'), r.body);
      expect(res.statusCode, `${r.url} ${res.body}`).toBe(200);
    }
  });
});

describe('reindex', () => {
  const gramsOf = async (id: number) => (await t.services.db.select({ grams: contracts.grams }).from(contracts).where(eq(contracts.id, id)))[0]!.grams ?? [];
  const keywordIds = async (who: Person, keyword: string) =>
    (await call(who, 'POST', '/api/alex/contracts/page-search/v3', { keyword })).json().data.content.map((c: { id: number }) => c.id);

  /** The search copies overwritten behind the service's back: the bigram column follows them. */
  const corrupt = (id: number) => t.services.db.update(contracts).set({ counterpartyNames: '', hashtagNames: sql`'깨진값'` }).where(eq(contracts.id, id));

  it('restores a corrupted search column through the range job, and the whole workspace through reindex-all', async () => {
    const version = (await snapshotOf(t, close.id)).contract[0]!.version;
    await corrupt(close.id);
    expect(await gramsOf(close.id)).not.toContain('한빛');
    expect(await keywordIds(owner, '한빛')).toEqual([]);

    const res = await call(manager, 'POST', REINDEX, { idStart: close.id, idEnd: close.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ acceptedCount: 1, jobId: expect.any(String) });
    // The same request again is the same job.
    expect((await call(manager, 'POST', REINDEX, { idStart: close.id, idEnd: close.id })).json().data.jobId).toBe(res.json().data.jobId);
    await waitFor(async () => (await gramsOf(close.id)).includes('한빛'), 30_000, 200);
    expect(await gramsOf(close.id)).toEqual(expect.arrayContaining(['한빛', '빛소', '정기', '점검']));
    expect(await gramsOf(close.id)).not.toContain('깨진');
    expect(await keywordIds(owner, '한빛')).toEqual([close.id]);
    // Reindexing is not an edit: the version stays.
    expect((await snapshotOf(t, close.id)).contract[0]!.version).toBe(version);

    await corrupt(memoOnly.id);
    await corrupt(foreignTwin.id);
    const all = await call(manager, 'POST', REINDEX_ALL);
    expect(all.statusCode, all.body).toBe(200);
    // Every contract of workspace A, none of B's.
    expect(all.json().data.acceptedCount).toBe(5);
    await waitFor(async () => !(await gramsOf(memoOnly.id)).includes('깨진'), 30_000, 200);
    // Only the caller's workspace is reindexed.
    expect(await gramsOf(foreignTwin.id)).toContain('깨진');
  });
});
