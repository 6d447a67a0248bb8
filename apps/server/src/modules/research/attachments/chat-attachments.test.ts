import { ChatAttachmentSchema, ChatAttachmentsSchema, COLLECTION_LIMITS } from '@legal/api';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../../test/harness';
import { workspaces } from '../../auth';
import { newWorkspace } from '../../auth/auth.test-support';
import { caller, fieldsOf, person, type Person, type Workspace } from '../../contracts/contracts.test-support';
import { files } from '../../files';
import { fileBody, xlsx } from '../../files/files.test-support';
import { researchCollectionDocuments, researchCollectionPassages, researchCollections } from '../collections/collections.table';
import { doneEvent, indexShipped } from '../research.test-support';
import { researchChats } from '../research.table';

/**
 * Chat attachments through the routes: the route matrix, an attachment indexed and quoted by the
 * chat's answers (and by no other chat), exactly as visible as the chat, capacity as a collection,
 * the theme flag that refuses uploads, and deletion (one attachment, or the whole chat).
 */

const UPLOAD = '/api/aistudio/chats/attachments/upload/v1';
const LIST = '/api/aistudio/chats/attachments/v1';

let t: TestApp;
let ws: Workspace;
let other: Workspace;
let noProduct: Workspace;
let owner: Person;
let colleague: Person;
let reader: Person;
let stranger: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;

const MEMO = [
  '협력사 보안 점검 메모',
  '',
  '협력사는 매년 3월에 정보보호 자체 점검표를 제출하고, 미제출 시 거래 등급을 한 단계 낮춘다.',
  '',
  '점검 결과 중대한 결함이 발견되면 30일 안에 개선 계획서를 받는다.',
].join('\n');

async function attach(who: Person, text: string, name: string, chatKey?: string, headers: Record<string, string> = who.headers) {
  const body = fileBody(Buffer.from(text, 'utf8'), name);
  const url = chatKey ? `${UPLOAD}?chatKey=${chatKey}` : UPLOAD;
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function indexedList(who: Person, chatKey: string) {
  return waitFor(async () => {
    const list = ChatAttachmentsSchema.parse((await call(who, 'GET', `${LIST}?chatKey=${chatKey}`)).json().data);
    return list.attachments.every((a) => a.status !== 'PENDING') ? list : null;
  }, 60_000, 200);
}

const ask = (who: Person, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/aistudio/chats/query/v3', headers: who.headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { products: ['AI_STUDIO'] });
  other = await newWorkspace(t, { products: ['AI_STUDIO'] });
  noProduct = await newWorkspace(t);
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김첨부');
  colleague = await person(t, ws, ['GENERAL_MEMBER'], '이동료');
  reader = await person(t, ws, ['READER'], '박열람');
  stranger = await person(t, other, ['GENERAL_MEMBER'], '최타사');
  outsider = await person(t, noProduct, ['GENERAL_MEMBER'], '한제품');
  call = caller(t, () => ws);
  await indexShipped(t.services.db, [['민법'], ['근로기준법']]);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('chat attachments: the route matrix', () => {
  it('401, 400 naming the field, 403 without the permission or the product, 404 for a chat that is not the caller\'s (nothing written)', async () => {
    expect((await attach(owner, MEMO, 'a.txt', undefined, { 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) })).statusCode).toBe(401);
    expect((await call(null, 'GET', `${LIST}?chatKey=abcdefgh`)).statusCode).toBe(401);
    const badKey = await attach(owner, MEMO, 'a.txt', 'no!');
    expect(badKey.statusCode).toBe(400);
    expect(fieldsOf(badKey)).toEqual(['query.chatKey']);
    const badDelete = await call(owner, 'DELETE', `${LIST}?categoryId=x`);
    expect(badDelete.statusCode).toBe(400);
    expect(fieldsOf(badDelete)).toEqual(expect.arrayContaining(['query.chatKey', 'query.fileKey', 'query.categoryId']));
    expect((await attach(reader, MEMO, 'a.txt')).statusCode).toBe(403);
    const noStudio = await attach(outsider, MEMO, 'a.txt');
    expect(noStudio.statusCode).toBe(403);
    expect(noStudio.json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');

    const started = await attach(owner, MEMO, '보안 점검.txt');
    expect(started.statusCode, started.body).toBe(200);
    const first = ChatAttachmentSchema.parse(started.json().data);
    expect(first).toMatchObject({ title: '보안 점검.txt', status: 'PENDING' });
    // Another user's chat and another workspace's: 404, and nothing is added to it.
    for (const who of [colleague, stranger]) {
      expect((await attach(who, MEMO, 'x.txt', first.chatKey)).statusCode).toBe(404);
      expect((await call(who, 'GET', `${LIST}?chatKey=${first.chatKey}`)).statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `${LIST}?chatKey=${first.chatKey}&fileKey=${first.fileKey}`, headers: who.headers });
      expect(del.statusCode).toBe(404);
      expect((await call(who, 'GET', `/api/arxive/files/${first.fileKey}/v1`)).statusCode).toBe(404);
    }
    expect(await t.services.db.select().from(researchCollectionDocuments).where(eq(researchCollectionDocuments.collectionId, first.categoryId))).toHaveLength(1);
    // The owner reads the file; nobody changes it through the files routes.
    expect((await call(owner, 'GET', `/api/arxive/files/${first.fileKey}/v1`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/arxive/files/${first.fileKey}/v1`)).statusCode).toBe(403);
    // The chat's collection is not a collection of the library: not listed, and the categories routes do not reach it.
    const library = (await call(owner, 'GET', '/api/aistudio/categories/v1')).json().data;
    expect(library.map((c: { categoryId: number }) => c.categoryId)).not.toContain(first.categoryId);
    expect((await call(owner, 'GET', `/api/aistudio/categories/${first.categoryId}/v1`)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `/api/aistudio/categories/${first.categoryId}/v1`, { visibility: 'WORKSPACE' })).statusCode).toBe(404);
    expect((await ask(owner, { question: '점검표', categoryIds: [first.categoryId] })).statusCode).toBe(404);
  });
});

describe('chat attachments: quoted by the chat\'s answers', () => {
  it('indexes the attachment, the chat answers from it with a gated page citation, another chat does not; the first question titles the chat', async () => {
    const started = ChatAttachmentSchema.parse((await attach(owner, MEMO, '협력사 메모.txt')).json().data);
    const list = await indexedList(owner, started.chatKey);
    expect(list.attachments).toHaveLength(1);
    expect(list.attachments[0]).toMatchObject({ status: 'INDEXED', categoryId: list.categoryId });
    expect(list.abilities.canUpload).toBe(true);
    const [chatRow] = await t.services.db.select().from(researchChats).where(eq(researchChats.chatKey, started.chatKey));
    expect(chatRow!.title).toBe('협력사 메모.txt');

    const question = '협력사가 정보보호 자체 점검표를 내지 않으면 어떻게 되나요?';
    const res = await ask(owner, { chatKey: started.chatKey, question });
    expect(res.statusCode, res.body).toBe(200);
    const done = doneEvent(res.body);
    expect(done.chatKey).toBe(started.chatKey);
    const cite = done.answer.documentCitations[0]!;
    expect(cite).toMatchObject({ categoryId: list.categoryId, documentId: started.documentId, categoryName: '이 채팅의 첨부 파일', pageNumber: 1 });
    expect(cite.quote).toContain('거래 등급');
    expect(done.answer.text).toContain(cite.quote);
    const [titled] = await t.services.db.select().from(researchChats).where(eq(researchChats.chatKey, started.chatKey));
    expect(titled!.title).toBe(question);

    // A new chat (no attachments) does not quote it.
    const elsewhere = doneEvent((await ask(owner, { question })).body);
    expect(elsewhere.answer.documentCitations).toEqual([]);
  });
});

describe('chat attachments: capacity, types, the theme flag and deletion', () => {
  it('415 for a type a collection does not take, 400 past a chat\'s capacity (nothing kept)', async () => {
    const started = ChatAttachmentSchema.parse((await attach(owner, MEMO, 'base.txt')).json().data);
    const sheet = fileBody(await xlsx('표'), 'sheet.xlsx');
    const refused = await t.app.inject({ method: 'POST', url: `${UPLOAD}?chatKey=${started.chatKey}`, headers: { ...owner.headers, ...sheet.headers }, payload: sheet.payload });
    expect(refused.statusCode).toBe(415);
    const [row] = await t.services.db.select().from(researchCollectionDocuments).where(eq(researchCollectionDocuments.id, started.documentId));
    const { id: _id, ...copy } = row!;
    await t.services.db.insert(researchCollectionDocuments).values(Array.from({ length: COLLECTION_LIMITS.documentsPerCollection - 1 }, () => ({ ...copy, status: 'FAILED' as const })));
    const full = await attach(owner, MEMO, 'one-too-many.txt', started.chatKey);
    expect(full.statusCode).toBe(400);
    expect(full.json()).toMatchObject({ code: 'ERROR_EXCEEDED_STORAGE_LIMIT', data: { limit: 'DOCUMENTS_PER_COLLECTION' } });
    expect(await t.services.db.select().from(researchCollectionDocuments).where(and(eq(researchCollectionDocuments.collectionId, started.categoryId), eq(researchCollectionDocuments.title, 'one-too-many.txt')))).toHaveLength(0);
  });

  it('403 ERROR_FILE_UPLOAD_DISABLED while the theme disables uploads (no chat made); the list says so and removing still works', async () => {
    const started = ChatAttachmentSchema.parse((await attach(owner, MEMO, 'kept.txt')).json().data);
    const chatsBefore = await t.services.db.select().from(researchChats).where(eq(researchChats.userId, owner.userId));
    await t.services.db.update(workspaces).set({ theme: JSON.stringify({ flags: { businessAgentDisableFileUpload: true } }) }).where(eq(workspaces.id, ws.workspaceId));
    try {
      for (const chatKey of [undefined, started.chatKey]) {
        const refused = await attach(owner, MEMO, 'refused.txt', chatKey);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('ERROR_FILE_UPLOAD_DISABLED');
      }
      expect(await t.services.db.select().from(researchChats).where(eq(researchChats.userId, owner.userId))).toHaveLength(chatsBefore.length);
      const list = ChatAttachmentsSchema.parse((await call(owner, 'GET', `${LIST}?chatKey=${started.chatKey}`)).json().data);
      expect(list.abilities.canUpload).toBe(false);
      const wrongCategory = await call(owner, 'DELETE', `${LIST}?chatKey=${started.chatKey}&fileKey=${started.fileKey}&categoryId=${started.categoryId + 1000}`);
      expect(wrongCategory.statusCode).toBe(404);
      const removed = await call(owner, 'DELETE', `${LIST}?chatKey=${started.chatKey}&fileKey=${started.fileKey}&categoryId=${started.categoryId}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().data.attachments).toEqual([]);
      const [file] = await t.services.db.select().from(files).where(eq(files.fileKey, started.fileKey));
      expect(file!.deletedAt).not.toBeNull();
      expect((await call(owner, 'DELETE', `${LIST}?chatKey=${started.chatKey}&fileKey=${started.fileKey}`)).statusCode).toBe(404);
    } finally {
      await t.services.db.update(workspaces).set({ theme: null }).where(eq(workspaces.id, ws.workspaceId));
    }
  });

  it('deleting the chat deletes its attachments: collection, index and files', async () => {
    const started = ChatAttachmentSchema.parse((await attach(owner, MEMO, 'gone.txt')).json().data);
    await indexedList(owner, started.chatKey);
    const del = await call(owner, 'DELETE', `/api/aistudio/chats/${started.chatKey}/v1`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.services.db.select().from(researchCollections).where(eq(researchCollections.id, started.categoryId))).toHaveLength(0);
    expect(await t.services.db.select().from(researchCollectionPassages).where(eq(researchCollectionPassages.documentId, started.documentId))).toHaveLength(0);
    const [file] = await t.services.db.select().from(files).where(and(eq(files.fileKey, started.fileKey), isNotNull(files.deletedAt)));
    expect(file).toBeDefined();
  });
});
