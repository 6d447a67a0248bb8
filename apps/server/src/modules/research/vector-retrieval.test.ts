import { type ChatQueryDone, ChatQueryDoneSchema, type ResearchQueryResult } from '@legal/api';
import { and, count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiProviderConfigFromEnv, createAiProvider } from '../../platform/ai/create-provider';
import { embeddingsHandler, openAiReplies, type StandIn, startOpenAiStandIn } from '../../platform/ai/testing/stand-ins';
import { executorOf } from '../../platform/db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { aiCalls } from '../ai';
import { superAdminCookie } from '../admin/workspace/workspace.test-support';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { lawIndex } from '../law';
import { understandQuestion } from './query-understanding';
import { embeddingInput, embeddingModelRow, embedPendingWordings } from './passage-embeddings';
import { indexedWording } from './passage-index';
import { questionVectors, vectorSearchMode } from './question-vectors';
import { koreanToday } from './research.policy';
import { embedPassagesJob, queueEmbeddings } from './research.jobs';
import { researchEmbeddingModels, researchPassageEmbeddings, researchPassages, researchPassageTexts } from './research.table';
import { conceptVector, doneEvent, indexShipped, setWorkspaceAi, useOpenAiStandIn } from './research.test-support';
import { queryTerms, retrievePassages, statuteNames } from './retrieval';
import { termCounts } from './terms';
import { loadVectors, nearestPassages, type VectorSearchMode } from './vector-search';

/**
 * Retrieval fused with vectors (issue 16), on PostgreSQL (no pgvector here: the exact scan in
 * memory) and PGlite (pgvector, and the exact scan forced), against a loopback OpenAI-compatible
 * embedding model whose vectors put chosen synonyms on one axis (research.test-support.ts).
 * The gold article 이자제한법 제2조 (이자의 최고한도) shares no term with QUESTION: only meaning finds it.
 */

const QUERY = '/api/aistudio/chats/query/v3';
const SEARCH = '/api/aistudio/searches/query/v1';
const MODEL = 'stand-in-embed-1';
const OTHER_MODEL = 'stand-in-embed-2';
const QUESTION = '사채 금리 상한선은 얼마야?';
const LEXICAL = '최고이자율은 얼마인가요?';
const UNRELATED = '요트 조종 면허 시험은 어디서 보나요?';
const WEAK = '대출 비용이 너무 비싸요';
const run = { id: 'test', name: embedPassagesJob.name, retryCount: 0 };

let t: TestApp;
let stand: StandIn;
let vectorWs: Workspace;
let wordsWs: Workspace;
let otherModelWs: Workspace;
let withVectors: Person;
let wordsOnly: Person;
let otherModel: Person;
let call: ReturnType<typeof caller>;
let interestLawId: string;
let superCookie: string;

const serveEmbeddings = () => stand.setHandler(embeddingsHandler(conceptVector));
const serverProvider = () => createAiProvider(aiProviderConfigFromEnv(t.services.config), t.services.aiOutbound);
const isGold = (p: { statuteTitle: string; article: string }) => p.statuteTitle === '이자제한법' && p.article === '제2조';

async function search(who: Person, body: Record<string, unknown>): Promise<ResearchQueryResult> {
  const res = await call(who, 'POST', SEARCH, { limit: 5, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function ask(who: Person, question: string): Promise<ChatQueryDone> {
  const res = await call(who, 'POST', QUERY, { question });
  expect(res.statusCode, res.body).toBe(200);
  return ChatQueryDoneSchema.parse(doneEvent(res.body));
}

async function setConfigs(w: Workspace, configs: Record<string, unknown>): Promise<void> {
  const res = await t.app.inject({ method: 'PUT', url: '/api/aistudio/super-admin/configs/v1', headers: { cookie: superCookie }, payload: { tenantId: w.tenantId, workspaceId: w.workspaceId, configs } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The embedding jobs queued (their payloads), oldest first; and emptying that queue. */
async function embeddingJobs(): Promise<Array<Record<string, unknown>>> {
  const { rows } = await executorOf(t.services.db).executeSql(`select data from pgboss.job where name = $1 order by created_on`, [embedPassagesJob.name]);
  return (rows as Array<{ data: Record<string, unknown> }>).map((r) => r.data);
}
const clearEmbeddingJobs = () => executorOf(t.services.db).executeSql('delete from pgboss.job where name = $1', [embedPassagesJob.name]);

async function wordingCount(): Promise<number> {
  return (await t.services.db.select({ n: count() }).from(researchPassageTexts))[0]!.n;
}

async function storedVectors(model: string): Promise<{ rows: number; wordings: number }> {
  const [row] = await t.services.db
    .select({ rows: count(), wordings: countDistinct(researchPassageEmbeddings.textId) })
    .from(researchPassageEmbeddings)
    .where(eq(researchPassageEmbeddings.model, model));
  return { rows: row!.rows, wordings: row!.wordings };
}

beforeAll(async () => {
  stand = await startOpenAiStandIn();
  t = await createTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', AI_PROVIDER: 'OPENAI_COMPATIBLE', AI_BASE_URL: stand.baseUrl, AI_EMBEDDING_MODEL: MODEL, AI_MAX_RETRIES: '0' },
  });
  const products = ['AI_STUDIO'] as const;
  vectorWs = await newWorkspace(t, { products: [...products] });
  wordsWs = await newWorkspace(t, { products: [...products] });
  otherModelWs = await newWorkspace(t, { products: [...products] });
  withVectors = await person(t, vectorWs, ['GENERAL_MEMBER']);
  wordsOnly = await person(t, wordsWs, ['GENERAL_MEMBER']);
  otherModel = await person(t, otherModelWs, ['GENERAL_MEMBER']);
  call = caller(t, () => vectorWs);
  superCookie = (await superAdminCookie(t)).cookie;
  // The server's model embeds for vectorWs; wordsWs chose the built-in engine; otherModelWs another embedding model.
  await setWorkspaceAi(t, superCookie, wordsWs, { driver: 'BUILT_IN' });
  await useOpenAiStandIn(t, superCookie, otherModelWs, stand.baseUrl, { chatModel: 'stand-in-model', embeddingModel: OTHER_MODEL });
  await indexShipped(t.services.db, [['이자제한법'], ['신원보증법'], ['제조물책임법']]);
  interestLawId = lawIndex().entries.find((e) => e.folder === '이자제한법' && e.kind === '법률')!.lawId;
}, 240_000);

afterAll(async () => {
  await t?.close();
  await stand?.close();
});

beforeEach(() => {
  stand.reset();
  serveEmbeddings();
});

describe('the embedding job', () => {
  it('embeds each wording once per model in batches, resumes after a failed call, and a second run calls nobody', async () => {
    const wordings = await wordingCount();
    expect(wordings).toBeGreaterThan(16);
    // The second call fails: the first batch stays stored, the run fails (the jobs platform would retry it).
    let calls = 0;
    stand.setHandler((request) => (++calls === 2 ? openAiReplies.error(503, { message: 'overloaded' }) : embeddingsHandler(conceptVector)(request)));
    await expect(embedPendingWordings(t.services.database, serverProvider(), { batchSize: 8 })).rejects.toThrow();
    expect(await storedVectors(MODEL)).toEqual({ rows: 8, wordings: 8 });

    stand.reset();
    serveEmbeddings();
    await embedPassagesJob.handler({ startedAt: 'test' }, t.services, run);
    const sent = stand.requests.map((r) => r.body as { model: string; input: string[] });
    expect(sent.every((b) => b.model === MODEL && b.input.length <= 64)).toBe(true);
    expect(sent.flatMap((b) => b.input)).toHaveLength(wordings - 8);
    expect(await storedVectors(MODEL)).toEqual({ rows: wordings, wordings });
    expect(await embeddingModelRow(t.services.db, MODEL)).toMatchObject({ embedded: wordings, dimensions: conceptVector('x').length });

    stand.reset();
    serveEmbeddings();
    await embedPassagesJob.handler({ startedAt: 'test-again' }, t.services, run);
    expect(stand.requests).toHaveLength(0);
    expect(await storedVectors(MODEL)).toEqual({ rows: wordings, wordings });
  });
});

describe('retrieval fused with vectors', () => {
  it('finds an article that shares no word with the question only with vectors on, and answers from it', async () => {
    const [gold] = await t.services.db
      .select({ title: researchPassages.articleTitle, text: researchPassageTexts.articleText })
      .from(researchPassages)
      .innerJoin(researchPassageTexts, eq(researchPassageTexts.id, researchPassages.textId))
      .where(and(eq(researchPassages.lawId, interestLawId), eq(researchPassages.articleKey, '제2조')));
    const wording = termCounts(indexedWording({ heading: null, articleTitle: gold!.title, text: gold!.text }));
    const asked = [...queryTerms(understandQuestion(QUESTION, statuteNames(), koreanToday())).keys()];
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((term) => wording.has(term))).toEqual([]);

    // BM25 alone (a workspace on the built-in engine): not found, the question declined.
    expect((await search(wordsOnly, { query: QUESTION })).passages.some(isGold)).toBe(false);
    const declined = await ask(wordsOnly, QUESTION);
    expect(declined.answer.declined).toBe(true);
    expect(declined.index.embeddings).toBeNull();
    expect(stand.requests).toHaveLength(0);

    // With vectors: first, and the answer quotes it; the question was embedded once per request.
    const found = await search(withVectors, { query: QUESTION });
    expect(isGold(found.passages[0]!)).toBe(true);
    const answered = await ask(withVectors, QUESTION);
    expect(answered.answer.declined).toBe(false);
    expect(isGold(answered.answer.citations[0]!)).toBe(true);
    const wordings = await wordingCount();
    expect(answered.index.embeddings).toEqual({ model: MODEL, wordings, embedded: wordings });
    expect(stand.requests.map((r) => r.body)).toEqual([
      { model: MODEL, input: [QUESTION], encoding_format: 'float' },
      { model: MODEL, input: [QUESTION], encoding_format: 'float' },
    ]);
  });

  it('a passage found by meaning alone answers only from the cosine the workspace sets (vectorMinCosine)', async () => {
    // Unrelated: the nearest passages are listed, far from the question; nothing answers.
    expect((await search(withVectors, { query: UNRELATED })).passages.length).toBeGreaterThan(0);
    expect((await ask(withVectors, UNRELATED)).answer).toMatchObject({ declined: true, citations: [] });
    // Leaning towards the gold article (cosine about 0.69, above the decline threshold): found first, but below 0.8 it does not answer alone.
    const leaning = await search(withVectors, { query: WEAK });
    expect(isGold(leaning.passages[0]!)).toBe(true);
    expect((await ask(withVectors, WEAK)).answer.declined).toBe(true);
    await setConfigs(vectorWs, { vectorMinCosine: 0.6 });
    const answered = await ask(withVectors, WEAK);
    await setConfigs(vectorWs, {});
    expect(answered.answer.declined).toBe(false);
    expect(isGold(answered.answer.citations[0]!)).toBe(true);
  });

  it('searches by meaning only the statutes asked for, in the versions in force on the date', async () => {
    const otherLaw = lawIndex().entries.find((e) => e.folder === '신원보증법' && e.kind === '법률')!.lawId;
    const filtered = await search(withVectors, { query: QUESTION, statuteIds: [otherLaw] });
    expect(filtered.passages.length).toBeGreaterThan(0);
    expect(filtered.passages.every((p) => p.statuteId === otherLaw)).toBe(true);
    // 2000: no stored version of 이자제한법 was in force (the shipped one took effect in 2025).
    const past = await search(withVectors, { query: QUESTION, asOf: '2000-01-01' });
    expect(past.passages.some((p) => p.statuteId === interestLawId)).toBe(false);
  });

  it('the exact scan in memory ranks as pgvector does (where the database has it)', async () => {
    const modes: VectorSearchMode[] = t.services.database.hasVector ? ['exact', 'pgvector'] : ['exact'];
    const rankings = [];
    for (const mode of modes) {
      const vectors = questionVectors(serverProvider(), mode, () => undefined);
      await loadVectors(t.services.db, (await embeddingModelRow(t.services.db, MODEL))!);
      const result = await retrievePassages(t.services.db, { question: QUESTION, limit: 5, today: koreanToday(), vectors });
      expect(isGold({ statuteTitle: result.passages[0]!.statuteTitle, article: result.passages[0]!.article }), mode).toBe(true);
      rankings.push(result.passages.map((p) => ({ id: p.passageId, cosine: p.cosine === null ? null : Math.round(p.cosine * 1e4) })));
    }
    for (const ranking of rankings) expect(ranking).toEqual(rankings[0]);
  });

  it('pgvector only when the operator chose it and the database has it', () => {
    const config = (search: 'exact' | 'pgvector') => ({ ...t.services.config, researchVectorSearch: search });
    expect(vectorSearchMode({ config: config('pgvector'), database: { ...t.services.database, hasVector: true } })).toBe('pgvector');
    expect(vectorSearchMode({ config: config('pgvector'), database: { ...t.services.database, hasVector: false } })).toBe('exact');
    expect(vectorSearchMode({ config: config('exact'), database: { ...t.services.database, hasVector: true } })).toBe('exact');
  });

  it('the in-memory copy takes in vectors stored after it was read', async () => {
    const row = (await embeddingModelRow(t.services.db, MODEL))!;
    const filter = { asOf: koreanToday(), today: koreanToday(), lawIds: null };
    await loadVectors(t.services.db, row);
    expect(await nearestPassages(t.services.db, 'exact', row, conceptVector(QUESTION), filter, 1)).toMatchObject([{ textId: expect.any(Number) }]);
    await indexShipped(t.services.db, [['보증인보호를위한특별법']]);
    await embedPassagesJob.handler({ startedAt: 'after-import' }, t.services, run);
    const [added] = await t.services.db
      .select({ textId: researchPassages.textId, title: researchPassages.articleTitle, text: researchPassageTexts.articleText })
      .from(researchPassages)
      .innerJoin(researchPassageTexts, eq(researchPassageTexts.id, researchPassages.textId))
      .where(eq(researchPassages.statuteTitle, '보증인 보호를 위한 특별법'))
      .limit(1);
    const later = (await embeddingModelRow(t.services.db, MODEL))!;
    expect(later.embedded).toBeGreaterThan(row.embedded);
    // Read in the background while a question goes on with the copy it has (or, just after the job, at once): then it is there.
    await nearestPassages(t.services.db, 'exact', later, conceptVector(QUESTION), filter, 1);
    await loadVectors(t.services.db, later);
    const [nearest] = await nearestPassages(t.services.db, 'exact', later, conceptVector(embeddingInput(added!.title, added!.text)), filter, 1);
    expect(nearest).toMatchObject({ textId: added!.textId });
    expect(nearest!.cosine).toBeCloseTo(1, 5);
  });
});

describe('when the vectors cannot be used', () => {
  it('the provider down or silent: the answer is served from BM25 alone, and the failure logged', async () => {
    const fromWords = await ask(wordsOnly, LEXICAL);
    expect(fromWords.answer.declined).toBe(false);
    stand.setHandler(() => ({ kind: 'destroy' }));
    const down = await ask(withVectors, LEXICAL);
    expect(down.answer.citations.map((c) => c.article)).toEqual(fromWords.answer.citations.map((c) => c.article));
    stand.setHandler(() => ({ kind: 'hang' }));
    const silent = await ask(withVectors, QUESTION);
    expect(silent.answer.declined).toBe(true);
    expect(stand.requests).toHaveLength(2);
    const logged = t.logs.lines.filter((l) => l.msg === 'question not embedded: research answered from BM25 alone');
    expect(logged.map((l) => l.failure)).toEqual(expect.arrayContaining(['UNAVAILABLE', 'TIMEOUT']));
    expect(JSON.stringify(logged)).not.toContain(QUESTION);
  });

  it("another embedding model: not the first's vectors; the question queues the statutes' embedding with its model, found by meaning after it", async () => {
    expect((await storedVectors(MODEL)).rows).toBeGreaterThan(0);
    await clearEmbeddingJobs();
    const done = await ask(otherModel, QUESTION);
    expect(done.answer.declined).toBe(true);
    expect(done.index.embeddings).toMatchObject({ model: OTHER_MODEL, embedded: 0 });
    expect((await search(otherModel, { query: QUESTION })).passages.some(isGold)).toBe(false);
    expect(stand.requests).toHaveLength(0); // no vectors of its model: the question is not even embedded
    expect(await t.services.db.select().from(researchEmbeddingModels).where(eq(researchEmbeddingModels.model, OTHER_MODEL))).toEqual([]);

    // Queued once (the second question of the same process does not queue it again), for its workspace.
    const queued = await vi.waitFor(async () => {
      const jobs = await embeddingJobs();
      expect(jobs).toHaveLength(1);
      return jobs[0]!;
    });
    expect(queued).toMatchObject({ workspace: { tenantId: otherModelWs.tenantId, workspaceId: otherModelWs.workspaceId } });

    // The job embeds with the workspace's own provider and model, each call recorded against the workspace (no credits).
    await embedPassagesJob.handler(embedPassagesJob.payload.parse(queued), t.services, run);
    const sent = stand.requests.map((r) => r.body as { model: string; input: string[] });
    const wordings = await wordingCount();
    expect(sent.every((b) => b.model === OTHER_MODEL)).toBe(true);
    expect(sent.flatMap((b) => b.input)).toHaveLength(wordings);
    expect(await storedVectors(OTHER_MODEL)).toEqual({ rows: wordings, wordings });
    const calls = await t.services.db.select().from(aiCalls).where(and(eq(aiCalls.workspaceId, otherModelWs.workspaceId), eq(aiCalls.feature, 'RESEARCH_INDEX')));
    expect(calls).toHaveLength(sent.length);
    expect(calls.every((c) => c.outcome === 'SUCCESS' && c.credits === 0 && c.model === OTHER_MODEL && c.tenantId === otherModelWs.tenantId)).toBe(true);

    stand.reset();
    serveEmbeddings();
    expect((await search(otherModel, { query: QUESTION })).passages.some(isGold)).toBe(true);
    expect(await embeddingModelRow(t.services.db, OTHER_MODEL)).toMatchObject({ embedded: wordings });
    expect(await embeddingJobs()).toHaveLength(1);
  });

  it("at start, the embedding is queued for the server's model and each workspace's own model, not for the built-in engine", async () => {
    await clearEmbeddingJobs();
    await queueEmbeddings(t.services, 'start-test');
    const jobs = await embeddingJobs();
    expect(jobs).toEqual(expect.arrayContaining([{ startedAt: 'start-test' }, { startedAt: 'start-test', workspace: { tenantId: otherModelWs.tenantId, workspaceId: otherModelWs.workspaceId } }]));
    expect(jobs).toHaveLength(2);
  });
});
