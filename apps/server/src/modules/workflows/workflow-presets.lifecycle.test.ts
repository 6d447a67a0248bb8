import { PublishedPresetSchema, WorkflowPresetSchema, WorkflowSchema, WorkspacePresetSettingSchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { createTestApp, type TestApp } from '../../test/harness';
import { superAdminCookie } from '../admin/workspace/workspace.test-support';
import { newWorkspace } from '../auth/auth.test-support';
import { contracts } from '../contracts';
import { caller, createContract, fieldsOf, type Method, type Person, person, type Workspace } from '../contracts/contracts.test-support';
import { workflowPresets, workspaceWorkflowPresets } from './workflow-presets.table';
import { workflows, workflowSteps } from './workflows.table';

/**
 * A published preset's lifecycle through HTTP on the real database: a super admin edits it (names,
 * steps) and withdraws it, with the route matrix (401, 403, 400 naming the field, 404, 409 built-in,
 * withdrawn and stale). Running workflows keep the steps they started with and finish normally; a
 * withdrawn preset cannot start (409 PRESET_NOT_OFFERED) but keeps its name in the meta.
 */

let t: TestApp;
let ws: Workspace;
let admin: Person;
let member: Person;
let approver: Person;
let superAdmin: { headers: Record<string, string> };
let call: ReturnType<typeof caller>;

const SA = '/api/conhub/super-admin/workflow-presets';
const WS = '/api/conhub/workspaces/workflow-presets/v1';
const asSuper = (method: Method, url: string, payload?: unknown) => t.app.inject({ method, url, headers: superAdmin.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const published = async (code: string) => PublishedPresetSchema.array().parse((await asSuper('GET', `${SA}/v1`)).json().data).find((p) => p.presetType === code)!;
const rowOf = async (code: string) => (await t.services.db.select().from(workflowPresets).where(eq(workflowPresets.presetType, code)))[0]!;
const start = (who: Person, contractId: number, presetType: string, extra: Record<string, unknown> = {}) => call(who, 'POST', `/api/conhub/contracts/${contractId}/workflows/v2`, { presetType, ...extra });
const actOn = (who: Person, contractId: number, body: Record<string, unknown>) => call(who, 'POST', `/api/conhub/contracts/${contractId}/workflows/current/actions/v2`, body);

const FULL = [{ stepCode: 'REQUEST' }, { stepCode: 'APPROVAL', isOptional: true }, { stepCode: 'SIGNING' }, { stepCode: 'EXECUTION' }];
const name = { ko: '계약 결재·서명', en: 'Contract approval and signing' };

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { extraRoles: ['LEGAL_REVIEWER', 'LEGAL_APPROVER'] });
  admin = await person(t, ws, ['SUPER_MANAGER'], '관리자');
  member = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  approver = await person(t, ws, ['LEGAL_APPROVER'], '최수아');
  superAdmin = { headers: { cookie: (await superAdminCookie(t)).cookie } };
  call = caller(t, () => ws);
  for (const code of ['EDITED_FLOW', 'GONE_FLOW']) {
    expect((await asSuper('POST', `${SA}/v1`, { presetType: code, name, steps: FULL })).statusCode).toBe(200);
  }
  // The workspace offers both, the optional approval switched off in GONE_FLOW.
  const put = await call(admin, 'PUT', WS, { presets: [{ presetType: 'EDITED_FLOW', isEnabled: true, offStepCodes: [] }, { presetType: 'GONE_FLOW', isEnabled: true, name: { ko: '간편 서명', en: 'Quick signing' }, offStepCodes: ['APPROVAL'] }] });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

describe('edit and withdraw: the route matrix', () => {
  const edit = (code: string) => `${SA}/${code}/v1`;
  const withdraw = (code: string) => `${SA}/${code}/withdraw/v1`;

  it('401 without a session, 403 for a workspace admin, nothing changed', async () => {
    for (const [url, body] of [[edit('EDITED_FLOW'), { name, steps: FULL, revision: 0 }], [withdraw('EDITED_FLOW'), { revision: 0 }]] as const) {
      const method = url.endsWith('withdraw/v1') ? 'POST' : 'PUT';
      expect((await t.app.inject({ method, url, payload: body })).statusCode, url).toBe(401);
      expect((await call(admin, method, url, body)).statusCode, url).toBe(403);
    }
    expect(await rowOf('EDITED_FLOW')).toMatchObject({ revision: 0, status: 'PUBLISHED' });
  });

  it('400 naming the field: the code, the names, the revision, a step list the engine cannot run', async () => {
    const bad = await asSuper('PUT', edit('bad-code'), { name: { ko: '', en: 'x' }, steps: FULL });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['params.presetType', 'body.name.ko', 'body.revision']));
    const order = await asSuper('PUT', edit('EDITED_FLOW'), { name, steps: [{ stepCode: 'REQUEST', isOptional: true }, { stepCode: 'SIGNING' }, { stepCode: 'APPROVAL' }, { stepCode: 'EXECUTION' }], revision: 0 });
    expect(order.statusCode).toBe(400);
    expect(fieldsOf(order)).toEqual(expect.arrayContaining(['body.steps', 'body.steps.0.isOptional']));
    const noRevision = await asSuper('POST', withdraw('EDITED_FLOW'), {});
    expect(fieldsOf(noRevision)).toEqual(['body.revision']);
    expect(await rowOf('EDITED_FLOW')).toMatchObject({ revision: 0, status: 'PUBLISHED', nameKo: name.ko });
  });

  it('404 for a code nobody published; 409 for a built-in and for a stale revision', async () => {
    expect((await asSuper('PUT', edit('NO_SUCH_FLOW'), { name, steps: FULL, revision: 0 })).statusCode).toBe(404);
    expect((await asSuper('POST', withdraw('NO_SUCH_FLOW'), { revision: 0 })).statusCode).toBe(404);
    for (const res of [await asSuper('PUT', edit('LEGAL_REVIEW'), { name, steps: FULL, revision: 0 }), await asSuper('POST', withdraw('SIGNING'), { revision: 0 })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().data.reason).toBe('BUILT_IN');
    }
    const stale = await asSuper('PUT', edit('EDITED_FLOW'), { name, steps: FULL, revision: 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toMatchObject({ reason: 'stale revision', revision: 0 });
    expect((await asSuper('POST', withdraw('EDITED_FLOW'), { revision: 1 })).statusCode).toBe(409);
    expect(await rowOf('EDITED_FLOW')).toMatchObject({ revision: 0, status: 'PUBLISHED' });
    expect((await rowOf('LEGAL_REVIEW')).status).toBe('PUBLISHED');
  });
});

describe('editing a published preset', () => {
  it('renames and changes steps; the running workflow keeps its steps and finishes as it started; new ones run the edit', async () => {
    // A workflow started before the edit: REQUEST -> APPROVAL -> SIGNING -> EXECUTION, at APPROVAL.
    const before = await createContract(t, member, { title: '편집 전 시작한 계약' });
    const started = await start(member, before.id, 'EDITED_FLOW', { approvalLines: [{ userIds: [approver.userId] }] });
    expect(started.statusCode, started.body).toBe(200);
    const running = WorkflowSchema.parse(started.json().data);
    expect(running).toMatchObject({ currentStepCode: 'APPROVAL', processStatus: 'IN_APPROVAL' });
    const stepsBefore = await t.services.db.select({ code: workflowSteps.stepCode, status: workflowSteps.status }).from(workflowSteps).where(eq(workflowSteps.workflowId, running.workflowId));
    const [wfBefore] = await t.services.db.select().from(workflows).where(eq(workflows.id, running.workflowId));

    // The edit: approval is gone, signing optional.
    const res = await asSuper('PUT', `${SA}/EDITED_FLOW/v1`, { name: { ko: '서명만', en: 'Signing only' }, steps: [{ stepCode: 'REQUEST' }, { stepCode: 'SIGNING', isOptional: true }, { stepCode: 'EXECUTION' }], revision: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const edited = PublishedPresetSchema.parse(res.json().data);
    expect(edited).toMatchObject({ presetType: 'EDITED_FLOW', name: { ko: '서명만', en: 'Signing only' }, status: 'PUBLISHED', revision: 1, withdrawnAt: null });
    expect(edited.steps.map((s) => [s.stepCode, s.isOptional])).toEqual([['REQUEST', false], ['SIGNING', true], ['EXECUTION', false]]);
    expect(await published('EDITED_FLOW')).toEqual(edited);
    const [audit] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'workflow_preset.edited'));
    expect(audit?.data).toMatchObject({ presetType: 'EDITED_FLOW', revision: 1 });

    // The running workflow: same rows, same steps; the approver approves and it goes on to SIGNING.
    expect(await t.services.db.select({ code: workflowSteps.stepCode, status: workflowSteps.status }).from(workflowSteps).where(eq(workflowSteps.workflowId, running.workflowId))).toEqual(stepsBefore);
    expect((await t.services.db.select().from(workflows).where(eq(workflows.id, running.workflowId)))[0]).toEqual(wfBefore);
    const approved = await actOn(approver, before.id, { stepCode: 'APPROVAL', actionId: 'APPROVE', revision: running.revision });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(WorkflowSchema.parse(approved.json().data)).toMatchObject({ currentStepCode: 'SIGNING', processStatus: 'IN_SIGNING' });
    const preset = WorkflowPresetSchema.parse((await call(member, 'GET', `/api/conhub/contracts/${before.id}/workflows/current/step-preset/v1`)).json().data);
    expect(preset.steps.map((s) => s.stepCode)).toEqual(['REQUEST', 'APPROVAL', 'SIGNING', 'EXECUTION']);

    // A new workflow runs the edited steps, named as edited.
    const after = await createContract(t, member, { title: '편집 후 시작한 계약' });
    const next = WorkflowSchema.parse((await start(member, after.id, 'EDITED_FLOW')).json().data);
    expect(next.steps.map((s) => s.stepCode)).toEqual(['REQUEST', 'SIGNING', 'EXECUTION']);
    expect(next).toMatchObject({ currentStepCode: 'SIGNING', processStatus: 'IN_SIGNING' });
    const offered = WorkflowPresetSchema.array().parse((await call(member, 'GET', '/api/conhub/workflows/presets/v1')).json().data);
    expect(offered.find((p) => p.presetType === 'EDITED_FLOW')?.name).toEqual({ ko: '서명만', en: 'Signing only' });
  });

  it('drops a workspace\'s switched-off step that the edit makes required', async () => {
    const res = await asSuper('PUT', `${SA}/GONE_FLOW/v1`, { name, steps: [{ stepCode: 'REQUEST' }, { stepCode: 'APPROVAL' }, { stepCode: 'SIGNING', isOptional: true }, { stepCode: 'EXECUTION' }], revision: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const [setting] = await t.services.db.select().from(workspaceWorkflowPresets).where(eq(workspaceWorkflowPresets.presetType, 'GONE_FLOW'));
    expect(setting).toMatchObject({ offStepCodes: [], nameKo: '간편 서명', isEnabled: true });
    const settings = WorkspacePresetSettingSchema.array().parse((await call(admin, 'GET', WS)).json().data);
    expect(settings.find((s) => s.presetType === 'GONE_FLOW')!.steps.every((s) => s.isOn)).toBe(true);
  });
});

describe('withdrawing a published preset', () => {
  it('stops new starts (409 PRESET_NOT_OFFERED, nothing written); the running workflow finishes; the name stays in the meta', async () => {
    const runningContract = await createContract(t, member, { title: '철회 전 시작한 계약' });
    const started = await start(member, runningContract.id, 'GONE_FLOW', { approvalLines: [{ userIds: [approver.userId] }] });
    expect(started.statusCode, started.body).toBe(200);
    const running = WorkflowSchema.parse(started.json().data);

    const { revision } = await published('GONE_FLOW');
    const res = await asSuper('POST', `${SA}/GONE_FLOW/withdraw/v1`, { revision });
    expect(res.statusCode, res.body).toBe(200);
    const withdrawn = PublishedPresetSchema.parse(res.json().data);
    expect(withdrawn).toMatchObject({ status: 'WITHDRAWN', revision: revision + 1 });
    expect(withdrawn.withdrawnAt).not.toBeNull();
    expect((await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'workflow_preset.withdrawn'))).length).toBe(1);

    // No longer offered, no longer adaptable, cannot start or be switched to.
    const offered = WorkflowPresetSchema.array().parse((await call(member, 'GET', '/api/conhub/workflows/presets/v1')).json().data);
    expect(offered.map((p) => p.presetType)).not.toContain('GONE_FLOW');
    expect(WorkspacePresetSettingSchema.array().parse((await call(admin, 'GET', WS)).json().data).map((s) => s.presetType)).not.toContain('GONE_FLOW');
    const put = await call(admin, 'PUT', WS, { presets: [{ presetType: 'GONE_FLOW', isEnabled: true }] });
    expect(put.statusCode).toBe(409);
    expect(put.json().data).toMatchObject({ reason: 'PRESET_WITHDRAWN' });
    const fresh = await createContract(t, member, { title: '철회 후 계약' });
    const refused = await start(member, fresh.id, 'GONE_FLOW');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toMatchObject({ reason: 'PRESET_NOT_OFFERED', presetType: 'GONE_FLOW' });
    expect(await t.services.db.select().from(workflows).where(eq(workflows.contractId, fresh.id))).toEqual([]);
    expect((await t.services.db.select({ s: contracts.status }).from(contracts).where(eq(contracts.id, fresh.id)))[0]!.s).toBe('DRAFT');
    // Editing or withdrawing it again: 409.
    for (const again of [await asSuper('POST', `${SA}/GONE_FLOW/withdraw/v1`, { revision: withdrawn.revision }), await asSuper('PUT', `${SA}/GONE_FLOW/v1`, { name, steps: FULL, revision: withdrawn.revision })]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().data.reason).toBe('PRESET_WITHDRAWN');
    }

    // The running one finishes normally: approve, then sign off.
    const approved = WorkflowSchema.parse((await actOn(approver, runningContract.id, { stepCode: 'APPROVAL', actionId: 'APPROVE', revision: running.revision })).json().data);
    expect(approved).toMatchObject({ currentStepCode: 'SIGNING', processStatus: 'IN_SIGNING' });
    const skipped = await actOn(member, runningContract.id, { stepCode: 'SIGNING', actionId: 'SKIP_SIGNING', revision: approved.revision });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(WorkflowSchema.parse(skipped.json().data)).toMatchObject({ processStatus: 'EXECUTED', currentStepCode: null });

    // History keeps the workspace's name for it.
    const meta = (await call(member, 'GET', '/api/conhub/contracts/workflows/meta/v1')).json().data as { presetTypes: Array<{ code: string; name: { ko: string } }> };
    expect(meta.presetTypes.find((p) => p.code === 'GONE_FLOW')?.name.ko).toBe('간편 서명');
    expect((await published('GONE_FLOW')).status).toBe('WITHDRAWN');
  });
});
