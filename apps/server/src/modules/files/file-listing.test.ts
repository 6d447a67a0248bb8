import { FileMetadataSchema, type FileMetadata } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, createContract, type Person, person, uploadFile, type Workspace } from '../contracts/contracts.test-support';
import { collectAbandonedAttachments } from './files.jobs';
import { fileBody } from './files.test-support';
import { files, fileRevisions, workspaceStorage } from './files.table';

/**
 * What the files screen lists and shows: the uploader's name, what each file is attached to (only
 * records the caller may read), search over names and extracted text, the extracted text itself,
 * and uploads made for a record never written (a contract create form left unsaved), collected.
 */

let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let owner: Person;
let stranger: Person;
let colleague: Person;
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
  outsider = await person(t, wsB, ['SUPER_MANAGER'], '송예린');
  call = caller(t, () => wsA);
});
afterAll(() => t.close());

async function list(who: Person, query = 'size=100'): Promise<FileMetadata[]> {
  const res = await call(who, 'GET', `${F}/v1?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.content.map((f: unknown) => FileMetadataSchema.parse(f));
}
const keysOf = (found: FileMetadata[]) => found.map((f) => f.fileKey);

/** Waits for the extraction job to finish the file's current revision. */
async function extracted(who: Person, fileKey: string) {
  return waitFor(async () => {
    const data = FileMetadataSchema.parse((await call(who, 'GET', `${F}/${fileKey}/v1`)).json().data);
    return data.extraction.status !== 'PENDING' ? data : null;
  }, 60_000, 200);
}

async function uploadPending(who: Person, bytes: Buffer, name: string, fields: Record<string, string> = { purpose: 'ATTACHMENT' }) {
  const body = fileBody(bytes, name, fields);
  return t.app.inject({ method: 'POST', url: `${F}/v2`, headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

const usedBytes = async (ws: Workspace) =>
  (await t.services.db.select().from(workspaceStorage).where(and(eq(workspaceStorage.tenantId, ws.tenantId), eq(workspaceStorage.workspaceId, ws.workspaceId))))[0]?.usedBytes ?? 0;

describe('the files list', () => {
  it("names the uploader and what each file is attached to, never a record the caller cannot read", async () => {
    const open = await createContract(t, owner, { title: '공개 용역 계약' });
    const secret = await createContract(t, owner, { title: '비밀 합병 계약' });
    const shared = await uploadFile(t, owner, Buffer.from('두 계약의 공통 별첨'), '공통 별첨.txt');
    for (const c of [open, secret]) expect((await call(owner, 'POST', `${hub(c.id)}/files/v1`, { fileKey: shared, role: 'ATTACHMENT' })).statusCode).toBe(200);
    const free = await uploadFile(t, owner, Buffer.from('자유 자료'), '자유.txt');

    const mine = await list(owner);
    const sharedRow = mine.find((f) => f.fileKey === shared)!;
    expect(sharedRow.uploaderName).toBe('김민준');
    expect(sharedRow.attachedTo).toEqual([
      { type: 'CONTRACT', id: String(open.id), label: '공개 용역 계약' },
      { type: 'CONTRACT', id: String(secret.id), label: '비밀 합병 계약' },
    ]);
    expect(mine.find((f) => f.fileKey === free)).toMatchObject({ attachedTo: [], uploaderName: '김민준' });

    // A watcher of one contract only: the file is listed, attached to that contract alone; the other title never shows.
    expect((await call(owner, 'PUT', `${hub(open.id)}/watchers/v1`, { watcherUserIds: [colleague.userId] })).statusCode).toBe(200);
    const theirs = await list(colleague);
    expect(theirs.find((f) => f.fileKey === shared)?.attachedTo).toEqual([{ type: 'CONTRACT', id: String(open.id), label: '공개 용역 계약' }]);
    const detail = (await call(colleague, 'GET', `${F}/${shared}/v1`)).json().data as FileMetadata;
    expect(detail.attachedTo).toEqual([{ type: 'CONTRACT', id: String(open.id), label: '공개 용역 계약' }]);
    expect(JSON.stringify(theirs)).not.toContain('비밀 합병 계약');

    // Neither contract readable: the file is not listed at all.
    expect(keysOf(await list(stranger))).not.toContain(shared);
    expect(keysOf(await list(stranger))).toContain(free);
  });

  it('finds files by words of their extracted text as well as by name, within what the caller may read', async () => {
    const c = await createContract(t, owner, { title: '기밀 공급 계약' });
    const doc = await uploadFile(t, owner, Buffer.from('제7조(위약벌) 수급인은 납기를 어기면 위약벌을 지급한다.'), '본문.txt');
    expect((await call(owner, 'POST', `${hub(c.id)}/files/v1`, { fileKey: doc, role: 'MAIN' })).statusCode).toBe(200);
    const memo = await uploadFile(t, owner, Buffer.from('회의 메모: 위약벌 조항을 다시 검토할 것'), '회의.txt');
    await extracted(owner, doc);
    await extracted(owner, memo);

    const search = async (who: Person, keyword: string) => keysOf(await list(who, `keyword=${encodeURIComponent(keyword)}`)).sort();
    expect(await search(owner, '위약벌')).toEqual([doc, memo].sort());
    // Every word must occur; a one-character word is matched too.
    expect(await search(owner, '납기 위약벌')).toEqual([doc]);
    expect(await search(owner, '납기 메')).toEqual([]);
    expect(await search(owner, '회의')).toEqual([memo]);
    // By name still (a name word the text lacks).
    expect(await search(owner, '본문')).toEqual([doc]);
    expect(await search(owner, '해제권')).toEqual([]);
    // The text of a file on a contract the caller cannot read finds nothing for them.
    expect(await search(stranger, '위약벌')).toEqual([memo]);
    expect(await search(outsider, '위약벌')).toEqual([]);
  });
});

describe('the extracted text of a file', () => {
  it('is read with the access of a download: 404 for who cannot read the contract and for another tenant', async () => {
    const c = await createContract(t, owner, { title: '라이선스 계약' });
    const doc = await uploadFile(t, owner, Buffer.from('제3조(사용료) 사용료는 매 분기 지급한다.'), '라이선스.txt');
    expect((await call(owner, 'POST', `${hub(c.id)}/files/v1`, { fileKey: doc, role: 'MAIN' })).statusCode).toBe(200);
    await extracted(owner, doc);

    const text = await call(owner, 'GET', `${F}/${doc}/text/v1`);
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data).toMatchObject({ fileKey: doc, revision: 1, status: 'DONE' });
    expect(text.json().data.pages[0].text).toContain('사용료는 매 분기');

    for (const who of [stranger, outsider]) {
      const res = await call(who, 'GET', `${F}/${doc}/text/v1`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ERROR_NOT_FOUND');
      expect(res.body).not.toContain('사용료');
    }
    expect((await call(null, 'GET', `${F}/${doc}/text/v1`)).statusCode).toBe(401);
  });
});

describe('uploads for a record never written', () => {
  it('are unlisted until attached, count against storage, and are collected with their bytes after the deadline', async () => {
    const before = await usedBytes(wsA);
    const abandonedRes = await uploadPending(owner, Buffer.from('작성하다 만 계약서'), '초안.txt');
    expect(abandonedRes.statusCode, abandonedRes.body).toBe(200);
    const abandoned = FileMetadataSchema.parse(abandonedRes.json().data);
    expect(abandoned.pendingAttachmentUntil).not.toBeNull();
    const keptRes = await uploadPending(owner, Buffer.from('등록한 계약서'), '계약서.txt');
    const kept = FileMetadataSchema.parse(keptRes.json().data);
    const detachedRes = await uploadPending(owner, Buffer.from('붙였다 뗀 별첨'), '별첨.txt');
    const detached = FileMetadataSchema.parse(detachedRes.json().data);

    // Off the list (the uploader still reads each by its key, for the form), but honestly counted.
    for (const f of [abandoned, kept, detached]) expect(keysOf(await list(owner))).not.toContain(f.fileKey);
    expect((await call(owner, 'GET', `${F}/${abandoned.fileKey}/v1`)).statusCode).toBe(200);
    expect(await usedBytes(wsA)).toBe(before + abandoned.size + kept.size + detached.size);

    // Saving the contract attaches one: listed from then on, no longer pending. Another is attached, then taken off.
    const c = await createContract(t, owner, { title: '등록된 계약', files: [{ fileKey: kept.fileKey, role: 'MAIN' }] });
    expect((await call(owner, 'POST', `${hub(c.id)}/files/v1`, { fileKey: detached.fileKey, role: 'ATTACHMENT' })).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `${hub(c.id)}/files/${detached.fileKey}/v1`)).statusCode).toBe(200);
    const listed = await list(owner);
    expect(listed.find((f) => f.fileKey === kept.fileKey)).toMatchObject({ pendingAttachmentUntil: null, attachedTo: [{ type: 'CONTRACT', id: String(c.id), label: '등록된 계약' }] });
    expect(listed.find((f) => f.fileKey === detached.fileKey)).toMatchObject({ pendingAttachmentUntil: null, attachedTo: [] });

    // Before the deadline nothing goes; after it, only the one never attached, bytes and quota with it.
    expect(await collectAbandonedAttachments(t.services, new Date())).toBe(0);
    const [stored] = await t.services.db.select({ storageKey: fileRevisions.storageKey }).from(fileRevisions).innerJoin(files, eq(files.id, fileRevisions.fileId)).where(eq(files.fileKey, abandoned.fileKey));
    const later = new Date(Date.now() + t.services.config.files.pendingAttachmentTtlMs + 60_000);
    expect(await collectAbandonedAttachments(t.services, later)).toBe(1);
    expect((await call(owner, 'GET', `${F}/${abandoned.fileKey}/v1`)).statusCode).toBe(404);
    expect(await t.services.db.select().from(files).where(eq(files.fileKey, abandoned.fileKey))).toEqual([]);
    await expect(t.services.storage.get(stored!.storageKey)).rejects.toThrow();
    expect(await usedBytes(wsA)).toBe(before + kept.size + detached.size);
    for (const f of [kept, detached]) expect((await call(owner, 'GET', `${F}/${f.fileKey}/v1`)).statusCode).toBe(200);
    expect(await collectAbandonedAttachments(t.services, later)).toBe(0);
  });

  it('refuses an unknown purpose with 400 naming the field, keeping nothing', async () => {
    const count = (await t.services.db.select().from(files)).length;
    const res = await uploadPending(owner, Buffer.from('x'), 'x.txt', { purpose: 'DRAFT' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors).toEqual([{ field: 'body.purpose', reason: 'FILE or ATTACHMENT' }]);
    expect((await t.services.db.select().from(files)).length).toBe(count);
  });
});
