import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { superAdminCookie } from '../admin/workspace/workspace.test-support';
import { files } from '../files';
import { fileBody } from '../files/files.test-support';
import { contractBulkRequests } from './bulk/contract-bulk.table';
import { changeContractStatus } from './contracts.service';
import { contracts } from './contracts.table';
import { caller, createContract, fieldsOf, type Person, person, snapshotOf, uploadFile, type Workspace } from './contracts.test-support';

/**
 * The attachment rule seen from the modules that take file keys and own records: a key names a
 * file only when the caller may read it (a hidden file answers exactly as a missing one, on every
 * path that accepts keys), a deleted bulk request keeps its files the contract admins', and a
 * contract under approval freezes its files on the files routes too (409, as on its own routes).
 */

let t: TestApp;
let wsA: Workspace;
let owner: Person;
let stranger: Person;
let watcher: Person;
let manager: Person;
let wsAdmin: Person;
let call: ReturnType<typeof caller>;

const F = '/api/arxive/files';
const hub = (id: number) => `/api/conhub/contracts/${id}`;
/** A well-formed key no file has. */
const MISSING = 'Zz0Zz0Zz0Zz0Zz0Zz0Zz00';
const scope = () => ({ tenantId: wsA.tenantId, workspaceId: wsA.workspaceId });
const rowOf = async (fileKey: string) => (await t.services.db.select().from(files).where(eq(files.fileKey, fileKey)))[0]!;
const contractCount = async () => (await t.services.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.workspaceId, wsA.workspaceId))).length;

async function uploadDocument(who: Person, contractId: number, text: string, name: string): Promise<string> {
  const body = fileBody(Buffer.from(text), name);
  const res = await t.app.inject({ method: 'POST', url: `${hub(contractId)}/documents/v1`, headers: { ...who.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fileKey as string;
}

async function bulkSheet(fileName: string | null = null): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('s').addRows([['계약명', '계약 유형', '파일명'], ['일괄 계약', 'SUPPLY', fileName]]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Every read of one file through the files routes, as status codes. */
async function reads(who: Person, fileKey: string) {
  const urls = [`${F}/${fileKey}/v1`, `${F}/${fileKey}/download/v1`, `${F}/${fileKey}/text/v1`, `${F}/${fileKey}/revisions/v1`];
  return Promise.all(urls.map(async (url) => (await call(who, 'GET', url)).statusCode));
}

async function listed(who: Person, query = 'size=100'): Promise<string[]> {
  const res = await call(who, 'GET', `${F}/v1?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.content.map((f: { fileKey: string }) => f.fileKey);
}

/** Rename, new revision, delete through the files routes: the answers. */
async function changes(who: Person, fileKey: string) {
  const revision = fileBody(Buffer.from('바꿔치기'), 'x.txt');
  return [
    await call(who, 'PUT', `${F}/${fileKey}/v1`, { displayName: '바뀐 이름.txt' }),
    await t.app.inject({ method: 'PUT', url: `${F}/${fileKey}/v2`, headers: { ...who.headers, ...revision.headers }, payload: revision.payload }),
    await call(who, 'DELETE', `${F}/${fileKey}/v1`),
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t);
  owner = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  stranger = await person(t, wsA, ['GENERAL_MEMBER'], '정도윤');
  watcher = await person(t, wsA, ['GENERAL_MEMBER'], '이서연');
  manager = await person(t, wsA, ['LEGAL_MANAGER'], '한지민');
  // Publishes notices; reads only the contracts that name them.
  wsAdmin = await person(t, wsA, ['WORKSPACE_ADMIN'], '윤재원');
  call = caller(t, () => wsA);
});
afterAll(() => t.close());

describe('a file key from a caller', () => {
  it('names a file hidden from them exactly as it names no file, on every contract path that takes keys; nothing changes', async () => {
    const secret = await createContract(t, owner, { title: '기밀 계약' });
    const attachment = await uploadFile(t, owner, Buffer.from('기밀 별첨'), '별첨.txt');
    expect((await call(owner, 'POST', `${hub(secret.id)}/files/v1`, { fileKey: attachment, role: 'ATTACHMENT' })).statusCode).toBe(200);
    const document = await uploadDocument(owner, secret.id, '제1조 기밀 유지', '본문.txt');
    const mine = await createContract(t, stranger, { title: '내 계약' });
    const own = await uploadFile(t, stranger, Buffer.from('내 파일'), '내 파일.txt');

    const paths: Array<[string, (key: string) => ReturnType<typeof call>]> = [
      ['body.files.0.fileKey', (key) => call(stranger, 'POST', '/api/alex/contracts/v7', { title: '새 계약', contractType: 'SUPPLY', files: [{ fileKey: key, role: 'MAIN' }] })],
      ['body.files.0.fileKey', (key) => call(stranger, 'PUT', `/api/alex/contracts/${mine.id}/files/v1`, { files: [{ fileKey: key, role: 'ATTACHMENT' }] })],
      ['body.fileKey', (key) => call(stranger, 'POST', `${hub(mine.id)}/files/v1`, { fileKey: key, role: 'ATTACHMENT' })],
      ['body.fileKey', (key) => call(stranger, 'POST', `${hub(mine.id)}/documents/by-file/v1`, { fileKey: key })],
      ['body.executedFileKey', (key) => call(stranger, 'POST', `${hub(mine.id)}/completions/v2`, { signedDate: '2026-01-02', executedFileKey: key })],
      ['body.fileKey', (key) => call(stranger, 'POST', '/api/alex/contracts/analyze/v3', { fileKey: key })],
    ];
    const before = { mine: await snapshotOf(t, mine.id), count: await contractCount(), attachment: await rowOf(attachment), document: await rowOf(document) };
    for (const [field, send] of paths) {
      const missing = await send(MISSING);
      expect(missing.statusCode, field).toBe(400);
      expect(fieldsOf(missing)).toEqual([field]);
      // The contract's list file and its document (a CONTRACT reference): the same answer, word for word.
      for (const hidden of [attachment, document]) expect((await send(hidden)).json(), field).toEqual(missing.json());
    }
    expect(await snapshotOf(t, mine.id)).toEqual(before.mine);
    expect(await contractCount()).toBe(before.count);
    expect(await rowOf(attachment)).toEqual(before.attachment);
    expect(await rowOf(document)).toEqual(before.document);

    // The same paths take a key the caller reads.
    expect((await call(stranger, 'POST', `${hub(mine.id)}/files/v1`, { fileKey: own, role: 'ATTACHMENT' })).statusCode).toBe(200);
    // ...and the owner attaches the contract's file to another contract of theirs.
    const next = await createContract(t, owner, { title: '후속 계약', files: [{ fileKey: attachment, role: 'ATTACHMENT' }] });
    expect(next.files.map((f) => f.fileKey)).toEqual([attachment]);
  });

  it('kept from a contract one no longer watches does not attach the file to one\'s own contract', async () => {
    const shared = await createContract(t, owner, { title: '공유 계약', watcherUserIds: [stranger.userId] });
    const attachment = await uploadFile(t, owner, Buffer.from('단가표'), '단가표.txt');
    await call(owner, 'POST', `${hub(shared.id)}/files/v1`, { fileKey: attachment, role: 'ATTACHMENT' });
    expect(await reads(stranger, attachment)).toEqual([200, 200, 200, 200]);
    const mine = await createContract(t, stranger, { title: '내 계약 2' });
    // While a watcher the key is theirs to use...
    expect((await call(stranger, 'POST', `${hub(mine.id)}/files/v1`, { fileKey: attachment, role: 'ATTACHMENT' })).statusCode).toBe(200);
    expect((await call(stranger, 'DELETE', `${hub(mine.id)}/files/${attachment}/v1`)).statusCode).toBe(200);

    // ...taken off the watchers, it names nothing.
    expect((await call(owner, 'PUT', `${hub(shared.id)}/watchers/v1`, { watcherUserIds: [] })).statusCode).toBe(200);
    const refused = await call(stranger, 'POST', `${hub(mine.id)}/files/v1`, { fileKey: attachment, role: 'ATTACHMENT' });
    expect(refused.json()).toEqual((await call(stranger, 'POST', `${hub(mine.id)}/files/v1`, { fileKey: MISSING, role: 'ATTACHMENT' })).json());
    expect(await reads(stranger, attachment)).toEqual([404, 404, 404, 404]);
  });

  it('of a bulk registration is read as the registering admin reads it, also when a super admin registers for them', async () => {
    // A deleted notice's attachment: only the notice admins read it, not a contract admin.
    const hidden = await uploadFile(t, wsAdmin, await bulkSheet(), 'hidden.xlsx');
    const notice = await call(wsAdmin, 'POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: '내부 공지', body: '본문', fileKeys: [hidden] });
    expect(notice.statusCode, notice.body).toBe(200);
    expect((await call(wsAdmin, 'DELETE', `/api/workspace/notices/${notice.json().data.id}/v1`)).statusCode).toBe(200);
    expect(await reads(manager, hidden)).toEqual([404, 404, 404, 404]);
    const sheetKey = await uploadFile(t, manager, await bulkSheet(), 'bulk.xlsx');
    const superAdmin = await superAdminCookie(t);
    const bulk = (body: object) => call(manager, 'POST', '/api/alex/contracts/bulk-requests/v1', body);
    const onBehalf = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/alex/super-admin/contracts/bulk/v1', headers: { cookie: superAdmin.cookie }, payload: { workspaceId: wsA.workspaceId, registeringUserId: manager.userId, ...body } });

    for (const send of [bulk, onBehalf]) {
      const missingSheet = await send({ sheetFileKey: MISSING, fileKeys: [] });
      expect(fieldsOf(missingSheet)).toEqual(['body.sheetFileKey']);
      expect((await send({ sheetFileKey: hidden, fileKeys: [] })).json()).toEqual(missingSheet.json());
      const missingFile = await send({ sheetFileKey: sheetKey, fileKeys: [MISSING] });
      expect(fieldsOf(missingFile)).toEqual(['body.fileKeys.0']);
      expect((await send({ sheetFileKey: sheetKey, fileKeys: [hidden] })).json()).toEqual(missingFile.json());
    }
    expect(await t.services.db.select().from(contractBulkRequests).where(eq(contractBulkRequests.workspaceId, wsA.workspaceId))).toEqual([]);
    expect((await onBehalf({ sheetFileKey: sheetKey, fileKeys: [] })).statusCode).toBe(200);
  });

  it('attached to a notice must be one the notice admin reads: a contract\'s file is not published to every member', async () => {
    const secret = await createContract(t, owner, { title: '공지로 새면 안 되는 계약' });
    const attachment = await uploadFile(t, owner, Buffer.from('기밀 단가'), '기밀.txt');
    await call(owner, 'POST', `${hub(secret.id)}/files/v1`, { fileKey: attachment, role: 'ATTACHMENT' });
    const before = await rowOf(attachment);
    const send = (key: string) => call(wsAdmin, 'POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: '공지', body: '본문', fileKeys: [key] });
    const missing = await send(MISSING);
    expect(fieldsOf(missing)).toEqual(['body.fileKeys.0']);
    expect((await send(attachment)).json()).toEqual(missing.json());
    expect(await rowOf(attachment)).toEqual(before);
    expect(await reads(stranger, attachment)).toEqual([404, 404, 404, 404]);
    // Their own file goes on a notice as before.
    expect((await send(await uploadFile(t, wsAdmin, Buffer.from('안내문'), '안내.txt'))).statusCode).toBe(200);
  });
});

describe('a deleted bulk registration request', () => {
  it('keeps its sheet and files the contract admins\': members do not get them, in the list or the deleted list', async () => {
    const pdfKey = await uploadFile(t, manager, Buffer.from('일괄 등록 본문'), '일괄.txt');
    const sheetKey = await uploadFile(t, manager, await bulkSheet('일괄.txt'), 'bulk-deleted.xlsx');
    const created = await call(manager, 'POST', '/api/alex/contracts/bulk-requests/v1', { sheetFileKey: sheetKey, fileKeys: [pdfKey] });
    expect(created.statusCode, created.body).toBe(200);
    const requestId = created.json().data.requestId as number;
    expect(await reads(owner, sheetKey)).toEqual([404, 404, 404, 404]);

    expect((await call(manager, 'DELETE', `/api/alex/contracts/bulk-requests/v1?requestId=${requestId}`)).statusCode).toBe(200);
    for (const key of [sheetKey, pdfKey]) {
      expect(await reads(owner, key)).toEqual([404, 404, 404, 404]);
      expect(await reads(manager, key)).toEqual([200, 200, 200, 200]);
    }
    expect(await listed(owner)).not.toContain(sheetKey);
    // A contract admin deletes the sheet: it stays out of members' deleted-files list too.
    expect((await call(manager, 'DELETE', `${F}/${sheetKey}/v1`)).statusCode).toBe(200);
    expect(await listed(owner, 'isDeleted=true&size=100')).not.toContain(sheetKey);
    expect(await listed(manager, 'isDeleted=true&size=100')).toContain(sheetKey);
    // The contract admin may still use the files in a new request.
    expect((await call(manager, 'POST', '/api/alex/contracts/bulk-requests/v1', { sheetFileKey: (await uploadFile(t, manager, await bulkSheet('일괄.txt'), 'again.xlsx')), fileKeys: [pdfKey] })).statusCode).toBe(200);
  });
});

describe('files of a contract under approval', () => {
  it('cannot change through the files routes either (409, the reason named), while reading goes on; 403 still comes first', async () => {
    const c = await createContract(t, owner, { title: '결재 중 계약', watcherUserIds: [watcher.userId] });
    const listedFile = await uploadFile(t, owner, Buffer.from('별첨 1'), '별첨1.txt');
    const trashed = await uploadFile(t, owner, Buffer.from('별첨 2'), '별첨2.txt');
    for (const key of [listedFile, trashed]) expect((await call(owner, 'POST', `${hub(c.id)}/files/v1`, { fileKey: key, role: 'ATTACHMENT' })).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `${F}/${trashed}/v1`)).statusCode).toBe(200);
    // A document taken off the file list still names its contract (reference CONTRACT): the reference rule freezes it too.
    const document = await uploadDocument(owner, c.id, '결재 대상 본문', '본문.txt');
    expect((await call(owner, 'DELETE', `${hub(c.id)}/files/${document}/v1`)).statusCode).toBe(200);
    const free = await uploadFile(t, owner, Buffer.from('무관한 파일'), '무관.txt');

    await t.services.db.transaction((tx) => changeContractStatus(tx, scope(), c.id, 'IN_APPROVAL', { actorUserId: owner.userId }));
    const rows = { listed: await rowOf(listedFile), trashed: await rowOf(trashed), document: await rowOf(document) };
    for (const key of [listedFile, document]) {
      for (const res of await changes(owner, key)) {
        expect(res.statusCode, key).toBe(409);
        expect(res.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'ATTACHMENT_LOCKED' } });
      }
      expect(await reads(owner, key)).toEqual([200, 200, 200, 200]);
      expect((await call(owner, 'GET', `${F}/${key}/v1`)).json().data.abilities).toEqual({ canUpdate: false, canDelete: false });
      // Who may not edit the contract at all still hears 403; who may not read it, 404.
      expect((await changes(watcher, key)).map((r) => r.statusCode)).toEqual([403, 403, 403]);
      expect((await changes(stranger, key)).map((r) => r.statusCode)).toEqual([404, 404, 404]);
    }
    expect((await call(owner, 'POST', `${F}/${trashed}/v1`)).statusCode).toBe(409);
    const bulk = await call(owner, 'DELETE', `${F}/v1`, { fileKeys: [listedFile, document, free] });
    expect(bulk.json().data).toEqual({ deletedCount: 1, notFound: [listedFile, document] });
    expect({ listed: await rowOf(listedFile), trashed: await rowOf(trashed), document: await rowOf(document) }).toEqual(rows);

    // Back to a draft, the owner changes them again.
    await t.services.db.transaction((tx) => changeContractStatus(tx, scope(), c.id, 'DRAFT', { actorUserId: owner.userId }));
    expect((await call(owner, 'PUT', `${F}/${listedFile}/v1`, { displayName: '별첨 (최종).txt' })).statusCode).toBe(200);
    expect((await call(owner, 'POST', `${F}/${trashed}/v1`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `${F}/${document}/v1`)).json().data.abilities).toEqual({ canUpdate: true, canDelete: true });
  });
});
