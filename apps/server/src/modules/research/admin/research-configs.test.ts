import {
  RESEARCH_CONFIG_DEFAULTS, RESEARCH_CONFIG_KEYS, ResearchConfigGroupsSchema, ResearchConfigMetaSchema, WorkspaceResearchConfigsSchema,
} from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiReplies, type StandIn, startOpenAiStandIn } from '../../../platform/ai/testing/stand-ins';
import { createTestApp, type TestApp } from '../../../test/harness';
import { lastAudit, superAdminCookie } from '../../admin/workspace/workspace.test-support';
import { newWorkspace } from '../../auth/auth.test-support';
import { caller, fieldsOf, person, type Person, type Workspace } from '../../contracts/contracts.test-support';
import { fileBody } from '../../files/files.test-support';
import { DECLINE_TEXT } from '../answer';
import { researchCollectionDocuments } from '../collections/collections.table';
import { doneEvent, indexShipped, useOpenAiStandIn } from '../research.test-support';
import { researchWorkspaceSettings } from './research-settings.table';

/**
 * Research configs through the routes: the route matrix of the member and super-admin calls, and
 * for each key the behaviour it changes (passages retrieved, decline threshold, passages quoted,
 * answer engine, collections and attachments in chats, attachments per chat, collection capacity).
 */

const SA = '/api/aistudio/super-admin';
const QUESTION = '하청업체한테 대금은 언제까지 줘야 돼?';
const MB = 1024 * 1024;

let t: TestApp;
let llm: StandIn;
let ws: Workspace;
let other: Workspace;
let modelWs: Workspace;
let member: Person;
let reader: Person;
let stranger: Person;
let modelUser: Person;
let superHeaders: Record<string, string>;
let superUserId: number;
let call: ReturnType<typeof caller>;

const target = (w: Workspace) => ({ tenantId: w.tenantId, workspaceId: w.workspaceId });
const query = (w: Workspace) => `tenantId=${w.tenantId}&workspaceId=${w.workspaceId}`;
const sa = (method: 'GET' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: superHeaders, ...(payload ? { payload } : {}) });
const setConfigs = async (w: Workspace, configs: Record<string, unknown>) => {
  const res = await sa('PUT', `${SA}/configs/v1`, { ...target(w), configs });
  expect(res.statusCode, res.body).toBe(200);
  return WorkspaceResearchConfigsSchema.parse(res.json().data);
};

const ask = async (who: Person, payload: Record<string, unknown>) => doneEvent((await call(who, 'POST', '/api/aistudio/chats/query/v3', payload)).body);
const attach = (who: Person, name: string, chatKey?: string) => {
  const body = fileBody(Buffer.from('협력사 보안 점검 메모\n\n협력사는 매년 3월에 점검표를 제출한다.', 'utf8'), name);
  return t.app.inject({ method: 'POST', url: `/api/aistudio/chats/attachments/upload/v1${chatKey ? `?chatKey=${chatKey}` : ''}`, headers: { ...who.headers, ...body.headers }, payload: body.payload });
};

beforeAll(async () => {
  llm = await startOpenAiStandIn();
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', AI_MAX_RETRIES: '0' } });
  ws = await newWorkspace(t, { products: ['AI_STUDIO'] });
  other = await newWorkspace(t, { products: ['AI_STUDIO'] });
  modelWs = await newWorkspace(t, { products: ['AI_STUDIO'] });
  member = await person(t, ws, ['GENERAL_MEMBER'], '김설정');
  reader = await person(t, ws, ['READER'], '박열람');
  stranger = await person(t, other, ['GENERAL_MEMBER'], '최타사');
  modelUser = await person(t, modelWs, ['GENERAL_MEMBER'], '정모델');
  const admin = await superAdminCookie(t);
  superHeaders = { cookie: admin.cookie };
  superUserId = admin.userId;
  call = caller(t, () => ws);
  await indexShipped(t.services.db, [['하도급거래공정화에관한법률'], ['하도급거래공정화에관한법률', '시행령'], ['민법']]);
  await useOpenAiStandIn(t, admin.cookie, modelWs, llm.baseUrl);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await llm?.close();
});

beforeEach(async () => {
  llm.reset();
  await t.services.db.update(researchWorkspaceSettings).set({ configs: {} });
});

describe('configs: the route matrix', () => {
  it('members read the values in effect (v1 flat, v2 grouped); 401 without a session, 403 without research use', async () => {
    expect((await call(null, 'GET', '/api/aistudio/configs/v1')).statusCode).toBe(401);
    expect((await call(reader, 'GET', '/api/aistudio/configs/v2')).statusCode).toBe(403);
    expect((await call(member, 'GET', '/api/aistudio/configs/v1')).json().data).toEqual(RESEARCH_CONFIG_DEFAULTS);
    const v2 = ResearchConfigGroupsSchema.parse((await call(member, 'GET', '/api/aistudio/configs/v2')).json().data);
    expect(v2.categories.map((c) => c.category)).toEqual(['RETRIEVAL', 'ANSWER', 'CHAT', 'COLLECTIONS']);
    const keys = v2.categories.flatMap((c) => c.configs);
    expect(keys.map((k) => k.key).sort()).toEqual([...RESEARCH_CONFIG_KEYS].sort());
    expect(keys.every((k) => k.value === k.defaultValue && !k.isOverridden)).toBe(true);
  });

  it('super admin: 401, 403 for a member, 400 naming each bad key, 404 for another tenant\'s workspace (nothing stored), then saved and audited', async () => {
    const url = `${SA}/configs/v1`;
    expect((await t.app.inject({ method: 'GET', url: `${url}?${query(ws)}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, headers: member.headers, payload: { ...target(ws), configs: { topK: 3 } } })).statusCode).toBe(403);
    expect(fieldsOf(await sa('GET', `${url}?tenantId=${ws.tenantId}`))).toEqual(['query.workspaceId']);
    const bad = await sa('PUT', url, { ...target(ws), configs: { topK: 0, declineThreshold: 0.43, answerEngine: 'GPT', collectionsInChat: 'yes', maxAttachmentsPerChat: 201, shadowKey: 1, constructor: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(
      ['body.configs.answerEngine', 'body.configs.collectionsInChat', 'body.configs.constructor', 'body.configs.declineThreshold', 'body.configs.maxAttachmentsPerChat', 'body.configs.shadowKey', 'body.configs.topK'],
    );
    const elsewhere = await sa('PUT', url, { tenantId: other.tenantId, workspaceId: ws.workspaceId, configs: { topK: 3 } });
    expect(elsewhere.statusCode).toBe(404);
    expect((await sa('GET', `${url}?tenantId=${other.tenantId}&workspaceId=${ws.workspaceId}`)).statusCode).toBe(404);
    expect((await t.services.db.select().from(researchWorkspaceSettings).where(eq(researchWorkspaceSettings.workspaceId, ws.workspaceId)))[0]?.configs ?? {}).toEqual({});

    const saved = await setConfigs(ws, { topK: 3, answerEngine: 'BUILT_IN', declineThreshold: 0.55 });
    expect(saved.overrides).toEqual({ topK: 3, answerEngine: 'BUILT_IN', declineThreshold: 0.55 });
    expect(saved.values).toEqual({ ...RESEARCH_CONFIG_DEFAULTS, topK: 3, answerEngine: 'BUILT_IN', declineThreshold: 0.55 });
    expect(await lastAudit(t, ws, 'research.configs_saved')).toMatchObject({ actorUserId: superUserId, data: { changed: ['topK', 'declineThreshold', 'answerEngine'] } });
    expect((await call(member, 'GET', '/api/aistudio/configs/v1')).json().data.topK).toBe(3);
    expect((await call(stranger, 'GET', '/api/aistudio/configs/v1')).json().data).toEqual(RESEARCH_CONFIG_DEFAULTS);

    // v2: the grouped form; a key left out goes back to its default.
    const v2 = await sa('PUT', `${SA}/configs/v2`, { ...target(ws), configs: { topK: 5 } });
    expect(v2.statusCode, v2.body).toBe(200);
    const topK = v2.json().data.categories.flatMap((c: { configs: Array<{ key: string }> }) => c.configs).filter((k: { isOverridden: boolean }) => k.isOverridden);
    expect(topK).toEqual([expect.objectContaining({ key: 'topK', value: 5, defaultValue: 8 })]);
    expect((await sa('GET', `${SA}/configs/v2?${query(ws)}`)).json().data).toEqual(v2.json().data);
    expect((await sa('GET', `${url}?${query(ws)}`)).json().data.values.answerEngine).toBe('MODEL');
  });

  it('meta and config categories: every key typed, bounded and labelled in ko and en; never a secret', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${SA}/configs/meta/v1`, headers: member.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${SA}/configs/meta/categories/v1` })).statusCode).toBe(401);
    const meta = (await sa('GET', `${SA}/configs/meta/v1`)).json().data.map((m: unknown) => ResearchConfigMetaSchema.parse(m));
    const categories = (await sa('GET', `${SA}/configs/meta/categories/v1`)).json().data as Array<{ category: string; label: { ko: string; en: string } }>;
    expect(meta.map((m: { key: string }) => m.key)).toEqual(RESEARCH_CONFIG_KEYS);
    for (const m of meta) {
      expect(categories.map((c) => c.category)).toContain(m.category);
      expect(m.label.ko && m.label.en && m.description.ko && m.description.en).toBeTruthy();
      if (m.type === 'INTEGER' || m.type === 'NUMBER') expect(m.min! <= (m.defaultValue as number) && (m.defaultValue as number) <= m.max!).toBe(true);
      if (m.type === 'ENUM') expect(m.options!.map((o: { value: string }) => o.value)).toContain(m.defaultValue);
    }
    expect(JSON.stringify(meta)).not.toMatch(/apiKey|secret|sk-/i);
  });
});

describe('configs: each key changes what research does', () => {
  it('topK and maxQuotedArticles bound the passages an answer quotes', async () => {
    const normal = await ask(member, { question: QUESTION });
    expect(normal.answer.citations.length).toBeGreaterThan(1);
    await setConfigs(ws, { maxQuotedArticles: 1 });
    expect((await ask(member, { question: QUESTION })).answer.citations).toHaveLength(1);
    await setConfigs(ws, { topK: 1 });
    const one = await ask(member, { question: QUESTION });
    expect(one.answer.citations).toEqual([normal.answer.citations[0]]);
  });

  it('declineThreshold up: a borderline question declines', async () => {
    const answered = await ask(member, { question: QUESTION });
    expect(answered.answer.declined).toBe(false);
    await setConfigs(ws, { declineThreshold: 0.9 });
    const declined = await ask(member, { question: QUESTION });
    expect(declined.answer).toMatchObject({ declined: true, citations: [], text: DECLINE_TEXT.ko });
  });

  it('answerEngine BUILT_IN: a workspace with a model answers extractively at no charge, and models/v2 says so', async () => {
    await setConfigs(modelWs, { answerEngine: 'BUILT_IN' });
    const builtIn = await ask(modelUser, { question: QUESTION });
    expect(builtIn.answer.engine).toBe('BUILT_IN');
    expect(builtIn.creditsCharged).toBe(0);
    expect(llm.requests).toHaveLength(0);
    expect((await call(modelUser, 'GET', '/api/aistudio/models/v2')).json().data.answerEngine).toBe('BUILT_IN');
    await setConfigs(modelWs, {});
    llm.enqueue(openAiReplies.stream(['하도급대금은 목적물 수령일부터 60일 이내에 지급해야 합니다.']));
    const model = await ask(modelUser, { question: QUESTION });
    expect(model.answer.engine).toBe('MODEL');
    expect(llm.requests).toHaveLength(1);
    expect((await call(modelUser, 'GET', '/api/aistudio/models/v2')).json().data.answerEngine).toBe('MODEL');
  });

  it('collectionsInChat off: a question naming collections is refused (403) before anything is read', async () => {
    await setConfigs(ws, { collectionsInChat: false });
    const refused = await call(member, 'POST', '/api/aistudio/chats/query/v3', { question: QUESTION, categoryIds: [1] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toMatchObject({ reason: 'COLLECTIONS_DISABLED_IN_CHAT' });
    await setConfigs(ws, {});
    // On again: the collections are looked up (an unknown one is 404).
    expect((await call(member, 'POST', '/api/aistudio/chats/query/v3', { question: QUESTION, categoryIds: [987654] })).statusCode).toBe(404);
  });

  it('attachmentsInChat off: 403 on upload and the list says so; maxAttachmentsPerChat bounds a chat\'s files', async () => {
    await setConfigs(ws, { maxAttachmentsPerChat: 1 });
    const first = await attach(member, 'first.txt');
    expect(first.statusCode, first.body).toBe(200);
    const { chatKey, categoryId } = first.json().data;
    const second = await attach(member, 'second.txt', chatKey);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'ERROR_EXCEEDED_STORAGE_LIMIT', data: { limit: 'ATTACHMENTS_PER_CHAT' } });
    expect(await t.services.db.select().from(researchCollectionDocuments).where(eq(researchCollectionDocuments.collectionId, categoryId))).toHaveLength(1);

    await setConfigs(ws, { attachmentsInChat: false });
    const off = await attach(member, 'third.txt');
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'ERROR_FILE_UPLOAD_DISABLED', data: { reason: 'CONFIG_DISABLES_ATTACHMENTS' } });
    expect((await call(member, 'GET', `/api/aistudio/chats/attachments/v1?chatKey=${chatKey}`)).json().data.abilities.canUpload).toBe(false);
  });

  it('collectionCapacityMb: capacity and meta answer it, and an upload past it is refused', async () => {
    await setConfigs(ws, { collectionCapacityMb: 100 });
    const capacity = (await call(member, 'GET', '/api/aistudio/categories/capacity/v1')).json().data;
    expect(capacity.workspace.maxBytes).toBe(100 * MB);
    expect((await call(member, 'GET', '/api/aistudio/categories/meta/v1')).json().data.limits.bytesPerWorkspace).toBe(100 * MB);
    const first = await attach(member, 'base.txt');
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await t.services.db.select().from(researchCollectionDocuments).where(eq(researchCollectionDocuments.id, first.json().data.documentId));
    const { id: _id, ...copy } = row!;
    // The workspace's collections now hold 100 MB less a few bytes.
    await t.services.db.insert(researchCollectionDocuments).values({ ...copy, status: 'FAILED', size: 100 * MB - row!.size - 10 });
    const full = await attach(member, 'over.txt', first.json().data.chatKey);
    expect(full.statusCode).toBe(400);
    expect(full.json()).toMatchObject({ code: 'ERROR_EXCEEDED_STORAGE_LIMIT', data: { limit: 'BYTES_PER_WORKSPACE' } });
    await setConfigs(ws, {});
    expect((await attach(member, 'fits-again.txt', first.json().data.chatKey)).statusCode).toBe(200);
  });
});
