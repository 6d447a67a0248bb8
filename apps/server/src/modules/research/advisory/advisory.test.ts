import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { inScope } from '../../../platform/db/tenancy';
import { openAiReplies, type StandIn, startOpenAiStandIn } from '../../../platform/ai/testing/stand-ins';
import { createTestApp, type TestApp } from '../../../test/harness';
import { superAdminCookie } from '../../admin/workspace/workspace.test-support';
import { newWorkspace } from '../../auth/auth.test-support';
import { aiCalls } from '../../ai';
import { caller, fieldsOf, person, type Person, type Workspace } from '../../contracts/contracts.test-support';
import { lawArticles } from '../../law';
import { indexShipped, useOpenAiStandIn } from '../research.test-support';
import { advisoryDrafts, advisoryInquiries } from './advisory.table';

/**
 * Similar advisory through the routes on a real database: the workspace's inquiries and who sees
 * them, the ranking of similar earlier inquiries, drafts whose every article resolves (built-in and
 * a model stand-in that invents one), and the DOCX of a draft.
 */

const INQUIRIES = '/api/aistudio/similar-advisory/inquires/v1';
const DOWNLOAD = '/api/aistudio/similar-advisory/download-draft/v1';
const inquiryUrl = (id: number) => `/api/aistudio/similar-advisory/inquires/${id}/v1`;
const draftsUrl = (id: number) => `/api/aistudio/similar-advisory/inquires/${id}/drafts/v1`;

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

async function record(who: Person, body: Record<string, unknown>): Promise<number> {
  const res = await call(who, 'POST', INQUIRIES, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.inquiryId as number;
}

async function articleText(lawSerialNumber: string, article: string): Promise<string | undefined> {
  const [row] = await t.services.db
    .select({ text: lawArticles.text })
    .from(lawArticles)
    .where(and(eq(lawArticles.lawSerialNumber, lawSerialNumber), eq(lawArticles.articleKey, article), eq(lawArticles.isAddendum, false)));
  return row?.text;
}

beforeAll(async () => {
  llm = await startOpenAiStandIn();
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', AI_MAX_RETRIES: '0' } });
  ws = await newWorkspace(t, { products: ['AI_STUDIO'] });
  other = await newWorkspace(t, { products: ['AI_STUDIO'] });
  modelWs = await newWorkspace(t, { products: ['AI_STUDIO'] });
  noProduct = await newWorkspace(t);
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  colleague = await person(t, ws, ['GENERAL_MEMBER'], '이서연');
  reader = await person(t, ws, ['READER'], '박열람');
  stranger = await person(t, other, ['GENERAL_MEMBER'], '최타사');
  modelUser = await person(t, modelWs, ['GENERAL_MEMBER'], '정모델');
  outsider = await person(t, noProduct, ['GENERAL_MEMBER'], '한제품');
  call = caller(t, () => ws);
  await indexShipped(t.services.db, [['근로기준법'], ['주택임대차보호법']]);
  await useOpenAiStandIn(t, (await superAdminCookie(t)).cookie, modelWs, llm.baseUrl);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await llm?.close();
});

beforeEach(() => llm.reset());

describe('who may record and read inquiries', () => {
  it('401 without a session, 400 naming the fields, 403 without the permission or the product; nothing written', async () => {
    expect((await call(null, 'POST', INQUIRIES, { title: '해고 예고', question: '며칠 전에?' })).statusCode).toBe(401);
    expect((await call(null, 'GET', INQUIRIES)).statusCode).toBe(401);
    const bad = await call(owner, 'POST', INQUIRIES, { title: '  ', question: '', asOf: '2026-13-40' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.title', 'body.question', 'body.asOf']));
    expect(fieldsOf(await call(owner, 'GET', `${INQUIRIES}?size=0`))).toContain('query.size');
    expect(fieldsOf(await call(owner, 'GET', inquiryUrl(0)))).toContain('params.inquiryId');
    expect((await call(reader, 'POST', INQUIRIES, { title: '해고 예고', question: '며칠 전에?' })).statusCode).toBe(403);
    expect((await call(reader, 'GET', INQUIRIES)).statusCode).toBe(403);
    const noStudio = await call(outsider, 'POST', INQUIRIES, { title: '해고 예고', question: '며칠 전에?' });
    expect(noStudio.statusCode).toBe(403);
    expect(noStudio.json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');
    expect(await t.services.db.select().from(advisoryInquiries).where(inScope(advisoryInquiries, ws))).toHaveLength(0);
    expect(await t.services.db.select().from(advisoryInquiries).where(inScope(advisoryInquiries, noProduct))).toHaveLength(0);
  });

  it("is the workspace's knowledge: a colleague sees it, another workspace gets 404 even for an identical title", async () => {
    const title = '동일 제목: 수습기간 중 해고';
    const mine = await record(owner, { title, question: '수습기간 중인 직원을 해고할 때도 예고가 필요한가요?', answer: '3개월 미만 수습은 해고예고 예외입니다.' });
    const theirs = await record(stranger, { title, question: '수습기간 중인 직원을 해고할 때도 예고가 필요한가요?' });
    const seen = (await call(colleague, 'GET', inquiryUrl(mine))).json().data;
    expect(seen).toMatchObject({ inquiryId: mine, title, answer: '3개월 미만 수습은 해고예고 예외입니다.', createdByUserId: owner.userId, drafts: [] });
    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'research.inquiry_created'), eq(auditEvents.actorUserId, owner.userId)));
    expect(audit?.data).toMatchObject({ inquiryId: mine, answered: true });

    const draftsBefore = await t.services.db.select().from(advisoryDrafts);
    expect((await call(owner, 'GET', inquiryUrl(theirs))).statusCode).toBe(404);
    expect((await call(owner, 'POST', draftsUrl(theirs))).statusCode).toBe(404);
    expect((await call(owner, 'POST', DOWNLOAD, { inquiryId: theirs, draftId: 1 })).statusCode).toBe(404);
    expect(await t.services.db.select().from(advisoryDrafts)).toHaveLength(draftsBefore.length);
    // The stranger's identical inquiry is not among ours, nor ranked as similar to ours.
    const listed = (await call(colleague, 'GET', `${INQUIRIES}?searchKeyword=${encodeURIComponent('수습기간')}`)).json().data;
    expect(listed.content.map((i: { inquiryId: number }) => i.inquiryId)).toEqual([mine]);
    expect(listed).toMatchObject({ totalElements: 1, page: 0, size: 10 });
  });
});

describe('similar earlier inquiries', () => {
  it('ranks a paraphrased earlier inquiry first, with its answer and a score', async () => {
    const lease = await record(owner, {
      title: '주택 임대차 계약갱신 요구',
      question: '주택 임차인이 임대인에게 계약갱신을 요구할 수 있는 기간은 언제까지인가요?',
      answer: '임대차기간이 끝나기 6개월 전부터 2개월 전까지 갱신을 요구할 수 있습니다(주택임대차보호법 제6조의3).',
    });
    await record(owner, { title: '야간근로 가산수당', question: '야간근로를 시키면 통상임금의 몇 퍼센트를 가산해야 하나요?', answer: '100분의 50 이상을 가산합니다.' });
    await record(owner, { title: '상표 출원 절차', question: '회사 로고를 상표로 등록하려면 어떤 절차가 필요한가요?' });
    const paraphrase = await record(colleague, { title: '세입자 갱신 청구 시기', question: '세입자가 집주인한테 임대차 계약갱신을 언제까지 요구해야 하나요?' });

    const { similar } = (await call(owner, 'GET', inquiryUrl(paraphrase))).json().data;
    expect(similar[0]).toMatchObject({ inquiryId: lease, answer: expect.stringContaining('6개월 전부터') });
    expect(similar[0].score).toBeGreaterThan(0);
    for (const s of similar.slice(1)) expect(s.score).toBeLessThan(similar[0].score);
    expect(similar.length).toBeLessThanOrEqual(5);
    // Only earlier inquiries: the first one has none to learn from.
    expect((await call(owner, 'GET', inquiryUrl(lease))).json().data.similar.map((s: { inquiryId: number }) => s.inquiryId)).not.toContain(paraphrase);
  });
});

describe('drafts', () => {
  let inquiryId: number;
  let draftId: number;

  it('built-in: an outline of the question, articles that resolve in the version cited, and similar answered inquiries', async () => {
    await record(owner, { title: '해고 예고 기간', question: '직원을 해고하려면 언제 미리 알려야 하나요?', answer: '적어도 30일 전에 예고해야 합니다(근로기준법 제26조).' });
    inquiryId = await record(colleague, { title: '근로자 해고 예고', question: '근로자를 해고하려면 며칠 전에 예고해야 하나요?' });
    const res = await call(owner, 'POST', draftsUrl(inquiryId));
    expect(res.statusCode, res.body).toBe(200);
    const draft = res.json().data;
    draftId = draft.draftId;
    expect(draft).toMatchObject({ engine: 'BUILT_IN', text: null, creditsCharged: 0, correctedReferences: 0, question: expect.stringContaining('며칠 전에 예고') });
    expect(draft.citations.length).toBeGreaterThan(0);
    expect(draft.citations.some((c: { statuteTitle: string; article: string }) => c.statuteTitle === '근로기준법' && c.article === '제26조')).toBe(true);
    for (const c of draft.citations) {
      const text = await articleText(c.lawSerialNumber, c.article);
      expect(text, `${c.statuteTitle} ${c.article}`).toBeDefined();
      expect(text!.slice(c.start, c.end)).toBe(c.quote);
    }
    expect(draft.similar[0]).toMatchObject({ title: '해고 예고 기간', answer: expect.stringContaining('30일') });
    const detail = (await call(colleague, 'GET', inquiryUrl(inquiryId))).json().data;
    expect(detail.drafts).toEqual([expect.objectContaining({ draftId, engine: 'BUILT_IN' })]);
  });

  it('downloads as a DOCX naming the inquiry, with the Korean question and the citations', async () => {
    const res = await call(owner, 'POST', DOWNLOAD, { inquiryId, draftId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('근로자 해고 예고_회신초안.docx')}`);
    const xml = await (await JSZip.loadAsync(res.rawPayload)).file('word/document.xml')!.async('string');
    expect(xml).toContain('근로자를 해고하려면 며칠 전에 예고해야 하나요?');
    expect(xml).toContain('「근로기준법」 제26조');
    expect(xml).toContain('30일');
    // Another inquiry's id with this draft: 404, as the draft is not that inquiry's.
    const lone = await record(owner, { title: '다른 질의', question: '다른 질문입니다.' });
    expect((await call(owner, 'POST', DOWNLOAD, { inquiryId: lone, draftId })).statusCode).toBe(404);
    expect(fieldsOf(await call(owner, 'POST', DOWNLOAD, { inquiryId }))).toContain('body.draftId');
  });

  it('model: a grounded, metered text whose invented article is removed', async () => {
    await record(modelUser, { title: '해고 예고 기간', question: '직원을 해고하려면 언제 미리 알려야 하나요?', answer: '적어도 30일 전에 예고해야 합니다.' });
    const id = await record(modelUser, { title: '근로자 해고 예고', question: '근로자를 해고하려면 며칠 전에 예고해야 하나요?' });
    llm.enqueue(openAiReplies.stream(['근로기준법 제26조에 따라 적어도 30일 전에 예고해야 합니다. ', '또한 근로기준법 제999조에 따라 ', '위로금을 지급해야 합니다.']));
    const res = await call(modelUser, 'POST', draftsUrl(id));
    expect(res.statusCode, res.body).toBe(200);
    const draft = res.json().data;
    expect(draft).toMatchObject({ engine: 'MODEL', correctedReferences: 1 });
    expect(draft.text).toContain('근로기준법 제26조');
    expect(draft.text).not.toContain('제999조');
    expect(draft.citations.map((c: { article: string }) => c.article)).toEqual(['제26조']);
    expect(draft.creditsCharged).toBeGreaterThan(0);
    // The model read the team's earlier answer beside the statute passages.
    expect(llm.requests[0]!.body.messages[1].content).toContain('적어도 30일 전에 예고해야 합니다.');
    const calls = (await t.services.db.select().from(aiCalls).where(inScope(aiCalls, modelWs))).filter((c) => c.feature === 'RESEARCH_CHAT');
    expect(calls).toEqual([expect.objectContaining({ outcome: 'SUCCESS', credits: draft.creditsCharged, userId: modelUser.userId })]);
    const [stored] = await t.services.db.select().from(advisoryDrafts).where(inScope(advisoryDrafts, modelWs));
    expect(stored).toMatchObject({ text: draft.text, correctedReferences: 1 });
  });
});
