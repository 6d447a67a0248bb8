import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  ClauseHistorySchema, LegalHierarchySchema, StatuteHistoryV2Schema, StatuteImportStatusSchema, StatuteSummarySchema, StatuteVersionSchema,
  StatuteVersionSummarySchema,
} from '@legal/api';
import { count, eq, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../auth/auth.test-support';
import { articleInVersion, findArticle, findVersionInForce, listStoredVersions } from './index';
import { shippedCatalogue } from './law.data';
import { corpusEntries, corpusVersion, importCorpus } from './law.import';
import { lawArticles, lawStatutes } from './law.table';

// Statute versions and history through HTTP. Each test loads only the statutes it asks about (the
// lazy path): 민법's 37 versions, 하도급법's family, 전자서명법's history for the import.

const CIVIL_CODE = '001706';
const SUBCONTRACT_ACT = '001590';
const PRIVACY_ACT = '011357';

let t: TestApp;
let headers: Record<string, string>;
let operatorDir: string;

/** An operator folder (history layout) with a statute the product does not ship, two versions, and one broken file. */
function writeOperatorFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'law-data-operator-'));
  const statute = (mst: string, effectiveDate: string, age: string) =>
    [
      '---', '제목: 시험 계약법', `법령MST: ${mst}`, "법령ID: '900001'", '법령구분: 법률', '소관부처:', '- 법무부', `공포일자: ${effectiveDate}`,
      "공포번호: '1'", `시행일자: ${effectiveDate}`, '상태: 시행', '---', '', '# 시험 계약법', '', '## 제1장 총칙', '', '##### 제1조 (목적)', '',
      '이 법은 시험을 목적으로 한다.', '', '##### 제2조 (성년)', '', `사람은 ${age}세로 성년에 이르게 된다. <개정 ${effectiveDate.replace(/-0?/g, '.')}>`, '',
    ].join('\n');
  fs.mkdirSync(path.join(dir, '시험계약법', '법률'), { recursive: true });
  fs.writeFileSync(path.join(dir, '시험계약법', '법률', '2020-01-01_900011.md'), statute('900011', '2020-01-01', '20'));
  // Listed as .md, stored gzipped: the reader finds the twin.
  fs.writeFileSync(path.join(dir, '시험계약법', '법률', '2024-01-01_900012.md.gz'), gzipSync(statute('900012', '2024-01-01', '19')));
  // Its front matter names another 법령MST than the manifest row: refused, the others still go in.
  fs.writeFileSync(path.join(dir, '시험계약법', '법률', '2025-01-01_900013.md'), statute('900099', '2025-01-01', '18'));
  const shippedCivil = shippedCatalogue().find((e) => e.lawSerialNumber === '284415')!;
  const row = (file: string, subject: string, mst: string, date: string) =>
    `시험계약법,법률,${file},x,x,${date},"법률: 시험 계약법 (${subject})",1,시험 계약법,900001,${mst},법률,법무부,${date},1,${date},시행`;
  fs.writeFileSync(
    path.join(dir, 'MANIFEST.csv'),
    [
      '법령명,kind,file,source_path,commit,commit_date,commit_subject,bytes,제목,법령ID,법령MST,법령구분,소관부처,공포일자,공포번호,시행일자,상태',
      row('법률/2020-01-01_900011.md', '제정', '900011', '2020-01-01'),
      row('법률/2024-01-01_900012.md', '일부개정', '900012', '2024-01-01'),
      row('법률/2025-01-01_900013.md', '일부개정', '900013', '2025-01-01'),
      // A version the product ships already: stored once.
      `민법,법률,${path.relative(path.join(dir, '민법'), path.join(shippedCivil.root, shippedCivil.folder, shippedCivil.file))},x,x,2026-03-17,x,1,민법,001706,284415,법률,법무부,2026-03-17,21454,2026-03-17,시행`,
    ].join('\n'),
  );
  return dir;
}

beforeAll(async () => {
  operatorDir = writeOperatorFolder();
  t = await createTestApp({ startJobs: false, env: { LAW_DATA_DIR: operatorDir } });
  const ws = await newWorkspace(t, { products: [] });
  const user = await newUser(t, { workspace: ws, roles: ['GENERAL_MEMBER'] });
  headers = workspaceHeaders(ws, await signIn(t, user.loginId));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(operatorDir, { recursive: true, force: true });
});

const get = (url: string, h: Record<string, string> | undefined = headers) => t.app.inject({ method: 'GET', url, headers: h });
const ok = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const enc = encodeURIComponent;

describe('GET /api/aistudio/statutes/:statuteId/histories/v1 and v2', () => {
  it('answers 401, 400 naming statuteId, 404 for an unknown statute', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/aistudio/statutes/${CIVIL_CODE}/histories/v1` })).statusCode).toBe(401);
    const bad = await get('/api/aistudio/statutes/abc/histories/v1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.map((f: { field: string }) => f.field)).toContain('params.statuteId');
    expect((await get('/api/aistudio/statutes/999999/histories/v1')).statusCode).toBe(404);
    expect((await get('/api/aistudio/statutes/999999/histories/v2')).statusCode).toBe(404);
  });

  it("lists 민법's 37 versions newest first, each in force until the day before the next", async () => {
    const versions = StatuteVersionSummarySchema.array().parse(await ok(`/api/aistudio/statutes/${CIVIL_CODE}/histories/v1`));
    expect(versions).toHaveLength(37);
    expect(versions[0]).toMatchObject({ lawSerialNumber: '284415', effectiveDate: '2026-03-17', inForceUntil: null, ministries: ['법무부'], kind: '법률' });
    expect(versions.at(-1)).toMatchObject({ lawSerialNumber: '58431', effectiveDate: '1960-01-01', amendmentKind: '제정', inForceUntil: '1962-12-31' });
    const y2009 = versions.find((v) => v.lawSerialNumber === '93194')!;
    expect(y2009).toMatchObject({ effectiveDate: '2009-08-09', inForceUntil: '2013-06-30', amendmentKind: '일부개정' });
    // Four amendments took effect on 2013-07-01: the last promulgated is the one in force.
    const sameDay = versions.filter((v) => v.effectiveDate === '2013-07-01').map((v) => v.lawSerialNumber);
    expect(sameDay).toEqual(['138748', '122983', '113180', '110914']);
    expect(versions.find((v) => v.lawSerialNumber === '138748')!.inForceUntil).toBe('2014-12-29');
    // The current and history sets share the newest version: stored once.
    const [stored] = await t.services.db.select({ n: count() }).from(lawStatutes).where(eq(lawStatutes.lawId, CIVIL_CODE));
    expect(stored!.n).toBe(37);
  });

  it('v2 names the articles each version changed against the one before', async () => {
    const history = StatuteHistoryV2Schema.parse(await ok(`/api/aistudio/statutes/${CIVIL_CODE}/histories/v2`));
    expect(history).toMatchObject({ statuteId: CIVIL_CODE, title: '민법', kind: '법률' });
    const of = (mst: string) => history.versions.find((v) => v.lawSerialNumber === mst)!.changedArticles;
    expect(of('110914')).toContain('제4조'); // the age of majority: 20 → 19
    expect(of('110914')).not.toContain('제1조');
    expect(of('113180')).not.toContain('제4조');
    expect(of('58431').length).toBeGreaterThan(1000); // the first version adds every article
    // In article order (as numbers: 제2조 before 제10조).
    expect(of('58431').slice(0, 3)).toEqual(['제1조', '제2조', '제3조']);
    expect(of('58431').indexOf('제10조')).toBe(9);
  });
});

describe('GET /api/aistudio/statutes/histories/details/v1 by statute and date', () => {
  const url = (q: string) => `/api/aistudio/statutes/histories/details/v1?${q}`;

  it('"2012년 당시 민법상 성년": the version in force on 2012-06-01 says 20세; from 2013-07-01 it says 19세', async () => {
    const in2012 = StatuteVersionSchema.parse(await ok(url(`statuteId=${CIVIL_CODE}&effectiveDate=2012-06-01&article=${enc('제4조')}`)));
    expect(in2012.statute).toMatchObject({ lawSerialNumber: '93194', effectiveDate: '2009-08-09' });
    expect(in2012.articles[0]).toMatchObject({ article: '제4조', title: '성년기', text: '만20세로 성년이 된다.' });
    const in2010 = StatuteVersionSchema.parse(await ok(url(`statuteId=${CIVIL_CODE}&effectiveDate=2010-01-01&article=4`)));
    expect(in2010.articles[0]!.text).toBe('만20세로 성년이 된다.');
    const in2014 = StatuteVersionSchema.parse(await ok(url(`statuteId=${CIVIL_CODE}&effectiveDate=2014-01-01&article=4`)));
    expect(in2014.statute.lawSerialNumber).toBe('138748');
    expect(in2014.articles[0]).toMatchObject({ title: '성년', text: '사람은 19세로 성년에 이르게 된다.', heading: '제1편 총칙 > 제2장 인 > 제1절 능력' });
    // The same through the exports the research module reads.
    expect((await findVersionInForce(t.services.db, CIVIL_CODE, '2013-06-30'))!.lawSerialNumber).toBe('93194');
    expect((await findVersionInForce(t.services.db, CIVIL_CODE, '2013-07-01'))!.lawSerialNumber).toBe('138748');
    expect(await findVersionInForce(t.services.db, CIVIL_CODE, '1959-12-31')).toBeNull();
    expect((await articleInVersion(t.services.db, '93194', '제4조'))!.text).toBe('만20세로 성년이 된다.');
    expect(await articleInVersion(t.services.db, '93194', '제9999조')).toBeNull();
    const stored = await listStoredVersions(t.services.db);
    expect(stored.find((v) => v.lawSerialNumber === '93194')!.inForceUntil).toBe('2013-06-30');
    // AI review still reads the newest version.
    expect((await findArticle(t.services.db, '민법', '제4조'))!.statute.lawSerialNumber).toBe('284415');
  });

  it('answers 400 without lawSerialNumber or statuteId, 404 before the oldest version or for an unknown article', async () => {
    const bad = await get(url('effectiveDate=2012-06-01'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.map((f: { field: string }) => f.field)).toContain('query.lawSerialNumber');
    expect((await get(url(`statuteId=${CIVIL_CODE}&effectiveDate=2012-13-45`))).statusCode).toBe(400);
    expect((await get(url(`statuteId=${CIVIL_CODE}&effectiveDate=1950-01-01`))).statusCode).toBe(404);
    expect((await get(url(`statuteId=${CIVIL_CODE}&effectiveDate=2012-06-01&article=${enc('제9999조')}`))).statusCode).toBe(404);
    expect((await get(url('statuteId=999999&effectiveDate=2012-06-01'))).statusCode).toBe(404);
  });

  it('answers an old version by its 법령MST, amendment notes apart from the text', async () => {
    const version = StatuteVersionSchema.parse(await ok(url('lawSerialNumber=93194')));
    expect(version.statute.effectiveDate).toBe('2009-08-09');
    expect(version.articles.length).toBeGreaterThan(1000);
    expect(version.articles.filter((a) => /<개정 \d{4}\./u.test(a.text))).toEqual([]);
    expect(version.articles.some((a) => a.amendmentNotes.some((n) => n.startsWith('<개정')))).toBe(true);
  });
});

describe('GET /api/aistudio/statutes/:statuteId/clauses/:clauseKey/histories/v1', () => {
  const url = (key: string, q = '') => `/api/aistudio/statutes/${CIVIL_CODE}/clauses/${enc(key)}/histories/v1${q}`;

  it('lists the versions where 민법 제4조 changed, with a word diff between two', async () => {
    const history = ClauseHistorySchema.parse(await ok(url('제4조', '?from=93194&to=110914')));
    expect(history).toMatchObject({ statuteId: CIVIL_CODE, title: '민법', article: '제4조' });
    expect(history.revisions.map((r) => [r.version.lawSerialNumber, r.articleTitle, r.text])).toEqual([
      ['110914', '성년', '사람은 19세로 성년에 이르게 된다.'],
      ['58431', '성년기', '만20세로 성년이 된다.'],
    ]);
    const diff = history.diff!;
    expect(diff).toMatchObject({ from: '93194', to: '110914' });
    const side = (keep: string) => diff.segments.filter((s) => s.op === 'EQUAL' || s.op === keep).map((s) => s.text).join('');
    expect(side('DELETE')).toBe('만20세로 성년이 된다.');
    expect(side('INSERT')).toBe('사람은 19세로 성년에 이르게 된다.');
    expect(diff.segments.find((s) => s.op === 'DELETE' && s.text.includes('20'))).toBeDefined();
    // Without `from` no diff; `to` defaults to the newest.
    expect(ClauseHistorySchema.parse(await ok(url('4'))).diff).toBeNull();
    const toNewest = ClauseHistorySchema.parse(await ok(url('4', '?from=58431'))).diff!;
    expect(toNewest.to).toBe('284415');
  });

  it('answers 404 for an article no version has, 400 for a malformed key or a version of another statute', async () => {
    expect((await get(url('제9999조'))).statusCode).toBe(404);
    const badKey = await get(url('넷째조'));
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().data.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['params.clauseKey']);
    const foreign = await get(url('제4조', '?from=283169'));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['query.from']);
    expect((await get(url('제4조', '?to=abc'))).statusCode).toBe(400);
  });
});

describe('GET /api/aistudio/statutes/:statuteId/legal-hierarchies/v1', () => {
  it("links 하도급법's decree articles to the Act articles they implement, each to an existing article", async () => {
    const hierarchy = LegalHierarchySchema.parse(await ok(`/api/aistudio/statutes/${SUBCONTRACT_ACT}/legal-hierarchies/v1`));
    expect(hierarchy.act).toMatchObject({ lawSerialNumber: '283169', kind: '법률' });
    expect(hierarchy.decree).toMatchObject({ lawSerialNumber: '278133', kind: '시행령' });
    expect(hierarchy.rule).toBeNull();
    expect(hierarchy.links).toContainEqual({
      from: { lawSerialNumber: '278133', kind: '시행령', article: '제7조', articleTitle: '부당한 하도급대금 결정 금지' },
      to: { lawSerialNumber: '283169', kind: '법률', article: '제4조', paragraph: 2 },
    });
    const actArticles = new Set((await t.services.db.select({ key: lawArticles.articleKey }).from(lawArticles).where(eq(lawArticles.lawSerialNumber, '283169'))).map((r) => r.key));
    for (const link of hierarchy.links) expect(actArticles.has(link.to.article), link.to.article).toBe(true);
    // From the decree's own id the same family answers.
    const fromDecree = LegalHierarchySchema.parse(await ok('/api/aistudio/statutes/005367/legal-hierarchies/v1'));
    expect(fromDecree.links).toEqual(hierarchy.links);
    expect((await get('/api/aistudio/statutes/999999/legal-hierarchies/v1')).statusCode).toBe(404);
  });
});

describe('GET /api/aistudio/statutes/v1 with inForceOn', () => {
  it('answers the version in force then and leaves out a statute with none (개인정보 보호법, enacted 2011)', async () => {
    const url = (date: string) => `/api/aistudio/statutes/v1?keyword=${enc('개인정보 보호법')}&inForceOn=${date}`;
    const before = StatuteSummarySchema.array().parse(await ok(url('2010-01-01')));
    expect(before).toEqual([]);
    const after = StatuteSummarySchema.array().parse(await ok(url('2012-01-01')));
    expect(after.map((s) => [s.lawId, s.lawSerialNumber, s.effectiveDate])).toEqual([[PRIVACY_ACT, '111327', '2011-09-30']]);
    const newest = StatuteSummarySchema.array().parse(await ok(`/api/aistudio/statutes/v1?keyword=${enc('개인정보 보호법')}`));
    expect(newest.map((s) => [s.lawSerialNumber, s.kind])).toEqual([['283839', '법률'], ['286175', '시행령']]);
    // The 근로기준법 repealed in 1997 (법령ID 001769) is not offered as in force after its repeal.
    const labour = StatuteSummarySchema.array().parse(await ok(`/api/aistudio/statutes/v1?keyword=${enc('근로기준법')}&inForceOn=1990-01-01`));
    expect(labour.map((s) => s.lawId)).toEqual(['001769']);
    const labourNow = StatuteSummarySchema.array().parse(await ok(`/api/aistudio/statutes/v1?keyword=${enc('근로기준법')}`));
    expect(labourNow.map((s) => s.lawId)).not.toContain('001769');
    expect((await get(`/api/aistudio/statutes/v1?keyword=x&inForceOn=2012-02-30`)).statusCode).toBe(400);
  });
});

describe('the corpus import', () => {
  it('is idempotent: a second run over 전자서명법 history writes nothing', async () => {
    const entries = shippedCatalogue().filter((e) => e.folder === '전자서명법' && e.kind === '법률');
    expect(entries.length).toBeGreaterThanOrEqual(17);
    const first = await importCorpus(t.services.db, { entries });
    expect(first.failed).toEqual([]);
    expect(first.imported + first.skipped).toBe(entries.length);
    const msts = entries.map((e) => e.lawSerialNumber);
    const snapshot = async () => {
      const [statutes] = await t.services.db.select({ n: count(), last: max(lawStatutes.importedAt) }).from(lawStatutes).where(inArray(lawStatutes.lawSerialNumber, msts));
      const [articles] = await t.services.db.select({ n: count() }).from(lawArticles).where(inArray(lawArticles.lawSerialNumber, msts));
      return { statutes: statutes!.n, last: statutes!.last, articles: articles!.n };
    };
    const before = await snapshot();
    expect(before.statutes).toBe(entries.length);
    expect(await importCorpus(t.services.db, { entries })).toEqual({ imported: 0, skipped: entries.length, failed: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('imports an operator folder (LAW_DATA_DIR): a new statute with its versions, a broken file reported, a shipped version stored once', async () => {
    const all = corpusEntries(operatorDir);
    const operator = all.filter((e) => e.root === operatorDir);
    expect(operator.map((e) => e.lawSerialNumber)).toEqual(['900011', '900012', '900013']);
    expect(all.filter((e) => e.lawSerialNumber === '284415')).toHaveLength(1);
    expect(all).toHaveLength(shippedCatalogue().length + 3);
    // The start-up job runs once per data set: an operator folder makes a new one.
    expect(corpusVersion(operatorDir)).not.toBe(corpusVersion());
    expect(corpusVersion()).toBe(corpusVersion());

    const result = await importCorpus(t.services.db, { entries: operator });
    expect(result.imported).toBe(2);
    expect(result.failed).toEqual([{ file: '시험계약법/법률/2025-01-01_900013.md', error: expect.stringContaining('900099') }]);

    const versions = StatuteVersionSummarySchema.array().parse(await ok('/api/aistudio/statutes/900001/histories/v1'));
    expect(versions.map((v) => [v.lawSerialNumber, v.amendmentKind, v.inForceUntil])).toEqual([['900012', '일부개정', null], ['900011', '제정', '2023-12-31']]);
    const in2021 = StatuteVersionSchema.parse(await ok(`/api/aistudio/statutes/histories/details/v1?statuteId=900001&effectiveDate=2021-05-01&article=2`));
    expect(in2021.articles[0]).toMatchObject({ text: '사람은 20세로 성년에 이르게 된다.', amendmentNotes: ['<개정 2020.1.1>'], heading: '제1장 총칙' });
    const search = StatuteSummarySchema.array().parse(await ok(`/api/aistudio/statutes/v1?keyword=${enc('시험 계약')}`));
    expect(search.map((s) => s.lawSerialNumber)).toEqual(['900012']);

    const status = StatuteImportStatusSchema.parse(await ok('/api/aistudio/statutes/import-status/v1'));
    expect(status).toMatchObject({ state: 'FAILED', totalFiles: all.length, error: expect.stringContaining('2025-01-01_900013.md') });
    const [stored] = await t.services.db.select({ n: count() }).from(lawStatutes);
    expect(status.versions).toBe(stored!.n);
    expect(status.importedFiles).toBe(stored!.n); // every stored version is one of the corpus's files
    expect(status.importedFiles).toBeLessThan(status.totalFiles);
    expect(status.articles).toBeGreaterThan(0);
    expect(status.startedAt! <= status.finishedAt!).toBe(true);
  });

  it('answers the import status to any member, 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/aistudio/statutes/import-status/v1' })).statusCode).toBe(401);
  });
});
