import { GeneralCategorySchema, MemberCollectionMetaSchema, SuperAdminCategoryMetaSchema, SuperAdminResearchModelsSchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { lastAudit, superAdminCookie } from '../../admin/workspace/workspace.test-support';
import { newWorkspace } from '../../auth/auth.test-support';
import { caller, fieldsOf, person, type Person, type Workspace } from '../../contracts/contracts.test-support';
import { storeTestAdminRule, storeTestPrecedent } from '../../legal-sources/legal-sources.test-support';
import { DECLINE_TEXT } from '../answer';
import { doneEvent, indexShipped } from '../research.test-support';
import { researchWorkspaceSettings } from './research-settings.table';

/**
 * General categories through the routes: the super-admin list and meta, a workspace's kinds (route
 * matrix, audit), and their enforcement: the chat and search skip a kind that is off (statutes off:
 * no statute cited; declined when nothing else answers), the chat quotes stored precedents and
 * rules verbatim, and the member meta tells the chat filter which kinds to offer. Also the
 * super-admin models call.
 */

const SA = '/api/aistudio/super-admin';
const QUESTION = '하청업체한테 대금은 언제까지 줘야 돼?';
const HOLDINGS = '[1] 원사업자가 하도급대금의 지급기일을 정하지 아니한 경우 목적물 수령일부터 60일이 되는 날을 지급기일로 본다.\n[2] 지급기일을 넘겨 지급한 하도급대금의 지연이자를 산정하는 방법';
const RULE_ARTICLE = '하도급대금 지급 실태는 매년 상반기에 서면으로 점검하고, 지급기일을 넘긴 원사업자에게는 시정을 요청한다.';

let t: TestApp;
let ws: Workspace;
let other: Workspace;
let member: Person;
let reader: Person;
let superHeaders: Record<string, string>;
let superUserId: number;
let call: ReturnType<typeof caller>;

const target = (w: Workspace) => ({ tenantId: w.tenantId, workspaceId: w.workspaceId });
const sa = (method: 'GET' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: superHeaders, ...(payload ? { payload } : {}) });
const enable = async (...enabled: string[]) => {
  const res = await sa('PUT', `${SA}/categories/by-workspace/v1`, { ...target(ws), enabled });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const ask = async (payload: Record<string, unknown>) => doneEvent((await call(member, 'POST', '/api/aistudio/chats/query/v3', payload)).body);

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { products: ['AI_STUDIO'] });
  other = await newWorkspace(t, { products: ['AI_STUDIO'] });
  member = await person(t, ws, ['GENERAL_MEMBER'], '김범주');
  reader = await person(t, ws, ['READER'], '박열람');
  const admin = await superAdminCookie(t);
  superHeaders = { cookie: admin.cookie };
  superUserId = admin.userId;
  call = caller(t, () => ws);
  await indexShipped(t.services.db, [['하도급거래공정화에관한법률'], ['민법']]);
  await storeTestPrecedent(t.services.db, {
    precedentId: '612345', caseNumber: '2023다212345', caseName: '하도급대금', courtName: '대법원', decisionDate: '2025-06-05', holdings: HOLDINGS,
    summary: '원심판결을 파기하고 사건을 원심법원에 환송한다.',
  });
  await storeTestAdminRule(t.services.db, {
    serialNumber: '2100000123456', name: '하도급거래 서면실태조사 운영지침', agency: '공정거래위원회', effectiveDate: '2025-01-01',
    articles: [{ key: '제1조', title: '목적', text: '이 지침은 실태조사의 운영에 필요한 사항을 정한다.' }, { key: '제5조', title: '점검', text: RULE_ARTICLE }],
  });
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('general categories: super-admin list, meta and a workspace\'s kinds', () => {
  it('lists the four kinds with labels and whether this installation has a source', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${SA}/categories/general/v1` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${SA}/categories/general/v1`, headers: member.headers })).statusCode).toBe(403);
    const list = (await sa('GET', `${SA}/categories/general/v1`)).json().data.map((c: unknown) => GeneralCategorySchema.parse(c));
    expect(list.map((c: { kind: string }) => c.kind)).toEqual(['STATUTE', 'PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE']);
    expect(list[0]).toMatchObject({ label: { ko: '법령', en: 'Statutes' }, hasSource: true, isSourceConfigured: true });
    expect(list[1]).toMatchObject({ label: { ko: '판례' }, hasSource: true, storedCount: 1, isSourceConfigured: false });
    expect(list[2]).toMatchObject({ hasSource: true, storedCount: 1 });
    expect(list[3]).toMatchObject({ hasSource: false, storedCount: 0 });
  });

  it('categories/meta/v1: the members\' definitions with ko/en labels and the general kinds', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${SA}/categories/meta/v1`, headers: member.headers })).statusCode).toBe(403);
    const meta = SuperAdminCategoryMetaSchema.parse((await sa('GET', `${SA}/categories/meta/v1`)).json().data);
    const memberMeta = MemberCollectionMetaSchema.parse((await call(member, 'GET', '/api/aistudio/categories/meta/v1')).json().data);
    expect(meta).toMatchObject({ visibilities: memberMeta.visibilities, documentStatuses: memberMeta.documentStatuses, fileTypes: memberMeta.fileTypes, limits: memberMeta.limits });
    expect(meta.visibilityLabels.map((v) => v.value)).toEqual(meta.visibilities);
    expect(meta.visibilityLabels[0]!.label.ko).toBeTruthy();
    expect(meta.generalCategories.map((g) => g.kind)).toEqual(['STATUTE', 'PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE']);
    expect(meta.capacityConfigKey).toBe('collectionCapacityMb');
  });

  it('by-workspace: 401, 403, 400 naming the field, 404 for another tenant (nothing stored), then saved, audited and in the member meta', async () => {
    const url = `${SA}/categories/by-workspace/v1`;
    expect((await t.app.inject({ method: 'PUT', url, payload: { ...target(ws), enabled: [] } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, headers: member.headers, payload: { ...target(ws), enabled: [] } })).statusCode).toBe(403);
    expect(fieldsOf(await sa('PUT', url, { ...target(ws), enabled: ['STATUTE', 'STATUTE'] }))).toEqual(['body.enabled']);
    expect(fieldsOf(await sa('PUT', url, { ...target(ws), enabled: ['CASES'] }))).toEqual(['body.enabled.0']);
    expect((await sa('PUT', url, { tenantId: other.tenantId, workspaceId: ws.workspaceId, enabled: [] })).statusCode).toBe(404);
    expect((await sa('GET', `${url}?tenantId=${other.tenantId}&workspaceId=${ws.workspaceId}`)).statusCode).toBe(404);
    expect(await t.services.db.select().from(researchWorkspaceSettings).where(eq(researchWorkspaceSettings.workspaceId, ws.workspaceId))).toHaveLength(0);

    const all = (await sa('GET', `${url}?tenantId=${ws.tenantId}&workspaceId=${ws.workspaceId}`)).json().data;
    expect(all.categories.every((c: { isEnabled: boolean }) => c.isEnabled)).toBe(true);
    const saved = await enable('PRECEDENT', 'ADMIN_RULE');
    expect(saved.categories.map((c: { kind: string; isEnabled: boolean }) => [c.kind, c.isEnabled])).toEqual([['STATUTE', false], ['PRECEDENT', true], ['ADMIN_RULE', true], ['LOCAL_ORDINANCE', false]]);
    expect(await lastAudit(t, ws, 'research.general_categories_saved')).toMatchObject({ actorUserId: superUserId, data: { enabled: ['PRECEDENT', 'ADMIN_RULE'], disabled: ['STATUTE', 'LOCAL_ORDINANCE'] } });
    const memberMeta = (await call(member, 'GET', '/api/aistudio/categories/meta/v1')).json().data;
    expect(memberMeta.generalCategories).toEqual([
      { kind: 'STATUTE', isEnabled: false, hasSource: true }, { kind: 'PRECEDENT', isEnabled: true, hasSource: true },
      { kind: 'ADMIN_RULE', isEnabled: true, hasSource: true }, { kind: 'LOCAL_ORDINANCE', isEnabled: false, hasSource: false },
    ]);
    expect((await call(reader, 'GET', '/api/aistudio/categories/meta/v1')).statusCode).toBe(403);
    await enable('STATUTE', 'PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE');
  });
});

describe('general categories: what a chat searches', () => {
  it('quotes the statutes, then the stored precedent and rule verbatim, each at its offsets', async () => {
    const { answer } = await ask({ question: QUESTION });
    expect(answer.citations.length).toBeGreaterThan(0);
    const precedent = answer.sourceCitations.find((c) => c.kind === 'PRECEDENT')!;
    expect(precedent).toMatchObject({ sourceId: '612345', reference: '대법원 2023다212345', section: 'HOLDINGS', date: '2025-06-05' });
    expect(HOLDINGS.slice(precedent.start, precedent.end)).toBe(precedent.quote);
    expect(precedent.quote).toContain('60일');
    const rule = answer.sourceCitations.find((c) => c.kind === 'ADMIN_RULE')!;
    expect(rule).toMatchObject({ sourceId: '2100000123456', section: '제5조', quote: RULE_ARTICLE, start: 0, end: RULE_ARTICLE.length });
    expect(answer.text).toContain('대법원 2023다212345');
    expect(answer.text).toContain(RULE_ARTICLE);
  });

  it('statutes off: no statute is cited or searched; the other sources answer; nothing else answering declines', async () => {
    await enable('PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE');
    const { answer } = await ask({ question: QUESTION, statuteIds: ['009318'] });
    expect(answer).toMatchObject({ declined: false, citations: [] });
    expect(answer.sourceCitations.map((c) => c.kind)).toContain('PRECEDENT');
    expect(answer.text.startsWith('질문과 가장 관련 있는 판례는')).toBe(true);
    const search = await call(member, 'POST', '/api/aistudio/searches/query/v1', { query: QUESTION });
    expect(search.json().data.passages).toEqual([]);
    const civil = await ask({ question: '민법상 성년 나이는?' });
    expect(civil.answer).toMatchObject({ declined: true, citations: [], sourceCitations: [], text: DECLINE_TEXT.ko });
  });

  it('precedents off: not quoted, and a question asking for them is refused (403)', async () => {
    await enable('STATUTE', 'ADMIN_RULE');
    const { answer } = await ask({ question: QUESTION });
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.sourceCitations.map((c) => c.kind)).toEqual(['ADMIN_RULE']);
    const refused = await call(member, 'POST', '/api/aistudio/chats/query/v3', { question: QUESTION, generalCategories: ['PRECEDENT'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toMatchObject({ reason: 'GENERAL_CATEGORY_DISABLED', kinds: ['PRECEDENT'] });
    // One question may narrow to some of the kinds on.
    const rulesOnly = await ask({ question: QUESTION, generalCategories: ['ADMIN_RULE'] });
    expect(rulesOnly.answer.citations).toEqual([]);
    expect(rulesOnly.answer.sourceCitations.map((c) => c.kind)).toEqual(['ADMIN_RULE']);
    await enable();
    expect((await ask({ question: QUESTION })).answer).toMatchObject({ declined: true, citations: [], sourceCitations: [] });
    await enable('STATUTE', 'PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE');
  });
});

describe('super admin: models', () => {
  it('the models configured per provider and one workspace\'s models/v2; never a key', async () => {
    const url = `${SA}/models/v1`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(403);
    expect(fieldsOf(await sa('GET', `${url}?tenantId=${ws.tenantId}`))).toEqual(['query.workspaceId']);
    expect((await sa('GET', `${url}?tenantId=${other.tenantId}&workspaceId=${ws.workspaceId}`)).statusCode).toBe(404);
    const put = await sa('PUT', '/api/aireview/super-admin/workspace-ai-configs/v1', {
      ...target(other), driver: 'OPENAI_COMPATIBLE', baseUrl: 'https://llm.example.com/v1', chatModel: 'legal-chat-1', embeddingModel: 'legal-embed-1', apiKey: 'sk-secret-0123456789',
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await sa('GET', `${url}?tenantId=${other.tenantId}&workspaceId=${other.workspaceId}`);
    const models = SuperAdminResearchModelsSchema.parse(res.json().data);
    expect(models.providers.find((p) => p.driver === 'BUILT_IN')).toMatchObject({ isServerDefault: true, models: [] });
    expect(models.providers.find((p) => p.driver === 'OPENAI_COMPATIBLE')).toMatchObject({
      isServerDefault: false,
      models: [{ purpose: 'CHAT', name: 'legal-chat-1', workspaceCount: 1, isServerDefault: false }, { purpose: 'EMBEDDING', name: 'legal-embed-1', workspaceCount: 1, isServerDefault: false }],
    });
    expect(models.workspace).toMatchObject({ ...target(other), answerEngine: 'MODEL', models: [{ purpose: 'CHAT', name: 'legal-chat-1', isConfigured: true }, expect.anything()] });
    expect(res.body).not.toMatch(/sk-secret|apiKey/);
    expect((await sa('GET', url)).json().data.workspace).toBeNull();
  });
});
