import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executorOf } from '../../platform/db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { lawStatutes } from '../law';
import { ensureInForceToday, holdsFor } from './in-force-today';
import { indexVersion } from './passage-index';
import { indexShipped, storeCivilCode2009 } from './research.test-support';
import { retrievePassages } from './retrieval';
import { inForceVersionsSql } from './statute-versions';

/**
 * What indexing keeps for the search (docs/legal-research.md, "Retrieval latency"): the term
 * statistics equal the postings counted, however often indexing runs; the versions in force today
 * equal what the general rule works out, for the day they were worked out and after the day or
 * the stored versions change.
 */

let t: TestApp;
let civil2009: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of hand-written SQL
const rows = async (text: string, values: unknown[] = []): Promise<any[]> => (await executorOf(t.services.db).executeSql(text, values)).rows;

const keptStats = () => rows('select term, df from research_terms order by term');
const countedStats = () => rows('select term, count(*)::int as df from research_postings group by term order by term');
const keptSize = async () => (await rows('select wordings, total_length::int as total from research_index_stats'))[0];
const countedSize = async () => (await rows('select count(*)::int as wordings, sum(length)::int as total from research_passage_texts'))[0];

/** The versions in force on `day` by the general rule, and the ones materialised. */
const generalVersions = async (day: string) => (await rows(`select law_serial_number from (${inForceVersionsSql('$1::text', '$1::text')}) v order by 1`, [day])).map((r) => r.law_serial_number);
const keptVersions = async () => (await rows('select law_serial_number from research_in_force_versions order by 1')).map((r) => r.law_serial_number);
/** Wordings flagged in force that no in-force passage carries, and the reverse: both must be empty. */
const wrongFlags = () =>
  rows(`select t.id from research_passage_texts t
        where t.in_force <> exists (select 1 from research_passages rp join research_in_force_versions v on v.law_serial_number = rp.law_serial_number where rp.text_id = t.id)`);

const civilVersions = async () => (await t.services.db.select({ mst: lawStatutes.lawSerialNumber, date: lawStatutes.effectiveDate, lawId: lawStatutes.lawId }).from(lawStatutes)).filter((r) => r.lawId === '001706');

beforeAll(async () => {
  t = await createTestApp();
  await indexShipped(t.services.db, [['민법'], ['이자제한법']]);
});
afterAll(() => t.close());

describe('term statistics kept by the indexer', () => {
  it('equal the postings counted, after a second run and after a version sharing most wordings', async () => {
    expect((await keptStats()).length).toBeGreaterThan(1000);
    expect(await keptStats()).toEqual(await countedStats());
    expect(await keptSize()).toEqual(await countedSize());

    const [current] = await civilVersions();
    expect(await indexVersion(t.services.db, current!.mst)).toBe(false); // already indexed: nothing counted twice
    expect(await keptStats()).toEqual(await countedStats());

    const before = await keptSize();
    civil2009 = await storeCivilCode2009(t.services.db);
    const after = await keptSize();
    expect(after.wordings).toBeGreaterThan(before.wordings);
    expect(after).toEqual(await countedSize());
    expect(await keptStats()).toEqual(await countedStats());
  });
});

describe('versions in force today, materialised', () => {
  it('answer today as the general rule does, and follow the day and the stored versions', async () => {
    const db = t.services.db;
    const today = '2026-11-28';
    const found = await retrievePassages(db, { question: '성년에 이르는 나이', limit: 10, today });
    expect(await keptVersions()).toEqual(await generalVersions(today));
    expect(await wrongFlags()).toEqual([]);
    const current = (await civilVersions()).find((v) => v.mst !== civil2009)!;
    const civil = found.passages.filter((p) => p.lawId === '001706');
    expect(civil.length).toBeGreaterThan(0);
    expect(civil.every((p) => p.lawSerialNumber === current.mst)).toBe(true);

    // Another day: while the 2009 version was in force the search answers from it (worked out again).
    const day2012 = '2012-06-01';
    const past = await retrievePassages(db, { question: '성년에 이르는 나이', limit: 10, today: day2012 });
    expect(await keptVersions()).toEqual(await generalVersions(day2012));
    expect(await wrongFlags()).toEqual([]);
    const pastCivil = past.passages.filter((p) => p.lawId === '001706');
    expect(pastCivil.length).toBeGreaterThan(0);
    expect(pastCivil.every((p) => p.lawSerialNumber === civil2009)).toBe(true);
    expect(pastCivil.find((p) => p.article === '제4조')?.text).toContain('만20세');

    // Back to today, then a version stored without being indexed yet: the rule changes, so does the copy.
    await ensureInForceToday(db, today);
    expect(await keptVersions()).toEqual(await generalVersions(today));
    await db.insert(lawStatutes).values({
      lawSerialNumber: '999001', lawId: '999999', title: '시험법', compactTitle: '시험법', kind: '법률', lawType: '법률',
      effectiveDate: '2020-01-01', promulgationDate: '2019-12-01', promulgationNumber: '1', status: '시행', articleCount: 0,
    });
    await ensureInForceToday(db, today);
    expect(await keptVersions()).toEqual(await generalVersions(today));
    expect(await keptVersions()).toContain('999001');
  });

  it('hold from the day they were worked out until the next stored 시행일자, for the versions then stored', () => {
    const state = { from: '2026-11-28', until: '2027-01-01', storedVersions: 3, stored: 3 };
    expect(holdsFor(state, '2026-11-28')).toBe(true);
    expect(holdsFor(state, '2026-12-31')).toBe(true);
    expect(holdsFor(state, '2027-01-01')).toBe(false);
    expect(holdsFor(state, '2026-11-27')).toBe(false);
    expect(holdsFor({ ...state, until: null }, '2099-01-01')).toBe(true);
    expect(holdsFor({ ...state, stored: 4 }, '2026-11-28')).toBe(false);
    expect(holdsFor({ ...state, from: null }, '2026-11-28')).toBe(false);
  });
});
