import { ContractMetaSchema, PresetMetaOptionsSchema, PublishedPresetSchema, WorkflowPresetSchema, WorkflowSchema, WorkspacePresetSettingSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { localDate } from '../../platform/time';
import { createTestApp, type TestApp } from '../../test/harness';
import { superAdminCookie } from '../admin/workspace/workspace.test-support';
import { newWorkspace } from '../auth/auth.test-support';
import { contracts } from '../contracts';
import { caller, createContract, fieldsOf, type Method, type Person, person, type Workspace } from '../contracts/contracts.test-support';
import { BUILT_IN_PRESETS } from './workflow.presets';
import { workflows } from './workflows.table';

/**
 * Workflow presets through HTTP on the real database: super admins publish (route matrix), a
 * workspace admin adapts (route matrix, other workspaces untouched), and the engine reads the
 * adaptation (presets/v1 names and steps, a disabled preset cannot start, a switched-off step is
 * skipped and a running workflow keeps its steps). Also the conhub super-admin contract reads.
 */

let t: TestApp;
let ws: Workspace;
let other: Workspace;
let admin: Person;
let member: Person;
let reviewer: Person;
let approver: Person;
let otherAdmin: Person;
let superAdmin: { headers: Record<string, string> };
let call: ReturnType<typeof caller>;

const SA = '/api/conhub/super-admin/workflow-presets';
const WS = '/api/conhub/workspaces/workflow-presets/v1';
const presets = (who: Person) => call(who, 'GET', '/api/conhub/workflows/presets/v1').then((r) => WorkflowPresetSchema.array().parse(r.json().data));
const asSuper = (method: Method, url: string, payload?: unknown) => t.app.inject({ method, url, headers: superAdmin.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const anonymous = (method: Method, url: string, payload?: unknown) => t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { extraRoles: ['LEGAL_REVIEWER', 'LEGAL_APPROVER'] });
  other = await newWorkspace(t);
  admin = await person(t, ws, ['SUPER_MANAGER'], '관리자');
  member = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  reviewer = await person(t, ws, ['LEGAL_REVIEWER'], '이서연');
  approver = await person(t, ws, ['LEGAL_APPROVER'], '최수아');
  otherAdmin = await person(t, other, ['SUPER_MANAGER'], '송예린');
  superAdmin = { headers: { cookie: (await superAdminCookie(t)).cookie } };
  call = caller(t, () => ws);
}, 120_000);
afterAll(() => t?.close());

describe('super admin: published presets', () => {
  it('401 without a session, 403 for a workspace admin', async () => {
    for (const [method, url, body] of [['GET', `${SA}/v1`], ['GET', `${SA}/meta/options/v1`], ['POST', `${SA}/v1`, { presetType: 'X_ONE', name: { ko: '가', en: 'A' }, steps: [{ stepCode: 'REQUEST' }, { stepCode: 'EXECUTION' }] }]] as Array<[Method, string, unknown?]>) {
      expect((await anonymous(method, url, body)).statusCode, url).toBe(401);
      expect((await call(admin, method, url, body)).statusCode, url).toBe(403);
    }
  });

  it('lists the four built-ins as seeded (the same as the code) and the meta options', async () => {
    const list = PublishedPresetSchema.array().parse((await asSuper('GET', `${SA}/v1`)).json().data);
    expect(list.map((p) => ({ presetType: p.presetType, name: p.name, steps: p.steps.map((s) => ({ stepCode: s.stepCode, isOptional: s.isOptional })), isBuiltIn: p.isBuiltIn }))).toEqual(
      BUILT_IN_PRESETS.map((p) => ({ presetType: p.presetType, name: p.name, steps: p.steps, isBuiltIn: true })),
    );
    const options = PresetMetaOptionsSchema.parse((await asSuper('GET', `${SA}/meta/options/v1`)).json().data);
    expect(options.steps.map((s) => s.stepCode)).toEqual(['REQUEST', 'ASSIGNMENT', 'LEGAL_REVIEW', 'APPROVAL', 'SIGNING', 'EXECUTION']);
    expect(options.steps.find((s) => s.stepCode === 'SIGNING')).toMatchObject({ canBeOptional: true, isRequired: false, name: { ko: '서명', en: 'Signing' } });
    expect(options.actorRoles.map((r) => r.code)).toContain('REVIEWER');
    expect(options.actions.length).toBeGreaterThan(10);
  });

  it('400 naming the field, 409 for a taken code, then publishes', async () => {
    const bad = await asSuper('POST', `${SA}/v1`, { presetType: 'bad code', name: { ko: '', en: 'x' }, steps: [{ stepCode: 'REQUEST' }, { stepCode: 'EXECUTION' }] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.presetType', 'body.name.ko']));
    const order = await asSuper('POST', `${SA}/v1`, { presetType: 'WRONG_ORDER', name: { ko: '가', en: 'A' }, steps: [{ stepCode: 'REQUEST', isOptional: true }, { stepCode: 'SIGNING' }, { stepCode: 'APPROVAL' }, { stepCode: 'EXECUTION' }] });
    expect(order.statusCode).toBe(400);
    expect(fieldsOf(order)).toEqual(expect.arrayContaining(['body.steps', 'body.steps.0.isOptional']));
    const taken = await asSuper('POST', `${SA}/v1`, { presetType: 'LEGAL_REVIEW', name: { ko: '가', en: 'A' }, steps: [{ stepCode: 'REQUEST' }, { stepCode: 'EXECUTION' }] });
    expect(taken.statusCode).toBe(409);

    const res = await asSuper('POST', `${SA}/v1`, {
      presetType: 'QUICK_SIGN',
      name: { ko: '간편 결재·서명', en: 'Quick approval and signing' },
      steps: [{ stepCode: 'REQUEST' }, { stepCode: 'APPROVAL', isOptional: true }, { stepCode: 'SIGNING' }, { stepCode: 'EXECUTION' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PublishedPresetSchema.parse(res.json().data)).toMatchObject({ presetType: 'QUICK_SIGN', isBuiltIn: false, steps: [{ order: 1, stepCode: 'REQUEST' }, { stepCode: 'APPROVAL', isOptional: true }, {}, {}] });
    const [audit] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'workflow_preset.published'));
    expect(audit).toBeTruthy();
  });
});

describe('a workspace adapts the published presets', () => {
  it('401, 403 for a member and for another workspace\'s admin, 400 naming the field', async () => {
    expect((await call(null, 'GET', WS)).statusCode).toBe(401);
    expect((await call(member, 'GET', WS)).statusCode).toBe(403);
    expect((await call(member, 'PUT', WS, { presets: [{ presetType: 'SIGNING', isEnabled: false }] })).statusCode).toBe(403);
    // Another workspace's admin naming this workspace: not a member here.
    const cross = await t.app.inject({ method: 'PUT', url: WS, headers: { ...otherAdmin.headers, 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) }, payload: { presets: [{ presetType: 'SIGNING', isEnabled: false }] } });
    expect(cross.statusCode).toBe(403);
    const unknown = await call(admin, 'PUT', WS, { presets: [{ presetType: 'NO_SUCH', isEnabled: true }] });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['body.presets.0.presetType']);
    const notOptional = await call(admin, 'PUT', WS, { presets: [{ presetType: 'APPROVAL', isEnabled: true, offStepCodes: ['APPROVAL'] }] });
    expect(fieldsOf(notOptional)).toEqual(['body.presets.0.offStepCodes']);
    const range = await call(admin, 'PUT', WS, { presets: [{ presetType: 'APPROVAL', isEnabled: true, defaultReviewDeadlineDays: 0 }] });
    expect(fieldsOf(range)).toEqual(['body.presets.0.defaultReviewDeadlineDays']);
  });

  it('defaults: built-ins offered, a published one not until enabled', async () => {
    const settings = WorkspacePresetSettingSchema.array().parse((await call(admin, 'GET', WS)).json().data);
    expect(settings.map((s) => [s.presetType, s.isEnabled])).toEqual([['LEGAL_REVIEW', true], ['APPROVAL', true], ['LEGAL_REVIEW_AND_APPROVAL', true], ['SIGNING', true], ['QUICK_SIGN', false]]);
    expect((await presets(member)).map((p) => p.presetType)).toEqual(['LEGAL_REVIEW', 'APPROVAL', 'LEGAL_REVIEW_AND_APPROVAL', 'SIGNING']);
  });

  it('renames, switches off, enables: presets/v1 and the meta follow; another workspace is untouched', async () => {
    const res = await call(admin, 'PUT', WS, {
      presets: [
        { presetType: 'LEGAL_REVIEW', isEnabled: true, name: { ko: '계약 검토', en: 'Contract review' }, offStepCodes: ['ASSIGNMENT'], defaultReviewDeadlineDays: 5 },
        { presetType: 'SIGNING', isEnabled: false },
        { presetType: 'QUICK_SIGN', isEnabled: true, offStepCodes: ['APPROVAL'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const review = WorkspacePresetSettingSchema.array().parse(res.json().data).find((s) => s.presetType === 'LEGAL_REVIEW')!;
    expect(review).toMatchObject({ name: { ko: '계약 검토', en: 'Contract review' }, publishedName: { ko: '법무 검토' }, defaultReviewDeadlineDays: 5 });
    expect(review.steps.find((s) => s.stepCode === 'ASSIGNMENT')).toMatchObject({ isOptional: true, isOn: false });

    const offered = await presets(member);
    expect(offered.map((p) => p.presetType)).toEqual(['LEGAL_REVIEW', 'APPROVAL', 'LEGAL_REVIEW_AND_APPROVAL', 'QUICK_SIGN']);
    expect(offered[0]).toMatchObject({ name: { ko: '계약 검토', en: 'Contract review' }, defaultReviewDeadlineDays: 5 });
    expect(offered[0]!.steps.map((s) => s.stepCode)).toEqual(['REQUEST', 'LEGAL_REVIEW', 'EXECUTION']);
    expect(offered[3]!.steps.map((s) => s.stepCode)).toEqual(['REQUEST', 'SIGNING', 'EXECUTION']);
    const meta = (await call(member, 'GET', '/api/conhub/contracts/workflows/meta/v1')).json().data as { presetTypes: Array<{ code: string; name: { ko: string } }> };
    expect(meta.presetTypes.find((p) => p.code === 'LEGAL_REVIEW')?.name.ko).toBe('계약 검토');

    // The other workspace: as published.
    const theirs = await presets(otherAdmin);
    expect(theirs.map((p) => p.presetType)).toEqual(['LEGAL_REVIEW', 'APPROVAL', 'LEGAL_REVIEW_AND_APPROVAL', 'SIGNING']);
    expect(theirs[0]!.name.ko).toBe('법무 검토');
    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'workflow_preset.adapted'), eq(auditEvents.workspaceId, ws.workspaceId)));
    expect(audit?.actorUserId).toBe(admin.userId);
  });
});

describe('the engine reads the adaptation', () => {
  const start = (who: Person, contractId: number, body: Record<string, unknown>) => call(who, 'POST', `/api/conhub/contracts/${contractId}/workflows/v2`, body);

  it('a disabled preset cannot start (409, nothing changes); an unpublished code is 400 naming presetType', async () => {
    const c = await createContract(t, member, { title: '서명만 (사용 안 함)' });
    const disabled = await start(member, c.id, { presetType: 'SIGNING' });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().data).toMatchObject({ reason: 'PRESET_NOT_OFFERED', presetType: 'SIGNING' });
    const unknown = await start(member, c.id, { presetType: 'NO_SUCH' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['body.presetType']);
    expect((await t.services.db.select().from(workflows).where(eq(workflows.contractId, c.id))).length).toBe(0);
    expect((await t.services.db.select({ s: contracts.status }).from(contracts).where(eq(contracts.id, c.id)))[0]!.s).toBe('DRAFT');
    // The other workspace still offers it.
    const theirs = await createContract(t, otherAdmin, { title: '서명 계약' });
    expect((await start(otherAdmin, theirs.id, { presetType: 'SIGNING' })).statusCode).toBe(200);
  });

  it('ASSIGNMENT off: the reviewers review at once, the deadline defaults; the running workflow keeps its steps when the setting changes', async () => {
    const c = await createContract(t, member, { title: '용역 계약 (배정 생략)' });
    const res = await start(member, c.id, { presetType: 'LEGAL_REVIEW' });
    expect(res.statusCode, res.body).toBe(200);
    const wf = WorkflowSchema.parse(res.json().data);
    expect(wf).toMatchObject({ processStatus: 'IN_REVIEW', currentStepCode: 'LEGAL_REVIEW', desiredReviewDeadline: localDate(new Date(Date.now() + 5 * 86_400_000), 'Asia/Seoul') });
    expect(wf.steps.map((s) => [s.stepCode, s.status])).toEqual([['REQUEST', 'DONE'], ['ASSIGNMENT', 'SKIPPED'], ['LEGAL_REVIEW', 'ACTIVE'], ['EXECUTION', 'WAITING']]);
    // Every holder of legal.review.review (the reviewer, and the admin's role has it too), never a plain member.
    const reviewers = wf.steps.find((s) => s.stepCode === 'LEGAL_REVIEW')!.members.map((m) => m.userId);
    expect(reviewers).toEqual(expect.arrayContaining([reviewer.userId, admin.userId]));
    expect(reviewers).not.toContain(member.userId);
    const preset = WorkflowPresetSchema.parse((await call(member, 'GET', `/api/conhub/contracts/${c.id}/workflows/current/step-preset/v1`)).json().data);
    expect(preset).toMatchObject({ presetType: 'LEGAL_REVIEW', name: { ko: '계약 검토' } });
    expect(preset.steps.map((s) => s.stepCode)).toEqual(['REQUEST', 'LEGAL_REVIEW', 'EXECUTION']);

    // The admin switches ASSIGNMENT back on: the running workflow is not touched.
    expect((await call(admin, 'PUT', WS, { presets: [{ presetType: 'LEGAL_REVIEW', isEnabled: true, name: { ko: '계약 검토', en: 'Contract review' }, offStepCodes: [] }] })).statusCode).toBe(200);
    const returned = WorkflowSchema.parse((await call(reviewer, 'POST', `/api/conhub/contracts/${c.id}/workflows/current/actions/v2`, { stepCode: 'LEGAL_REVIEW', actionId: 'RETURN', revision: wf.revision })).json().data);
    const again = await call(member, 'POST', `/api/conhub/contracts/${c.id}/workflows/current/actions/v2`, { stepCode: 'REQUEST', actionId: 'SUBMIT', revision: returned.revision });
    expect(WorkflowSchema.parse(again.json().data)).toMatchObject({ currentStepCode: 'LEGAL_REVIEW', processStatus: 'IN_REVIEW', round: 2 });
    expect(WorkflowSchema.parse(again.json().data).steps.find((s) => s.stepCode === 'ASSIGNMENT')!.status).toBe('SKIPPED');
    // A new workflow gets the new setting: ASSIGNMENT again.
    const next = await createContract(t, member, { title: '새 계약' });
    expect(WorkflowSchema.parse((await start(member, next.id, { presetType: 'LEGAL_REVIEW' })).json().data)).toMatchObject({ currentStepCode: 'ASSIGNMENT', processStatus: 'REQUESTED', desiredReviewDeadline: null });
  });

  it('a published preset with its optional approval switched off goes straight to signing', async () => {
    const c = await createContract(t, member, { title: '간편 서명 계약' });
    const res = await start(member, c.id, { presetType: 'QUICK_SIGN', approvalLines: [{ userIds: [approver.userId] }] });
    expect(res.statusCode, res.body).toBe(200);
    const wf = WorkflowSchema.parse(res.json().data);
    expect(wf).toMatchObject({ presetType: 'QUICK_SIGN', currentStepCode: 'SIGNING', processStatus: 'IN_SIGNING' });
    expect(wf.steps.map((s) => [s.stepCode, s.status])).toEqual([['REQUEST', 'DONE'], ['APPROVAL', 'SKIPPED'], ['SIGNING', 'ACTIVE'], ['EXECUTION', 'WAITING']]);
    expect((await t.services.db.select({ off: workflows.offStepCodes }).from(workflows).where(eq(workflows.id, wf.workflowId)))[0]!.off).toEqual(['APPROVAL']);
  });
});

describe('super admin: the contract hub reads for a workspace', () => {
  const CA = '/api/conhub/super-admin/contracts';
  it('401, 403, 400 naming workspaceId, 404 for no such workspace', async () => {
    for (const url of [`${CA}/contract-types/v1?workspaceId=${ws.workspaceId}`, `${CA}/meta/v2`, `${CA}/global-standard-form/available/v1?workspaceId=${ws.workspaceId}`]) {
      expect((await anonymous('GET', url)).statusCode, url).toBe(401);
      expect((await call(admin, 'GET', url)).statusCode, url).toBe(403);
    }
    const missing = await asSuper('GET', `${CA}/contract-types/v2`);
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['query.workspaceId']);
    expect((await asSuper('GET', `${CA}/contract-types/v1?workspaceId=999999999`)).statusCode).toBe(404);
    expect((await asSuper('GET', `${CA}/global-standard-form/available/v1?workspaceId=999999999`)).statusCode).toBe(404);
  });

  it('the workspace\'s types (with counts), the meta, the global forms', async () => {
    const mine = (await call(member, 'GET', '/api/conhub/workspaces/contracts/types/v1')).json().data as Array<{ code: string }>;
    const v1 = (await asSuper('GET', `${CA}/contract-types/v1?workspaceId=${ws.workspaceId}`)).json().data as Array<{ code: string }>;
    expect(v1.map((x) => x.code)).toEqual(mine.map((x) => x.code));
    const v2 = (await asSuper('GET', `${CA}/contract-types/v2?workspaceId=${ws.workspaceId}`)).json().data as Array<{ code: string; contractCount: number }>;
    const supply = (await t.services.db.select({ id: contracts.id }).from(contracts).where(and(eq(contracts.workspaceId, ws.workspaceId), eq(contracts.contractType, 'SUPPLY')))).length;
    expect(supply).toBeGreaterThan(0);
    expect(v2.find((x) => x.code === 'SUPPLY')?.contractCount).toBe(supply);
    expect(((await asSuper('GET', `${CA}/contract-types/v2?workspaceId=${other.workspaceId}`)).json().data as Array<{ code: string; contractCount: number }>).find((x) => x.code === 'SUPPLY')?.contractCount).toBe(1);
    for (const v of ['v1', 'v2', 'v3']) expect(ContractMetaSchema.parse((await asSuper('GET', `${CA}/meta/${v}`)).json().data)).toEqual((await call(member, 'GET', '/api/conhub/contracts/meta/v2')).json().data);
    const forms = await asSuper('GET', `${CA}/global-standard-form/available/v1?workspaceId=${ws.workspaceId}`);
    expect(forms.statusCode).toBe(200);
    expect(forms.json().data).toEqual((await asSuper('GET', `/api/btls/super-admin/standard-forms/workspace/${ws.workspaceId}/v2`)).json().data);
  });
});
