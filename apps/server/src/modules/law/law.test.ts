import { StatuteSummarySchema, StatuteVersionSchema } from '@legal/api';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../auth/auth.test-support';
import { importCorpus } from './law.import';
import { importStatute } from './law.service';
import { findArticle, resolveLegalBasis } from './index';
import { findStatuteEntry, lawIndex } from './law.data';
import { lawArticles, lawStatutes } from './law.table';

let t: TestApp;
let headers: Record<string, string>;
let noProductHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  const ws = await newWorkspace(t);
  const user = await newUser(t, { workspace: ws, roles: ['READER'] });
  headers = workspaceHeaders(ws, await signIn(t, user.loginId));
  const bare = await newWorkspace(t, { products: [] });
  const other = await newUser(t, { workspace: bare, roles: ['GENERAL_MEMBER'] });
  noProductHeaders = workspaceHeaders(bare, await signIn(t, other.loginId));
});
afterAll(() => t.close());

const get = (url: string, h: Record<string, string> | undefined = headers) => t.app.inject({ method: 'GET', url, headers: h });

describe('statutes: loading and legal bases', () => {
  it('imports a statute on first use, once (idempotent by 법령MST, concurrent first uses included)', async () => {
    const [a, b] = await Promise.all([findArticle(t.services.db, '하도급법', '제13조'), findArticle(t.services.db, '하도급거래 공정화에 관한 법률', '13')]);
    expect(a?.article).toMatchObject({ article: '제13조', title: '하도급대금의 지급 등', isDeleted: false });
    expect(b?.article.text).toBe(a?.article.text);
    const stored = await t.services.db.select({ n: count() }).from(lawStatutes).where(eq(lawStatutes.lawSerialNumber, '283169'));
    expect(stored[0]!.n).toBe(1);
    const [articles] = await t.services.db.select({ n: count() }).from(lawArticles).where(eq(lawArticles.lawSerialNumber, '283169'));
    expect(await importStatute(t.services.db, findStatuteEntry('하도급법')!)).toBe(false);
    const [again] = await t.services.db.select({ n: count() }).from(lawArticles).where(eq(lawArticles.lawSerialNumber, '283169'));
    expect(again!.n).toBe(articles!.n);
  });

  it('imports the shipped statutes in bulk (the start-up job), then skips what is stored', async () => {
    const entries = lawIndex().entries.filter((e) => ['신원보증법', '공증인법'].includes(e.folder));
    expect(entries.map((e) => e.kind)).toEqual(['법률', '시행령', '법률']);
    expect(await importCorpus(t.services.db, { entries })).toEqual({ imported: 3, skipped: 0, failed: [] });
    expect(await importCorpus(t.services.db, { entries })).toEqual({ imported: 0, skipped: 3, failed: [] });
    const [row] = await t.services.db.select().from(lawStatutes).where(eq(lawStatutes.lawSerialNumber, entries[0]!.lawSerialNumber));
    expect(row).toMatchObject({ title: entries[0]!.title, kind: entries[0]!.kind, effectiveDate: entries[0]!.effectiveDate });
    expect(row!.articleCount).toBeGreaterThan(0);
    const aborted = new AbortController();
    aborted.abort();
    expect((await importCorpus(t.services.db, { signal: aborted.signal })).imported).toBe(0);
  });

  it('resolves only references to existing, not deleted articles and paragraphs', async () => {
    const bases = await resolveLegalBasis(t.services.db, [
      { lawName: '하도급법', article: '제13조', paragraph: 1 },
      { lawName: '민법', article: '제393조' },
      { lawName: '민법', article: '제9999조' },
      { lawName: '하도급법', article: '제13조', paragraph: 40 },
      { lawName: '없는법', article: '제1조' },
      { lawName: '국가를 당사자로 하는 계약에 관한 법률 시행령', article: '제76조의5' },
      { lawName: '약관규제법', article: '제6조', paragraph: 2 },
    ]);
    expect(bases.map((b) => [b.lawName, b.article, b.paragraph])).toEqual([
      ['하도급거래 공정화에 관한 법률', '제13조', 1],
      ['민법', '제393조', null],
      ['약관의 규제에 관한 법률', '제6조', 2],
    ]);
    expect(bases[0]).toMatchObject({ articleTitle: '하도급대금의 지급 등', effectiveDate: '2026-08-11', lawSerialNumber: '283169' });
    // A named paragraph gives that paragraph's text with its items, not the whole article.
    expect(bases[0]!.text).toMatch(/^원사업자가 수급사업자에게 제조등의 위탁을 하는 경우에는/);
    expect(bases[0]!.text).toMatch(/\n1\. /);
    expect(bases[0]!.text).not.toContain('②');
    expect(bases[1]).toMatchObject({ articleTitle: '손해배상의 범위' });
    expect(bases[1]!.text).toContain('통상의 손해를 그 한도로 한다');
    expect(bases[2]!.text).toMatch(/^약관의 내용 중 다음 각 호의 어느 하나에 해당하는 내용을 정하고 있는 조항은 공정성을 잃은 것으로 추정된다.\n1. 고객에게 부당하게 불리한 조항/);
  });
});

describe('GET /api/aistudio/statutes/v1', () => {
  it('answers 401 without a session, 400 naming keyword, and matches titles and short names', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/aistudio/statutes/v1?keyword=민법' })).statusCode).toBe(401);
    const bad = await get('/api/aistudio/statutes/v1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.map((f: { field: string }) => f.field)).toContain('query.keyword');
    const res = await get(`/api/aistudio/statutes/v1?keyword=${encodeURIComponent('하도급법')}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = StatuteSummarySchema.array().parse(res.json().data);
    expect(list.map((s) => [s.title, s.kind, s.lawSerialNumber, s.effectiveDate])).toEqual([
      ['하도급거래 공정화에 관한 법률', '법률', '283169', '2026-08-11'],
      ['하도급거래 공정화에 관한 법률 시행령', '시행령', expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
    ]);
    const spaced = await get(`/api/aistudio/statutes/v1?keyword=${encodeURIComponent('상가건물 임대차')}`);
    expect(spaced.json().data.map((s: { title: string }) => s.title)).toContain('상가건물 임대차보호법');
    expect((await get(`/api/aistudio/statutes/v1?keyword=${encodeURIComponent('존재하지않는법')}`)).json().data).toEqual([]);
  });

  it('is open to every member, whatever the workspace products (public law)', async () => {
    const res = await get(`/api/aistudio/statutes/v1?keyword=${encodeURIComponent('민법')}`, noProductHeaders);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].title).toBe('민법');
  });
});

describe('GET /api/aistudio/statutes/histories/details/v1', () => {
  const url = (q: string) => `/api/aistudio/statutes/histories/details/v1?${q}`;

  it('answers 401, 400 naming the field, 404 for an unknown version or article', async () => {
    expect((await t.app.inject({ method: 'GET', url: url('lawSerialNumber=283169') })).statusCode).toBe(401);
    const bad = await get(url('lawSerialNumber=abc'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.map((f: { field: string }) => f.field)).toContain('query.lawSerialNumber');
    expect((await get(url('lawSerialNumber=1'))).statusCode).toBe(404);
    expect((await get(url(`lawSerialNumber=283169&article=${encodeURIComponent('제999조')}`))).statusCode).toBe(404);
    expect((await get(url(`lawSerialNumber=283169&article=${encodeURIComponent('제13항')}`))).statusCode).toBe(404);
  });

  it("answers a version's articles, or one", async () => {
    const all = StatuteVersionSchema.parse((await get(url('lawSerialNumber=283169'))).json().data);
    expect(all.statute).toMatchObject({ title: '하도급거래 공정화에 관한 법률', lawId: '001590', promulgationNumber: '21340' });
    expect(all.articles[0]).toMatchObject({ article: '제1조', title: '목적' });
    expect(all.articles.map((a) => a.article)).toContain('제13조의2');
    const one = await get(url(`lawSerialNumber=283169&article=${encodeURIComponent('제3조의4')}`));
    expect(one.statusCode, one.body).toBe(200);
    const version = StatuteVersionSchema.parse(one.json().data);
    expect(version.articles).toHaveLength(1);
    expect(version.articles[0]).toMatchObject({ article: '제3조의4', number: 3, branch: 4, title: '부당한 특약의 금지', isDeleted: false });
    expect(version.articles[0]!.paragraphs[0]!.number).toBe(1);
    const short = StatuteVersionSchema.parse((await get(url('lawSerialNumber=283169&article=3-4'))).json().data);
    expect(short.articles[0]!.article).toBe('제3조의4');
  });
});
