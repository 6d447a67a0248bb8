import { type ContractDetail, ContractDetailSchema, ErrorEnvelopeSchema } from '@legal/api';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { workspaceHeaders } from '../auth/auth.test-support';
import { changeContractStatus } from './contracts.service';
import { contractCast, createContract, fieldsOf, groupWith, type Method, person, settled, snapshotOf, uploadFile } from './contracts.test-support';
import { contracts } from './contracts.table';

const { t, wsA, wsB, owner, watcher, stranger, manager, outsider, noRole, call } = await contractCast();
afterAll(() => t.close());

const base = (id: number) => `/api/alex/contracts/${id}`;
const hub = (id: number) => `/api/conhub/contracts/${id}`;

/** Every route about one existing contract: [method, url, valid body, [bad body, field it names]]. */
function contractRoutes(c: ContractDetail, fileKey: string): Array<{ method: Method; url: string; body?: unknown; bad?: [unknown, string]; isWrite: boolean }> {
  const id = c.id;
  const put = (url: string, body: unknown, bad: [unknown, string]) => ({ method: 'PUT' as const, url, body, bad, isWrite: true });
  const get = (url: string) => ({ method: 'GET' as const, url, isWrite: false });
  return [
    get(`${base(id)}/v5`),
    get(`${base(id)}/v6`),
    get(`${hub(id)}/v2`),
    get(`${hub(id)}/v3`),
    get(`${hub(id)}/basic/v2`),
    get(`${hub(id)}/permissions/v1`),
    put(`${base(id)}/v2`, { title: '전체 수정', contractType: 'SUPPLY', version: c.version }, [{ title: '전체 수정', contractType: 'SUPPLY' }, 'body.version']),
    put(`${hub(id)}/v2`, { title: '전체 수정', contractType: 'SUPPLY', version: c.version }, [{ title: '', contractType: 'SUPPLY', version: 1 }, 'body.title']),
    put(`${base(id)}/venue/v1`, { venue: '서울' }, [{ venue: 5 }, 'body.venue']),
    put(`${base(id)}/users/v1`, { userIds: [] }, [{ userIds: [1, 1] }, 'body.userIds']),
    put(`${base(id)}/title/v1`, { title: '새 제목' }, [{ title: '' }, 'body.title']),
    put(`${base(id)}/start-end-date/v1`, { startDate: '2026-01-01', endDate: '2026-12-31' }, [{ startDate: '2026-12-31', endDate: '2026-01-01' }, 'body.endDate']),
    put(`${base(id)}/simple/v1`, { language: 'en' }, [{}, 'body']),
    put(`${base(id)}/signingType/v1`, { signingType: 'PAPER' }, [{ signingType: 'FAX' }, 'body.signingType']),
    put(`${base(id)}/signed-date/v1`, { signedDate: '2026-01-02' }, [{ signedDate: '2026-02-30' }, 'body.signedDate']),
    put(`${base(id)}/referenceGroups/v1`, { referenceGroups: [] }, [{ referenceGroups: [{ name: '묶음', references: [{ referenceType: 'URL', referenceId: 'ftp://x', label: 'x' }] }] }, 'body.referenceGroups.0.references.0.referenceId']),
    put(`${base(id)}/our-position/v1`, { ourPosition: 'PARTY_B' }, [{ ourPosition: '갑' }, 'body.ourPosition']),
    put(`${base(id)}/memo/v1`, { memo: '메모' }, [{ memo: 'x'.repeat(5001) }, 'body.memo']),
    put(`${base(id)}/hashtags/v1`, { hashtags: ['갱신'] }, [{ hashtags: ['두 단어'] }, 'body.hashtags.0']),
    put(`${base(id)}/governing-law/v1`, { governingLaw: '대한민국 법' }, [{}, 'body.governingLaw']),
    put(`${base(id)}/files/v1`, { files: [{ fileKey, role: 'MAIN' }] }, [{ files: [{ fileKey: 'short' }] }, 'body.files.0.fileKey']),
    put(`${base(id)}/dispute-resolution-method/v1`, { disputeResolutionMethod: 'ARBITRATION' }, [{ disputeResolutionMethod: 'DUEL' }, 'body.disputeResolutionMethod']),
    put(`${base(id)}/counterparties/v1`, { counterparties: [{ counterpartyType: 'PERSON', name: '홍길동' }] }, [{ counterparties: [{ counterpartyType: 'PERSON', name: '' }] }, 'body.counterparties.0.name']),
    put(`${base(id)}/amount-currency/v1`, { amount: '1000', currency: 'USD' }, [{ amount: '1000', currency: 'WON' }, 'body.currency']),
    put(`${hub(id)}/title/v1`, { title: '허브 제목' }, [{ title: null }, 'body.title']),
    put(`${hub(id)}/owner/v1`, { ownerUserId: owner.userId }, [{ ownerUserId: 'me' }, 'body.ownerUserId']),
    put(`${hub(id)}/group/v2`, { groupId: null }, [{ groupId: 0 }, 'body.groupId']),
    put(`${hub(id)}/desired-review-deadline/v2`, { desiredReviewDeadline: '2026-03-01' }, [{ desiredReviewDeadline: 'tomorrow' }, 'body.desiredReviewDeadline']),
    put(`${hub(id)}/related-references/v1`, { relatedReferences: [] }, [{ relatedReferences: [{ referenceType: 'CONTRACT', referenceId: 'x', label: 'x' }] }, 'body.relatedReferences.0.referenceId']),
    put(`${hub(id)}/watchers/v1`, { watcherUserIds: [watcher.userId] }, [{ watcherUserIds: [-1] }, 'body.watcherUserIds.0']),
    { method: 'DELETE', url: `${base(id)}/v1`, isWrite: true },
  ];
}

describe('contracts: the route matrix', () => {
  let c: ContractDetail;
  let fileKey: string;
  beforeAll(async () => {
    fileKey = await uploadFile(t, owner, Buffer.from('제1조(목적) 물품 공급'), '공급계약.txt');
    c = await createContract(t, owner, { watcherUserIds: [watcher.userId], hashtags: ['공급'], counterparties: [{ counterpartyType: 'COMPANY', name: '(주)새솔' }] });
  });

  it('answers 401 without a session on every route', async () => {
    for (const r of [...contractRoutes(c, fileKey), { method: 'POST' as const, url: '/api/alex/contracts/v6', body: { title: 'x', contractType: 'NDA' } }]) {
      const res = await call(null, r.method, r.url, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(ErrorEnvelopeSchema.parse(res.json()).code).toBe('ERROR_UNAUTHORIZED');
    }
  });

  it('answers 400 naming the bad field on every route', async () => {
    for (const r of contractRoutes(c, fileKey)) {
      const [body, field] = r.bad ?? [r.body, 'params.contractId'];
      const res = await call(owner, r.method, r.url.replace(`/${c.id}/`, r.bad ? `/${c.id}/` : '/x/'), body);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(400);
      expect(fieldsOf(res), `${r.method} ${r.url}`).toContain(field);
    }
    const created = await call(owner, 'POST', '/api/alex/contracts/v6', { title: ' ', contractType: 'CONTRACT', amount: '1.23456', currency: 'KRW', status: 'IN_APPROVAL' });
    expect(fieldsOf(created)).toEqual(expect.arrayContaining(['body.title', 'body.contractType', 'body.amount', 'body.status']));
    const withFiles = await call(owner, 'POST', '/api/alex/contracts/v7', { title: '파일 계약', contractType: 'NDA', files: [] });
    expect(fieldsOf(withFiles)).toEqual(['body.files']);
    expect(await snapshotOf(t, c.id)).toMatchObject({ contract: [{ version: c.version, title: c.title }] });
  });

  it('answers 404 to another tenant, even its admin, on every route, and changes nothing', async () => {
    const before = await snapshotOf(t, c.id);
    const intruder = { ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) };
    for (const r of contractRoutes(c, fileKey)) {
      const res = await call(intruder, r.method, r.url, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      expect(res.json().code).toBe('ERROR_NOT_FOUND');
    }
    expect(await snapshotOf(t, c.id)).toEqual(before);
    // B's session with A's headers is not a member there.
    expect((await call({ ...outsider, headers: workspaceHeaders(wsA, outsider.cookie) }, 'GET', `${base(c.id)}/v6`)).statusCode).toBe(403);
  });

  it('answers 404 to a member of the same workspace who may not see the contract, and changes nothing', async () => {
    const before = await snapshotOf(t, c.id);
    for (const r of contractRoutes(c, fileKey)) {
      const res = await call(stranger, r.method, r.url, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
    }
    expect(await snapshotOf(t, c.id)).toEqual(before);
  });

  it('lets a watcher read but answers 403 to every write, changing nothing', async () => {
    const before = await snapshotOf(t, c.id);
    for (const r of contractRoutes(c, fileKey)) {
      const res = await call(watcher, r.method, r.url, r.body);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(r.isWrite ? 403 : 200);
      if (r.isWrite) expect(res.json().code).toBe('ERROR_FORBIDDEN');
    }
    expect(await snapshotOf(t, c.id)).toEqual(before);
    const read = ContractDetailSchema.parse((await call(watcher, 'GET', `${base(c.id)}/v6`)).json().data);
    expect(read.abilities).toEqual({ canUpdate: false, canDelete: false, canChangeOwner: false, canManageWatchers: false, canBookmark: true });
  });

  it('answers 403 to a member without any contract permission, and to a reader creating a contract', async () => {
    for (const url of [`${base(c.id)}/v6`, '/api/alex/contract-types/v1', '/api/conhub/contracts/meta/v2']) {
      expect((await call(noRole, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await call(noRole, 'POST', '/api/alex/contracts/page-search/v3', {})).statusCode).toBe(403);
    expect((await call(watcher, 'POST', '/api/alex/contracts/v6', { title: '열람자 계약', contractType: 'NDA' })).statusCode).toBe(403);
    // Registering a contract for someone else takes a contract admin.
    expect((await call(owner, 'POST', '/api/alex/contracts/v6', { title: '대리 등록', contractType: 'NDA', ownerUserId: stranger.userId })).statusCode).toBe(403);
  });

  it('lets a contract admin do every write', async () => {
    const own = await createContract(t, owner, { title: '관리자 대상' });
    for (const r of contractRoutes(own, fileKey).filter((x) => x.isWrite)) {
      const current = ContractDetailSchema.parse((await call(manager, 'GET', `${base(own.id)}/v6`)).json().data);
      const body = r.url.endsWith('/v2') && r.method === 'PUT' ? { ...(r.body as object), version: current.version } : r.body;
      const res = await call(manager, r.method, r.url, body);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(200);
    }
    expect((await call(manager, 'GET', `${base(own.id)}/v6`)).statusCode).toBe(404);
  });
});

describe('contracts: create and read', () => {
  it('registers a contract with every field and children, and reads it through each version', async () => {
    const group = await groupWith(t, wsA, '구매팀', [owner.userId]);
    const key = await uploadFile(t, owner, Buffer.from('임대차 계약 본문'), '임대차.txt');
    const referenced = await createContract(t, owner, { title: '기본 계약' });
    const c = await createContract(t, owner, {
      title: '  사무실 임대차 계약  ',
      contractType: 'LEASE',
      language: 'ko',
      status: 'SIGNED',
      memo: '보증금 반환 조건 확인',
      venue: '서울 본사',
      signingType: 'PAPER',
      signedDate: '2026-01-05',
      startDate: '2026-02-01',
      endDate: '2028-01-31',
      amount: '0012000000.5000',
      currency: 'KRW',
      governingLaw: '대한민국 법',
      disputeResolutionMethod: 'LITIGATION',
      ourPosition: 'PARTY_B',
      groupId: group,
      desiredReviewDeadline: '2026-01-03',
      conhubContractId: 'HUB-42',
      hashtags: ['#임대차', '갱신'],
      counterparties: [
        { counterpartyType: 'COMPANY', name: '(주)한빛부동산', businessRegistrationNumber: '2148612345', representative: '이대표', address: '서울시 강남구', contacts: [{ name: '박과장', phone: '02-123-4567' }] },
        { counterpartyType: 'PERSON', name: '최임대' },
      ],
      watcherUserIds: [watcher.userId],
      userIds: [stranger.userId],
      referenceGroups: [{ name: '원계약', references: [{ referenceType: 'CONTRACT', referenceId: String(referenced.id), label: '기본 계약' }] }],
      relatedReferences: [{ referenceType: 'URL', referenceId: 'https://law.go.kr', label: '법령' }],
      files: [{ fileKey: key, role: 'MAIN' }],
    });
    expect(c).toMatchObject({
      title: '사무실 임대차 계약',
      status: 'SIGNED',
      amount: '12000000.5',
      currency: 'KRW',
      owner: { userId: owner.userId, displayName: '김민준' },
      createdBy: { userId: owner.userId, displayName: '김민준' },
      group: { id: group, name: '구매팀' },
      version: 1,
      hashtags: [{ name: '임대차' }, { name: '갱신' }],
      counterparties: [{ name: '(주)한빛부동산', businessRegistrationNumber: '214-86-12345', contacts: [{ name: '박과장', phone: '02-123-4567', email: null }] }, { name: '최임대', counterpartyType: 'PERSON' }],
      watchers: [{ userId: watcher.userId, displayName: '강하은' }],
      users: [{ userId: stranger.userId, displayName: '정도윤' }],
      referenceGroups: [{ name: '원계약', references: [{ referenceType: 'CONTRACT', referenceId: String(referenced.id) }] }],
      relatedReferences: [{ referenceType: 'URL', referenceId: 'https://law.go.kr' }],
      files: [{ fileKey: key, role: 'MAIN', displayName: '임대차.txt', fileType: 'txt' }],
    });
    for (const url of [`${base(c.id)}/v5`, `${base(c.id)}/v6`, `${hub(c.id)}/v2`, `${hub(c.id)}/v3`]) {
      expect(settled(ContractDetailSchema.parse((await call(owner, 'GET', url)).json().data)), url).toEqual(settled(c));
    }
    const basic = (await call(owner, 'GET', `${hub(c.id)}/basic/v2`)).json().data;
    expect(basic).toMatchObject({ id: c.id, title: c.title, version: 1 });
    expect(basic).not.toHaveProperty('counterparties');
    // The related user can read it too.
    expect((await call(stranger, 'GET', `${base(c.id)}/v6`)).statusCode).toBe(200);
    const [created] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'contract.created'), eq(auditEvents.actorUserId, owner.userId))).orderBy(desc(auditEvents.id)).limit(1);
    expect(created).toMatchObject({ tenantId: wsA.tenantId, workspaceId: wsA.workspaceId, data: { contractId: c.id, status: 'SIGNED', fileKeys: [key] } });
  });

  it('names every reference that is not a member, group, file or readable contract of this workspace', async () => {
    const foreignGroup = await groupWith(t, wsB, '외부팀', []);
    const foreignKey = await uploadFile(t, outsider, Buffer.from('외부'), 'x.txt');
    const hidden = await createContract(t, manager, { title: '비공개' });
    const res = await call(owner, 'POST', '/api/alex/contracts/v7', {
      title: '참조 오류',
      contractType: 'NDA',
      groupId: foreignGroup,
      watcherUserIds: [outsider.userId],
      userIds: [owner.userId, 999_999],
      relatedReferences: [{ referenceType: 'CONTRACT', referenceId: String(hidden.id), label: '숨김' }],
      files: [{ fileKey: foreignKey }],
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).sort()).toEqual(['body.files.0.fileKey', 'body.groupId', 'body.relatedReferences.0.referenceId', 'body.userIds.1', 'body.watcherUserIds.0'].sort());
    expect(await t.services.db.select().from(contracts).where(eq(contracts.title, '참조 오류'))).toEqual([]);
  });

  it('shows a contract to members of its group who hold the group-reader permission', async () => {
    const groupReader = await person(t, wsA, ['READER'], '그룹 열람자');
    const groupMemberWithoutRight = await person(t, wsA, ['GENERAL_MEMBER'], '그룹 일반');
    const group = await groupWith(t, wsA, '법무팀', [groupReader.userId, groupMemberWithoutRight.userId]);
    const c = await createContract(t, owner, { title: '그룹 계약' });
    expect((await call(groupReader, 'GET', `${base(c.id)}/v6`)).statusCode).toBe(404);
    await call(owner, 'PUT', `${hub(c.id)}/group/v2`, { groupId: group });
    expect((await call(groupReader, 'GET', `${base(c.id)}/v6`)).statusCode).toBe(200);
    expect((await call(groupReader, 'PUT', `${base(c.id)}/memo/v1`, { memo: 'x' })).statusCode).toBe(403);
    expect((await call(groupMemberWithoutRight, 'GET', `${base(c.id)}/v6`)).statusCode).toBe(404);
  });
});

describe('contracts: edits', () => {
  it('writes only the fields of each per-field route, bumping the version each time', async () => {
    const key = await uploadFile(t, owner, Buffer.from('부속 합의서'), '부속.txt');
    const group = await groupWith(t, wsA, '영업팀', []);
    const other = await createContract(t, owner, { title: '관련 계약' });
    let c = await createContract(t, owner, { title: '필드별 수정', memo: '처음 메모', amount: '10', currency: 'KRW' });
    const steps: Array<[string, string, unknown, Partial<ContractDetail>]> = [
      ['PUT', `${base(c.id)}/venue/v1`, { venue: '부산 지사' }, { venue: '부산 지사' }],
      ['PUT', `${base(c.id)}/users/v1`, { userIds: [stranger.userId] }, { users: [{ userId: stranger.userId, displayName: '정도윤' }] }],
      ['PUT', `${base(c.id)}/title/v1`, { title: '필드별 수정 (개정)' }, { title: '필드별 수정 (개정)' }],
      ['PUT', `${base(c.id)}/start-end-date/v1`, { startDate: '2026-03-01', endDate: null }, { startDate: '2026-03-01', endDate: null }],
      ['PUT', `${base(c.id)}/simple/v1`, { contractType: 'SERVICE', signedDate: '2026-02-27' }, { contractType: 'SERVICE', signedDate: '2026-02-27' }],
      ['PUT', `${base(c.id)}/signingType/v1`, { signingType: 'ELECTRONIC' }, { signingType: 'ELECTRONIC' }],
      ['PUT', `${base(c.id)}/signed-date/v1`, { signedDate: '2026-02-28' }, { signedDate: '2026-02-28' }],
      ['PUT', `${base(c.id)}/referenceGroups/v1`, { referenceGroups: [{ name: '변경 이력', references: [{ referenceType: 'CONTRACT', referenceId: String(other.id), label: '관련 계약' }] }] }, { referenceGroups: [{ name: '변경 이력', references: [{ referenceType: 'CONTRACT', referenceId: String(other.id), label: '관련 계약' }] }] }],
      ['PUT', `${base(c.id)}/our-position/v1`, { ourPosition: 'PARTY_A' }, { ourPosition: 'PARTY_A' }],
      ['PUT', `${base(c.id)}/memo/v1`, { memo: '' }, { memo: null }],
      ['PUT', `${base(c.id)}/hashtags/v1`, { hashtags: ['용역', '#검토완료'] }, { hashtags: [expect.objectContaining({ name: '용역' }), expect.objectContaining({ name: '검토완료' })] as never }],
      ['PUT', `${base(c.id)}/governing-law/v1`, { governingLaw: '싱가포르 법' }, { governingLaw: '싱가포르 법' }],
      ['PUT', `${base(c.id)}/files/v1`, { files: [{ fileKey: key, role: 'APPENDIX' }] }, { files: [expect.objectContaining({ fileKey: key, role: 'APPENDIX' })] as never }],
      ['PUT', `${base(c.id)}/dispute-resolution-method/v1`, { disputeResolutionMethod: 'ARBITRATION' }, { disputeResolutionMethod: 'ARBITRATION' }],
      ['PUT', `${base(c.id)}/counterparties/v1`, { counterparties: [{ counterpartyType: 'COMPANY', name: '(주)가온' }] }, { counterparties: [expect.objectContaining({ name: '(주)가온' })] as never }],
      ['PUT', `${base(c.id)}/amount-currency/v1`, { amount: '2500.75', currency: 'USD' }, { amount: '2500.75', currency: 'USD' }],
      ['PUT', `${hub(c.id)}/title/v1`, { title: '허브에서 바꾼 제목' }, { title: '허브에서 바꾼 제목' }],
      ['PUT', `${hub(c.id)}/group/v2`, { groupId: group }, { group: { id: group, name: '영업팀' } }],
      ['PUT', `${hub(c.id)}/desired-review-deadline/v2`, { desiredReviewDeadline: '2026-02-20' }, { desiredReviewDeadline: '2026-02-20' }],
      ['PUT', `${hub(c.id)}/related-references/v1`, { relatedReferences: [{ referenceType: 'LITIGATION', referenceId: '7', label: '관련 소송' }] }, { relatedReferences: [{ referenceType: 'LITIGATION', referenceId: '7', label: '관련 소송' }] }],
      ['PUT', `${hub(c.id)}/watchers/v1`, { watcherUserIds: [watcher.userId] }, { watchers: [{ userId: watcher.userId, displayName: '강하은' }] }],
    ];
    for (const [method, url, body, expected] of steps) {
      const res = await call(owner, method as Method, url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      const next = ContractDetailSchema.parse(res.json().data);
      const keys = Object.keys(expected);
      expect(next, url).toMatchObject(expected);
      expect(next.version, url).toBe(c.version + 1);
      // Every other field is exactly as before.
      const untouched = (d: ContractDetail) => Object.fromEntries(Object.entries(settled(d)).filter(([k]) => ![...keys, 'version', 'updatedAt'].includes(k)));
      expect(untouched(next), url).toEqual(untouched(c));
      c = next;
    }
    // Saving the same value again changes nothing, not even the version.
    const same = ContractDetailSchema.parse((await call(owner, 'PUT', `${base(c.id)}/amount-currency/v1`, { amount: '2500.7500', currency: 'USD' })).json().data);
    expect(same.version).toBe(c.version);
    const [updated] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.updated')).orderBy(desc(auditEvents.id)).limit(1);
    expect(updated!.data).toMatchObject({ contractId: c.id, fields: ['watchers'], after: { watchers: [watcher.userId] } });
  });

  it('keeps concurrent edits of different fields and refuses a whole-object save based on an old version (409)', async () => {
    const c = await createContract(t, owner, { title: '동시 수정', memo: '원래 메모' });
    // Two people edit different fields from the same read.
    const [a, b] = await Promise.all([
      call(owner, 'PUT', `${base(c.id)}/title/v1`, { title: '제목은 A가' }),
      call(manager, 'PUT', `${base(c.id)}/memo/v1`, { memo: '메모는 B가' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const now = ContractDetailSchema.parse((await call(owner, 'GET', `${base(c.id)}/v6`)).json().data);
    expect(now).toMatchObject({ title: '제목은 A가', memo: '메모는 B가', version: c.version + 2 });

    const before = await snapshotOf(t, c.id);
    const stale = await call(owner, 'PUT', `${base(c.id)}/v2`, { title: '옛 버전으로 덮기', contractType: 'SUPPLY', version: c.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { currentVersion: now.version } });
    expect(await snapshotOf(t, c.id)).toEqual(before);

    const fresh = await call(owner, 'PUT', `${hub(c.id)}/v2`, { title: '최신 버전으로 저장', contractType: 'SERVICE', amount: '100', currency: 'EUR', version: now.version });
    expect(fresh.statusCode, fresh.body).toBe(200);
    // Whole-object semantics: the memo was not sent, so it is cleared.
    expect(fresh.json().data).toMatchObject({ title: '최신 버전으로 저장', contractType: 'SERVICE', amount: '100', currency: 'EUR', memo: null, version: now.version + 1 });
  });

  it('freezes the content while an approval runs (409) but keeps memo and people editable; deleting waits too', async () => {
    const c = await createContract(t, owner, { title: '결재 중 계약' });
    await t.services.db.transaction((tx) => changeContractStatus(tx, wsA, c.id, 'IN_APPROVAL', { actorUserId: owner.userId, reason: 'test' }));
    const before = await snapshotOf(t, c.id);
    const frozen = await call(owner, 'PUT', `${base(c.id)}/title/v1`, { title: '결재 중 변경' });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { status: 'IN_APPROVAL', frozenFields: ['title'] } });
    expect((await call(owner, 'PUT', `${base(c.id)}/counterparties/v1`, { counterparties: [] })).statusCode).toBe(409);
    expect((await call(owner, 'DELETE', `${base(c.id)}/v1`)).statusCode).toBe(409);
    expect(await snapshotOf(t, c.id)).toEqual(before);
    expect((await call(owner, 'PUT', `${base(c.id)}/memo/v1`, { memo: '결재 의견 반영 예정' })).statusCode).toBe(200);
    const permissions = (await call(owner, 'GET', `${hub(c.id)}/permissions/v1`)).json().data;
    expect(permissions).toMatchObject({ contractId: c.id, canRead: true, canUpdate: true });
    expect(permissions.frozenFields).toContain('title');
    // The seam refuses a move the lifecycle does not allow.
    await expect(t.services.db.transaction((tx) => changeContractStatus(tx, wsA, c.id, 'ACTIVE', { actorUserId: null }))).rejects.toMatchObject({ code: 'ERROR_CONFLICT' });
  });

  it('hands a contract over: the new owner edits, the old one keeps only what the rules give', async () => {
    const c = await createContract(t, owner, { title: '인계 계약' });
    const bad = await call(owner, 'PUT', `${hub(c.id)}/owner/v1`, { ownerUserId: outsider.userId });
    expect(fieldsOf(bad)).toEqual(['body.ownerUserId']);
    const res = await call(owner, 'PUT', `${hub(c.id)}/owner/v1`, { ownerUserId: stranger.userId });
    expect(res.json().data).toMatchObject({ owner: { userId: stranger.userId }, abilities: { canUpdate: false } });
    expect((await call(stranger, 'PUT', `${base(c.id)}/memo/v1`, { memo: '새 담당' })).statusCode).toBe(200);
    expect((await call(owner, 'GET', `${base(c.id)}/v6`)).statusCode).toBe(404);
  });

  it('deletes softly with an audit row: gone from reads and searches, kept in the table', async () => {
    const c = await createContract(t, owner, { title: '삭제할 계약 고유제목' });
    const res = await call(owner, 'DELETE', `${base(c.id)}/v1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contractId).toBe(c.id);
    expect((await call(owner, 'GET', `${base(c.id)}/v6`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${base(c.id)}/v1`)).statusCode).toBe(404);
    const found = await call(manager, 'POST', '/api/alex/contracts/page-search/v3', { keyword: '고유제목' });
    expect(found.json().data.totalElements).toBe(0);
    const [row] = await t.services.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.deletedByUserId).toBe(owner.userId);
    const [event] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.deleted')).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ actorUserId: owner.userId, data: { contractId: c.id, title: '삭제할 계약 고유제목' } });
  });
});
