import { ResearchModelsSchema, SuperAdminChatMessageV2Schema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { createTestApp, type TestApp } from '../../../test/harness';
import { lastAudit, superAdminCookie } from '../../admin/workspace/workspace.test-support';
import { newWorkspace } from '../../auth/auth.test-support';
import { caller, fieldsOf, person, type Person, type Workspace } from '../../contracts/contracts.test-support';
import { koreanToday } from '../research.policy';
import { indexShipped } from '../research.test-support';
import { researchWorkspaceSettings } from './research-settings.table';

/**
 * Research settings and the super-admin side of research through the routes: the route matrix
 * (401 anonymous, 403 for a workspace member, 400 naming the field, 404 for a workspace that does
 * not exist or another tenant's id), the audited chat reads, and the settings members then read.
 */

const SA = '/api/aistudio/super-admin';

let t: TestApp;
let ws: Workspace;
let other: Workspace;
let member: Person;
let reader: Person;
let stranger: Person;
let superHeaders: Record<string, string>;
let superUserId: number;
let call: ReturnType<typeof caller>;
const today = koreanToday();
const target = (w: Workspace) => `tenantId=${w.tenantId}&workspaceId=${w.workspaceId}`;
const sa = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = superHeaders) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { products: ['AI_STUDIO'] });
  other = await newWorkspace(t, { products: ['AI_STUDIO'] });
  member = await person(t, ws, ['GENERAL_MEMBER'], '김질문');
  reader = await person(t, ws, ['READER'], '박열람');
  stranger = await person(t, other, ['GENERAL_MEMBER'], '최타사');
  const admin = await superAdminCookie(t);
  superHeaders = { cookie: admin.cookie };
  superUserId = admin.userId;
  call = caller(t, () => ws);
  await indexShipped(t.services.db, [['민법'], ['근로기준법']]);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('super admin: a workspace\'s chats and messages', () => {
  it('401, 403 for a member, 400 naming the fields, 404 for a workspace of another tenant; every read is audited in the workspace', async () => {
    const asked = await t.app.inject({ method: 'POST', url: '/api/aistudio/chats/query/v3', headers: member.headers, payload: { question: '근로자를 해고하려면 며칠 전에 예고해야 하나요?', asOf: '2025-01-01' } });
    expect(asked.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/aistudio/chats/query/v3', headers: stranger.headers, payload: { question: '타사 질문: 성년은 몇 살?' } });
    const range = `dateStart=${today}&dateEnd=${today}`;
    for (const path of ['chats/list/v1', 'chats/messages/v1', 'chats/messages/v2']) {
      const url = `${SA}/${path}?${target(ws)}&${range}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode, url).toBe(403);
      const bad = await sa('GET', `${SA}/${path}?${target(ws)}&dateStart=${today}&dateEnd=2000-01-01`);
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual(['query.dateEnd']);
      expect((await sa('GET', `${SA}/${path}?tenantId=${other.tenantId}&workspaceId=${ws.workspaceId}&${range}`)).statusCode).toBe(404);
    }
    const before = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'research.chats_read_by_super_admin'), eq(auditEvents.workspaceId, ws.workspaceId)));
    expect(before).toHaveLength(0);

    const chats = await sa('GET', `${SA}/chats/list/v1?${target(ws)}&${range}`);
    expect(chats.statusCode, chats.body).toBe(200);
    expect(chats.json().data.content).toHaveLength(1);
    expect(chats.json().data.content[0]).toMatchObject({ user: { userId: member.userId, name: '김질문' }, messageCount: 2 });
    const v1 = (await sa('GET', `${SA}/chats/messages/v1?${target(ws)}&${range}`)).json().data;
    expect(v1.content.map((m: { role: string }) => m.role)).toEqual(['ASSISTANT', 'USER']);
    expect(v1.content[1].text).toBe('근로자를 해고하려면 며칠 전에 예고해야 하나요?');
    expect(v1.content.some((m: { text: string }) => m.text.includes('타사'))).toBe(false);
    const v2 = await sa('GET', `${SA}/chats/messages/v2?${target(ws)}&${range}&size=1&page=1`);
    const question = SuperAdminChatMessageV2Schema.parse(v2.json().data.content[0]);
    expect(question.filter).toEqual({ statuteIds: [], categoryIds: [], asOf: '2025-01-01' });
    expect(v2.json().data.totalElements).toBe(2);

    const audit = await lastAudit(t, ws, 'research.chats_read_by_super_admin');
    expect(audit).toMatchObject({ actorUserId: superUserId, data: { surface: 'messages.v2', dateStart: today, dateEnd: today, page: 1, rows: 1 } });
    const all = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'research.chats_read_by_super_admin'), eq(auditEvents.workspaceId, ws.workspaceId)));
    expect(all).toHaveLength(3);
  });

  it('messages of one chat (chatKey): only that chat\'s, 404 for another workspace\'s chat, 400 for a malformed key; the chat is in the audit entry', async () => {
    const range = `dateStart=${today}&dateEnd=${today}`;
    const second = await t.app.inject({ method: 'POST', url: '/api/aistudio/chats/query/v3', headers: member.headers, payload: { question: '성년은 몇 살부터인가요?' } });
    expect(second.statusCode).toBe(200);
    const chats = (await sa('GET', `${SA}/chats/list/v1?${target(ws)}&${range}`)).json().data.content as Array<{ chatKey: string; title: string }>;
    expect(chats.length).toBeGreaterThanOrEqual(2);
    const adult = chats.find((c) => c.title.includes('성년'))!;
    const theirs = (await sa('GET', `${SA}/chats/list/v1?${target(other)}&${range}`)).json().data.content as Array<{ chatKey: string }>;
    expect(theirs).toHaveLength(1);

    for (const path of ['chats/messages/v1', 'chats/messages/v2']) {
      const one = await sa('GET', `${SA}/${path}?${target(ws)}&${range}&chatKey=${adult.chatKey}`);
      expect(one.statusCode, one.body).toBe(200);
      const messages = one.json().data.content as Array<{ chatKey: string; role: string; text: string }>;
      expect(messages.map((m) => m.role)).toEqual(['ASSISTANT', 'USER']);
      expect(messages.every((m) => m.chatKey === adult.chatKey)).toBe(true);
      expect(messages[1]!.text).toBe('성년은 몇 살부터인가요?');
      expect(one.json().data.totalElements).toBe(2);
      // Another workspace's chat is not found through this workspace, and reads nothing.
      expect((await sa('GET', `${SA}/${path}?${target(ws)}&${range}&chatKey=${theirs[0]!.chatKey}`)).statusCode).toBe(404);
      const bad = await sa('GET', `${SA}/${path}?${target(ws)}&${range}&chatKey=${encodeURIComponent('no good!')}`);
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual(['query.chatKey']);
    }
    expect(await lastAudit(t, ws, 'research.chats_read_by_super_admin')).toMatchObject({ data: { surface: 'messages.v2', chatKey: adult.chatKey, rows: 2 } });
  });
});

describe('super admin: sample questions and tags; members read them', () => {
  it('matrix, then the workspace\'s own questions and tags replace the shipped ones for its members only', async () => {
    const SAMPLES = `${SA}/sample-questions/v1`;
    const TAGS = `${SA}/tags/by-workspace/v1`;
    expect((await t.app.inject({ method: 'POST', url: SAMPLES, payload: { tenantId: ws.tenantId, workspaceId: ws.workspaceId, ko: [], en: [] } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: TAGS, headers: member.headers, payload: { tenantId: ws.tenantId, workspaceId: ws.workspaceId, tags: ['노동'] } })).statusCode).toBe(403);
    const bad = await sa('PUT', TAGS, { tenantId: ws.tenantId, workspaceId: ws.workspaceId, tags: ['노동', '노동', ''] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.tags']));
    const missing = await sa('PUT', TAGS, { tenantId: other.tenantId, workspaceId: ws.workspaceId, tags: ['노동'] });
    expect(missing.statusCode).toBe(404);
    expect(await t.services.db.select().from(researchWorkspaceSettings)).toHaveLength(0);

    const shipped = (await sa('GET', `${SAMPLES}?${target(ws)}`)).json().data;
    expect(shipped.isDefault).toBe(true);
    const memberShipped = (await call(member, 'GET', '/api/aistudio/sample-questions/v1')).json().data;
    expect(memberShipped).toEqual(shipped.ko);

    const saved = await sa('POST', SAMPLES, { tenantId: ws.tenantId, workspaceId: ws.workspaceId, ko: ['우리 회사 취업규칙의 근거 조문은?'], en: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ ko: ['우리 회사 취업규칙의 근거 조문은?'], isDefault: false });
    expect((await call(member, 'GET', '/api/aistudio/sample-questions/v1')).json().data).toEqual(['우리 회사 취업규칙의 근거 조문은?']);
    // English was left empty: the shipped English questions stay.
    const en = await t.app.inject({ method: 'GET', url: '/api/aistudio/sample-questions/v1', headers: { ...member.headers, 'x-locale': 'en' } });
    expect(en.json().data).toEqual(shipped.en);
    expect((await t.app.inject({ method: 'GET', url: '/api/aistudio/sample-questions/v1', headers: stranger.headers })).json().data).toEqual(shipped.ko);
    expect(await lastAudit(t, ws, 'research.sample_questions_saved')).toMatchObject({ actorUserId: superUserId, data: { ko: 1, en: 0, isDefault: false } });

    expect((await call(member, 'GET', '/api/aistudio/tags/v2')).json().data).toEqual({ tags: [] });
    const put = await sa('PUT', TAGS, { tenantId: ws.tenantId, workspaceId: ws.workspaceId, tags: ['노동', '공정거래'] });
    expect(put.statusCode, put.body).toBe(200);
    await sa('PUT', TAGS, { tenantId: other.tenantId, workspaceId: other.workspaceId, tags: ['노동'] });
    expect((await call(member, 'GET', '/api/aistudio/tags/v2')).json().data).toEqual({ tags: ['노동', '공정거래'] });
    expect((await sa('GET', `${TAGS}?${target(ws)}`)).json().data.tags).toEqual(['노동', '공정거래']);
    expect((await sa('GET', `${SA}/tags/v1`)).json().data).toEqual([{ tag: '노동', workspaceCount: 2 }, { tag: '공정거래', workspaceCount: 1 }]);
    expect((await call(reader, 'GET', '/api/aistudio/tags/v2')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/aistudio/tags/v2')).statusCode).toBe(401);
  });

  it('models/v2: the built-in engine when no model is configured, never a key', async () => {
    expect((await call(null, 'GET', '/api/aistudio/models/v2')).statusCode).toBe(401);
    expect((await call(reader, 'GET', '/api/aistudio/models/v2')).statusCode).toBe(403);
    const res = await call(member, 'GET', '/api/aistudio/models/v2');
    const models = ResearchModelsSchema.parse(res.json().data);
    expect(models.answerEngine).toBe('BUILT_IN');
    expect(models.models.find((m) => m.purpose === 'CHAT')).toMatchObject({ provider: 'BUILT_IN', isConfigured: false });
    expect(res.body).not.toMatch(/apiKey|sk-/);
  });
});
