import { RecentFilterSchema, RecentFilterV2Schema, USER_PROMPT_LIMITS, UserPromptSchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/harness';
import { newWorkspace } from '../../auth/auth.test-support';
import { caller, fieldsOf, person, type Person, type Workspace } from '../../contracts/contracts.test-support';
import { indexShipped } from '../research.test-support';
import { researchUserPrompts } from './user-prompts.table';

/**
 * The caller's own research things through the routes: recent filters (read from the questions
 * they asked, their own only, collections they can no longer see left out) and saved prompts
 * (route matrix, owner-only with 404 for anyone else, the per-user limit).
 */

const PROMPTS = '/api/aistudio/user/prompts/v1';

let t: TestApp;
let ws: Workspace;
let other: Workspace;
let owner: Person;
let colleague: Person;
let reader: Person;
let stranger: Person;
let call: ReturnType<typeof caller>;
let civilCodeId: string;

const ask = (who: Person, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/aistudio/chats/query/v3', headers: who.headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { products: ['AI_STUDIO'] });
  other = await newWorkspace(t, { products: ['AI_STUDIO'] });
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김필터');
  colleague = await person(t, ws, ['GENERAL_MEMBER'], '이동료');
  reader = await person(t, ws, ['READER'], '박열람');
  stranger = await person(t, other, ['GENERAL_MEMBER'], '최타사');
  call = caller(t, () => ws);
  await indexShipped(t.services.db, [['민법'], ['근로기준법']]);
  const found = await call(owner, 'GET', `/api/aistudio/statutes/v1?keyword=${encodeURIComponent('민법')}`);
  civilCodeId = found.json().data.find((s: { title: string }) => s.title === '민법').lawId;
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('recent filters', () => {
  it('401, 403; then the caller\'s distinct filters, newest first, with titles and names (v2), never another user\'s', async () => {
    for (const path of ['/api/aistudio/chats/recent-filter/v1', '/api/aistudio/chats/recent-filter/v2']) {
      expect((await call(null, 'GET', path)).statusCode).toBe(401);
      expect((await call(reader, 'GET', path)).statusCode).toBe(403);
      expect((await call(owner, 'GET', path)).json().data).toEqual([]);
    }
    const shared = (await call(owner, 'POST', '/api/aistudio/categories/v1', { name: '공유 메모', visibility: 'WORKSPACE' })).json().data.categoryId as number;
    expect((await ask(owner, { question: '성년은 몇 살?', statuteIds: [civilCodeId, civilCodeId], asOf: '2012-06-01' })).statusCode).toBe(200);
    expect((await ask(owner, { question: '해고 예고는?' })).statusCode).toBe(200); // no filter: not a recent filter
    expect((await ask(owner, { question: '성년은 몇 살이었나?', statuteIds: [civilCodeId], asOf: '2012-06-01' })).statusCode).toBe(200);
    expect((await ask(owner, { question: '메모에 뭐라고 했지?', categoryIds: [shared] })).statusCode).toBe(200);
    expect((await ask(colleague, { question: '내 질문', asOf: '2020-01-01' })).statusCode).toBe(200);

    const v1 = z.array(RecentFilterSchema).parse((await call(owner, 'GET', '/api/aistudio/chats/recent-filter/v1')).json().data);
    expect(v1.map(({ statuteIds, categoryIds, asOf, useCount }) => ({ statuteIds, categoryIds, asOf, useCount }))).toEqual([
      { statuteIds: [], categoryIds: [shared], asOf: null, useCount: 1 },
      { statuteIds: [civilCodeId], categoryIds: [], asOf: '2012-06-01', useCount: 2 },
    ]);
    const v2 = z.array(RecentFilterV2Schema).parse((await call(owner, 'GET', '/api/aistudio/chats/recent-filter/v2')).json().data);
    expect(v2[0]!.categories).toEqual([{ categoryId: shared, name: '공유 메모' }]);
    expect(v2[1]!.statutes).toEqual([{ statuteId: civilCodeId, title: '민법' }]);

    // The colleague sees only their own; made private by its owner, the collection leaves the colleague's filter (here: the owner's stays).
    const theirs = z.array(RecentFilterSchema).parse((await call(colleague, 'GET', '/api/aistudio/chats/recent-filter/v1')).json().data);
    expect(theirs.map((f) => f.asOf)).toEqual(['2020-01-01']);
    expect((await ask(colleague, { question: '공유 메모 내용', categoryIds: [shared] })).statusCode).toBe(200);
    await call(owner, 'PUT', `/api/aistudio/categories/${shared}/v1`, { visibility: 'PRIVATE' });
    const afterPrivate = z.array(RecentFilterV2Schema).parse((await call(colleague, 'GET', '/api/aistudio/chats/recent-filter/v2')).json().data);
    expect(afterPrivate.map((f) => f.asOf)).toEqual(['2020-01-01']);
    const stranger1 = await t.app.inject({ method: 'GET', url: '/api/aistudio/chats/recent-filter/v1', headers: stranger.headers });
    expect(stranger1.json().data).toEqual([]);
  });
});

describe('user prompts', () => {
  it('401, 400 naming the fields, 403 without the permission; create, list, update; 404 for anyone else\'s (unchanged)', async () => {
    expect((await call(null, 'GET', PROMPTS)).statusCode).toBe(401);
    expect((await call(null, 'POST', PROMPTS, { title: 't', text: 'x' })).statusCode).toBe(401);
    const bad = await call(owner, 'POST', PROMPTS, { title: ' ', text: 'x'.repeat(USER_PROMPT_LIMITS.textMaxLength + 1) });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.title', 'body.text']));
    expect((await call(reader, 'POST', PROMPTS, { title: '요약', text: '다음을 요약해 줘' })).statusCode).toBe(403);
    expect((await call(reader, 'GET', PROMPTS)).statusCode).toBe(403);

    const created = await call(owner, 'POST', PROMPTS, { title: '근로 요약', text: '근로기준법 기준으로 요약해 주세요.' });
    expect(created.statusCode, created.body).toBe(200);
    const prompt = UserPromptSchema.parse(created.json().data);
    const second = UserPromptSchema.parse((await call(owner, 'POST', PROMPTS, { title: '판례 찾기', text: '관련 조문을 찾아 주세요.' })).json().data);
    const mine = z.array(UserPromptSchema).parse((await call(owner, 'GET', PROMPTS)).json().data);
    expect(mine.map((p) => p.promptId)).toEqual([second.promptId, prompt.promptId]);
    expect((await call(owner, 'GET', `${PROMPTS}?userId=${owner.userId}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `${PROMPTS}?userId=${colleague.userId}`)).statusCode).toBe(404);
    expect((await call(colleague, 'GET', PROMPTS)).json().data).toEqual([]);

    const put = `/api/aistudio/user/prompts/${prompt.promptId}/v1`;
    for (const who of [colleague, stranger]) {
      const res = await t.app.inject({ method: 'PUT', url: put, headers: who.headers, payload: { title: '탈취', text: '탈취' } });
      expect(res.statusCode).toBe(404);
    }
    const [unchanged] = await t.services.db.select().from(researchUserPrompts).where(eq(researchUserPrompts.id, prompt.promptId));
    expect(unchanged!.title).toBe('근로 요약');
    const badPut = await call(owner, 'PUT', '/api/aistudio/user/prompts/abc/v1', { title: 'x', text: 'y' });
    expect(badPut.statusCode).toBe(400);
    expect(fieldsOf(badPut)).toEqual(['params.promptId']);
    const updated = await call(owner, 'PUT', put, { title: '근로 요약 v2', text: '요약: 근로시간, 임금, 해고.' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ promptId: prompt.promptId, title: '근로 요약 v2' });
    expect((await call(owner, 'GET', PROMPTS)).json().data[0].promptId).toBe(prompt.promptId);
  });

  it('409 past the per-user limit, nothing written', async () => {
    const values = Array.from({ length: USER_PROMPT_LIMITS.promptsPerUser }, (_, i) => ({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, userId: colleague.userId, title: `p${i}`, text: 't' }));
    await t.services.db.insert(researchUserPrompts).values(values);
    const res = await call(colleague, 'POST', PROMPTS, { title: 'one more', text: 't' });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.reason).toBe('TOO_MANY_PROMPTS');
    expect(await t.services.db.select().from(researchUserPrompts).where(eq(researchUserPrompts.userId, colleague.userId))).toHaveLength(USER_PROMPT_LIMITS.promptsPerUser);
  });
});
