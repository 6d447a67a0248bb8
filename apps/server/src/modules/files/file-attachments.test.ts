import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, createContract, fieldsOf, type Person, person, uploadFile, type Workspace } from '../contracts/contracts.test-support';
import { fileBody } from './files.test-support';
import { files } from './files.table';

/**
 * Within one tenant, a file attached to a record (a contract's document or file list, a bulk
 * registration, a notice) is exactly as visible as the record on every files route; a caller who
 * may not see the record gets 404 as if the file did not exist, and what changes it follows the
 * owner's edit rule. Free files keep the files permissions alone.
 */

let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let owner: Person;
let stranger: Person;
let colleague: Person;
let manager: Person;
let noticeAdmin: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;

const F = '/api/arxive/files';
const hub = (id: number) => `/api/conhub/contracts/${id}`;

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t);
  wsB = await newWorkspace(t);
  owner = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  stranger = await person(t, wsA, ['GENERAL_MEMBER'], '정도윤');
  colleague = await person(t, wsA, ['GENERAL_MEMBER'], '이서연');
  manager = await person(t, wsA, ['LEGAL_MANAGER'], '한지민');
  noticeAdmin = await person(t, wsA, ['SUPER_MANAGER'], '공지 관리자');
  outsider = await person(t, wsB, ['SUPER_MANAGER'], '송예린');
  call = caller(t, () => wsA);
});
afterAll(() => t.close());

/** Every read of one file through the files routes, as status codes. */
async function reads(who: Person, fileKey: string) {
  const urls = [`${F}/${fileKey}/v1`, `${F}/${fileKey}/download/v1`, `${F}/${fileKey}/text/v1`, `${F}/${fileKey}/revisions/v1`, `${F}/${fileKey}/revision/v1?revision=1`, `${F}/${fileKey}/1/v1`];
  return Promise.all(urls.map(async (url) => (await call(who, 'GET', url)).statusCode));
}
const ALL_OK = [200, 200, 200, 200, 200, 200];
const ALL_ABSENT = [404, 404, 404, 404, 404, 404];

async function listed(who: Person, query = 'size=100'): Promise<string[]> {
  const res = await call(who, 'GET', `${F}/v1?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.content.map((f: { fileKey: string }) => f.fileKey);
}

/** Every change of one file through the files routes, as status codes (nothing may change when refused). */
async function changes(who: Person, fileKey: string) {
  const revision = fileBody(Buffer.from('바꿔치기'), 'x.txt');
  return [
    (await call(who, 'PUT', `${F}/${fileKey}/v1`, { displayName: '바뀐 이름.txt' })).statusCode,
    (await t.app.inject({ method: 'PUT', url: `${F}/${fileKey}/v2`, headers: { ...who.headers, ...revision.headers }, payload: revision.payload })).statusCode,
    (await call(who, 'DELETE', `${F}/${fileKey}/v1`)).statusCode,
  ];
}

const rowOf = async (fileKey: string) => (await t.services.db.select().from(files).where(eq(files.fileKey, fileKey)))[0]!;

describe('files attached to a contract', () => {
  it('are absent for a member who cannot see the contract, on every route and in the list, and follow a new watcher', async () => {
    const c = await createContract(t, owner, { title: '기밀 공급 계약' });
    const document = fileBody(Buffer.from('제1조 기밀 유지 의무'), '본문.txt');
    const uploaded = await t.app.inject({ method: 'POST', url: `${hub(c.id)}/documents/v1`, headers: { ...owner.headers, ...document.headers }, payload: document.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const docKey = uploaded.json().data.fileKey as string;
    const attachment = await uploadFile(t, owner, Buffer.from('별첨 단가표'), '별첨.txt');
    expect((await call(owner, 'POST', `${hub(c.id)}/files/v1`, { fileKey: attachment, role: 'ATTACHMENT' })).statusCode).toBe(200);
    const free = await uploadFile(t, owner, Buffer.from('공개 자료'), '공개.txt');

    // The owner reads both; the list by reference finds the document.
    for (const key of [docKey, attachment]) expect(await reads(owner, key)).toEqual(ALL_OK);
    expect(await listed(owner, `referenceType=CONTRACT&referenceId=${c.id}`)).toEqual([docKey]);

    // A member with files permissions but no right to the contract: nothing, as if absent.
    for (const key of [docKey, attachment]) expect(await reads(stranger, key)).toEqual(ALL_ABSENT);
    const seen = await listed(stranger);
    expect(seen).toContain(free);
    expect(seen).not.toContain(docKey);
    expect(seen).not.toContain(attachment);
    expect(await listed(stranger, `referenceType=CONTRACT&referenceId=${c.id}`)).toEqual([]);
    const count = (await call(stranger, 'GET', `${F}/v1?size=1`)).json().data.totalElements;
    expect(count).toBe(seen.length);

    // ...and cannot change them either (404, not 403), not even in a bulk delete.
    const before = await rowOf(docKey);
    for (const key of [docKey, attachment]) expect(await changes(stranger, key)).toEqual([404, 404, 404]);
    expect((await call(stranger, 'POST', `${F}/${docKey}/v1`)).statusCode).toBe(404);
    const bulk = await call(stranger, 'DELETE', `${F}/v1`, { fileKeys: [docKey, attachment] });
    expect(bulk.json().data).toEqual({ deletedCount: 0, notFound: [docKey, attachment] });
    expect(await rowOf(docKey)).toEqual(before);
    expect((await rowOf(attachment)).deletedAt).toBeNull();

    // Another tenant: still nothing.
    expect(await reads(outsider, docKey)).toEqual(ALL_ABSENT);

    // Made a watcher, the member reads what the contract holds, the same bytes.
    expect((await call(owner, 'PUT', `${hub(c.id)}/watchers/v1`, { watcherUserIds: [stranger.userId] })).statusCode).toBe(200);
    for (const key of [docKey, attachment]) expect(await reads(stranger, key)).toEqual(ALL_OK);
    expect((await call(stranger, 'GET', `${F}/${docKey}/download/v1`)).body).toBe('제1조 기밀 유지 의무');
    expect(await listed(stranger)).toEqual(expect.arrayContaining([docKey, attachment, free]));
    // A contract admin reads every contract, so every contract's files.
    expect(await reads(manager, docKey)).toEqual(ALL_OK);

    // Taken off the watchers, the files are gone again.
    expect((await call(owner, 'PUT', `${hub(c.id)}/watchers/v1`, { watcherUserIds: [] })).statusCode).toBe(200);
    expect(await reads(stranger, attachment)).toEqual(ALL_ABSENT);
  });

  it('are changed through the files routes only by who may edit the contract, and a deleted contract takes its files along', async () => {
    const c = await createContract(t, owner, { title: '공동 검토 계약', watcherUserIds: [colleague.userId] });
    // The colleague's own upload, attached by the owner: the colleague reads it but, as a watcher, may not change it.
    const theirs = await uploadFile(t, colleague, Buffer.from('검토 의견'), '의견.txt');
    const mine = await uploadFile(t, owner, Buffer.from('부속 합의'), '합의.txt');
    await call(owner, 'POST', `${hub(c.id)}/files/v1`, { fileKey: theirs });
    await call(owner, 'POST', `${hub(c.id)}/files/v1`, { fileKey: mine });
    expect(await reads(colleague, theirs)).toEqual(ALL_OK);
    expect((await call(colleague, 'GET', `${F}/${theirs}/v1`)).json().data.abilities).toEqual({ canUpdate: false, canDelete: false });
    expect(await changes(colleague, theirs)).toEqual([403, 403, 403]);
    expect((await rowOf(theirs)).displayName).toBe('의견.txt');

    // The owner (uploader and editor of the contract) still renames and deletes an attachment through the files routes.
    expect((await call(owner, 'GET', `${F}/${mine}/v1`)).json().data.abilities).toEqual({ canUpdate: true, canDelete: true });
    expect((await call(owner, 'PUT', `${F}/${mine}/v1`, { displayName: '부속 합의 (최종).txt' })).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `${F}/${mine}/v1`)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `${F}/${mine}/v1`)).statusCode).toBe(200);

    // A deleted contract is nobody's to read: neither are its files.
    expect((await call(owner, 'DELETE', `/api/alex/contracts/${c.id}/v1`)).statusCode).toBe(200);
    expect(await reads(owner, mine)).toEqual(ALL_ABSENT);
    expect(await reads(colleague, theirs)).toEqual(ALL_ABSENT);
  });
});

describe('references through the files routes', () => {
  it('cannot attach, move or detach a file, and a reference type nobody registered hides the file (fail closed)', async () => {
    const planted = fileBody(Buffer.from('심은 파일'), 'a.txt', { referenceType: 'CONTRACT', referenceId: '1' });
    const refused = await t.app.inject({ method: 'POST', url: `${F}/v2`, headers: { ...stranger.headers, ...planted.headers }, payload: planted.payload });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).sort()).toEqual(['body.referenceId', 'body.referenceType']);
    expect((await t.services.db.select().from(files).where(eq(files.displayName, 'a.txt'))).length).toBe(0);

    const key = await uploadFile(t, stranger, Buffer.from('내 파일'), '내 파일.txt');
    expect(fieldsOf(await call(stranger, 'PUT', `${F}/${key}/v1`, { referenceType: 'NOTICE', referenceId: '1' })).sort()).toEqual(['body.referenceId', 'body.referenceType']);
    expect((await call(stranger, 'PUT', `${F}/${key}/v1`, { displayName: '그대로.txt', referenceType: null })).statusCode).toBe(200);

    // A type no module vouches for (a module not installed yet, a stale row): nobody reads it.
    await t.services.db.update(files).set({ referenceType: 'CHAT', referenceId: '7' }).where(eq(files.fileKey, key));
    expect(await reads(stranger, key)).toEqual(ALL_ABSENT);
    expect(await reads(manager, key)).toEqual(ALL_ABSENT);
    expect(await listed(stranger)).not.toContain(key);
  });
});

describe('a bulk registration sheet', () => {
  it('is read by the contract admins who run bulk registration, not by members', async () => {
    const wb = new ExcelJS.Workbook();
    const header = ['계약명', '계약 유형', '계약 상대방', '시작일', '종료일', '계약 금액', '통화', '담당자 이메일', '그룹', '해시태그', '파일명'];
    wb.addWorksheet('s').addRows([header, ['대량 계약', 'SUPPLY', '(주)상대', '2026-01-01', '2026-12-31', 1000, 'KRW', manager.loginId, null, null, '대량.txt']]);
    const sheetKey = await uploadFile(t, manager, Buffer.from(await wb.xlsx.writeBuffer()), 'bulk.xlsx');
    const pdfKey = await uploadFile(t, manager, Buffer.from('대량 등록 본문'), '대량.txt');
    // Free until a bulk request takes them.
    expect(await listed(owner)).toEqual(expect.arrayContaining([sheetKey, pdfKey]));
    const created = await call(manager, 'POST', '/api/alex/contracts/bulk-requests/v1', { sheetFileKey: sheetKey, fileKeys: [pdfKey] });
    expect(created.statusCode, created.body).toBe(200);

    for (const key of [sheetKey, pdfKey]) {
      expect(await reads(owner, key)).toEqual(ALL_ABSENT);
      expect(await reads(manager, key)).toEqual(ALL_OK);
    }
    const seen = await listed(owner);
    expect(seen).not.toContain(sheetKey);
    expect(seen).not.toContain(pdfKey);
    expect(await reads(outsider, sheetKey)).toEqual(ALL_ABSENT);
  });
});

describe('a notice attachment', () => {
  it('is read by every member while the notice is live, then by the notice admins only; only they change it', async () => {
    const key = await uploadFile(t, noticeAdmin, Buffer.from('점검 일정표'), '일정.txt');
    const notice = await call(noticeAdmin, 'POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: '정기 점검', body: '안내', fileKeys: [key] });
    expect(notice.statusCode, notice.body).toBe(200);
    expect(await reads(owner, key)).toEqual(ALL_OK);
    expect(await listed(owner)).toContain(key);
    expect(await changes(owner, key)).toEqual([403, 403, 403]);

    expect((await call(noticeAdmin, 'DELETE', `/api/workspace/notices/${notice.json().data.id}/v1`)).statusCode).toBe(200);
    expect(await reads(owner, key)).toEqual(ALL_ABSENT);
    expect(await listed(owner)).not.toContain(key);
    expect(await reads(noticeAdmin, key)).toEqual(ALL_OK);
    expect(await reads(outsider, key)).toEqual(ALL_ABSENT);
  });
});
