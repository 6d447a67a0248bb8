import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executorOf } from '../../platform/db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { recordStatements } from '../../test/statement-recorder';
import { lawArticles, lawStatutes } from '../law';
import { indexState } from './in-force-today';
import { indexVersion } from './passage-index';
import { indexShipped, storeCivilCode2009 } from './research.test-support';
import { B, COMMON_SHARE, K1 } from './bm25';
import { queryTerms, retrievePassages, statuteNames } from './retrieval';
import { understandQuestion } from './query-understanding';
import { TermIndex, termIndexOf } from './term-index';

/**
 * The posting lists the process holds (term-index.ts): the scores they give equal BM25 worked out
 * by the database from the postings themselves, the lists follow the index when it grows, a term is
 * read once however many questions ask for it at once, and a small capacity changes nothing but the
 * reads.
 */

const TODAY = '2026-11-28';
const CIVIL = '001706';
let t: TestApp;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of hand-written SQL
const rows = async (text: string, values: unknown[] = []): Promise<any[]> => (await executorOf(t.services.db).executeSql(text, values)).rows;

/** BM25 of each wording, by the database from the postings table (the oracle: no held list, no shortcut). */
async function databaseScores(question: string): Promise<Map<number, number>> {
  const terms = [...queryTerms(understandQuestion(question, statuteNames(), TODAY))];
  const scored = await rows(
    `with stats as (select wordings::float8 as n, total_length::float8 / wordings as avgdl from research_index_stats),
     q as (select * from unnest($1::text[], $2::float8[]) as q(term, weight)),
     w as (select q.term, q.weight * ln(1 + (stats.n - d.df + 0.5) / (d.df + 0.5)) as idfw
           from q cross join stats join (select term, count(*)::float8 as df from research_postings group by term) d on d.term = q.term
           where d.df <= ${COMMON_SHARE} * stats.n)
     select po.text_id::int as id, sum(w.idfw * po.tf * ${K1 + 1} / (po.tf + ${K1} * (${1 - B} + ${B} * w_len.length / stats.avgdl)))::float8 as score
     from w join research_postings po on po.term = w.term join research_passage_texts w_len on w_len.id = po.text_id cross join stats
     group by po.text_id`,
    [terms.map(([term]) => term), terms.map(([, q]) => q.weight)],
  );
  return new Map(scored.map((r) => [r.id, r.score]));
}

const textIdsOf = async (passageIds: number[]) =>
  new Map((await rows('select id::int as id, text_id::int as text_id from research_passages where id = any($1::bigint[])', [passageIds])).map((r) => [r.id, r.text_id]));

beforeAll(async () => {
  t = await createTestApp();
  await indexShipped(t.services.db, [['민법'], ['주택임대차보호법'], ['주택임대차보호법', '시행령']]);
});
afterAll(() => t.close());

/** A read of the postings (not the tables' upkeep, platform/db/upkeep.ts, should it run meanwhile). */
const readsPostings = (s: { sql: string }) => /^\s*select\b/i.test(s.sql) && s.sql.includes('research_postings');

describe('the held posting lists', () => {
  it('score as the database scores the postings, today, for a past date and for a named statute', async () => {
    const db = t.services.db;
    for (const [question, extra] of [
      ['임대차 보증금을 돌려받지 못하면', {}],
      ['성년에 이르는 나이', { asOf: '2026-11-01' }],
      ['임차인의 계약갱신 요구', { statuteIds: [CIVIL] }],
    ] as const) {
      const found = await retrievePassages(db, { question, limit: 10, today: TODAY, ...extra });
      expect(found.passages.length).toBeGreaterThan(0);
      const oracle = await databaseScores(question);
      const wordings = await textIdsOf(found.passages.map((p) => p.passageId));
      for (const p of found.passages) expect(p.score).toBeCloseTo(oracle.get(wordings.get(p.passageId)!)!, 9);
      // Ranked by score: no passage of the scope that scores better was left out.
      const scores = found.passages.map((p) => p.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('follow the index when a version is indexed: the next question sees its wordings', async () => {
    const db = t.services.db;
    const question = '성년에 이르는 나이';
    const before = await retrievePassages(db, { question, limit: 10, today: TODAY, asOf: '2012-06-01' });
    // Only the current 민법 is indexed: for 2012 it did not exist yet, so no 민법 passage answers.
    expect(before.passages.filter((p) => p.lawId === CIVIL)).toEqual([]);
    const stateBefore = await indexState(db);

    const civil2009 = await storeCivilCode2009(db); // stores and indexes the 2009 version
    expect((await indexState(db)).wordings).toBeGreaterThan(stateBefore.wordings);
    const after = await retrievePassages(db, { question, limit: 10, today: TODAY, asOf: '2012-06-01' });
    const civil = after.passages.filter((p) => p.lawId === CIVIL);
    expect(civil.length).toBeGreaterThan(0);
    expect(civil.every((p) => p.lawSerialNumber === civil2009)).toBe(true);
    const oracle = await databaseScores(question);
    const wordings = await textIdsOf(after.passages.map((p) => p.passageId));
    for (const p of after.passages) expect(p.score).toBeCloseTo(oracle.get(wordings.get(p.passageId)!)!, 9);
  });

  it('follow a version indexed after it was stored (a first start: all imported, then indexed one by one)', async () => {
    const db = t.services.db;
    // A made-up statute in force today, stored but not indexed: the stored count will not change when it is.
    await db.insert(lawStatutes).values({
      lawSerialNumber: '990101001', lawId: '990101', title: '풍선배달시험법', compactTitle: '풍선배달시험법', kind: '법률', lawType: '법률',
      effectiveDate: '2020-01-01', promulgationDate: '2020-01-01', promulgationNumber: '1', status: '시행', articleCount: 1,
    });
    await db.insert(lawArticles).values({
      lawSerialNumber: '990101001', ordinal: 0, articleKey: '제1조', number: 1, branch: 0, title: null, text: '풍선배달 사업자는 풍선의 파손을 배상한다.', paragraphs: [], isDeleted: false, isAddendum: false,
    });
    const before = await retrievePassages(db, { question: '풍선배달 파손 배상', limit: 5, today: TODAY });
    expect(before.passages.some((p) => p.lawId === '990101')).toBe(false);
    expect(await indexVersion(db, '990101001')).toBe(true);
    const after = await retrievePassages(db, { question: '풍선배달 파손 배상', limit: 5, today: TODAY });
    expect(after.passages[0]).toMatchObject({ lawId: '990101', article: '제1조' });
  });

  it('read a term once for questions asking for it at the same time, and not again', async () => {
    const db = t.services.db;
    const index = new TermIndex();
    const state = await indexState(db);
    index.sync({ postings: `${state.wordings}`, versions: '' });
    const recording = recordStatements(t.services.database);
    const terms = ['보증', '증금', '임차', '차인'];
    const [first, second] = await Promise.all([index.postings(db, terms, state.wordings), index.postings(db, terms.slice(1), state.wordings)]);
    await index.postings(db, terms, state.wordings);
    recording.stop();
    expect(recording.statements.filter(readsPostings)).toHaveLength(1);
    expect(second.get('임차')).toBe(first.get('임차'));
    const counted = await rows('select count(*)::int as n from research_postings where term = $1', ['임차']);
    expect(first.get('임차')!.textIds.length).toBe(counted[0].n);
  });

  it('with a small capacity, answer the same lists and hold no more than it', async () => {
    const db = t.services.db;
    const state = await indexState(db);
    const roomy = new TermIndex();
    const small = new TermIndex(50);
    for (const index of [roomy, small]) index.sync({ postings: `${state.wordings}`, versions: '' });
    const terms = ['보증', '증금', '임차', '차인', '성년', '계약', '갱신'];
    const wanted = await roomy.postings(db, terms, state.wordings);
    const got = await small.postings(db, terms, state.wordings);
    expect([...got].map(([term, list]) => [term, [...list.textIds]])).toEqual([...wanted].map(([term, list]) => [term, [...list.textIds]]));
    await small.postings(db, ['보증'], state.wordings);
    expect(small.heldPostings).toBeLessThanOrEqual(50);
    expect(roomy.heldPostings).toBe([...wanted.values()].reduce((n, list) => n + list.textIds.length + 1, 0));
  });

  it('read ahead every list in pages, after which a question reads no postings', async () => {
    const db = t.services.db;
    const state = await indexState(db);
    const maxDf = COMMON_SHARE * state.wordings;
    const index = new TermIndex();
    index.sync({ postings: `${state.wordings}`, versions: '' });
    const recording = recordStatements(t.services.database);
    await index.readAhead(db, maxDf);
    const reads = recording.statements.filter(readsPostings).length;
    const [expected] = await rows('select count(*)::int as terms, coalesce(sum(df), 0)::int as postings from research_terms where df <= $1::float8', [maxDf]);
    expect(reads).toBeGreaterThan(1); // in pages
    expect(index.heldPostings).toBe(expected.terms + expected.postings);
    await index.postings(db, ['보증', '증금', '임차', '차인'], maxDf);
    expect(recording.statements.filter(readsPostings)).toHaveLength(reads);
    recording.stop();

    const small = new TermIndex(5_000);
    small.sync({ postings: `${state.wordings}`, versions: '' });
    await small.readAhead(db, maxDf);
    expect(small.heldPostings).toBeLessThanOrEqual(5_000);
  });

  it('say how long the index has held still (questions read ahead only after a while: not during indexing)', () => {
    const index = new TermIndex();
    expect(index.heldFor(0)).toBe(false); // never told the index's state
    index.sync({ postings: '1:10', versions: 'a' });
    expect(index.heldFor(0)).toBe(true);
    expect(index.heldFor(60_000)).toBe(false);
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    try {
      expect(index.heldFor(60_000)).toBe(true);
      index.sync({ postings: '1:10', versions: 'b' }); // the versions changed, the postings did not
      expect(index.heldFor(60_000)).toBe(true);
      index.sync({ postings: '2:20', versions: 'b' }); // a wording indexed
      expect(index.heldFor(60_000)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is one per database', () => {
    expect(termIndexOf(t.services.db)).toBe(termIndexOf(t.services.db));
  });
});
