import { type ContractDetail, type ContractDocument, ContractDocumentSchema, ContractDocumentRevisionSchema, WordEditStatusSchema } from '@legal/api';
import { Document, Packer, Paragraph } from 'docx';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { waitFor } from '../../../test/harness';
import { workspaceHeaders } from '../../auth/auth.test-support';
import { extractDocument, fileRevisions, files, workspaceStorage } from '../../files';
import { fileBody } from '../../files/files.test-support';
import { renderDocx } from './contract-docx';
import { contractDocumentLocks } from './contract-documents.table';
import { changeContractStatus } from '../contracts.service';
import { contractCast, createContract, fieldsOf, type Method, type Person, snapshotOf, uploadFile, type Workspace } from '../contracts.test-support';

const { t, wsA, wsB, owner, watcher, stranger, manager, outsider, noRole, call } = await contractCast();
afterAll(() => t.close());

const docs = (id: number) => `/api/conhub/contracts/${id}/documents`;
const scopeOf = (ws: Workspace) => ({ tenantId: ws.tenantId, workspaceId: ws.workspaceId });

async function wordFile(...paragraphs: string[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((p) => new Paragraph(p)) }] }));
}

function upload(who: Person, contractId: number, bytes: Buffer, name: string) {
  const body = fileBody(bytes, name);
  return t.app.inject({ method: 'POST', url: `${docs(contractId)}/v1`, headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

async function uploaded(who: Person, contractId: number, bytes: Buffer, name: string): Promise<ContractDocument> {
  const res = await upload(who, contractId, bytes, name);
  expect(res.statusCode, res.body).toBe(200);
  return ContractDocumentSchema.parse(res.json().data);
}

/** Everything stored about a contract and its documents, to prove a refused call changed nothing. */
async function stateOf(contractId: number) {
  const db = t.services.db;
  const snapshot = await snapshotOf(t, contractId);
  const keys = snapshot.files.map((f) => f.fileKey);
  const fileRows = keys.length ? await db.select().from(files).where(inArray(files.fileKey, keys)).orderBy(asc(files.id)) : [];
  const revisions = fileRows.length ? await db.select({ id: fileRevisions.id, fileId: fileRevisions.fileId, revision: fileRevisions.revision }).from(fileRevisions).where(inArray(fileRevisions.fileId, fileRows.map((f) => f.id))).orderBy(asc(fileRevisions.id)) : [];
  const locks = await db.select().from(contractDocumentLocks).where(eq(contractDocumentLocks.contractId, contractId));
  return { ...snapshot, fileRows, revisions, locks };
}

const eventsOf = async (type: string, contractId: number) =>
  (await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, type)).orderBy(asc(auditEvents.id))).filter((e) => (e.data as { contractId?: number }).contractId === contractId);

const renderBody = (extra: Record<string, unknown> = {}) => ({
  fileFormat: 'DOCX',
  title: '물품 공급 계약서',
  blocks: [
    { type: 'heading', text: '제1조 (목적)' },
    { type: 'paragraph', text: '이 계약은 물품의 공급 조건을 정한다.' },
  ],
  ...extra,
});

describe('contract documents: the route matrix', () => {
  let c: ContractDetail;
  let spareKey: string;
  let routes: Array<{ method: Method; url: string; body?: unknown; bad: [string, unknown, string]; isWrite: boolean; readerStatus?: number }>;
  beforeAll(async () => {
    c = await createContract(t, owner, { title: '문서 매트릭스 계약', watcherUserIds: [watcher.userId] });
    await uploaded(owner, c.id, await wordFile('제1조 (목적) 공급 계약'), '공급계약서.docx');
    spareKey = await uploadFile(t, owner, await wordFile('별첨 문서'), '별첨.docx');
    const d = docs(c.id);
    routes = [
      { method: 'GET', url: `${d}/v1`, bad: [`${d}/v1?revision=0`, undefined, 'query.revision'], isWrite: false },
      { method: 'POST', url: `${d}/by-file/v1`, body: { fileKey: spareKey }, bad: [`${d}/by-file/v1`, { fileKey: 'nope' }, 'body.fileKey'], isWrite: true },
      { method: 'POST', url: `${d}/download/by-json/v1`, body: renderBody(), bad: [`${d}/download/by-json/v1`, renderBody({ fileFormat: 'PDF' }), 'body.fileFormat'], isWrite: false },
      { method: 'POST', url: `${d}/download/by-json/v1`, body: renderBody({ saveMode: 'SAVE_AS_REVISION' }), bad: [`${d}/download/by-json/v1`, renderBody({ saveMode: 'LATER' }), 'body.saveMode'], isWrite: true },
      { method: 'GET', url: `${d}/download/v1`, bad: [`${d}/download/v1?revision=x`, undefined, 'query.revision'], isWrite: false },
      { method: 'GET', url: `${d}/revisions/v1`, bad: [`/api/conhub/contracts/x/documents/revisions/v1`, undefined, 'params.contractId'], isWrite: false },
      { method: 'GET', url: `${d}/executed/download/v1`, bad: [`/api/conhub/contracts/0/documents/executed/download/v1`, undefined, 'params.contractId'], isWrite: false, readerStatus: 409 },
      { method: 'GET', url: `${d}/word/edit-status/v1`, bad: [`/api/conhub/contracts/-1/documents/word/edit-status/v1`, undefined, 'params.contractId'], isWrite: false },
      { method: 'GET', url: `${d}/word/access-path/v1`, bad: [`/api/conhub/contracts/x/documents/word/access-path/v1`, undefined, 'params.contractId'], isWrite: true },
    ];
  });

  it('answers 401 without a session and 400 naming the bad field', async () => {
    for (const route of routes) {
      const res = await call(null, route.method, route.url, route.body);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      const [url, body, field] = route.bad;
      const bad = await call(owner, route.method, url, body);
      expect(bad.statusCode, `${route.method} ${url}: ${bad.body}`).toBe(400);
      expect(fieldsOf(bad), url).toContain(field);
    }
    expect((await call(null, 'POST', `${docs(c.id)}/v1`)).statusCode).toBe(401);
    // Multipart without a file part; an unknown file of another workspace.
    const empty = await t.app.inject({ method: 'POST', url: `${docs(c.id)}/v1`, headers: { ...owner.headers, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(fieldsOf(empty)).toEqual(['body.file']);
    const elsewhere = await uploadFile(t, outsider, await wordFile('남의 문서'), 'other.docx');
    expect(fieldsOf(await call(owner, 'POST', `${docs(c.id)}/by-file/v1`, { fileKey: elsewhere }))).toEqual(['body.fileKey']);
  });

  it('answers 404 to another tenant (even its admin) and to a member who cannot read the contract, changing nothing', async () => {
    const before = await stateOf(c.id);
    const intruder = { ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) };
    for (const who of [intruder, stranger]) {
      for (const route of routes) {
        const res = await call(who, route.method, route.url, route.body);
        expect(res.statusCode, `${who.loginId} ${route.method} ${route.url}`).toBe(404);
        expect(res.json().code).toBe('ERROR_NOT_FOUND');
      }
      expect((await upload(who, c.id, await wordFile('침입'), 'x.docx')).statusCode).toBe(404);
    }
    expect(await stateOf(c.id)).toEqual(before);
  });

  it('lets readers read and answers 403 to their writes; 403 to a member without contract permissions', async () => {
    const before = await stateOf(c.id);
    for (const route of routes) {
      const res = await call(watcher, route.method, route.url, route.body);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body.slice(0, 200)}`).toBe(route.isWrite ? 403 : (route.readerStatus ?? 200));
      expect((await call(noRole, route.method, route.url, route.body)).statusCode, route.url).toBe(403);
    }
    expect((await upload(watcher, c.id, await wordFile('읽기 전용'), 'r.docx')).statusCode).toBe(403);
    expect((await upload(noRole, c.id, await wordFile('권한 없음'), 'n.docx')).statusCode).toBe(403);
    expect(await stateOf(c.id)).toEqual(before);
  });
});

describe('contract documents: upload, revisions and downloads', () => {
  it('creates the main document, adds revisions, lists them newest first and downloads any of them', async () => {
    const c = await createContract(t, owner, { title: '용역 계약 (문서)', watcherUserIds: [watcher.userId] });
    expect((await call(owner, 'GET', `${docs(c.id)}/v1`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `${docs(c.id)}/revisions/v1`)).statusCode).toBe(404);

    const first = await wordFile('제1조 (목적) 첫 번째 판');
    const created = await uploaded(owner, c.id, first, '용역계약서 초안.docx');
    expect(created).toMatchObject({ contractId: c.id, revision: 1, currentRevision: 1, displayName: '용역계약서 초안.docx', fileType: 'docx', isCurrent: true, isLocked: false, lock: null, createdBy: { userId: owner.userId, displayName: '김민준' } });
    const detail = (await call(owner, 'GET', `/api/conhub/contracts/${c.id}/v2`)).json().data as ContractDetail;
    expect(detail.files).toMatchObject([{ fileKey: created.fileKey, role: 'MAIN' }]);
    expect(detail.version).toBeGreaterThan(c.version);

    const second = await uploaded(manager, c.id, await wordFile('제1조 (목적) 두 번째 판'), '용역계약서 수정본.docx');
    expect(second).toMatchObject({ fileKey: created.fileKey, revision: 2, currentRevision: 2, displayName: '용역계약서 수정본.docx', createdBy: { userId: manager.userId } });

    const revisions = ContractDocumentRevisionSchema.array().parse((await call(watcher, 'GET', `${docs(c.id)}/revisions/v1`)).json().data);
    expect(revisions.map((r) => [r.revision, r.isCurrent, r.createdBy?.displayName])).toEqual([[2, true, '한지민'], [1, false, '김민준']]);
    const atOne = ContractDocumentSchema.parse((await call(watcher, 'GET', `${docs(c.id)}/v1?revision=1`)).json().data);
    expect(atOne).toMatchObject({ revision: 1, currentRevision: 2, isCurrent: false, displayName: '용역계약서 초안.docx' });
    expect((await call(watcher, 'GET', `${docs(c.id)}/v1?revision=9`)).statusCode).toBe(404);

    const old = await call(watcher, 'GET', `${docs(c.id)}/download/v1?revision=1`);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(first)).toBe(true);
    expect(old.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('용역계약서 초안.docx')}`);
    expect(old.headers['x-document-revision']).toBe('1');
    const latest = await call(watcher, 'GET', `${docs(c.id)}/download/v1`);
    expect(latest.headers['x-document-revision']).toBe('2');
    expect(latest.headers['content-type']).toContain('wordprocessingml');
    const part = await t.app.inject({ method: 'GET', url: `${docs(c.id)}/download/v1`, headers: { ...watcher.headers, range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('PK\u0003\u0004');

    // Extraction runs for every revision: search and analysis read the new text.
    const done = await waitFor(async () => {
      const d = ContractDocumentSchema.parse((await call(owner, 'GET', `${docs(c.id)}/v1`)).json().data);
      return d.extraction.status === 'DONE' ? d : null;
    });
    expect(done.revision).toBe(2);
    const [text] = await t.services.db.select({ text: fileRevisions.extractedText }).from(fileRevisions).innerJoin(files, eq(files.id, fileRevisions.fileId)).where(and(eq(files.fileKey, created.fileKey), eq(fileRevisions.revision, 2)));
    expect(text?.text).toContain('두 번째 판');

    const events = await eventsOf('contract.document_uploaded', c.id);
    expect(events.map((e) => e.data)).toMatchObject([{ revision: 1, isNewDocument: true }, { revision: 2, isNewDocument: false }]);
    expect(events.map((e) => e.actorUserId)).toEqual([owner.userId, manager.userId]);
  });

  it('keeps the files module\'s type checks, upload limit and workspace quota (nothing stored when refused)', async () => {
    const c = await createContract(t, owner, { title: '한도 확인 계약' });
    await uploaded(owner, c.id, await wordFile('본문'), '본문.docx');
    const before = await stateOf(c.id);
    const html = await upload(owner, c.id, Buffer.from('<html><body>not allowed</body></html>'), 'page.html');
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe('ERROR_UNSUPPORTED_FILE_TYPE');
    const scope = scopeOf(wsA);
    const [usage] = await t.services.db.select().from(workspaceStorage).where(and(eq(workspaceStorage.tenantId, scope.tenantId), eq(workspaceStorage.workspaceId, scope.workspaceId)));
    await t.services.db.update(workspaceStorage).set({ quotaBytes: usage!.usedBytes + 10 }).where(and(eq(workspaceStorage.tenantId, scope.tenantId), eq(workspaceStorage.workspaceId, scope.workspaceId)));
    try {
      const full = await upload(owner, c.id, await wordFile('용량 초과'), 'big.docx');
      expect(full.statusCode, full.body).toBe(400);
      expect(full.json().code).toBe('ERROR_EXCEEDED_STORAGE_LIMIT');
      const saved = await call(owner, 'POST', `${docs(c.id)}/download/by-json/v1`, renderBody({ saveMode: 'SAVE_AS_REVISION' }));
      expect(saved.json().code).toBe('ERROR_EXCEEDED_STORAGE_LIMIT');
    } finally {
      await t.services.db.update(workspaceStorage).set({ quotaBytes: null }).where(and(eq(workspaceStorage.tenantId, scope.tenantId), eq(workspaceStorage.workspaceId, scope.workspaceId)));
    }
    expect(await stateOf(c.id)).toEqual(before);
  });

  it('refuses changes while the contract is in approval, with the answer of PUT files (409 frozenFields)', async () => {
    const c = await createContract(t, owner, { title: '결재 중 계약' });
    const main = await uploaded(owner, c.id, await wordFile('결재 대상 본문'), '결재본.docx');
    const spare = await uploadFile(t, owner, await wordFile('다른 파일'), 'spare.docx');
    await t.services.db.transaction((tx) => changeContractStatus(tx, scopeOf(wsA), c.id, 'IN_APPROVAL', { actorUserId: owner.userId }));
    const before = await stateOf(c.id);
    const filesPut = await call(owner, 'PUT', `/api/alex/contracts/${c.id}/files/v1`, { files: [{ fileKey: main.fileKey, role: 'MAIN' }, { fileKey: spare, role: 'ATTACHMENT' }] });
    expect(filesPut.statusCode).toBe(409);
    for (const res of [
      await upload(owner, c.id, await wordFile('바꾸려는 본문'), '변경.docx'),
      await call(owner, 'POST', `${docs(c.id)}/by-file/v1`, { fileKey: spare }),
      await call(owner, 'POST', `${docs(c.id)}/download/by-json/v1`, renderBody({ saveMode: 'SAVE_AS_REVISION' })),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(filesPut.json());
    }
    expect(filesPut.json().data).toMatchObject({ status: 'IN_APPROVAL', frozenFields: ['files'] });
    // Reading and plain downloads go on.
    expect((await call(owner, 'GET', `${docs(c.id)}/download/v1`)).statusCode).toBe(200);
    expect((await call(owner, 'POST', `${docs(c.id)}/download/by-json/v1`, renderBody())).statusCode).toBe(200);
    const status = WordEditStatusSchema.parse((await call(owner, 'GET', `${docs(c.id)}/word/edit-status/v1`)).json().data);
    expect(status).toMatchObject({ editable: false, reason: 'FROZEN' });
    expect(await stateOf(c.id)).toEqual(before);
  });

  it('refuses a replacement while somebody else holds a live Word edit lock, not once it expired', async () => {
    const c = await createContract(t, owner, { title: '편집 잠금 계약' });
    const main = await uploaded(owner, c.id, await wordFile('잠긴 본문'), '잠금.docx');
    const scope = scopeOf(wsA);
    await t.services.db.insert(contractDocumentLocks).values({ ...scope, contractId: c.id, fileKey: main.fileKey, lockId: 'editor-session-1', lockedByUserId: manager.userId, expiresAt: new Date(Date.now() + 60_000) });
    const before = await stateOf(c.id);
    const refused = await upload(owner, c.id, await wordFile('덮어쓰기'), 'x.docx');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toMatchObject({ lockedBy: { userId: manager.userId, displayName: '한지민' } });
    expect((await call(owner, 'POST', `${docs(c.id)}/download/by-json/v1`, renderBody({ saveMode: 'SAVE_AS_REVISION' }))).statusCode).toBe(409);
    expect(await stateOf(c.id)).toEqual(before);
    // The lock holder may still upload; the document shows who holds it.
    expect((await uploaded(manager, c.id, await wordFile('잠금 보유자의 수정'), 'y.docx')).lock).toMatchObject({ lockedBy: { userId: manager.userId } });
    await t.services.db.update(contractDocumentLocks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(contractDocumentLocks.contractId, c.id));
    expect(await uploaded(owner, c.id, await wordFile('잠금 만료 후'), 'z.docx')).toMatchObject({ revision: 3, isLocked: false, lock: null });
  });
});

describe('contract documents: adopting a file', () => {
  it('attaches the file as MAIN when there is none, then copies another file in as the next revision', async () => {
    const c = await createContract(t, owner, { title: '파일 채택 계약' });
    const firstKey = await uploadFile(t, owner, await wordFile('채택할 첫 문서'), '첫문서.docx');
    const adopted = ContractDocumentSchema.parse((await call(owner, 'POST', `${docs(c.id)}/by-file/v1`, { fileKey: firstKey })).json().data);
    expect(adopted).toMatchObject({ fileKey: firstKey, revision: 1, currentRevision: 1 });
    const again = await call(owner, 'POST', `${docs(c.id)}/by-file/v1`, { fileKey: firstKey });
    expect(again.statusCode).toBe(409);

    const secondBytes = await wordFile('두 번째 문서의 내용');
    const secondKey = await uploadFile(t, owner, secondBytes, '둘째문서.docx');
    const copied = ContractDocumentSchema.parse((await call(owner, 'POST', `${docs(c.id)}/by-file/v1`, { fileKey: secondKey })).json().data);
    expect(copied).toMatchObject({ fileKey: firstKey, revision: 2, displayName: '둘째문서.docx' });
    expect((await call(owner, 'GET', `${docs(c.id)}/download/v1`)).rawPayload.equals(secondBytes)).toBe(true);
    // The source stays as it was, and is not attached.
    const [source] = await t.services.db.select().from(files).where(eq(files.fileKey, secondKey));
    expect(source).toMatchObject({ currentRevision: 1, deletedAt: null });
    const detail = (await call(owner, 'GET', `/api/conhub/contracts/${c.id}/v2`)).json().data as ContractDetail;
    expect(detail.files.map((f) => [f.fileKey, f.role])).toEqual([[firstKey, 'MAIN']]);
    expect((await eventsOf('contract.document_adopted', c.id)).map((e) => e.data)).toMatchObject([
      { fileKey: firstKey, sourceFileKey: firstKey, isCopied: false },
      { fileKey: firstKey, revision: 2, sourceFileKey: secondKey, isCopied: true },
    ]);
  });

  it('makes an attached appendix the main document', async () => {
    const appendix = await uploadFile(t, owner, await wordFile('별첨이던 문서'), '별첨1.docx');
    const c = await createContract(t, owner, { title: '별첨 승격 계약', files: [{ fileKey: appendix, role: 'APPENDIX' }] });
    expect((await call(owner, 'GET', `${docs(c.id)}/v1`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `${docs(c.id)}/by-file/v1`, { fileKey: appendix })).statusCode).toBe(200);
    const detail = (await call(owner, 'GET', `/api/conhub/contracts/${c.id}/v2`)).json().data as ContractDetail;
    expect(detail.files.map((f) => [f.fileKey, f.role])).toEqual([[appendix, 'MAIN']]);
  });
});

describe('contract documents: rendering from JSON', () => {
  it('produces a real DOCX that the files module reads back, and TXT', async () => {
    const c = await createContract(t, owner, { title: 'JSON 문서 계약', watcherUserIds: [watcher.userId] });
    const res = await call(watcher, 'POST', `${docs(c.id)}/download/by-json/v1`, renderBody({ blocks: [...renderBody().blocks, { type: 'paragraph', text: '첫 줄\n둘째 줄 & <특수문자>' }] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml.document');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('물품 공급 계약서.docx')}`);
    const extracted = await extractDocument({ bytes: res.rawPayload, fileType: 'docx' });
    const text = extracted.pages.map((p) => p.text).join('\n');
    expect(extracted.pages[0]?.status).toBe('done');
    for (const expected of ['물품 공급 계약서', '제1조 (목적)', '이 계약은 물품의 공급 조건을 정한다.', '둘째 줄 & <특수문자>']) expect(text).toContain(expected);
    // The heading reads as an article for the structure analysis too.
    expect((extracted.structure as { blocks: unknown[] }).blocks).toContainEqual(expect.objectContaining({ kind: 'article', number: '1', title: '목적' }));
    expect(res.headers['x-document-revision']).toBeUndefined();

    const txt = await call(watcher, 'POST', `${docs(c.id)}/download/by-json/v1`, renderBody({ fileFormat: 'TXT', fileName: '요약' }));
    expect(txt.headers['content-type']).toContain('text/plain');
    expect(txt.headers['content-disposition']).toContain(encodeURIComponent('요약.txt'));
    expect(txt.rawPayload.toString('utf8')).toBe('\uFEFF물품 공급 계약서\r\n\r\n제1조 (목적)\r\n\r\n이 계약은 물품의 공급 조건을 정한다.\r\n');
  });

  it('saves the rendered document as the next revision of the main document', async () => {
    const c = await createContract(t, owner, { title: 'JSON 저장 계약' });
    expect((await renderAndSave(c.id)).headers['x-document-revision']).toBe('1');
    const first = ContractDocumentSchema.parse((await call(owner, 'GET', `${docs(c.id)}/v1`)).json().data);
    expect(first).toMatchObject({ revision: 1, fileType: 'docx', displayName: '물품 공급 계약서.docx' });
    const second = await renderAndSave(c.id, { fileFormat: 'TXT', title: '개정 계약서' });
    expect(second.headers['x-document-revision']).toBe('2');
    expect(second.headers['x-file-key']).toBe(first.fileKey);
    const revisions = (await call(owner, 'GET', `${docs(c.id)}/revisions/v1`)).json().data as Array<{ revision: number; fileType: string }>;
    expect(revisions.map((r) => [r.revision, r.fileType])).toEqual([[2, 'txt'], [1, 'docx']]);
    const stored = await call(owner, 'GET', `${docs(c.id)}/download/v1?revision=1`);
    expect((await extractDocument({ bytes: stored.rawPayload, fileType: 'docx' })).pages[0]?.text).toContain('이 계약은 물품의 공급 조건을 정한다.');
    expect((await eventsOf('contract.document_rendered', c.id)).map((e) => e.data)).toMatchObject([{ revision: 1, fileFormat: 'DOCX' }, { revision: 2, fileFormat: 'TXT', title: '개정 계약서' }]);
  });

  async function renderAndSave(contractId: number, extra: Record<string, unknown> = {}) {
    const res = await call(owner, 'POST', `${docs(contractId)}/download/by-json/v1`, renderBody({ saveMode: 'SAVE_AS_REVISION', ...extra }));
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('renders a package a Word reader opens: the parts and the escaped text', async () => {
    const bytes = await renderDocx({ title: 'A & B <계약>', blocks: [{ type: 'heading', text: 'Article 1', level: 2 }, { type: 'paragraph', text: 'tab\there\u0001' }] });
    const extracted = await extractDocument({ bytes, fileType: 'docx' });
    expect(extracted.pages[0]?.text).toContain('A & B <계약>');
    expect(extracted.pages[0]?.text).toContain('Article 1');
    expect(extracted.pages[0]?.text).not.toContain('\u0001');
  });
});

describe('contract documents: the executed document', () => {
  it('answers 409 before execution, then the revision current when the contract was signed', async () => {
    const c = await createContract(t, owner, { title: '체결본 계약' });
    const signedBytes = await wordFile('서명된 본문');
    await uploaded(owner, c.id, signedBytes, '서명본.docx');
    const early = await call(owner, 'GET', `${docs(c.id)}/executed/download/v1`);
    expect(early.statusCode).toBe(409);
    expect(early.json().data).toMatchObject({ status: 'DRAFT' });
    await t.services.db.transaction((tx) => changeContractStatus(tx, scopeOf(wsA), c.id, 'SIGNED', { actorUserId: owner.userId }));
    await uploaded(owner, c.id, await wordFile('체결 후 메모를 단 사본'), '사본.docx');
    const executed = await call(owner, 'GET', `${docs(c.id)}/executed/download/v1`);
    expect(executed.statusCode).toBe(200);
    expect(executed.headers['x-document-revision']).toBe('1');
    expect(executed.rawPayload.equals(signedBytes)).toBe(true);
  });

  it('takes the first revision filed after registering an executed contract', async () => {
    const c = await createContract(t, owner, { title: '기존 체결 계약', status: 'ACTIVE', signedDate: '2026-01-05' });
    expect((await call(owner, 'GET', `${docs(c.id)}/executed/download/v1`)).statusCode).toBe(404);
    const scan = await wordFile('체결본 스캔');
    await uploaded(owner, c.id, scan, '체결본.docx');
    await uploaded(owner, c.id, await wordFile('나중 수정'), '수정.docx');
    const executed = await call(owner, 'GET', `${docs(c.id)}/executed/download/v1`);
    expect(executed.headers['x-document-revision']).toBe('1');
    expect(executed.rawPayload.equals(scan)).toBe(true);
  });
});

describe('contract documents: Word editing without an editor', () => {
  it('says the editor is not configured and refuses an access path with 409', async () => {
    const c = await createContract(t, owner, { title: '편집기 없는 계약', watcherUserIds: [watcher.userId] });
    await uploaded(owner, c.id, await wordFile('본문'), '본문.docx');
    const status = WordEditStatusSchema.parse((await call(owner, 'GET', `${docs(c.id)}/word/edit-status/v1`)).json().data);
    expect(status).toEqual({ editable: false, reason: 'EDITOR_NOT_CONFIGURED', locked: false, lockedBy: null, lockExpiresAt: null, editorConfigured: false });
    expect(WordEditStatusSchema.parse((await call(watcher, 'GET', `${docs(c.id)}/word/edit-status/v1`)).json().data)).toMatchObject({ editable: false, reason: 'NO_PERMISSION' });
    const path = await call(owner, 'GET', `${docs(c.id)}/word/access-path/v1`);
    expect(path.statusCode).toBe(409);
    expect(path.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'EDITOR_NOT_CONFIGURED' } });
    expect(path.json().message).toContain('WORD_EDITOR_URL');
    const bare = await createContract(t, owner, { title: '문서 없는 계약' });
    expect((await call(owner, 'GET', `${docs(bare.id)}/word/edit-status/v1`)).json().data).toMatchObject({ editable: false, reason: 'NO_DOCUMENT' });
  });
});
