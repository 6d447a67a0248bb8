import { COLLECTION_LIMITS, CollectionDocumentSchema, CollectionSchema, DocumentPagesSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../platform/db/tenancy';
import { createTestApp, type TestApp, waitFor } from '../../../test/harness';
import { newWorkspace } from '../../auth/auth.test-support';
import { caller, fieldsOf, person, type Person, type Workspace } from '../../contracts/contracts.test-support';
import { fileBody, xlsx } from '../../files/files.test-support';
import { doneEvent, indexShipped } from '../research.test-support';
import { researchCollectionDocuments, researchCollectionPassages, researchCollections } from './collections.table';

/**
 * Collections through the routes on a real database: the route matrix of every route, indexing
 * from upload to searchable (the files module's extraction job, then ours), answers whose
 * citations point at existing document pages, the chat citing documents beside statutes, and
 * two workspaces with identical collection names and document titles that never see each other.
 */

const BASE = '/api/aistudio/categories';
const url = (id: number, rest = 'v1') => `${BASE}/${id}/${rest}`;

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
  '하도급 대금 지급 검토 메모',
  '',
  '원사업자는 목적물을 수령한 날부터 60일 이내에 하도급대금을 지급하여야 한다는 점을 협력업체 계약서에 반영한다.',
  '지연이자는 공정거래위원회가 고시하는 이율에 따른다.',
  '',
  '사내 결재 규정: 계약 금액이 1억 원을 넘으면 법무팀장의 승인을 받는다.',
].join('\n');

async function upload(who: Person, id: number, text: string, name: string) {
  const body = fileBody(Buffer.from(text, 'utf8'), name);
  return t.app.inject({ method: 'POST', url: url(id, 'documents/by-file/v1'), headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

async function createCollection(who: Person, body: Record<string, unknown>) {
  const res = await call(who, 'POST', `${BASE}/v1`, body);
  expect(res.statusCode, res.body).toBe(200);
  return CollectionSchema.parse(res.json().data);
}

async function indexed(who: Person, id: number, documentId: number) {
  return waitFor(async () => {
    const res = await call(who, 'GET', url(id, `documents/${documentId}/status/v1`));
    const doc = CollectionDocumentSchema.parse(res.json().data);
    return doc.status === 'PENDING' ? null : doc;
  }, 60_000, 200);
}

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { products: ['AI_STUDIO'] });
  other = await newWorkspace(t, { products: ['AI_STUDIO'] });
  noProduct = await newWorkspace(t);
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  colleague = await person(t, ws, ['GENERAL_MEMBER'], '이서연');
  reader = await person(t, ws, ['READER'], '박열람');
  stranger = await person(t, other, ['GENERAL_MEMBER'], '최타사');
  outsider = await person(t, noProduct, ['GENERAL_MEMBER'], '한제품');
  call = caller(t, () => ws);
  // Several statutes, as the research tests index: with one alone its own words are in every article (stop terms) and nothing answers.
  await indexShipped(t.services.db, [['민법'], ['하도급거래공정화에관한법률'], ['하도급거래공정화에관한법률', '시행령'], ['근로기준법']]);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('collections: create, read, edit', () => {
  it('401, 400 naming the fields, 403 without the permission or the product, then the happy path and 409 on a duplicate name', async () => {
    expect((await call(null, 'POST', `${BASE}/v1`, { name: '메모' })).statusCode).toBe(401);
    const bad = await call(owner, 'POST', `${BASE}/v1`, { name: '  ', visibility: 'EVERYONE' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.name', 'body.visibility']));
    expect((await call(reader, 'POST', `${BASE}/v1`, { name: '메모' })).statusCode).toBe(403);
    const noStudio = await t.app.inject({ method: 'POST', url: `${BASE}/v1`, headers: outsider.headers, payload: { name: '메모' } });
    expect(noStudio.statusCode).toBe(403);
    expect(noStudio.json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');
    expect(await t.services.db.select().from(researchCollections).where(inScope(researchCollections, ws))).toHaveLength(0);

    const created = await createCollection(owner, { name: '매트릭스 메모', description: '검토 메모' });
    expect(created).toMatchObject({ name: '매트릭스 메모', visibility: 'PRIVATE', ownerName: '김민준', documentCount: 0, abilities: { canEdit: true, canUpload: true } });
    const dup = await call(owner, 'POST', `${BASE}/v1`, { name: '매트릭스 메모' });
    expect(dup.statusCode).toBe(409);
    // Another member may use the same name for their own.
    await createCollection(colleague, { name: '매트릭스 메모' });
  });

  it('PRIVATE is the owner\'s only (404 for a colleague); WORKSPACE is read by colleagues, who still may not change it (403)', async () => {
    const c = await createCollection(owner, { name: '공개 전환' });
    expect((await call(colleague, 'GET', url(c.categoryId))).statusCode).toBe(404);
    expect((await call(colleague, 'PUT', url(c.categoryId), { name: '탈취' })).statusCode).toBe(404);
    const bad = await call(owner, 'PUT', url(c.categoryId), {});
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('body.name');
    const put = await call(owner, 'PUT', url(c.categoryId), { visibility: 'WORKSPACE', description: '팀 공유' });
    expect(put.statusCode, put.body).toBe(200);
    const seen = await call(colleague, 'GET', url(c.categoryId));
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.abilities).toEqual({ canEdit: false, canUpload: false, canDeleteDocuments: false });
    expect((await call(colleague, 'PUT', url(c.categoryId), { name: '탈취' })).statusCode).toBe(403);
    expect((await upload(colleague, c.categoryId, MEMO, 'x.txt')).statusCode).toBe(403);
    expect((await call(colleague, 'DELETE', url(c.categoryId, 'documents/v1'), { documentIds: [1] })).statusCode).toBe(403);
    const list = await call(colleague, 'GET', `${BASE}/v2?keyword=${encodeURIComponent('공개')}`);
    expect(list.json().data.content.map((x: { categoryId: number }) => x.categoryId)).toEqual([c.categoryId]);
    const [row] = await t.services.db.select().from(researchCollections).where(eq(researchCollections.id, c.categoryId));
    expect(row!.name).toBe('공개 전환');
  });
});

describe('collections: documents from upload to searchable', () => {
  it('indexes an upload, answers from it with a citation of an existing page, and the chat cites it beside the statute', async () => {
    const c = await createCollection(owner, { name: '하도급 자료', visibility: 'WORKSPACE' });
    const res = await upload(owner, c.categoryId, MEMO, '하도급 메모.txt');
    expect(res.statusCode, res.body).toBe(200);
    const doc = CollectionDocumentSchema.parse(res.json().data);
    expect(doc.status).toBe('PENDING');
    const done = await indexed(owner, c.categoryId, doc.documentId);
    expect(done.status).toBe('INDEXED');
    expect(done.passageCount).toBeGreaterThan(0);

    const q = await call(colleague, 'POST', url(c.categoryId, 'query/v1'), { query: '결재 규정상 계약 금액이 1억 원을 넘으면 누구 승인이 필요해?' });
    expect(q.statusCode, q.body).toBe(200);
    const answer = q.json().data.answer;
    expect(answer.declined).toBe(false);
    const cite = answer.citations[0];
    expect(cite).toMatchObject({ categoryId: c.categoryId, documentId: doc.documentId, documentTitle: '하도급 메모.txt', pageNumber: 1 });
    expect(cite.quote).toContain('법무팀장');
    // The citation points at a page that exists: its quote is that page's text at [start, end).
    const pages = DocumentPagesSchema.parse((await call(colleague, 'GET', `/api/aistudio/chats/${c.categoryId}/${doc.documentId}/ocr/v1?pageStart=1&pageEnd=1`)).json().data);
    expect(pages.pages[0]!.text.slice(cite.start, cite.end)).toBe(cite.quote);
    expect(answer.text).toContain(cite.quote);

    const declined = await call(owner, 'POST', url(c.categoryId, 'query/v1'), { query: '프랑스 민법상 상속 순위는?' });
    expect(declined.json().data.answer).toMatchObject({ declined: true, citations: [] });

    const search = await call(owner, 'GET', `${BASE}/search/v1?query=${encodeURIComponent('지연이자 이율')}`);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().data.passages[0]).toMatchObject({ documentId: doc.documentId, categoryId: c.categoryId });

    const chat = await t.app.inject({ method: 'POST', url: '/api/aistudio/chats/query/v3', headers: owner.headers, payload: { question: '하도급대금은 언제까지 지급해야 하나요?', categoryIds: [c.categoryId] } });
    expect(chat.statusCode, chat.body).toBe(200);
    const reply = doneEvent(chat.body);
    expect(reply.answer.citations.some((x) => x.statuteTitle.includes('하도급')), reply.answer.text).toBe(true);
    expect(reply.answer.documentCitations[0]).toMatchObject({ documentId: doc.documentId, pageNumber: 1 });
    const stored = await call(owner, 'GET', `/api/aistudio/chats/${reply.chatKey}/v2`);
    expect(stored.json().data.messages[1].documentCitations).toHaveLength(reply.answer.documentCitations.length);

    // The file is exactly as visible as the collection, and not changed through the files routes.
    expect((await call(colleague, 'GET', `/api/arxive/files/${doc.fileKey}/v1`)).statusCode).toBe(200);
    expect((await call(colleague, 'DELETE', `/api/arxive/files/${doc.fileKey}/v1`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/api/arxive/files/${doc.fileKey}/v1`)).statusCode).toBe(403);
    await call(owner, 'PUT', url(c.categoryId), { visibility: 'PRIVATE' });
    expect((await call(colleague, 'GET', `/api/arxive/files/${doc.fileKey}/v1`)).statusCode).toBe(404);
    expect((await call(colleague, 'GET', url(c.categoryId, `documents/${doc.documentId}/download/v1`))).statusCode).toBe(404);

    const dl = await call(owner, 'GET', url(c.categoryId, `documents/${doc.documentId}/download/v1`));
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe(MEMO);
    const text = await call(owner, 'GET', `/api/aistudio/chats/${c.categoryId}/${doc.documentId}/download/v1?pageStart=1`);
    expect(text.statusCode).toBe(200);
    expect(text.body).toContain('[p. 1]');
    for (const zipUrl of [`/api/aistudio/documents/download/by-collection/v1?collectionId=${c.categoryId}`, `/api/aistudio/documents/download/by-category/v1?categoryId=${c.categoryId}`, `/api/aistudio/chats/documents/download/by-category/v1?categoryId=${c.categoryId}`]) {
      const zip = await call(owner, 'GET', zipUrl);
      expect(zip.statusCode, zipUrl).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    }
    const badRange = await call(owner, 'GET', `/api/aistudio/chats/${c.categoryId}/${doc.documentId}/ocr/v1?pageStart=3&pageEnd=2`);
    expect(badRange.statusCode).toBe(400);
    expect(fieldsOf(badRange)).toEqual(['query.pageEnd']);

    // Deleting the document takes its passages out of the index.
    const del = await call(owner, 'DELETE', url(c.categoryId, 'documents/v1'), { documentIds: [doc.documentId, 999_999] });
    expect(del.json().data).toEqual({ deletedCount: 1, notFound: [999_999] });
    expect(await t.services.db.select().from(researchCollectionPassages).where(eq(researchCollectionPassages.documentId, doc.documentId))).toHaveLength(0);
    expect((await call(owner, 'GET', `${BASE}/search/v1?query=${encodeURIComponent('지연이자 이율')}&categoryIds=${c.categoryId}`)).json().data.passages).toEqual([]);
  });

  it('refuses what a collection does not take (415) and an upload past its capacity (400, nothing kept)', async () => {
    const c = await createCollection(owner, { name: '용량' });
    const sheet = fileBody(await xlsx('표'), 'sheet.xlsx');
    const refused = await t.app.inject({ method: 'POST', url: url(c.categoryId, 'documents/by-file/v1'), headers: { ...owner.headers, ...sheet.headers }, payload: sheet.payload });
    expect(refused.statusCode).toBe(415);
    const first = CollectionDocumentSchema.parse((await upload(owner, c.categoryId, MEMO, 'first.txt')).json().data);
    // Fill the collection to its document limit (rows as an upload writes them).
    const [row] = await t.services.db.select().from(researchCollectionDocuments).where(eq(researchCollectionDocuments.id, first.documentId));
    const { id: _id, ...copy } = row!;
    await t.services.db.insert(researchCollectionDocuments).values(Array.from({ length: COLLECTION_LIMITS.documentsPerCollection - 1 }, () => ({ ...copy, status: 'FAILED' as const })));
    const full = await upload(owner, c.categoryId, MEMO, 'one-too-many.txt');
    expect(full.statusCode).toBe(400);
    expect(full.json()).toMatchObject({ code: 'ERROR_EXCEEDED_STORAGE_LIMIT', data: { limit: 'DOCUMENTS_PER_COLLECTION' } });
    const capacity = (await call(owner, 'GET', `${BASE}/capacity/v1?categoryId=${c.categoryId}`)).json().data;
    expect(capacity.category).toMatchObject({ documents: COLLECTION_LIMITS.documentsPerCollection, maxDocuments: COLLECTION_LIMITS.documentsPerCollection });
    expect(await t.services.db.select().from(researchCollectionDocuments).where(and(eq(researchCollectionDocuments.collectionId, c.categoryId), eq(researchCollectionDocuments.title, 'one-too-many.txt')))).toHaveLength(0);
  });
});

describe('collections: two workspaces with identical names and titles', () => {
  it('never leak: another workspace gets 404 on every route and the rows stay unchanged; each searches only its own', async () => {
    const mine = await createCollection(owner, { name: '동일한 이름', visibility: 'WORKSPACE' });
    const theirs = await createCollection(stranger, { name: '동일한 이름', visibility: 'WORKSPACE' });
    const myDoc = CollectionDocumentSchema.parse((await upload(owner, mine.categoryId, `${MEMO}\n우리 회사 고유 문구: 청색 파도`, '같은 제목.txt')).json().data);
    const theirDoc = CollectionDocumentSchema.parse((await upload(stranger, theirs.categoryId, '타사 문서: 적색 노을에 관한 내부 지침', '같은 제목.txt')).json().data);
    await indexed(owner, mine.categoryId, myDoc.documentId);
    await indexed(stranger, theirs.categoryId, theirDoc.documentId);

    const id = mine.categoryId;
    const d = myDoc.documentId;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', url(id)], ['PUT', url(id), { name: '바꿈' }], ['GET', url(id, 'documents/v1')], ['DELETE', url(id, 'documents/v1'), { documentIds: [d] }],
      ['GET', url(id, `documents/${d}/status/v1`)], ['GET', url(id, `documents/${d}/download/v1`)], ['POST', url(id, 'query/v1'), { query: '청색 파도' }],
      ['GET', `/api/aistudio/chats/${id}/${d}/ocr/v1`], ['GET', `/api/aistudio/chats/${id}/${d}/download/v1`], ['GET', `${BASE}/capacity/v1?categoryId=${id}`],
      ['GET', `${BASE}/search/v1?query=x&categoryIds=${id}`], ['GET', `/api/aistudio/documents/download/by-collection/v1?collectionId=${id}`],
      ['GET', `/api/aistudio/documents/download/by-category/v1?categoryId=${id}`], ['GET', `/api/aistudio/chats/documents/download/by-category/v1?categoryId=${id}`],
      ['GET', `/api/arxive/files/${myDoc.fileKey}/v1`],
    ];
    for (const [method, path, payload] of attempts) {
      const res = await t.app.inject({ method: method as 'GET', url: path, headers: stranger.headers, ...(payload ? { payload: payload as object } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const uploadThere = await upload(stranger, id, MEMO, 'x.txt');
    expect(uploadThere.statusCode).toBe(404);
    const chat = await t.app.inject({ method: 'POST', url: '/api/aistudio/chats/query/v3', headers: stranger.headers, payload: { question: '청색 파도', categoryIds: [id] } });
    expect(chat.statusCode).toBe(404);
    const [row] = await t.services.db.select().from(researchCollections).where(eq(researchCollections.id, id));
    expect(row!.name).toBe('동일한 이름');
    expect(await t.services.db.select().from(researchCollectionDocuments).where(eq(researchCollectionDocuments.id, d))).toHaveLength(1);

    // Each workspace's search and list see only their own.
    const theirSearch = (await t.app.inject({ method: 'GET', url: `${BASE}/search/v1?query=${encodeURIComponent('청색 파도')}`, headers: stranger.headers })).json().data.passages;
    expect(theirSearch).toEqual([]);
    const mySearch = (await call(owner, 'GET', `${BASE}/search/v1?query=${encodeURIComponent('적색 노을')}`)).json().data.passages;
    expect(mySearch).toEqual([]);
    const theirList = (await t.app.inject({ method: 'GET', url: `${BASE}/v1`, headers: stranger.headers })).json().data;
    expect(theirList.map((x: { categoryId: number }) => x.categoryId)).toEqual([theirs.categoryId]);
    const session = (await call(owner, 'GET', `${BASE}/session/v1`)).json().data.categories;
    expect(session.map((x: { categoryId: number }) => x.categoryId)).not.toContain(theirs.categoryId);
  });

  it('meta, session and capacity: 401 anonymous, 403 without the permission', async () => {
    for (const path of [`${BASE}/meta/v1`, `${BASE}/session/v1`, `${BASE}/capacity/v1`, `${BASE}/v1`, `${BASE}/v2`]) {
      expect((await call(null, 'GET', path)).statusCode, path).toBe(401);
      expect((await call(reader, 'GET', path)).statusCode, path).toBe(403);
      expect((await call(owner, 'GET', path)).statusCode, path).toBe(200);
    }
    const meta = (await call(owner, 'GET', `${BASE}/meta/v1`)).json().data;
    expect(meta.visibilities).toEqual(['PRIVATE', 'WORKSPACE']);
    expect(meta.fileTypes).toContain('hwp');
  });
});
