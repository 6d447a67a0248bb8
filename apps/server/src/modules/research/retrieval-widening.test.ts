import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executorOf } from '../../platform/db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { lawArticles, lawStatutes } from '../law';
import { indexNewVersions, indexVersion } from './passage-index';
import { indexShipped } from './research.test-support';
import { retrievePassages } from './retrieval';

/**
 * The search scores wordings from the postings alone and keeps the best that today's in-force flag
 * passes (docs/legal-research.md, "What indexing keeps for the search").
 * A made-up statute: its repealed version says the question's words in many short articles (the
 * best scores of the index), the version in force today says them once in a few long ones.
 */

const TODAY = '2026-11-28';
const LAW_ID = '990001';
const OLD = '990001001';
const CURRENT = '990001002';
const QUESTION = '드론배송 반송';
/** Many times more repealed wordings, all scoring above the current ones, than the largest limit asked below. */
const REPEALED_ARTICLES = 116;
const CURRENT_ARTICLES = 12;

let t: TestApp;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of hand-written SQL
const rows = async (text: string, values: unknown[] = []): Promise<any[]> => (await executorOf(t.services.db).executeSql(text, values)).rows;

async function storeVersion(mst: string, effectiveDate: string, texts: string[]): Promise<void> {
  const db = t.services.db;
  await db.insert(lawStatutes).values({
    lawSerialNumber: mst, lawId: LAW_ID, title: '드론배송시험법', compactTitle: '드론배송시험법', kind: '법률', lawType: '법률',
    effectiveDate, promulgationDate: effectiveDate, promulgationNumber: mst, status: '시행', articleCount: texts.length,
  });
  await db.insert(lawArticles).values(texts.map((text, i) => ({
    lawSerialNumber: mst, ordinal: i, articleKey: `제${i + 1}조`, number: i + 1, branch: 0, title: null, text, paragraphs: [], isDeleted: false, isAddendum: false,
  })));
  await indexVersion(db, mst);
}

const postingsVisibility = async () => (await rows(`select (pg_relation_size(oid) / current_setting('block_size')::int)::int as pages, relallvisible::int as visible from pg_class where relname = 'research_postings'`))[0];

beforeAll(async () => {
  t = await createTestApp();
  // The last test shows the indexing job's vacuum: no autovacuum (PostgreSQL) may do it first.
  await rows('alter table research_postings set (autovacuum_enabled = false)');
  // The rest of the index: the question's terms stay rare (terms in more than a fifth of the wordings are not scored).
  await indexShipped(t.services.db, [['민법']]);
  await storeVersion(OLD, '2001-01-01', Array.from({ length: REPEALED_ARTICLES }, (_, i) => `드론배송 반송 ${i + 1}`));
  await storeVersion(CURRENT, '2020-01-01', Array.from({ length: CURRENT_ARTICLES }, (_, i) =>
    `이 조는 드론배송에 관하여 사업자가 지켜야 할 일반적인 사항과 그 밖에 필요한 세부 기준을 정하고 물건의 반송은 대통령령으로 정하는 바에 따른다 ${i + 1}`));
});
afterAll(() => t.close());

describe('scoring from the postings, then the in-force check', () => {
  it('keeps each wording length on its postings', async () => {
    expect(await rows('select count(*)::int as n from research_postings po join research_passage_texts w on w.id = po.text_id where po.length <> w.length')).toEqual([{ n: 0 }]);
    expect((await rows('select count(*)::int as n from research_postings'))[0].n).toBeGreaterThan(10_000);
  });

  it('passes over the repealed wordings that score best, to the wordings in force today', async () => {
    const db = t.services.db;
    // The repealed version's wordings score above every wording in force: they fill the first rounds.
    const past = await retrievePassages(db, { question: QUESTION, limit: 10, today: TODAY, asOf: '2010-01-01' });
    expect(past.passages).toHaveLength(10);
    expect(past.passages.every((p) => p.lawSerialNumber === OLD)).toBe(true);
    expect(past.passages[0]!.score).toBeGreaterThan(0);

    for (const limit of [3, 10, 20]) {
      const today = await retrievePassages(db, { question: QUESTION, limit, today: TODAY });
      expect(today.asOf).toBe(TODAY);
      const wanted = Math.min(limit, CURRENT_ARTICLES);
      expect(today.passages.slice(0, wanted).every((p) => p.lawSerialNumber === CURRENT)).toBe(true);
      const ours = today.passages.filter((p) => p.lawId === LAW_ID);
      expect(ours).toHaveLength(wanted);
      expect(past.passages[0]!.score).toBeGreaterThan(ours[0]!.score);
      // The statute asked for by id takes the other path (its versions in force, no flag): the same passages, scores and coverages.
      const asked = await retrievePassages(db, { question: QUESTION, limit, today: TODAY, statuteIds: [LAW_ID] });
      expect(asked.passages.map((p) => [p.passageId, p.score, p.coverage])).toEqual(ours.map((p) => [p.passageId, p.score, p.coverage]));
    }
  });

  it('answers the passages with their texts from the scoring statement, a cited article first and once', async () => {
    const found = await retrievePassages(t.services.db, { question: '민법 제4조 사람은 19세로 성년에 이르게 된다', limit: 10, today: TODAY });
    expect(found.passages[0]).toMatchObject({ article: '제4조', cited: true, statuteTitle: '민법' });
    expect(found.passages.filter((p) => p.article === '제4조' && p.lawId === found.passages[0]!.lawId)).toHaveLength(1);
    expect(new Set(found.passages.map((p) => p.passageId)).size).toBe(found.passages.length);
    const texts = await rows('select rp.id::int as id, t.article_text from research_passages rp join research_passage_texts t on t.id = rp.text_id where rp.id = any($1::bigint[])', [found.passages.map((p) => p.passageId)]);
    expect(found.passages.map((p) => p.text)).toEqual(found.passages.map((p) => texts.find((r) => r.id === p.passageId)?.article_text));
    expect(found.passages.slice(1).every((p) => p.text.length > 0 && p.statuteTitle === '민법')).toBe(true);
  });

  it('vacuums the postings at the indexing job when their visibility map lags, with nothing to index', async () => {
    const before = await postingsVisibility();
    expect(before.visible).toBeLessThan(before.pages); // indexed version by version above, never vacuumed
    expect(await indexNewVersions(t.services.db, { today: TODAY })).toBe(0);
    const after = await postingsVisibility();
    expect(after.pages).toBe(before.pages);
    expect(after.visible).toBe(after.pages);
  });
});
