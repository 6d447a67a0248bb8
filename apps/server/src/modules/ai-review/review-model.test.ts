import { type Review, reviewChatCredits, ReviewSchema } from '@legal/api';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/db/tenancy';
import { openAiReplies, type StandIn, startOpenAiStandIn } from '../../platform/ai/testing/stand-ins';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { superAdminCookie } from '../admin/workspace/workspace.test-support';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { aiCalls, creditBalance, creditEntries, estimateCredits, resolvePrompt } from '../ai';
import { KO_SERVICE_CONTRACT, uploadContractText } from './ai-review.test-support';

/**
 * The model-backed calls through the routes, against a loopback OpenAI-compatible stand-in that a
 * super admin configured as the workspace's provider (OUTBOUND_ALLOW_HOSTS lets the server call it).
 */

const SA_CONFIG = '/api/aireview/super-admin/workspace-ai-configs/v1';
const RUN = '/api/aireview/review/contract-document/v5';
const EDIT = '/api/aireview/edit-clause/v3';
const CHAT = '/api/aireview/review-chat/v2';
const TRANSLATE = '/api/aireview/translations/v1';
const reviewUrl = (id: number) => `/api/aireview/reviews/${id}/v1`;

let t: TestApp;
let llm: StandIn;
let superCookie: string;
let ws: Workspace;
let owner: Person;
let call: ReturnType<typeof caller>;
let done: Review;

const scope = (w: Workspace) => ({ tenantId: w.tenantId, workspaceId: w.workspaceId });
const balanceOf = (w: Workspace) => creditBalance(t.services.db, scope(w), t.services.config.ai.starterCredits);
const callsOf = (w: Workspace) => t.services.db.select().from(aiCalls).where(inScope(aiCalls, scope(w))).orderBy(asc(aiCalls.id));
const entriesOf = (w: Workspace) => t.services.db.select().from(creditEntries).where(inScope(creditEntries, scope(w))).orderBy(asc(creditEntries.id));

async function useStandIn(w: Workspace) {
  const res = await t.app.inject({
    method: 'PUT', url: SA_CONFIG, headers: { cookie: superCookie },
    payload: { ...scope(w), driver: 'OPENAI_COMPATIBLE', baseUrl: llm.baseUrl, chatModel: 'stand-in-model', apiKey: 'sk-stand-in-key-0123456789' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function waitDone(who: Person, reviewId: number): Promise<Review> {
  return waitFor(async () => {
    const review = ReviewSchema.parse((await call(who, 'GET', reviewUrl(reviewId))).json().data);
    return review.status === 'DONE' || review.status === 'FAILED' ? review : null;
  }, 60_000, 100);
}

/** The events of a text/event-stream body. */
function sseEvents(body: string): Array<{ event: string; data: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads the wire
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) };
    });
}

beforeAll(async () => {
  llm = await startOpenAiStandIn();
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', AI_MAX_RETRIES: '0' } });
  superCookie = (await superAdminCookie(t)).cookie;
  ws = await newWorkspace(t);
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  call = caller(t, () => ws);
  // A built-in review first; then the workspace gets a model for the calls that need one.
  const fileKey = await uploadContractText(t, owner);
  const run = await call(owner, 'POST', RUN, { fileKey, contractType: 'SERVICE', position: 'PARTY_B' });
  expect(run.statusCode, run.body).toBe(200);
  done = await waitDone(owner, run.json().data.reviewId);
  expect(done).toMatchObject({ status: 'DONE', engine: 'BUILT_IN' });
  await useStandIn(ws);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await llm?.close();
});

beforeEach(() => llm.reset());

describe('model calls of a review, through the routes', () => {
  it('edit-clause/v3 answers the model\'s rewrite and charges the estimate (ledger debit, ai_calls row with tokens and prompt)', async () => {
    const clause = done.clauses.find((c) => c.heading?.startsWith('제3조'))!;
    const rewrite = '제3조 (계약금액 및 지급방법)\n② "갑"은 검수 완료 후 30일 이내에 계약금액을 "을"의 계좌로 지급한다.';
    llm.enqueue(openAiReplies.completion(rewrite, { usage: { input: 321, output: 45 } }));
    const before = await balanceOf(ws);
    const res = await call(owner, 'POST', EDIT, { reviewId: done.reviewId, startOffset: clause.startOffset, endOffset: clause.endOffset, position: 'PARTY_B' });
    expect(res.statusCode, res.body).toBe(200);
    const credits = estimateCredits('EDIT_CLAUSE', { driver: 'OPENAI_COMPATIBLE', textLength: clause.endOffset - clause.startOffset, items: 1 });
    expect(res.json().data).toEqual({ text: rewrite, model: 'stand-in-model', creditsCharged: credits });
    expect(await balanceOf(ws)).toBe(before - credits);

    // What the model was sent: the shipped prompt as the system message, the clause, its side and its open finding.
    const sent = llm.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-stand-in-key-0123456789');
    const prompt = (await resolvePrompt(t.services.db, 'edit.clause', 'ko'))!;
    expect(sent.body.messages[0]).toEqual({ role: 'system', content: prompt.text });
    expect(sent.body.messages[1].content).toContain(KO_SERVICE_CONTRACT.slice(clause.startOffset, clause.endOffset));
    expect(sent.body.messages[1].content).toContain("Reviewer's side: 을");
    expect(sent.body.messages[1].content).toContain('Findings on this clause');

    const [entry] = (await entriesOf(ws)).filter((e) => e.feature === 'EDIT_CLAUSE');
    expect(entry).toMatchObject({ kind: 'DEBIT', credits });
    const [record] = (await callsOf(ws)).filter((c) => c.feature === 'EDIT_CLAUSE');
    expect(record).toMatchObject({
      driver: 'OPENAI_COMPATIBLE', model: 'stand-in-model', inputTokens: 321, outputTokens: 45, credits, outcome: 'SUCCESS',
      promptId: prompt.promptId, creditEntryId: entry!.id, userId: owner.userId,
    });
  });

  it('review-chat/v2 streams delta events, then done with sentences pointing at clauses, charged once', async () => {
    const i = done.clauses.findIndex((c) => c.heading?.startsWith('제3조'));
    const j = done.clauses.findIndex((c) => c.heading?.startsWith('제5조'));
    const pieces = ['대금은 검수 완료 후 90일 이내', `에 지급합니다 [C${i + 1}].`, ' "갑"은 언제든지 계약을 해지할 수 있습니다.', ` [C${j + 1}]`, '\n지체상금은 계약서에 정함이 없습니다.'];
    llm.enqueue(openAiReplies.stream(pieces, { usage: { input: 900, output: 40 } }));
    const before = await balanceOf(ws);
    const history = [{ role: 'user', content: '계약 기간은?' }, { role: 'assistant', content: '1년입니다 [C2].' }];
    const confirm = await call(owner, 'POST', '/api/aireview/review-chat/query-confirm/v1', { reviewId: done.reviewId, question: '대금은 언제?', history });
    expect(confirm.json().data).toMatchObject({ isModelConfigured: true });
    const res = await call(owner, 'POST', CHAT, { reviewId: done.reviewId, question: '대금은 언제 지급되고, 갑이 해지할 수 있나요?', history });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = sseEvents(res.body);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas.join('')).toBe(pieces.join(''));
    const last = events.at(-1)!;
    expect(last.event).toBe('done');
    const clauseRef = (k: number) => ({ heading: done.clauses[k]!.heading, startOffset: done.clauses[k]!.startOffset, endOffset: done.clauses[k]!.endOffset });
    expect(last.data.sentences).toEqual([
      { text: '대금은 검수 완료 후 90일 이내에 지급합니다.', clause: clauseRef(i) },
      { text: '"갑"은 언제든지 계약을 해지할 수 있습니다.', clause: clauseRef(j) },
      { text: '지체상금은 계약서에 정함이 없습니다.', clause: null },
    ]);
    const credits = last.data.creditsCharged as number;
    expect(credits).toBeGreaterThan(0);
    // What query-confirm and the drawer showed before the question is what it cost.
    expect(credits).toBe(confirm.json().data.credits);
    expect(credits).toBe(reviewChatCredits(done.clauses, done.text!, history.length));
    expect(await balanceOf(ws)).toBe(before - credits);
    // The clauses went to the model with their ids; one call, one debit, tokens from the stream's usage.
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.body.stream).toBe(true);
    expect(llm.requests[0]!.body.messages.at(-1).content).toContain(`[C${i + 1}]`);
    const chats = (await callsOf(ws)).filter((c) => c.feature === 'REVIEW_CHAT');
    expect(chats).toMatchObject([{ outcome: 'SUCCESS', inputTokens: 900, outputTokens: 40, credits }]);
    expect((await entriesOf(ws)).filter((e) => e.feature === 'REVIEW_CHAT').map((e) => e.kind)).toEqual(['DEBIT']);
  });

  it('translations/v1 answers clause by clause under the clauses\' offsets, keeping the numbering', async () => {
    llm.setHandler((req) => {
      const user: string = req.body.messages.at(-1).content;
      expect(user).toContain('Target language: English');
      // Each clause came with its id; the stand-in "translates" the article number it finds.
      const ids = [...user.matchAll(/^\[(C\d+)\]\n(.*)$/gmu)].map((m) => ({ id: m[1]!, first: m[2]! }));
      return openAiReplies.json({ clauses: ids.map(({ id, first }) => ({ id, text: `${first.replace(/^제(\d+)조/u, 'Article $1')} (translated)` })) });
    });
    const before = await balanceOf(ws);
    const res = await call(owner, 'POST', TRANSLATE, { reviewId: done.reviewId, targetLanguage: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.clauses.map((c: { startOffset: number }) => c.startOffset)).toEqual(done.clauses.map((c) => c.startOffset));
    const third = data.clauses.find((c: { heading: string | null }) => c.heading?.startsWith('제3조'));
    expect(third.text).toMatch(/^Article 3 \(계약금액 및 지급방법\) \(translated\)$/);
    expect(llm.requests[0]!.body.response_format.type).toBe('json_schema');
    const credits = estimateCredits('TRANSLATION', { driver: 'OPENAI_COMPATIBLE', textLength: KO_SERVICE_CONTRACT.length, items: done.clauses.length });
    expect(data.creditsCharged).toBe(credits);
    expect(await balanceOf(ws)).toBe(before - credits);

    // An answer that drops a clause is not used: 502, refunded.
    llm.reset();
    llm.enqueue(openAiReplies.json({ clauses: [{ id: 'C1', text: 'only one' }] }));
    const bad = await call(owner, 'POST', TRANSLATE, { reviewId: done.reviewId, targetLanguage: 'en' });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().code).toBe('ERROR_AI_BAD_OUTPUT');
    expect(await balanceOf(ws)).toBe(before - credits);
  });

  it('a model service the super admin switched off answers 403 before any charge or call; the others still answer', async () => {
    const put = (isEnabled: boolean) =>
      t.app.inject({ method: 'PUT', url: '/api/aireview/super-admin/workspace-ai-service-configs/v1', headers: { cookie: superCookie }, payload: { ...scope(ws), features: [{ feature: 'TRANSLATION', isEnabled }] } });
    expect((await put(false)).statusCode).toBe(200);
    const before = await balanceOf(ws);
    const off = await call(owner, 'POST', TRANSLATE, { reviewId: done.reviewId, targetLanguage: 'en' });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'ERROR_FORBIDDEN', data: { reason: 'AI_SERVICE_DISABLED', feature: 'TRANSLATION' } });
    expect(llm.requests).toHaveLength(0);
    expect(await balanceOf(ws)).toBe(before);
    const clause = done.clauses[2]!;
    llm.enqueue(openAiReplies.completion('다시 쓴 조항'));
    const edit = await call(owner, 'POST', EDIT, { reviewId: done.reviewId, startOffset: clause.startOffset, endOffset: clause.endOffset, position: 'PARTY_B' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await put(true)).statusCode).toBe(200);
  });

  it('a key the provider refuses (401) answers 502 ERROR_AI_PROVIDER_AUTH and refunds, for edit and chat alike', async () => {
    const clause = done.clauses[2]!;
    const refusal = openAiReplies.error(401, { message: 'Incorrect API key provided: sk-stan**********6789', code: 'invalid_api_key' });
    llm.enqueue(refusal, refusal);
    const before = await balanceOf(ws);
    const callsBefore = (await callsOf(ws)).length;
    const edit = await call(owner, 'POST', EDIT, { reviewId: done.reviewId, startOffset: clause.startOffset, endOffset: clause.endOffset, instruction: '을에게 유리하게' });
    expect(edit.statusCode).toBe(502);
    expect(edit.json()).toMatchObject({ code: 'ERROR_AI_PROVIDER_AUTH', data: { failure: 'AUTH' } });
    expect(edit.body).not.toContain('sk-stan');
    const chat = await call(owner, 'POST', CHAT, { reviewId: done.reviewId, question: '해지 조건은?' });
    expect(chat.statusCode).toBe(502);
    expect(chat.headers['content-type']).toContain('application/json');
    expect(chat.json().code).toBe('ERROR_AI_PROVIDER_AUTH');
    expect(await balanceOf(ws)).toBe(before);
    const failed = (await callsOf(ws)).slice(callsBefore);
    expect(failed).toMatchObject([
      { feature: 'EDIT_CLAUSE', outcome: 'FAILED', failureCode: 'AUTH', credits: 0 },
      { feature: 'REVIEW_CHAT', outcome: 'FAILED', failureCode: 'AUTH', credits: 0 },
    ]);
    const entries = await entriesOf(ws);
    for (const f of failed) {
      const refund = entries.find((e) => e.kind === 'REFUND' && e.refundOfEntryId === f.creditEntryId);
      expect(refund, `refund of ${f.feature}`).toBeDefined();
    }
  });
});

describe('a review by the model engine, through the routes', () => {
  const PAYMENT = '"갑"은 검수 완료 후 90일 이내에 계약금액을 "을"의 계좌로 지급한다.';
  const codeOf = (content: string) => /^Checkpoint (\S+)/m.exec(content)?.[1] ?? '';

  it('estimates and charges the model price, quotes evidence at its offsets, records the prompt version and one REVIEW call', async () => {
    const mws = await newWorkspace(t);
    const reviewer = await person(t, mws, ['GENERAL_MEMBER'], '이서연');
    await useStandIn(mws);
    const fileKey = await uploadContractText(t, reviewer);
    llm.setHandler((req) => {
      const code = codeOf(req.body.messages[1].content);
      if (code === 'SERVICE.PAYMENT_DUE_DAYS') {
        return openAiReplies.json({ verdict: 'NOT_MET', evidence: [PAYMENT, '갑은 대금을 즉시 지급한다.'], explanation: '90일은 60일 기준을 넘습니다.', suggestedEdit: '② "갑"은 검수 완료 후 30일 이내에 지급한다.', confidence: 0.9 });
      }
      if (code === 'SERVICE.NO_TERMINATION_AT_WILL') return openAiReplies.error(500, { message: 'overloaded', type: 'server_error' });
      return openAiReplies.json({ verdict: 'MET', evidence: [], explanation: '충족합니다.', suggestedEdit: null, confidence: 0.8 });
    });
    const body = { fileKey, contractType: 'SERVICE', position: 'PARTY_B' };
    const estimate = (await call(reviewer, 'POST', '/api/aireview/review/estimate/v1', body)).json().data;
    const credits = estimateCredits('REVIEW', { driver: 'OPENAI_COMPATIBLE', textLength: KO_SERVICE_CONTRACT.length, items: estimate.checkpointCount });
    expect(estimate).toMatchObject({ engine: 'OPENAI_COMPATIBLE', credits, cached: false });
    const before = await balanceOf(mws);
    const run = await call(reviewer, 'POST', RUN, body);
    expect(run.statusCode, run.body).toBe(200);
    const review = await waitDone(reviewer, run.json().data.reviewId);
    expect(review).toMatchObject({ status: 'DONE', engine: 'OPENAI_COMPATIBLE', promptVersion: 'review.checkpoint/ko/v1', creditsCharged: credits });
    expect(await balanceOf(mws)).toBe(before - credits);
    expect(llm.requests).toHaveLength(estimate.checkpointCount);

    const payment = review.findings.find((f) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS')!;
    const at = KO_SERVICE_CONTRACT.indexOf(PAYMENT);
    expect(payment).toMatchObject({ verdict: 'NOT_MET', explanation: '90일은 60일 기준을 넘습니다.', evidence: [{ startOffset: at, endOffset: at + PAYMENT.length, text: PAYMENT }] });
    expect(payment.suggestedEdit?.text).toBe('② "갑"은 검수 완료 후 30일 이내에 지급한다.');
    // The failed checkpoint was decided by its rule, and says so.
    const termination = review.findings.find((f) => f.checkpointCode === 'SERVICE.NO_TERMINATION_AT_WILL')!;
    expect(termination.verdict).toBe('NOT_MET');
    expect(termination.explanation).toContain('규칙 엔진으로 판정했습니다');

    const prompt = (await resolvePrompt(t.services.db, 'review.checkpoint', 'ko'))!;
    const calls = (await callsOf(mws)).filter((c) => c.feature === 'REVIEW');
    expect(calls).toMatchObject([{ driver: 'OPENAI_COMPATIBLE', model: 'stand-in-model', outcome: 'SUCCESS', credits, promptId: prompt.promptId, userId: reviewer.userId }]);
    expect(calls[0]!.inputTokens).toBe(10 * (estimate.checkpointCount - 1));
    // A second run of the same document by the same engine is the cached one.
    const again = await call(reviewer, 'POST', RUN, body);
    expect(again.json().data).toMatchObject({ reviewId: review.reviewId, fromCache: true });
  });

  it('a provider that cannot be reached fails the review and refunds its debit', async () => {
    const dws = await newWorkspace(t);
    const reviewer = await person(t, dws, ['GENERAL_MEMBER'], '박지훈');
    const gone = await startOpenAiStandIn();
    const baseUrl = gone.baseUrl;
    await gone.close();
    const put = await t.app.inject({ method: 'PUT', url: SA_CONFIG, headers: { cookie: superCookie }, payload: { ...scope(dws), driver: 'OPENAI_COMPATIBLE', baseUrl, chatModel: 'm', apiKey: 'sk-x-0123456789' } });
    expect(put.statusCode, put.body).toBe(200);
    const fileKey = await uploadContractText(t, reviewer);
    const before = await balanceOf(dws);
    const run = await call(reviewer, 'POST', RUN, { fileKey, contractType: 'SERVICE', position: 'PARTY_B' });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.engine).toBe('OPENAI_COMPATIBLE');
    const failed = await waitDone(reviewer, run.json().data.reviewId);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'AI_UNAVAILABLE', creditsCharged: 0, findings: [] });
    expect(await balanceOf(dws)).toBe(before);
    expect((await callsOf(dws)).filter((c) => c.feature === 'REVIEW')).toMatchObject([{ outcome: 'FAILED', failureCode: 'UNAVAILABLE', credits: 0 }]);
  });
});
