import { type ChatQueryDone, ChatQueryDoneSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/db/tenancy';
import { openAiReplies, type StandIn, startOpenAiStandIn } from '../../platform/ai/testing/stand-ins';
import { createTestApp, type TestApp } from '../../test/harness';
import { superAdminCookie } from '../admin/workspace/workspace.test-support';
import { newWorkspace } from '../auth/auth.test-support';
import { aiCalls, creditEntries } from '../ai';
import { caller, fieldsOf, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { lawArticles } from '../law';
import { DECLINE_TEXT } from './answer';
import { indexShipped, storeCivilCode2009, useOpenAiStandIn } from './research.test-support';
import { researchChats } from './research.table';

/**
 * Legal research through the routes on a real database: retrieval of paraphrased and past-date
 * questions, declining, the citation gate against a model stand-in that invents articles, and the
 * chats' access rules (a chat is its user's only: 404 for anyone else, in any workspace).
 */

const QUERY = '/api/aistudio/chats/query/v3';
const SEARCH = '/api/aistudio/searches/query/v1';
const CHATS = '/api/aistudio/chats/v1';
const SAMPLES = '/api/aistudio/sample-questions/v1';
const chatUrl = (key: string, version = 'v1') => `/api/aistudio/chats/${key}/${version}`;
const feedbackUrl = (key: string, messageKey: string) => `/api/aistudio/chats/${key}/messages/${messageKey}/feedback/v1`;

let t: TestApp;
let llm: StandIn;
let ws: Workspace;
let other: Workspace;
let modelWs: Workspace;
let noProduct: Workspace;
let owner: Person;
let colleague: Person;
let reader: Person;
let stranger: Person;
let modelUser: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;
let civil2009: string;

/** The events of a text/event-stream body. */
function sseEvents(body: string): Array<{ event: string; data: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads the wire
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message', data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') }));
}

/** Asks a question; the streamed text as the user received it and the parsed done event. */
async function ask(who: Person, body: Record<string, unknown>): Promise<{ streamed: string; done: ChatQueryDone }> {
  const res = await call(who, 'POST', QUERY, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/event-stream');
  const events = sseEvents(res.body);
  expect(events.at(-1)?.event, res.body).toBe('done');
  const streamed = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string).join('');
  return { streamed, done: ChatQueryDoneSchema.parse(events.at(-1)!.data) };
}

async function articleText(lawSerialNumber: string, articleKey: string): Promise<string> {
  const [row] = await t.services.db.select({ text: lawArticles.text }).from(lawArticles).where(and(eq(lawArticles.lawSerialNumber, lawSerialNumber), eq(lawArticles.articleKey, articleKey), eq(lawArticles.isAddendum, false)));
  return row!.text;
}

beforeAll(async () => {
  llm = await startOpenAiStandIn();
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', AI_MAX_RETRIES: '0' } });
  const products = ['AI_STUDIO'] as const;
  // Two workspaces whose chats will carry identical titles, one with a model, one without the product.
  ws = await newWorkspace(t, { products: [...products] });
  other = await newWorkspace(t, { products: [...products] });
  modelWs = await newWorkspace(t, { products: [...products] });
  noProduct = await newWorkspace(t);
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  colleague = await person(t, ws, ['GENERAL_MEMBER'], '이서연');
  reader = await person(t, ws, ['READER'], '박열람');
  stranger = await person(t, other, ['GENERAL_MEMBER'], '최타사');
  modelUser = await person(t, modelWs, ['GENERAL_MEMBER'], '정모델');
  outsider = await person(t, noProduct, ['GENERAL_MEMBER'], '한제품');
  call = caller(t, () => ws);
  await indexShipped(t.services.db, [['민법'], ['하도급거래공정화에관한법률'], ['하도급거래공정화에관한법률', '시행령'], ['근로기준법'], ['주택임대차보호법']]);
  civil2009 = await storeCivilCode2009(t.services.db);
  await useOpenAiStandIn(t, (await superAdminCookie(t)).cookie, modelWs, llm.baseUrl);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await llm?.close();
});

beforeEach(() => llm.reset());

describe('chats/query/v3: who may ask', () => {
  it('401 without a session, 400 naming the field, 403 without the permission or the product', async () => {
    expect((await call(null, 'POST', QUERY, { question: '성년 나이는?' })).statusCode).toBe(401);
    const bad = await call(owner, 'POST', QUERY, { question: '   ', asOf: '2012-13-40' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.question', 'body.asOf']));
    const denied = await call(reader, 'POST', QUERY, { question: '성년 나이는?' });
    expect(denied.statusCode).toBe(403);
    const noStudio = await call(outsider, 'POST', QUERY, { question: '성년 나이는?' });
    expect(noStudio.statusCode).toBe(403);
    expect(noStudio.json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');
    expect(await t.services.db.select().from(researchChats).where(inScope(researchChats, ws))).toHaveLength(0);
  });

  it('404 for continuing another user\'s chat', async () => {
    const { done } = await ask(stranger, { question: '민법상 성년 나이는?' });
    const res = await call(owner, 'POST', QUERY, { chatKey: done.chatKey, question: '그럼 미성년자는?' });
    expect(res.statusCode).toBe(404);
  });
});

describe('answers of the built-in engine', () => {
  it('finds 하도급법 제13조 for a paraphrased question and quotes it verbatim, at no charge', async () => {
    const { streamed, done } = await ask(owner, { question: '하청업체한테 대금은 언제까지 줘야 돼?' });
    const { answer } = done;
    expect(answer).toMatchObject({ role: 'ASSISTANT', engine: 'BUILT_IN', declined: false, correctedReferences: 0 });
    expect(done.creditsCharged).toBe(0);
    expect(done.index.indexedVersions).toBe(done.index.versions);
    expect(streamed).toBe(answer.text);
    // Among the articles quoted (BM25 ranks 제14조, direct payment, about as high: both answer "대금 지급").
    const first = answer.citations.find((c) => c.article === '제13조')!;
    expect(first).toMatchObject({ statuteTitle: '하도급거래 공정화에 관한 법률', kind: '법률' });
    expect(answer.citations.every((c) => c.statuteTitle.startsWith('하도급거래 공정화에 관한 법률'))).toBe(true);
    expect(first.quote).toBe((await articleText(first.lawSerialNumber, '제13조')).slice(first.start, first.end));
    expect(first.quote).toMatch(/60일/);
    expect(answer.text).toContain('「하도급거래 공정화에 관한 법률」 제13조');
    expect(answer.text).toContain(first.quote);
  });

  it('answers a past-date question from the version in force then, and today\'s from today\'s', async () => {
    const past = (await ask(owner, { question: '2012년 당시 민법상 성년 나이는?' })).done.answer;
    expect(past.asOf).toBe('2012-12-31');
    expect(past.citations[0]).toMatchObject({ lawSerialNumber: civil2009, effectiveDate: '2009-08-09', article: '제4조', quote: '만20세로 성년이 된다.' });
    const now = (await ask(owner, { question: '민법상 성년 나이는?' })).done.answer;
    const article4 = now.citations.find((c) => c.article === '제4조');
    expect(article4).toMatchObject({ quote: '사람은 19세로 성년에 이르게 된다.' });
    expect(now.citations.every((c) => c.lawSerialNumber !== civil2009)).toBe(true);
    // An explicit asOf wins over today.
    const explicit = (await ask(owner, { question: '민법상 성년 나이는?', asOf: '2010-05-01' })).done.answer;
    expect(explicit.citations[0]).toMatchObject({ lawSerialNumber: civil2009, article: '제4조' });
  });

  it('declines a foreign-law question with the fixed text and no citations', async () => {
    const { streamed, done } = await ask(owner, { question: '미국 캘리포니아주 최저임금은 얼마인가요?' });
    expect(done.answer).toMatchObject({ declined: true, citations: [], text: DECLINE_TEXT.ko, correctedReferences: 0 });
    expect(streamed).toBe(DECLINE_TEXT.ko);
    const en = await call({ ...owner, headers: { ...owner.headers, 'x-locale': 'en' } }, 'POST', QUERY, { question: 'What is the corporate tax rate in Delaware?' });
    const last = sseEvents(en.body).at(-1)!;
    expect(last.data.answer).toMatchObject({ declined: true, citations: [], text: DECLINE_TEXT.en });
  });
});

describe('the citation gate', () => {
  it('removes an invented article and an article of another version from what reaches the user, and counts them', async () => {
    llm.enqueue(openAiReplies.stream([
      '2012년 당시에는 민법 제4조에 따라 만20세로 성년이 되었습니다. ',
      '또한 민법 제99',
      '99조에 따라 성년 연령은 변경될 수 없고, ',
      '민법 제14조의2에 따른 특정후견도 가능했습니다.',
    ]));
    const { streamed, done } = await ask(modelUser, { question: '2012년 당시 민법상 성년 나이는?' });
    const { answer } = done;
    expect(answer).toMatchObject({ engine: 'MODEL', declined: false, correctedReferences: 2, asOf: '2012-12-31' });
    for (const text of [streamed, answer.text]) {
      expect(text).not.toContain('제9999조');
      expect(text).not.toContain('제14조의2');
      expect(text).toContain('민법 제4조');
    }
    expect(answer.citations).toEqual([expect.objectContaining({ lawSerialNumber: civil2009, article: '제4조', quote: '만20세로 성년이 된다.' })]);
    // What the model was given: the passages of the version in force then.
    expect(llm.requests[0]!.body.messages[1].content).toContain('만20세로 성년이 된다.');
    // Charged once through the AI platform, like every model call.
    expect(done.creditsCharged).toBeGreaterThan(0);
    const [record] = (await t.services.db.select().from(aiCalls).where(inScope(aiCalls, modelWs))).filter((c) => c.feature === 'RESEARCH_CHAT');
    expect(record).toMatchObject({ outcome: 'SUCCESS', credits: done.creditsCharged, userId: modelUser.userId });
    const debits = (await t.services.db.select().from(creditEntries).where(inScope(creditEntries, modelWs))).filter((e) => e.feature === 'RESEARCH_CHAT');
    expect(debits).toEqual([expect.objectContaining({ kind: 'DEBIT', credits: done.creditsCharged })]);
    // The stored answer is the gated one.
    const detail = (await call(modelUser, 'GET', chatUrl(done.chatKey, 'v2'))).json().data;
    expect(detail.messages[1]).toMatchObject({ text: answer.text, correctedReferences: 2 });
  });

  it('does not call the model when nothing is answerable (declines at no charge)', async () => {
    const { done } = await ask(modelUser, { question: '미국 캘리포니아주 최저임금은 얼마인가요?' });
    expect(done.answer).toMatchObject({ declined: true, citations: [] });
    expect(done.creditsCharged).toBe(0);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('searches/query/v1', () => {
  it('ranks passages with the vocabulary it expanded, in the versions in force on the date asked', async () => {
    const res = await call(owner, 'POST', SEARCH, { query: '집주인이 보증금을 안 돌려줘요', limit: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.expandedTerms).toEqual(expect.arrayContaining([{ from: '집주인', to: ['임대인'] }]));
    expect(data.passages.length).toBeGreaterThan(0);
    expect(data.passages.length).toBeLessThanOrEqual(5);
    // Every stored version is indexed here, and the answer says so (the E2E waits on it at first start).
    expect(data.index.indexedVersions).toBe(data.index.versions);
    expect(data.index.versions).toBeGreaterThan(0);
    const scores = data.passages.map((p: { score: number }) => p.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const past = (await call(owner, 'POST', SEARCH, { query: '성년', asOf: '2011-01-01', statuteIds: ['001706'] })).json().data;
    expect(past.asOf).toBe('2011-01-01');
    expect(past.passages.every((p: { lawSerialNumber: string }) => p.lawSerialNumber === civil2009)).toBe(true);
    expect((await call(owner, 'POST', SEARCH, { query: '성년', limit: 0 })).statusCode).toBe(400);
  });
});

describe('chats, feedback and sample questions', () => {
  it('lists only the caller\'s own chats, detail v1/v2, 404 for another user or workspace with the same title', async () => {
    const mine = (await ask(owner, { question: '근로자를 해고하려면 며칠 전에 예고해야 하나요?' })).done;
    const theirs = (await ask(stranger, { question: '근로자를 해고하려면 며칠 전에 예고해야 하나요?' })).done;
    const list = (await call(owner, 'GET', `${CHATS}?size=100`)).json().data;
    expect(list.content.map((c: { chatKey: string }) => c.chatKey)).toContain(mine.chatKey);
    expect(list.content.map((c: { chatKey: string }) => c.chatKey)).not.toContain(theirs.chatKey);
    expect((await call(colleague, 'GET', CHATS)).json().data.totalElements).toBe(0);

    const v1 = (await call(owner, 'GET', chatUrl(mine.chatKey))).json().data;
    expect(v1).toMatchObject({ chatKey: mine.chatKey, title: '근로자를 해고하려면 며칠 전에 예고해야 하나요?', messageCount: 2 });
    expect(v1.messages.map((m: { role: string }) => m.role)).toEqual(['USER', 'ASSISTANT']);
    expect((await call(owner, 'GET', chatUrl(mine.chatKey, 'v2'))).json().data).toEqual(v1);
    expect(v1.messages[1].citations.map((c: { article: string }) => c.article)).toContain('제26조');

    for (const [who, key] of [[owner, theirs.chatKey], [colleague, mine.chatKey], [stranger, mine.chatKey]] as const) {
      expect((await call(who, 'GET', chatUrl(key))).statusCode).toBe(404);
      expect((await call(who, 'DELETE', chatUrl(key))).statusCode).toBe(404);
    }
    expect((await call(owner, 'GET', chatUrl(theirs.chatKey))).json().code).toBe('ERROR_NOT_FOUND');
    expect((await call(stranger, 'GET', chatUrl(theirs.chatKey))).statusCode).toBe(200);
    expect((await call(owner, 'GET', chatUrl('bad key!'))).statusCode).toBe(400);
  });

  it('continues a chat, filters the list by the day of last activity, pages', async () => {
    const first = (await ask(colleague, { question: '주택 임차인의 보증금은 어떻게 보호되나요?' })).done;
    const again = (await ask(colleague, { chatKey: first.chatKey, question: '집주인이 바뀌면요?' })).done;
    expect(again.chatKey).toBe(first.chatKey);
    expect((await call(colleague, 'GET', chatUrl(first.chatKey))).json().data.messageCount).toBe(4);
    await ask(colleague, { question: '민법상 성년 나이는?' });
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Seoul' });
    const page = (await call(colleague, 'GET', `${CHATS}?updatedDateStart=${today}&updatedDateEnd=${today}&size=1&page=1`)).json().data;
    expect(page).toMatchObject({ totalElements: 2, totalPages: 2, page: 1, size: 1 });
    expect(page.content).toHaveLength(1);
    expect((await call(colleague, 'GET', `${CHATS}?updatedDateEnd=2020-01-01`)).json().data.totalElements).toBe(0);
    const bad = await call(colleague, 'GET', `${CHATS}?updatedDateStart=2026-02-01&updatedDateEnd=2026-01-01`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['query.updatedDateEnd']);
  });

  it('takes feedback on answers only, one per user, replaced when given again', async () => {
    const { done } = await ask(owner, { question: '하도급대금은 언제까지 지급해야 하나요?' });
    const url = feedbackUrl(done.chatKey, done.answer.chatMessageKey);
    expect((await call(owner, 'GET', url)).json().data).toEqual({ rating: null, comment: null, updatedAt: null });
    const onQuestion = await call(owner, 'POST', feedbackUrl(done.chatKey, done.question.chatMessageKey), { rating: 'GOOD' });
    expect(onQuestion.statusCode).toBe(400);
    expect((await call(owner, 'POST', url, { rating: 'GOOD' })).json().data).toMatchObject({ rating: 'GOOD', comment: null });
    expect((await call(owner, 'POST', url, { rating: 'BAD', comment: '조문이 달라요' })).json().data).toMatchObject({ rating: 'BAD', comment: '조문이 달라요' });
    expect((await call(owner, 'GET', url)).json().data).toMatchObject({ rating: 'BAD', comment: '조문이 달라요' });
    expect((await call(owner, 'GET', chatUrl(done.chatKey))).json().data.messages[1].feedback).toBe('BAD');
    expect((await call(owner, 'POST', url, { rating: 'MEH' })).statusCode).toBe(400);
    expect((await call(stranger, 'POST', url, { rating: 'GOOD' })).statusCode).toBe(404);
    expect((await call(colleague, 'GET', url)).statusCode).toBe(404);
  });

  it('deletes a chat with its messages and feedback', async () => {
    const { done } = await ask(owner, { question: '퇴직금은 언제까지 줘야 하나요?' });
    await call(owner, 'POST', feedbackUrl(done.chatKey, done.answer.chatMessageKey), { rating: 'GOOD' });
    expect((await call(owner, 'DELETE', chatUrl(done.chatKey))).statusCode).toBe(200);
    expect((await call(owner, 'GET', chatUrl(done.chatKey))).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', chatUrl(done.chatKey))).statusCode).toBe(404);
  });

  it('answers sample questions in the caller\'s language', async () => {
    const ko = (await call(owner, 'GET', SAMPLES)).json().data as string[];
    expect(ko.length).toBeGreaterThan(3);
    expect(ko[0]).toMatch(/[가-힣]/);
    const en = (await t.app.inject({ method: 'GET', url: SAMPLES, headers: { ...owner.headers, 'x-locale': 'en' } })).json().data as string[];
    expect(en[1]).toMatch(/age of majority/);
    expect((await call(reader, 'GET', SAMPLES)).statusCode).toBe(403);
  });
});
