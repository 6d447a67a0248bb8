import { estimateCredits, ResearchTranslationSchema } from '@legal/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/db/tenancy';
import { openAiReplies, type StandIn, startOpenAiStandIn } from '../../platform/ai/testing/stand-ins';
import { createTestApp, type TestApp } from '../../test/harness';
import { superAdminCookie } from '../admin/workspace/workspace.test-support';
import { newWorkspace } from '../auth/auth.test-support';
import { aiCalls, creditBalance } from '../ai';
import { caller, fieldsOf, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { doneEvent, indexShipped, useOpenAiStandIn } from './research.test-support';

/**
 * translations/v1 through the routes: the route matrix, 503 with the built-in engine, and with a
 * provider (the OpenAI stand-in) a text and a stored answer translated paragraph by paragraph
 * through the AI platform (one debit, a call record), an unusable answer refunded, and the
 * translation service switched off.
 */

const URL = '/api/aistudio/translations/v1';
const TEXT = '민법상 성년은 19세입니다.\n\n미성년자가 법률행위를 하려면 법정대리인의 동의를 얻어야 합니다.';

let t: TestApp;
let llm: StandIn;
let ws: Workspace;
let modelWs: Workspace;
let other: Workspace;
let member: Person;
let reader: Person;
let modelUser: Person;
let colleague: Person;
let stranger: Person;
let superHeaders: Record<string, string>;
let call: ReturnType<typeof caller>;

const scope = (w: Workspace) => ({ tenantId: w.tenantId, workspaceId: w.workspaceId });
const balanceOf = (w: Workspace) => creditBalance(t.services.db, scope(w), t.services.config.ai.starterCredits);

/** The stand-in "translates" each paragraph it was sent under its id. */
function translateEach() {
  llm.setHandler((req) => {
    const user: string = req.body.messages.at(-1).content;
    const segments = [...user.matchAll(/^\[(C\d+)\]\n([^\n]*)/gmu)].map((m) => ({ id: m[1]!, text: `EN(${m[2]!.slice(0, 12)})` }));
    return openAiReplies.json({ clauses: segments });
  });
}

beforeAll(async () => {
  llm = await startOpenAiStandIn();
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', AI_MAX_RETRIES: '0' } });
  ws = await newWorkspace(t, { products: ['AI_STUDIO'] });
  modelWs = await newWorkspace(t, { products: ['AI_STUDIO'] });
  other = await newWorkspace(t, { products: ['AI_STUDIO'] });
  member = await person(t, ws, ['GENERAL_MEMBER'], '김번역');
  reader = await person(t, ws, ['READER'], '박열람');
  modelUser = await person(t, modelWs, ['GENERAL_MEMBER'], '정모델');
  colleague = await person(t, modelWs, ['GENERAL_MEMBER'], '이동료');
  stranger = await person(t, other, ['GENERAL_MEMBER'], '최타사');
  superHeaders = { cookie: (await superAdminCookie(t)).cookie };
  call = caller(t, () => ws);
  await indexShipped(t.services.db, [['민법']]);
  await useOpenAiStandIn(t, superHeaders.cookie!, modelWs, llm.baseUrl);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await llm?.close();
});

beforeEach(() => llm.reset());

describe('translations/v1', () => {
  it('401, 400 naming the field, 403 without research use, 503 with the built-in engine (nothing charged)', async () => {
    expect((await call(null, 'POST', URL, { text: TEXT, targetLanguage: 'en' })).statusCode).toBe(401);
    expect(fieldsOf(await call(member, 'POST', URL, { targetLanguage: 'en' }))).toEqual(['body.text']);
    expect(fieldsOf(await call(member, 'POST', URL, { text: TEXT, chatKey: 'chat_0001abcd', chatMessageKey: 'msg_0001abcd', targetLanguage: 'en' }))).toEqual(['body.text']);
    expect(fieldsOf(await call(member, 'POST', URL, { chatKey: 'chat_0001abcd', targetLanguage: 'en' }))).toEqual(['body.chatMessageKey']);
    expect(fieldsOf(await call(member, 'POST', URL, { text: TEXT, targetLanguage: 'fr' }))).toEqual(['body.targetLanguage']);
    expect((await call(reader, 'POST', URL, { text: TEXT, targetLanguage: 'en' })).statusCode).toBe(403);
    const before = await balanceOf(ws);
    const builtIn = await call(member, 'POST', URL, { text: TEXT, targetLanguage: 'en' });
    expect(builtIn.statusCode).toBe(503);
    expect(builtIn.json().code).toBe('ERROR_AI_PROVIDER_NOT_CONFIGURED');
    expect(await balanceOf(ws)).toBe(before);
  });

  it('translates a text paragraph by paragraph through the provider: one debit, one call record', async () => {
    translateEach();
    const before = await balanceOf(modelWs);
    const res = await call(modelUser, 'POST', URL, { text: TEXT, targetLanguage: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const data = ResearchTranslationSchema.parse(res.json().data);
    expect(data.paragraphs).toEqual([
      { source: '민법상 성년은 19세입니다.', text: 'EN(민법상 성년은 19세입)' },
      { source: '미성년자가 법률행위를 하려면 법정대리인의 동의를 얻어야 합니다.', text: 'EN(미성년자가 법률행위를 )' },
    ]);
    expect(data.text).toBe('EN(민법상 성년은 19세입)\n\nEN(미성년자가 법률행위를 )');
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.body.messages.at(-1).content).toContain('Target language: English');
    expect(llm.requests[0]!.body.response_format.type).toBe('json_schema');
    const credits = estimateCredits('TRANSLATION', { driver: 'OPENAI_COMPATIBLE', textLength: TEXT.replace('\n\n', '').length, items: 2 });
    expect(data.creditsCharged).toBe(credits);
    expect(await balanceOf(modelWs)).toBe(before - credits);
    const records = (await t.services.db.select().from(aiCalls).where(inScope(aiCalls, scope(modelWs)))).filter((c) => c.feature === 'TRANSLATION');
    expect(records).toEqual([expect.objectContaining({ outcome: 'SUCCESS', credits, userId: modelUser.userId, reference: 'research:translation' })]);
  });

  it('translates an answer of the caller\'s own chat; 404 for anyone else\'s', async () => {
    llm.enqueue(openAiReplies.stream(['민법 제4조에 따라 19세로 성년이 됩니다.\n\n', '그 전에는 미성년자입니다.']));
    const asked = await call(modelUser, 'POST', '/api/aistudio/chats/query/v3', { question: '민법상 성년 나이는?' });
    const done = doneEvent(asked.body);
    const message = { chatKey: done.chatKey, chatMessageKey: done.answer.chatMessageKey, targetLanguage: 'en' };
    llm.reset();
    translateEach();
    for (const who of [colleague, stranger]) expect((await call(who, 'POST', URL, message)).statusCode).toBe(404);
    expect(llm.requests).toHaveLength(0);
    const res = await call(modelUser, 'POST', URL, message);
    expect(res.statusCode, res.body).toBe(200);
    const data = ResearchTranslationSchema.parse(res.json().data);
    expect(data.paragraphs.map((p) => p.source)).toEqual(done.answer.text.split(/\n\s*\n/u).map((p) => p.trim()).filter(Boolean));
    const [record] = (await t.services.db.select().from(aiCalls).where(inScope(aiCalls, scope(modelWs)))).filter((c) => c.reference?.startsWith(`research:${done.chatKey}`));
    expect(record).toMatchObject({ feature: 'TRANSLATION', outcome: 'SUCCESS' });
  });

  it('an answer missing a paragraph is not used (502, refunded); the translation service switched off answers 403 before any call', async () => {
    llm.enqueue(openAiReplies.json({ clauses: [{ id: 'C1', text: 'only one' }] }));
    const before = await balanceOf(modelWs);
    const bad = await call(modelUser, 'POST', URL, { text: TEXT, targetLanguage: 'en' });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().code).toBe('ERROR_AI_BAD_OUTPUT');
    expect(await balanceOf(modelWs)).toBe(before);

    const put = (isEnabled: boolean) =>
      t.app.inject({ method: 'PUT', url: '/api/aireview/super-admin/workspace-ai-service-configs/v1', headers: superHeaders, payload: { ...scope(modelWs), features: [{ feature: 'TRANSLATION', isEnabled }] } });
    expect((await put(false)).statusCode).toBe(200);
    llm.reset();
    const off = await call(modelUser, 'POST', URL, { text: TEXT, targetLanguage: 'ko' });
    expect(off.statusCode).toBe(403);
    expect(off.json().data).toMatchObject({ reason: 'AI_SERVICE_DISABLED', feature: 'TRANSLATION' });
    expect(llm.requests).toHaveLength(0);
    expect((await put(true)).statusCode).toBe(200);
  });
});
