import { LlmDashboardSchema, PromptSchema, WorkspaceAiConfigSchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/db/tenancy';
import { createTestApp, type TestApp } from '../../test/harness';
import { callerIn, fieldsOf, lastAudit, scopeOf, superAdminCookie } from '../admin/workspace/workspace.test-support';
import { recordAiCall } from './ai-calls.service';
import { aiCalls } from './ai-calls.table';
import { providerConfigFor, requireAiService } from './ai-configs.service';
import { resolvePrompt } from './prompts.service';
import { workspaceAiConfigs } from './workspace-ai-configs.table';

let t: TestApp;
let superCookie: string;
const asSuper = { cookie: '' };
beforeAll(async () => {
  t = await createTestApp({ startJobs: false, env: { OUTBOUND_ALLOW_HOSTS: 'models.corp.example,10.9.0.0/16' } });
  superCookie = (await superAdminCookie(t)).cookie;
  asSuper.cookie = superCookie;
});
afterAll(() => t.close());

const SA_CONFIG = '/api/aireview/super-admin/workspace-ai-configs/v1';
const SA_TEST = '/api/aireview/super-admin/workspace-ai-configs/test/v1';
const SA_SERVICES = '/api/aireview/super-admin/workspace-ai-service-configs/v1';
const CONFIG = '/api/aireview/workspace-ai-configs/v1';
const SERVICES = '/api/aireview/workspace-ai-service-configs/v1';
const PROMPTS = '/api/aistudio/super-admin/prompts/v1';
const DASHBOARD = '/api/aistudio/dashboards/llm/v1';
const SECRET = 'sk-live-THIS-MUST-NEVER-LEAVE-0123456789';
const q = (s: { tenantId: number; workspaceId: number }) => `tenantId=${s.tenantId}&workspaceId=${s.workspaceId}`;

describe('workspace AI configuration', () => {
  it('401, 403 for a workspace admin, 400 naming fields, 404 for a mismatched workspace with nothing written', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const other = await callerIn(t, null, ['SUPER_MANAGER']);
    const target = scopeOf(admin.ws);
    const payload = { ...target, driver: 'OPENAI_COMPATIBLE', baseUrl: 'https://api.openai.com/v1', chatModel: 'gpt-4o-mini', apiKey: SECRET };
    expect((await t.app.inject({ method: 'PUT', url: SA_CONFIG, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: SA_CONFIG, payload, headers: admin.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${SA_CONFIG}?${q(target)}`, headers: admin.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: SA_TEST, payload: target, headers: admin.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: CONFIG })).statusCode).toBe(401);

    const bad = await t.app.inject({ method: 'PUT', url: SA_CONFIG, payload: { ...payload, driver: 'GPT', baseUrl: 'ftp://x' }, headers: asSuper });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['body.baseUrl', 'body.driver']);
    const missing = await t.app.inject({ method: 'PUT', url: SA_CONFIG, payload: { ...target, driver: 'OPENAI_COMPATIBLE' }, headers: asSuper });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['body.baseUrl', 'body.chatModel']);
    const cross = await t.app.inject({ method: 'PUT', url: SA_CONFIG, payload: { ...payload, tenantId: other.ws.tenantId }, headers: asSuper });
    expect(cross.statusCode).toBe(404);
    expect(await t.services.db.select().from(workspaceAiConfigs).where(inScope(workspaceAiConfigs, target))).toEqual([]);
  });

  it('refuses private and loopback base URLs unless OUTBOUND_ALLOW_HOSTS allows them', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const target = scopeOf(admin.ws);
    for (const baseUrl of ['http://127.0.0.1:11434/v1', 'http://169.254.169.254/latest', 'http://[::1]:8000/v1', 'http://localhost:1234/v1', 'http://192.168.0.10/v1']) {
      const res = await t.app.inject({ method: 'PUT', url: SA_CONFIG, payload: { ...target, driver: 'OPENAI_COMPATIBLE', baseUrl, chatModel: 'm' }, headers: asSuper });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().data.fieldErrors[0]).toMatchObject({ field: 'body.baseUrl', reason: expect.stringContaining('REFUSED_ADDRESS') });
    }
    for (const baseUrl of ['http://10.9.1.2:8000/v1', 'http://models.corp.example/v1']) {
      const res = await t.app.inject({ method: 'PUT', url: SA_CONFIG, payload: { ...target, driver: 'OPENAI_COMPATIBLE', baseUrl, chatModel: 'm' }, headers: asSuper });
      expect(res.statusCode, baseUrl).toBe(200);
    }
  });

  it('stores the key sealed, never answers it on any route, keeps it when omitted and removes it with null', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const member = await callerIn(t, admin.ws, ['GENERAL_MEMBER']);
    const target = scopeOf(admin.ws);
    const put = await t.app.inject({
      method: 'PUT', url: SA_CONFIG, headers: asSuper,
      payload: { ...target, driver: 'ANTHROPIC', baseUrl: 'https://api.anthropic.com', chatModel: 'claude-sonnet-4-5', apiKey: SECRET },
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = WorkspaceAiConfigSchema.strict().parse(put.json().data);
    expect(saved).toMatchObject({ isOverride: true, driver: 'ANTHROPIC', hasApiKey: true, canGenerate: true, chatModel: 'claude-sonnet-4-5' });
    expect(saved.apiKeyFingerprint).toMatch(/^[\w-]{16}$/);

    const [row] = await t.services.db.select().from(workspaceAiConfigs).where(inScope(workspaceAiConfigs, target));
    expect(row!.apiKeySealed).toMatch(/^v1\./);
    expect(row!.apiKeySealed).not.toContain(SECRET);
    expect((await providerConfigFor(t.services, target)).apiKey).toBe(SECRET);
    // A sealed key copied into another workspace's row does not open there.
    const other = await callerIn(t, null, ['SUPER_MANAGER']);
    await t.services.db.insert(workspaceAiConfigs).values({ ...scopeOf(other.ws), driver: 'ANTHROPIC', chatModel: 'x', apiKeySealed: row!.apiKeySealed });
    expect((await providerConfigFor(t.services, scopeOf(other.ws))).apiKey).toBeNull();

    const answers = [
      put,
      await t.app.inject({ method: 'GET', url: `${SA_CONFIG}?${q(target)}`, headers: asSuper }),
      await t.app.inject({ method: 'GET', url: CONFIG, headers: member.headers }),
      await t.app.inject({ method: 'GET', url: CONFIG, headers: admin.headers }),
      await t.app.inject({ method: 'POST', url: SA_TEST, payload: target, headers: asSuper }),
      await t.app.inject({ method: 'GET', url: `${SA_SERVICES}?${q(target)}`, headers: asSuper }),
      await t.app.inject({ method: 'GET', url: SERVICES, headers: member.headers }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain(row!.apiKeySealed!);
    }
    expect(answers[2]!.json().data).toMatchObject({ driver: 'ANTHROPIC', hasApiKey: true });
    const audit = await lastAudit(t, admin.ws, 'ai_config.saved');
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(audit?.data).toMatchObject({ driver: 'ANTHROPIC', isKeyChanged: true, hasApiKey: true });

    const kept = await t.app.inject({ method: 'PUT', url: SA_CONFIG, headers: asSuper, payload: { ...target, driver: 'ANTHROPIC', chatModel: 'claude-haiku-4-5' } });
    expect(kept.json().data).toMatchObject({ hasApiKey: true, apiKeyFingerprint: saved.apiKeyFingerprint, chatModel: 'claude-haiku-4-5' });
    const removed = await t.app.inject({ method: 'PUT', url: SA_CONFIG, headers: asSuper, payload: { ...target, driver: 'ANTHROPIC', chatModel: 'claude-haiku-4-5', apiKey: null } });
    expect(removed.json().data).toMatchObject({ hasApiKey: false, apiKeyFingerprint: null });
    const dropped = await t.app.inject({ method: 'PUT', url: SA_CONFIG, headers: asSuper, payload: { ...target, driver: null } });
    expect(dropped.json().data).toMatchObject({ isOverride: false, driver: 'BUILT_IN', canGenerate: false, hasApiKey: false });
  });

  it('test connection through the built-in engine answers NOT_CONFIGURED and records the call, uncharged', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const target = scopeOf(admin.ws);
    const res = await t.app.inject({ method: 'POST', url: SA_TEST, payload: target, headers: { ...asSuper, 'x-locale': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ok: false, driver: 'BUILT_IN', failure: 'NOT_CONFIGURED', message: expect.stringContaining('AI_PROVIDER') });
    const calls = await t.services.db.select().from(aiCalls).where(inScope(aiCalls, target));
    expect(calls).toMatchObject([{ feature: 'TEST_CONNECTION', outcome: 'FAILED', failureCode: 'NOT_CONFIGURED', credits: 0 }]);
    expect((await t.app.inject({ method: 'POST', url: SA_TEST, payload: { ...target, workspaceId: 987654321 }, headers: asSuper })).statusCode).toBe(404);
  });
});

describe('AI service switches', () => {
  it('all enabled by default; a super admin switches one off (audited) and requireAiService refuses it', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const member = await callerIn(t, admin.ws, ['GENERAL_MEMBER']);
    const target = scopeOf(admin.ws);
    const before = await t.app.inject({ method: 'GET', url: SERVICES, headers: member.headers });
    expect(before.json().data.features.every((f: { isEnabled: boolean }) => f.isEnabled)).toBe(true);
    const payload = { ...target, features: [{ feature: 'TRANSLATION', isEnabled: false }] };
    expect((await t.app.inject({ method: 'PUT', url: SA_SERVICES, payload, headers: admin.headers })).statusCode).toBe(403);
    const dup = await t.app.inject({ method: 'PUT', url: SA_SERVICES, headers: asSuper, payload: { ...target, features: [{ feature: 'TRANSLATION', isEnabled: false }, { feature: 'TRANSLATION', isEnabled: true }] } });
    expect(dup.statusCode).toBe(400);
    expect(fieldsOf(dup)).toEqual(['body.features']);
    const res = await t.app.inject({ method: 'PUT', url: SA_SERVICES, payload, headers: asSuper });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.features).toContainEqual({ feature: 'TRANSLATION', isEnabled: false });
    expect(res.json().data.features).toContainEqual({ feature: 'AI_REVIEW', isEnabled: true });
    expect((await lastAudit(t, admin.ws, 'ai_service_config.saved'))?.data).toEqual({ features: payload.features });
    await expect(requireAiService(t.services.db, target, 'TRANSLATION')).rejects.toMatchObject({ code: 'ERROR_FORBIDDEN' });
    await expect(requireAiService(t.services.db, target, 'AI_REVIEW')).resolves.toBeUndefined();
  });
});

describe('prompts', () => {
  it('ships ko and en defaults; a new version is numbered next and can be activated; non-super-admins are refused', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    expect((await t.app.inject({ method: 'GET', url: PROMPTS })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: PROMPTS, headers: admin.headers })).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: PROMPTS, headers: asSuper });
    expect(list.statusCode).toBe(200);
    const prompts = list.json().data.map((p: unknown) => PromptSchema.strict().parse(p));
    for (const key of ['review.checkpoint', 'review.chat', 'edit.clause', 'translation']) {
      for (const language of ['ko', 'en']) expect(prompts.find((p: { key: string; language: string; isActive: boolean }) => p.key === key && p.language === language && p.isActive), `${key} ${language}`).toBeTruthy();
    }
    const bad = await t.app.inject({ method: 'POST', url: PROMPTS, headers: asSuper, payload: { key: 'Review Chat', language: 'fr', text: 'short' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['body.key', 'body.language', 'body.text']);

    const text = '계약서 조항만 근거로 답하고, 모든 문장 끝에 근거 조항 식별자를 붙이십시오. (시험용 새 버전)';
    const created = await t.app.inject({ method: 'POST', url: PROMPTS, headers: asSuper, payload: { key: 'review.chat', language: 'ko', text } });
    expect(created.statusCode, created.body).toBe(200);
    const v2 = PromptSchema.parse(created.json().data);
    expect(v2).toMatchObject({ version: 2, isActive: false, createdBy: { name: expect.any(String) } });
    expect((await resolvePrompt(t.services.db, 'review.chat', 'ko'))?.version).toBe(1);

    expect((await t.app.inject({ method: 'PUT', url: `${PROMPTS.replace('/v1', '')}/${v2.promptId}/v1`, headers: admin.headers, payload: { isActive: true } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `${PROMPTS.replace('/v1', '')}/99999999/v1`, headers: asSuper, payload: { isActive: true } })).statusCode).toBe(404);
    const activated = await t.app.inject({ method: 'PUT', url: `${PROMPTS.replace('/v1', '')}/${v2.promptId}/v1`, headers: asSuper, payload: { isActive: true } });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().data).toMatchObject({ version: 2, isActive: true });
    expect(await resolvePrompt(t.services.db, 'review.chat', 'ko')).toMatchObject({ version: 2, text, promptId: v2.promptId });
    expect((await resolvePrompt(t.services.db, 'review.chat', 'en'))?.version).toBe(1);
    const versions = await t.app.inject({ method: 'GET', url: `${PROMPTS}?key=review.chat&language=ko`, headers: asSuper });
    expect(versions.json().data.map((p: { version: number; isActive: boolean }) => [p.version, p.isActive])).toEqual([[2, true], [1, false]]);
  });
});

describe('LLM dashboard', () => {
  it('super admins only; counts, tokens, latency percentiles and failures per day, workspace and model', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const scope = { ...scopeOf(admin.ws), userId: admin.userId };
    const base = { feature: 'REVIEW' as const, driver: 'OPENAI_COMPATIBLE' as const, model: 'gpt-test', credits: 5 };
    for (let i = 1; i <= 20; i++) await recordAiCall(t.services.db, scope, { ...base, inputTokens: 100, outputTokens: 10, latencyMs: i * 100, outcome: 'SUCCESS' });
    await recordAiCall(t.services.db, scope, { ...base, model: 'other', latencyMs: 50, credits: 0, outcome: 'FAILED', failureCode: 'TIMEOUT' });
    const today = new Date(Date.now() + 9 * 3600 * 1000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 15 * 3600 * 1000).toISOString().slice(0, 10);
    const url = `${DASHBOARD}?dateStart=${yesterday}&dateEnd=${today}&tenantId=${scope.tenantId}&workspaceId=${scope.workspaceId}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: `${DASHBOARD}?dateStart=${today}&dateEnd=${yesterday}`, headers: asSuper });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['query.dateEnd']);
    const res = await t.app.inject({ method: 'GET', url, headers: asSuper });
    expect(res.statusCode, res.body).toBe(200);
    const dash = LlmDashboardSchema.strict().parse(res.json().data);
    expect(dash.totals).toMatchObject({ calls: 21, failures: 1, inputTokens: 2000, outputTokens: 200, credits: 100 });
    expect(dash.byDay.map((d) => d.date)).toEqual([yesterday, today]);
    expect(dash.byDay[1]).toMatchObject({ calls: 21, failures: 1 });
    expect(dash.byDay[0]).toMatchObject({ calls: 0, latencyP50Ms: null });
    expect(dash.byWorkspace).toEqual([expect.objectContaining({ workspaceId: scope.workspaceId, workspaceName: expect.any(String), calls: 21 })]);
    const gpt = dash.byModel.find((m) => m.model === 'gpt-test')!;
    expect(gpt).toMatchObject({ calls: 20, failures: 0, latencyP50Ms: 1050, latencyP95Ms: 1905 });
    expect(dash.failuresByCode).toEqual([{ failure: 'TIMEOUT', count: 1 }]);
    const [one] = await t.services.db.select().from(aiCalls).where(eq(aiCalls.model, 'other'));
    expect(one?.failureCode).toBe('TIMEOUT');
  });
});
