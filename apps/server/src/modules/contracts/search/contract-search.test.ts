import { type ContractDetail, ContractSummarySchema } from '@legal/api';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../../test/harness';
import { newWorkspace } from '../../auth/auth.test-support';
import { buildTextPdf } from '../../files/documents/test-fixtures';
import { caller, createContract, fieldsOf, groupWith, type Person, person, uploadFile, type Workspace } from '../contracts.test-support';

let t: TestApp;
let call: ReturnType<typeof caller>;
let wsA: Workspace;

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t, { extraRoles: ['READER', 'LEGAL_ASSIGNER'] });
  call = caller(t, () => wsA);
});
afterAll(() => t.close());

const PAGE = '/api/alex/contracts/page-search/v3';
const PAGE_V4 = '/api/alex/contracts/page-search/v4';
const SCROLL = '/api/alex/contracts/scroll-search/v2';

async function search(who: Person, body: Record<string, unknown> = {}, query = '', url = PAGE) {
  const res = await call(who, 'POST', `${url}${query}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { content: Array<{ id: number; title: string }>; totalElements: number; totalPages: number; size: number };
}

const idsOf = (page: { content: Array<{ id: number }> }) => page.content.map((c) => c.id);

/** Every id a scroll search answers, page after page. */
async function scrollAll(who: Person, body: Record<string, unknown>, fetchSize = 3): Promise<number[]> {
  const ids: number[] = [];
  let cursor: { sortValue?: string | null; tieBreaker?: number } = {};
  for (let guard = 0; guard < 100; guard++) {
    const res = await call(who, 'POST', SCROLL, { ...body, fetchSize, ...cursor });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    ids.push(...data.content.map((c: { id: number }) => c.id));
    if (!data.hasNext) return ids;
    cursor = { sortValue: data.sortValue, tieBreaker: data.tieBreaker };
  }
  throw new Error('scroll did not end');
}

describe('search never answers another tenant\'s or an unpermitted contract', () => {
  it('keeps identical titles apart by tenant and by the read rule, in page and scroll search alike', async () => {
    const wsB = await newWorkspace(t);
    const owner = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
    const colleague = await person(t, wsA, ['GENERAL_MEMBER'], '이서연');
    const groupReader = await person(t, wsA, ['READER'], '강하은');
    const manager = await person(t, wsA, ['LEGAL_MANAGER'], '한지민');
    const assigner = await person(t, wsA, ['LEGAL_ASSIGNER'], '박지훈');
    const otherTenant = await person(t, wsB, ['SUPER_MANAGER'], '송예린');
    const group = await groupWith(t, wsA, '구매팀', [groupReader.userId]);
    const title = '동일제목 물품공급 해지 합의서';

    const own = await createContract(t, owner, { title });
    const watched = await createContract(t, colleague, { title, watcherUserIds: [owner.userId] });
    const related = await createContract(t, colleague, { title, userIds: [owner.userId] });
    const grouped = await createContract(t, colleague, { title, groupId: group });
    const hidden = await createContract(t, colleague, { title });
    const foreign = await createContract(t, otherTenant, { title });
    const deleted = await createContract(t, owner, { title });
    await call(owner, 'DELETE', `/api/alex/contracts/${deleted.id}/v1`);

    const expected: Array<[Person, number[]]> = [
      [owner, [own.id, watched.id, related.id]],
      [colleague, [watched.id, related.id, grouped.id, hidden.id]],
      [groupReader, [grouped.id]],
      [manager, [own.id, watched.id, related.id, grouped.id, hidden.id]],
      [assigner, [own.id, watched.id, related.id, grouped.id, hidden.id]],
      [otherTenant, [foreign.id]],
    ];
    const all = [own, watched, related, grouped, hidden, foreign, deleted].map((c) => c.id);
    for (const [who, ids] of expected) {
      const sorted = [...ids].sort((a, b) => b - a);
      expect(idsOf(await search(who, { keyword: '해지' })), who.loginId).toEqual(sorted);
      expect(idsOf(await search(who, { keyword: title }, '', PAGE_V4)), who.loginId).toEqual(sorted);
      expect((await scrollAll(who, { keyword: '물품공급' })).sort((a, b) => b - a), who.loginId).toEqual(sorted);
      // The SQL rule of the lists and the policy of a single read agree on every contract.
      for (const id of all) {
        const read = await call(who, 'GET', `/api/alex/contracts/${id}/v6`);
        expect(read.statusCode, `${who.loginId} reads ${id}`).toBe(ids.includes(id) ? 200 : 404);
      }
    }
    // Filters cannot widen what the caller sees.
    expect(idsOf(await search(owner, { ownerIds: [colleague.userId], groupIds: [group] }))).toEqual([]);
    expect(idsOf(await search(otherTenant, { ownerIds: [owner.userId] }))).toEqual([]);
  });
});

describe('the read rule follows the contract\'s people as they change', () => {
  it('shows a contract to a member exactly while they own it, watch it or take part in it', async () => {
    const owner = await person(t, wsA, ['GENERAL_MEMBER'], '최서윤');
    const colleague = await person(t, wsA, ['GENERAL_MEMBER'], '윤도현');
    const manager = await person(t, wsA, ['LEGAL_MANAGER'], '배수아');
    const c = await createContract(t, owner, { title: '사람따라 보이는 용역 계약' });
    const sees = async (who: Person) => {
      const found = idsOf(await search(who, { keyword: '사람따라' })).includes(c.id);
      const read = (await call(who, 'GET', `/api/alex/contracts/${c.id}/v6`)).statusCode;
      expect(read, `${who.loginId} reads as search finds`).toBe(found ? 200 : 404);
      return found;
    };
    const put = async (who: Person, path: string, body: Record<string, unknown>) => {
      const res = await call(who, 'PUT', path, body);
      expect(res.statusCode, res.body).toBe(200);
    };

    expect(await sees(colleague)).toBe(false);
    await put(owner, `/api/conhub/contracts/${c.id}/watchers/v1`, { watcherUserIds: [colleague.userId] });
    expect(await sees(colleague)).toBe(true);
    await put(owner, `/api/conhub/contracts/${c.id}/watchers/v1`, { watcherUserIds: [] });
    expect(await sees(colleague)).toBe(false);
    await put(owner, `/api/alex/contracts/${c.id}/users/v1`, { userIds: [colleague.userId] });
    expect(await sees(colleague)).toBe(true);
    await put(owner, `/api/alex/contracts/${c.id}/users/v1`, { userIds: [] });
    expect(await sees(colleague)).toBe(false);

    // A new owner gains the contract and the former one, no longer among its people, loses it.
    await put(manager, `/api/conhub/contracts/${c.id}/owner/v1`, { ownerUserId: colleague.userId });
    expect(await sees(colleague)).toBe(true);
    expect(await sees(owner)).toBe(false);
  });
});

describe('search by the text of the contract\'s files', () => {
  it('finds a Korean two-syllable word inside the extracted text of an uploaded DOCX and PDF', async () => {
    const owner = await person(t, wsA, ['GENERAL_MEMBER'], '문서 담당');
    const wsB = await newWorkspace(t);
    const other = await person(t, wsB, ['GENERAL_MEMBER']);
    const docx = await Packer.toBuffer(
      new Document({ sections: [{ children: [new Paragraph('제9조(계약의 종료) 각 당사자는 30일 전에 서면으로 통지하여 이 계약을 해지할 수 있다.')] }] }),
    );
    const pdf = await buildTextPdf(['제5조(손해배상) 을은 갑에게 위약금을 지급한다.']);
    const docxKey = await uploadFile(t, owner, docx, '용역계약서.docx');
    const pdfKey = await uploadFile(t, owner, pdf, '공급계약서.pdf');
    const withDocx = await createContract(t, owner, { title: '소프트웨어 개발 용역', files: [{ fileKey: docxKey, role: 'MAIN' }] });
    const withPdf = await createContract(t, owner, { title: '원자재 공급', files: [{ fileKey: pdfKey, role: 'MAIN' }] });
    const plain = await createContract(t, owner, { title: '본문 없는 계약' });
    // The same document in another tenant is never found from here.
    const foreignKey = await uploadFile(t, other, docx, '용역계약서.docx');
    await createContract(t, other, { title: '외부 용역', files: [{ fileKey: foreignKey }] });

    const extracted = async (c: ContractDetail) =>
      waitFor(async () => {
        const files = (await call(owner, 'GET', `/api/alex/contracts/${c.id}/v6`)).json().data.files;
        return files[0].extractionStatus !== 'PENDING' ? files[0] : null;
      }, 90_000, 250);
    expect((await extracted(withDocx)).extractionStatus).toBe('DONE');
    expect((await extracted(withPdf)).extractionStatus).toBe('DONE');

    // "해지" is a substring of "해지할"; "위약" of "위약금": neither is in a title or a memo.
    expect(idsOf(await search(owner, { keyword: '해지' }))).toEqual([withDocx.id]);
    expect(idsOf(await search(owner, { keyword: '위약' }))).toEqual([withPdf.id]);
    expect(idsOf(await search(owner, { keyword: '해지 서면' }))).toEqual([withDocx.id]);
    expect(idsOf(await search(owner, { keyword: '해지 위약' }))).toEqual([]);
    expect(idsOf(await search(owner, { keyword: '해지', keywordTargets: ['TITLE', 'MEMO'] }, '', PAGE_V4))).toEqual([]);
    expect(idsOf(await search(owner, { keyword: '해지', keywordTargets: ['CONTENT'] }, '', PAGE_V4))).toEqual([withDocx.id]);
    await waitFor(async () => (await search(other, { keyword: '해지' })).totalElements === 1, 90_000, 250);
    expect(idsOf(await search(owner, { keyword: '본문' }))).toEqual([plain.id]);
    // A file deleted in arxive no longer makes its contract match.
    await call(owner, 'DELETE', `/api/arxive/files/${pdfKey}/v1`);
    expect(idsOf(await search(owner, { keyword: '위약' }))).toEqual([]);
  }, 180_000);

  it('matches counterparty names, hashtags and the memo, after they change too', async () => {
    const owner = await person(t, wsA, ['GENERAL_MEMBER']);
    const c = await createContract(t, owner, {
      title: '검색 대상',
      memo: '특약: 하자보수 기간 2년',
      hashtags: ['갱신대상'],
      counterparties: [{ counterpartyType: 'COMPANY', name: '(주)누리테크' }],
    });
    for (const keyword of ['누리', '갱신', '하자보수', '보수', '검색']) expect(idsOf(await search(owner, { keyword })), keyword).toEqual([c.id]);
    expect(idsOf(await search(owner, { keyword: '누리', keywordTargets: ['HASHTAG'] }, '', PAGE_V4))).toEqual([]);
    expect(idsOf(await search(owner, { keyword: '누리', keywordTargets: ['COUNTERPARTY'] }, '', PAGE_V4))).toEqual([c.id]);
    await call(owner, 'PUT', `/api/alex/contracts/${c.id}/counterparties/v1`, { counterparties: [{ counterpartyType: 'PERSON', name: '홍길동' }] });
    await call(owner, 'PUT', `/api/alex/contracts/${c.id}/hashtags/v1`, { hashtags: ['만료예정'] });
    expect(idsOf(await search(owner, { keyword: '누리' }))).toEqual([]);
    expect(idsOf(await search(owner, { keyword: '갱신' }))).toEqual([]);
    expect(idsOf(await search(owner, { keyword: '길동' }))).toEqual([c.id]);
    expect(idsOf(await search(owner, { keyword: '만료' }))).toEqual([c.id]);
  });

  it('finds a two-letter word only where it is written whole, never across a space, a line or two fields', async () => {
    // Two-letter words are answered by the bigram index alone (no substring check row by row):
    // these are the cases where an index of word pieces could answer more than a substring search.
    const owner = await person(t, wsA, ['GENERAL_MEMBER']);
    const whole = await createContract(t, owner, { title: '계약해지 합의서', memo: 'NDA 초안' });
    const apart = await createContract(t, owner, {
      title: '해 지 검토',
      memo: '해',
      hashtags: ['지'],
      counterparties: [{ counterpartyType: 'PERSON', name: '가해' }, { counterpartyType: 'COMPANY', name: '지원산업' }],
    });
    expect(idsOf(await search(owner, { keyword: '해지' }))).toEqual([whole.id]);
    expect(idsOf(await search(owner, { keyword: '해지', keywordTargets: ['TITLE', 'MEMO', 'COUNTERPARTY', 'HASHTAG'] }, '', PAGE_V4))).toEqual([whole.id]);
    expect(idsOf(await search(owner, { keyword: '해지', keywordTargets: ['TITLE'] }, '', PAGE_V4))).toEqual([whole.id]);
    expect(idsOf(await search(owner, { keyword: 'nd' }))).toEqual([whole.id]);
    expect(idsOf(await search(owner, { keyword: 'n d' }))).toEqual([whole.id]);
    expect(idsOf(await search(owner, { keyword: '가해' }))).toEqual([apart.id]);
    expect(idsOf(await search(owner, { keyword: '해' }))).toEqual([apart.id, whole.id]);
  });
});

describe('search filters, sorting and paging', () => {
  let owner: Person;
  let ws: Workspace;
  const made: Record<string, ContractDetail> = {};
  beforeAll(async () => {
    ws = await newWorkspace(t);
    owner = await person(t, ws, ['LEGAL_MANAGER'], '법무 관리자');
    const colleague = await person(t, ws, ['GENERAL_MEMBER'], '동료');
    const group = await groupWith(t, ws, '재무팀', []);
    made.nda = await createContract(t, owner, { title: 'A 비밀유지', contractType: 'NDA', status: 'SIGNED', signedDate: '2026-01-10', startDate: '2026-01-10', endDate: '2027-01-09', hashtags: ['보안'] });
    made.service = await createContract(t, owner, { title: 'B 용역', contractType: 'SERVICE', status: 'ACTIVE', amount: '5000000', currency: 'KRW', startDate: '2026-03-01', endDate: '2026-08-31', groupId: group });
    made.supply = await createContract(t, owner, { title: 'C 공급', contractType: 'SUPPLY', amount: '120000.5', currency: 'KRW', endDate: '2026-06-30', ownerUserId: colleague.userId });
    made.usd = await createContract(t, owner, { title: 'D 라이선스', contractType: 'LICENSE', status: 'EXPIRED', amount: '3000', currency: 'USD', hashtags: ['보안', '해외'] });
    made.plain = await createContract(t, owner, { title: 'E 기타', contractType: 'OTHER' });
    await call({ ...owner, headers: { ...owner.headers } }, 'POST', `/api/conhub/contracts/${made.plain.id}/bookmarks/v1`);
    Object.assign(made, { group: { id: group } as never, colleague: { id: colleague.userId } as never });
  });

  const ids = (...keys: string[]) => keys.map((k) => made[k]!.id);

  it('filters by type, status, owner, group, hashtag, dates, amount and bookmark', async () => {
    const s = async (body: Record<string, unknown>) => idsOf(await search(owner, body, '?sort=title,asc')).map(Number);
    expect(await s({ contractTypes: ['NDA', 'SUPPLY'] })).toEqual(ids('nda', 'supply'));
    expect(await s({ statuses: ['ACTIVE', 'EXPIRED'] })).toEqual(ids('service', 'usd'));
    expect(await s({ ownerIds: [made.colleague!.id] })).toEqual(ids('supply'));
    expect(await s({ groupIds: [made.group!.id] })).toEqual(ids('service'));
    expect(await s({ hashtags: ['#보안'] })).toEqual(ids('nda', 'usd'));
    expect(await s({ signedDate: { start: '2026-01-01', end: '2026-01-31' } })).toEqual(ids('nda'));
    expect(await s({ endDate: { start: '2026-06-30', end: '2026-08-31' } })).toEqual(ids('service', 'supply'));
    expect(await s({ startDate: { end: '2026-02-01' } })).toEqual(ids('nda'));
    expect(await s({ amountMin: '100000', amountMax: '5000000', currency: 'KRW' })).toEqual(ids('service', 'supply'));
    expect(await s({ amountMin: '1000' })).toEqual(ids('service', 'supply', 'usd'));
    expect(await s({ isBookmarked: true })).toEqual(ids('plain'));
    expect((await s({ isBookmarked: false })).length).toBe(4);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Seoul' });
    expect((await s({ createdDate: { start: today, end: today } })).length).toBe(5);
    expect(await s({ createdDate: { end: '2020-01-01' } })).toEqual([]);
  });

  it('sorts by the whitelisted fields (empty values last) and pages 10 by default', async () => {
    const byAmount = idsOf(await search(owner, {}, '?sort=amount,asc'));
    expect(byAmount).toEqual([...ids('usd', 'supply', 'service'), ...byAmount.slice(3)]);
    expect(byAmount.slice(3).sort()).toEqual(ids('nda', 'plain').sort());
    expect(idsOf(await search(owner, {}, '?sort=amount,desc')).slice(0, 3)).toEqual(ids('service', 'supply', 'usd'));
    expect(idsOf(await search(owner, {}, '?sort=endDate,asc')).slice(0, 3)).toEqual(ids('supply', 'service', 'nda'));
    expect(idsOf(await search(owner, {}))).toEqual(ids('plain', 'usd', 'supply', 'service', 'nda'));
    const page = await search(owner, {}, '?size=2&page=1&sort=title,desc');
    expect(page).toMatchObject({ size: 2, totalElements: 5 });
    expect(idsOf(page)).toEqual(ids('supply', 'service'));
    // The last, partial page, a page past the last and a search with no match keep the true total.
    expect(await search(owner, {}, '?size=2&page=2&sort=title,desc')).toMatchObject({ totalElements: 5, totalPages: 3, content: [{ id: ids('nda')[0] }] });
    expect(await search(owner, {}, '?size=2&page=7')).toMatchObject({ totalElements: 5, totalPages: 3, content: [] });
    expect(await search(owner, { keyword: '보안' }, '?size=1&page=1')).toMatchObject({ totalElements: 2, totalPages: 2, content: [{ id: ids('nda')[0] }] });
    expect(await search(owner, { keyword: '보안' }, '?size=1&page=5')).toMatchObject({ totalElements: 2, totalPages: 2, content: [] });
    expect(await search(owner, { keyword: '없는낱말' }, '?page=1')).toMatchObject({ totalElements: 0, totalPages: 0, content: [] });
    expect(await search(owner, { keyword: '없는낱말' })).toMatchObject({ totalElements: 0, totalPages: 0, content: [] });
    expect((await search(owner, {})).size).toBe(10);
    expect(ContractSummarySchema.parse((await search(owner, { contractTypes: ['SUPPLY'] })).content[0])).toMatchObject({
      title: 'C 공급', amount: '120000.5', currency: 'KRW', owner: { displayName: '동료' }, counterpartyNames: [], hashtags: [],
    });
  });

  it('names bad filters and sorts (400)', async () => {
    const bad = await call(owner, 'POST', `${PAGE}?sort=memo,asc&size=0`, {
      contractTypes: ['BOGUS'], statuses: ['DONE'], amountMin: '10', amountMax: '1', currency: 'won', signedDate: { start: '2026-02-01', end: '2026-01-01' }, keyword: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['body.contractTypes.0', 'body.currency', 'body.keyword', 'body.signedDate.end', 'body.statuses.0', 'query.size', 'query.sort'].sort());
    expect(fieldsOf(await call(owner, 'POST', PAGE, { amountMin: '10', amountMax: '1' }))).toEqual(['body.amountMax']);
    expect(fieldsOf(await call(owner, 'POST', PAGE_V4, { keywordTargets: ['BODY'] }))).toEqual(['body.keywordTargets.0']);
    expect(fieldsOf(await call(owner, 'POST', SCROLL, { sortField: 'memo', fetchSize: 1000 })).sort()).toEqual(['body.fetchSize', 'body.sortField']);
    expect(fieldsOf(await call(owner, 'POST', SCROLL, { sortField: 'createdAt', sortValue: 'yesterday', tieBreaker: 1 }))).toEqual(['body.sortValue']);
    expect(fieldsOf(await call(owner, 'POST', SCROLL, { sortField: 'amount', sortValue: '1e9', tieBreaker: 1 }))).toEqual(['body.sortValue']);
    expect((await call(null, 'POST', PAGE, {})).statusCode).toBe(401);
    expect((await call(null, 'POST', SCROLL, {})).statusCode).toBe(401);
  });
});

describe('scroll search', () => {
  it('answers every row exactly once while contracts are added between pages', async () => {
    const ws = await newWorkspace(t);
    const owner = await person(t, ws, ['GENERAL_MEMBER']);
    const original: number[] = [];
    for (let i = 0; i < 12; i++) original.push((await createContract(t, owner, { title: `스크롤 ${i}` })).id);
    const seen: number[] = [];
    let cursor: { sortValue?: string | null; tieBreaker?: number } = {};
    let pages = 0;
    for (;;) {
      const data = (await call(owner, 'POST', SCROLL, { fetchSize: 5, ...cursor })).json().data;
      seen.push(...data.content.map((c: { id: number }) => c.id));
      pages++;
      // Others keep registering contracts while the list is being read.
      for (let i = 0; i < 3; i++) await createContract(t, owner, { title: `새로 추가 ${pages}-${i}` });
      if (!data.hasNext) break;
      cursor = { sortValue: data.sortValue, tieBreaker: data.tieBreaker };
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...original].reverse());
  });

  it('walks a sort with empty values (nulls last) in both directions, even when new rows land ahead of the cursor', async () => {
    const ws = await newWorkspace(t);
    const owner = await person(t, ws, ['GENERAL_MEMBER']);
    const amounts = ['300', null, '100', '200', null, '200', '50.5', null];
    const ids: number[] = [];
    for (const amount of amounts) ids.push((await createContract(t, owner, { title: `금액 ${amount}`, ...(amount ? { amount, currency: 'KRW' } : {}) })).id);
    const ascending = await scrollAll(owner, { sortField: 'amount', sortDirection: 'asc' }, 2);
    const byAmount = (dir: 1 | -1) =>
      ids
        .map((id, i) => ({ id, amount: amounts[i] === null ? null : Number(amounts[i]) }))
        .sort((a, b) => (a.amount === null ? (b.amount === null ? dir * (a.id - b.id) : 1) : b.amount === null ? -1 : dir * (a.amount - b.amount) || dir * (a.id - b.id)))
        .map((x) => x.id);
    expect(ascending).toEqual(byAmount(1));
    expect(await scrollAll(owner, { sortField: 'amount', sortDirection: 'desc' }, 3)).toEqual(byAmount(-1));

    // A row added behind the cursor is not seen; one ahead is; no existing row repeats or goes missing.
    const first = (await call(owner, 'POST', SCROLL, { sortField: 'amount', sortDirection: 'asc', fetchSize: 3 })).json().data;
    await createContract(t, owner, { title: '뒤에 추가', amount: '1', currency: 'KRW' });
    const ahead = await createContract(t, owner, { title: '앞에 추가', amount: '250', currency: 'KRW' });
    const rest = await scrollAll(owner, { sortField: 'amount', sortDirection: 'asc', sortValue: first.sortValue, tieBreaker: first.tieBreaker }, 2);
    const walked = [...first.content.map((c: { id: number }) => c.id), ...rest];
    expect(walked.filter((id) => ids.includes(id))).toEqual(byAmount(1));
    expect(walked).toContain(ahead.id);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('scrolls by title and dates with the same cursor', async () => {
    const ws = await newWorkspace(t);
    const owner = await person(t, ws, ['GENERAL_MEMBER']);
    const titles = ['가', '나', '다', '가', '라'];
    for (const [i, title] of titles.entries()) await createContract(t, owner, { title, endDate: `2026-0${(i % 3) + 1}-15` });
    const byTitle = await scrollAll(owner, { sortField: 'title', sortDirection: 'asc' }, 2);
    expect(byTitle).toHaveLength(5);
    const rows = (await search(owner, {}, '?sort=title,asc&size=10')).content;
    expect(byTitle).toEqual(rows.map((r) => r.id));
    const byEnd = await scrollAll(owner, { sortField: 'endDate', sortDirection: 'desc' }, 2);
    expect(byEnd).toEqual(idsOf(await search(owner, {}, '?sort=endDate,desc')));
  });
});
