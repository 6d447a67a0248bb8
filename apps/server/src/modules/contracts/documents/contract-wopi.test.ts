import { type ContractDetail, ContractDocumentRevisionSchema, ContractDocumentSchema, WordAccessPathSchema, WordEditStatusSchema } from '@legal/api';
import { Document, Packer, Paragraph } from 'docx';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { createTestApp, type TestApp, waitFor } from '../../../test/harness';
import { newWorkspace, workspaceHeaders } from '../../auth/auth.test-support';
import { fileBody } from '../../files/files.test-support';
import { fileRevisions, files } from '../../files';
import { contractDocumentLocks } from './contract-documents.table';
import { signWopiToken, verifyWopiToken, wopiKeyOf } from './contract-wopi.token';
import { changeContractStatus } from '../contracts.service';
import { caller, createContract, type Person, person, type Workspace } from '../contracts.test-support';

/**
 * The Word editing round trip, with this test as the WOPI client (what Collabora Online or Office
 * Online Server do): access path, CheckFileInfo, LOCK, GetFile, PutFile, the lock rules, UNLOCK.
 */

const EDITOR = 'https://office.example.test/browser/dist/cool.html?<ui=UI_LLCC&><rs=DC_LLCC&>';
let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let owner: Person;
let watcher: Person;
let manager: Person;
let outsider: Person;
let noRole: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ env: { WORD_EDITOR_URL: EDITOR } });
  wsA = await newWorkspace(t);
  wsB = await newWorkspace(t);
  owner = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  watcher = await person(t, wsA, ['READER'], '강하은');
  manager = await person(t, wsA, ['LEGAL_MANAGER'], '한지민');
  outsider = await person(t, wsB, ['SUPER_MANAGER'], '송예린');
  noRole = await person(t, wsA, [], '무권한');
  call = caller(t, () => wsA);
});
afterAll(() => t.close());

const docs = (id: number) => `/api/conhub/contracts/${id}/documents`;

async function wordFile(...paragraphs: string[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((p) => new Paragraph(p)) }] }));
}

async function contractWithDocument(title: string, bytes: Buffer, name = '계약서.docx'): Promise<{ contract: ContractDetail; fileKey: string }> {
  const contract = await createContract(t, owner, { title, watcherUserIds: [watcher.userId] });
  const body = fileBody(bytes, name);
  const res = await t.app.inject({ method: 'POST', url: `${docs(contract.id)}/v1`, headers: { ...owner.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return { contract, fileKey: ContractDocumentSchema.parse(res.json().data).fileKey };
}

async function accessPath(who: Person, contractId: number) {
  const res = await call(who, 'GET', `${docs(contractId)}/word/access-path/v1`);
  expect(res.statusCode, res.body).toBe(200);
  return WordAccessPathSchema.parse(res.json().data);
}

const editStatus = async (who: Person, contractId: number) => WordEditStatusSchema.parse((await call(who, 'GET', `${docs(contractId)}/word/edit-status/v1`)).json().data);

/** The WOPI client: no cookie, no workspace headers, only the access token. */
const wopi = {
  url: (fileId: string, token: string | undefined, suffix = '') => `/api/conhub/wopi/files/${fileId}${suffix}${token === undefined ? '' : `?access_token=${encodeURIComponent(token)}`}`,
  checkFileInfo: (fileId: string, token?: string) => t.app.inject({ method: 'GET', url: wopi.url(fileId, token) }),
  getFile: (fileId: string, token: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: wopi.url(fileId, token, '/contents'), headers }),
  putFile: (fileId: string, token: string, bytes: Buffer, lock?: string) =>
    t.app.inject({
      method: 'POST',
      url: wopi.url(fileId, token, '/contents'),
      headers: { 'content-type': 'application/octet-stream', 'x-wopi-override': 'PUT', ...(lock === undefined ? {} : { 'x-wopi-lock': lock }) },
      payload: bytes,
    }),
  lock: (fileId: string, token: string, override: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: wopi.url(fileId, token), headers: { 'x-wopi-override': override, ...headers } }),
};

describe('Word editing: the access path', () => {
  it('gives a writer the editor URL with WOPISrc and a signed token bound to the document; refuses others', async () => {
    const { contract, fileKey } = await contractWithDocument('접근 경로 계약', await wordFile('본문'));
    const before = Date.now();
    const path = await accessPath(owner, contract.id);
    expect(path.url).toBe(`https://office.example.test/browser/dist/cool.html?WOPISrc=${encodeURIComponent(`${t.services.config.publicUrl}/api/conhub/wopi/files/${fileKey}`)}`);
    expect(path.accessTokenTtl).toBeGreaterThanOrEqual(before + 10 * 3600_000 - 1000);
    expect(verifyWopiToken(wopiKeyOf(t.services.config)!, path.accessToken)).toMatchObject({ tenantId: wsA.tenantId, workspaceId: wsA.workspaceId, contractId: contract.id, fileKey, userId: owner.userId });
    expect(await editStatus(owner, contract.id)).toEqual({ editable: true, reason: null, locked: false, lockedBy: null, lockExpiresAt: null, editorConfigured: true });

    expect((await call(watcher, 'GET', `${docs(contract.id)}/word/access-path/v1`)).statusCode).toBe(403);
    expect((await call(noRole, 'GET', `${docs(contract.id)}/word/access-path/v1`)).statusCode).toBe(403);
    const intruder = { ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) };
    expect((await call(intruder, 'GET', `${docs(contract.id)}/word/access-path/v1`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${docs(contract.id)}/word/access-path/v1`)).statusCode).toBe(401);
    // The web app opens the editor by posting the token to it: the page's policy lets it.
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://office.example.test");
  });

  it('refuses a document that is not a Word document, and a contract without one', async () => {
    const { contract } = await contractWithDocument('텍스트 문서 계약', Buffer.from('제1조 (목적) 텍스트 계약서', 'utf8'), '계약서.txt');
    const res = await call(owner, 'GET', `${docs(contract.id)}/word/access-path/v1`);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toMatchObject({ reason: 'NOT_WORD_DOCUMENT', fileType: 'txt' });
    expect(await editStatus(owner, contract.id)).toMatchObject({ editable: false, reason: 'NOT_WORD_DOCUMENT' });
    const bare = await createContract(t, owner, { title: '문서 없는 계약' });
    expect((await call(owner, 'GET', `${docs(bare.id)}/word/access-path/v1`)).statusCode).toBe(404);
  });
});

describe('Word editing: the WOPI round trip', () => {
  it('checks, locks, reads, saves a new revision and unlocks, with the lock rules of the protocol', async () => {
    const original = await wordFile('제1조 (목적) 원래 조항');
    const { contract, fileKey } = await contractWithDocument('WOPI 왕복 계약', original, '공급계약서.docx');
    const { accessToken: token } = await accessPath(owner, contract.id);

    // CheckFileInfo: who, what and which rights.
    const info = await wopi.checkFileInfo(fileKey, token);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({
      BaseFileName: '공급계약서.docx', Size: original.length, Version: '1', UserId: String(owner.userId), UserFriendlyName: '김민준',
      OwnerId: String(owner.userId), UserCanWrite: true, ReadOnly: false, SupportsLocks: true, SupportsUpdate: true, SupportsGetLock: true, UserCanNotWriteRelative: true,
    });

    // LOCK, then everybody sees who edits.
    expect((await wopi.lock(fileKey, token, 'LOCK', { 'x-wopi-lock': 'session-A' })).statusCode).toBe(200);
    const locked = await editStatus(watcher, contract.id);
    expect(locked).toMatchObject({ locked: true, lockedBy: { userId: owner.userId, displayName: '김민준' } });
    expect(new Date(locked.lockExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await wopi.lock(fileKey, token, 'GET_LOCK')).headers['x-wopi-lock']).toBe('session-A');
    // LOCK again with the same id refreshes it.
    expect((await wopi.lock(fileKey, token, 'LOCK', { 'x-wopi-lock': 'session-A' })).statusCode).toBe(200);

    // GetFile: the bytes of the current revision.
    const got = await wopi.getFile(fileKey, token);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(original)).toBe(true);
    expect(got.headers['x-wopi-itemversion']).toBe('1');
    expect((await wopi.getFile(fileKey, token, { 'x-wopi-maxexpectedsize': '10' })).statusCode).toBe(412);

    // A second lock id is refused with the current lock; so are saves under it or without one.
    const other = await wopi.lock(fileKey, token, 'LOCK', { 'x-wopi-lock': 'session-B' });
    expect(other.statusCode).toBe(409);
    expect(other.headers['x-wopi-lock']).toBe('session-A');
    const edited = await wordFile('제1조 (목적) 원래 조항', '제2조 (수정된 조항) 온라인에서 추가함');
    for (const lock of ['session-B', undefined]) {
      const refused = await wopi.putFile(fileKey, token, edited, lock);
      expect(refused.statusCode).toBe(409);
      expect(refused.headers['x-wopi-lock']).toBe('session-A');
    }
    // Nobody else replaces the document meanwhile (HTTP upload by an admin).
    const body = fileBody(await wordFile('관리자 업로드'), 'admin.docx');
    const blocked = await t.app.inject({ method: 'POST', url: `${docs(contract.id)}/v1`, headers: { ...manager.headers, ...body.headers }, payload: body.payload });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().data).toMatchObject({ lockedBy: { userId: owner.userId } });

    // PutFile under the lock: a new revision, extracted again.
    const put = await wopi.putFile(fileKey, token, edited, 'session-A');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.headers['x-wopi-itemversion']).toBe('2');
    const revisions = ContractDocumentRevisionSchema.array().parse((await call(watcher, 'GET', `${docs(contract.id)}/revisions/v1`)).json().data);
    expect(revisions.map((r) => [r.revision, r.displayName, r.createdBy?.userId, r.size])).toEqual([
      [2, '공급계약서.docx', owner.userId, edited.length],
      [1, '공급계약서.docx', owner.userId, original.length],
    ]);
    const text = await waitFor(async () => {
      const [row] = await t.services.db
        .select({ text: fileRevisions.extractedText, status: fileRevisions.extractionStatus })
        .from(fileRevisions)
        .innerJoin(files, eq(files.id, fileRevisions.fileId))
        .where(and(eq(files.fileKey, fileKey), eq(fileRevisions.revision, 2)));
      return row?.status === 'DONE' ? row.text : null;
    });
    expect(text).toContain('수정된 조항');
    expect((await wopi.checkFileInfo(fileKey, token)).json()).toMatchObject({ Version: '2', Size: edited.length });
    expect((await wopi.getFile(fileKey, token)).rawPayload.equals(edited)).toBe(true);
    expect((await call(owner, 'GET', `${docs(contract.id)}/download/v1`)).rawPayload.equals(edited)).toBe(true);

    // REFRESH_LOCK and UnlockAndRelock (LOCK with X-WOPI-OldLock).
    expect((await wopi.lock(fileKey, token, 'REFRESH_LOCK', { 'x-wopi-lock': 'session-A' })).statusCode).toBe(200);
    expect((await wopi.lock(fileKey, token, 'REFRESH_LOCK', { 'x-wopi-lock': 'session-B' })).headers['x-wopi-lock']).toBe('session-A');
    expect((await wopi.lock(fileKey, token, 'LOCK', { 'x-wopi-lock': 'session-C', 'x-wopi-oldlock': 'session-B' })).statusCode).toBe(409);
    expect((await wopi.lock(fileKey, token, 'LOCK', { 'x-wopi-lock': 'session-C', 'x-wopi-oldlock': 'session-A' })).statusCode).toBe(200);
    expect((await wopi.lock(fileKey, token, 'GET_LOCK')).headers['x-wopi-lock']).toBe('session-C');

    // UNLOCK: only with the current lock id.
    const wrongUnlock = await wopi.lock(fileKey, token, 'UNLOCK', { 'x-wopi-lock': 'session-A' });
    expect(wrongUnlock.statusCode).toBe(409);
    expect(wrongUnlock.headers['x-wopi-lock']).toBe('session-C');
    expect((await wopi.lock(fileKey, token, 'UNLOCK', { 'x-wopi-lock': 'session-C' })).statusCode).toBe(200);
    expect(await editStatus(owner, contract.id)).toMatchObject({ editable: true, locked: false, lockedBy: null, lockExpiresAt: null });
    expect((await wopi.lock(fileKey, token, 'GET_LOCK')).headers['x-wopi-lock']).toBe('');
    const unlockedPut = await wopi.putFile(fileKey, token, original, 'session-C');
    expect(unlockedPut.statusCode).toBe(409);
    expect(unlockedPut.headers['x-wopi-lock']).toBe('');
    const unlockAgain = await wopi.lock(fileKey, token, 'UNLOCK', { 'x-wopi-lock': 'session-C' });
    expect([unlockAgain.statusCode, unlockAgain.headers['x-wopi-lock']]).toEqual([409, '']);

    const events = await t.services.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, owner.userId)).orderBy(asc(auditEvents.id));
    const mine = events.filter((e) => (e.data as { contractId?: number }).contractId === contract.id && e.type.startsWith('contract.document_')).map((e) => [e.type, e.data]);
    expect(mine).toMatchObject([
      ['contract.document_uploaded', { revision: 1 }],
      ['contract.document_locked', { lockId: 'session-A' }],
      ['contract.document_edited', { revision: 2, editor: 'WOPI', size: edited.length }],
      ['contract.document_downloaded', { revision: 2 }], // the edited revision read back above
      ['contract.document_locked', { lockId: 'session-C' }],
      ['contract.document_unlocked', { lockId: 'session-C' }],
    ]);
  });

  it('answers the protocol for missing lock ids and unknown operations', async () => {
    const { contract, fileKey } = await contractWithDocument('WOPI 예외 계약', await wordFile('본문'));
    const { accessToken: token } = await accessPath(owner, contract.id);
    expect((await wopi.lock(fileKey, token, 'LOCK')).statusCode).toBe(400);
    expect((await wopi.lock(fileKey, token, 'LOCK', { 'x-wopi-lock': 'x'.repeat(1025) })).statusCode).toBe(400);
    expect((await wopi.lock(fileKey, token, 'UNLOCK_AND_RELOCK', { 'x-wopi-lock': 'new' })).statusCode).toBe(400);
    expect((await wopi.lock(fileKey, token, 'PUT_RELATIVE')).statusCode).toBe(501);
    expect((await wopi.lock(fileKey, token, 'RENAME_FILE', { 'x-wopi-lock': 'a' })).statusCode).toBe(501);
    // A lock past its 30 minutes is free again.
    expect((await wopi.lock(fileKey, token, 'LOCK', { 'x-wopi-lock': 'old-session' })).statusCode).toBe(200);
    await t.services.db.update(contractDocumentLocks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(contractDocumentLocks.contractId, contract.id));
    expect(await editStatus(owner, contract.id)).toMatchObject({ locked: false });
    expect((await wopi.lock(fileKey, token, 'REFRESH_LOCK', { 'x-wopi-lock': 'old-session' })).statusCode).toBe(409);
    expect((await wopi.lock(fileKey, token, 'LOCK', { 'x-wopi-lock': 'new-session' })).statusCode).toBe(200);
    expect((await wopi.lock(fileKey, token, 'GET_LOCK')).headers['x-wopi-lock']).toBe('new-session');
  });
});

describe('Word editing: tokens', () => {
  it('refuses a missing, forged, expired token and one for another document, contract or tenant', async () => {
    const { contract, fileKey } = await contractWithDocument('토큰 계약', await wordFile('토큰 본문'));
    const { fileKey: otherKey, contract: otherContract } = await contractWithDocument('다른 계약', await wordFile('다른 본문'));
    const { accessToken: token } = await accessPath(owner, contract.id);
    const { accessToken: otherToken } = await accessPath(owner, otherContract.id);
    const key = wopiKeyOf(t.services.config)!;
    const claims = { tenantId: wsA.tenantId, workspaceId: wsA.workspaceId, contractId: contract.id, fileKey, userId: owner.userId, expiresAt: Date.now() + 60_000 };
    const forged = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const refusals: Array<[string, string | undefined, number]> = [
      ['no token', undefined, 401],
      ['forged', forged, 401],
      ['another key', signWopiToken(Buffer.alloc(32, 7), claims), 401],
      ['expired', signWopiToken(key, { ...claims, expiresAt: Date.now() - 1 }), 401],
      ['another document', otherToken, 401],
      ['another contract, same document', signWopiToken(key, { ...claims, contractId: otherContract.id }), 404],
      ['another tenant', signWopiToken(key, { ...claims, tenantId: wsB.tenantId, workspaceId: wsB.workspaceId }), 404],
      ['a user of another tenant', signWopiToken(key, { ...claims, userId: outsider.userId }), 404],
    ];
    const before = await t.services.db.select().from(contractDocumentLocks);
    for (const [what, bad, status] of refusals) {
      expect((await wopi.checkFileInfo(fileKey, bad)).statusCode, what).toBe(status);
      if (bad === undefined) continue;
      expect((await wopi.getFile(fileKey, bad)).statusCode, what).toBe(status);
      expect((await wopi.lock(fileKey, bad, 'LOCK', { 'x-wopi-lock': 'intruder' })).statusCode, what).toBe(status);
      expect((await wopi.putFile(fileKey, bad, await wordFile('침입'), 'intruder')).statusCode, what).toBe(status);
    }
    expect(await t.services.db.select().from(contractDocumentLocks)).toEqual(before);
    expect((await call(owner, 'GET', `${docs(contract.id)}/revisions/v1`)).json().data).toHaveLength(1);
    // The token is the only credential: a session cookie adds nothing.
    expect((await t.app.inject({ method: 'GET', url: wopi.url(fileKey, undefined), headers: owner.headers })).statusCode).toBe(401);
    expect(otherKey).not.toBe(fileKey);
  });

  it('follows the user\'s rights at every call: read-only for a reader, frozen in approval', async () => {
    const { contract, fileKey } = await contractWithDocument('권한 추적 계약', await wordFile('권한 본문'));
    const key = wopiKeyOf(t.services.config)!;
    const readerToken = signWopiToken(key, { tenantId: wsA.tenantId, workspaceId: wsA.workspaceId, contractId: contract.id, fileKey, userId: watcher.userId, expiresAt: Date.now() + 60_000 });
    expect((await wopi.checkFileInfo(fileKey, readerToken)).json()).toMatchObject({ UserCanWrite: false, ReadOnly: true, UserFriendlyName: '강하은' });
    expect((await wopi.getFile(fileKey, readerToken)).statusCode).toBe(200);
    expect((await wopi.lock(fileKey, readerToken, 'LOCK', { 'x-wopi-lock': 'reader' })).statusCode).toBe(404);

    const { accessToken: token } = await accessPath(owner, contract.id);
    expect((await wopi.lock(fileKey, token, 'LOCK', { 'x-wopi-lock': 'before-approval' })).statusCode).toBe(200);
    await t.services.db.transaction((tx) => changeContractStatus(tx, { tenantId: wsA.tenantId, workspaceId: wsA.workspaceId }, contract.id, 'IN_APPROVAL', { actorUserId: owner.userId }));
    expect((await wopi.checkFileInfo(fileKey, token)).json()).toMatchObject({ UserCanWrite: false, ReadOnly: true });
    const put = await wopi.putFile(fileKey, token, await wordFile('결재 중 저장 시도'), 'before-approval');
    expect(put.statusCode).toBe(409);
    expect(put.headers['x-wopi-lock']).toBe('before-approval');
    expect((await call(owner, 'GET', `${docs(contract.id)}/revisions/v1`)).json().data).toHaveLength(1);
    expect(await editStatus(owner, contract.id)).toMatchObject({ editable: false, reason: 'FROZEN', locked: true });
    expect((await call(owner, 'GET', `${docs(contract.id)}/word/access-path/v1`)).statusCode).toBe(409);
    // Releasing the lock stays possible.
    expect((await wopi.lock(fileKey, token, 'UNLOCK', { 'x-wopi-lock': 'before-approval' })).statusCode).toBe(200);
  });
});

describe('WOPI rate limit', () => {
  it('counts per editing session (access token), not per address: one editor serves many users', async () => {
    const limited = await createTestApp({ env: { WORD_EDITOR_URL: EDITOR, RATE_LIMIT_PER_MINUTE: '3' }, startJobs: false });
    try {
      const check = (token: string) => limited.app.inject({ method: 'GET', url: `/api/conhub/wopi/files/f1?access_token=${token}` });
      for (let i = 0; i < 3; i++) expect((await check('session-a')).statusCode).toBe(401);
      expect((await check('session-a')).statusCode).toBe(429);
      // Another session from the same editor address is not held back by the first.
      expect((await check('session-b')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
