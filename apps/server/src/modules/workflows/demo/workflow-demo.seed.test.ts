import { DEMO_PASSWORD, TodoSchema, WorkflowOpenItemsSchema } from '@legal/api';
import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContentWritten } from '../../../platform/services';
import { createTestApp, type TestApp } from '../../../test/harness';
import { users, workspaces } from '../../auth';
import { signIn, workspaceHeaders } from '../../auth/auth.test-support';
import { contracts, DEMO_CONTRACT_WORKSPACES } from '../../contracts';
import { contractStatusFor } from '../workflow.state';
import { workflowEvents, workflows, workflowStepMembers } from '../workflows.table';
import { DEMO_WORKFLOW_WORKSPACES } from './workflow-demo.catalogue';
import { seedDemoWorkflows } from './workflow-demo.seed';

/**
 * After the demo seed, every demo contract in a workflow status (under review, in approval, in
 * signing) has a running workflow written by the engine, whose status is the contract's, and the
 * people it waits on find it in their to-do; a second run adds nothing.
 */

const IN_WORKFLOW = ['IN_REVIEW', 'IN_APPROVAL', 'IN_SIGNING'] as const;

describe('the demo workflows (SEED_DEMO_CONTENT)', () => {
  let t: TestApp;
  let hanbit: { tenantId: number; workspaceId: number };
  const idOf = async (loginId: string) => (await t.services.db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId)))[0]!.id;
  const cookies = new Map<string, string>();
  const get = async (loginId: string, url: string) => {
    if (!cookies.has(loginId)) cookies.set(loginId, await signIn(t, loginId, DEMO_PASSWORD));
    const res = await t.app.inject({ method: 'GET', url, headers: workspaceHeaders(hanbit, cookies.get(loginId)) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as unknown;
  };
  const todoOf = async (loginId: string) => TodoSchema.parse(await get(loginId, '/api/conhub/home/works/todo/v1'));
  const running = () =>
    t.services.db
      .select({ id: workflows.id, contractId: workflows.contractId, title: contracts.title, contractStatus: contracts.status, processStatus: workflows.processStatus, step: workflows.currentStepCode, presetType: workflows.presetType })
      .from(workflows)
      .innerJoin(contracts, eq(contracts.id, workflows.contractId))
      .where(and(eq(workflows.workspaceId, hanbit.workspaceId), notInArray(workflows.processStatus, ['EXECUTED', 'CANCELED'])));

  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO_CONTENT: 'true', FILES_OCR: 'false' } });
    await demoContentWritten(t.services);
    hanbit = (await t.services.db.select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id }).from(workspaces).where(eq(workspaces.name, 'hanbit')))[0]!;
  }, 480_000); // the whole demo content (contracts with documents, forms, seals) on a shared machine
  afterAll(() => t.close());

  it('gives every demo contract in a workflow status a running workflow with the same status', async () => {
    const planned = DEMO_CONTRACT_WORKSPACES.flatMap((w) => w.contracts).filter((c) => (IN_WORKFLOW as readonly string[]).includes(c.status));
    expect(planned.length).toBeGreaterThanOrEqual(6);
    // The workflow catalogue names exactly these contracts.
    expect(DEMO_WORKFLOW_WORKSPACES.flatMap((w) => w.workflows.map((x) => x.title)).sort()).toEqual(planned.map((c) => c.title).sort());
    const inStatus = await t.services.db.select({ id: contracts.id, title: contracts.title, status: contracts.status }).from(contracts).where(inArray(contracts.status, [...IN_WORKFLOW]));
    expect(inStatus.map((c) => c.title).sort()).toEqual(planned.map((c) => c.title).sort());
    const rows = await running();
    for (const c of inStatus) {
      const wf = rows.find((r) => r.contractId === c.id);
      expect(wf, c.title).toBeDefined();
      expect(contractStatusFor(wf!.processStatus), c.title).toBe(c.status);
      expect(planned.find((p) => p.title === c.title)!.status, c.title).toBe(c.status);
    }
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    expect(byTitle.get('Starlight Health 상호 비밀유지계약')).toMatchObject({ processStatus: 'REQUESTED', step: 'ASSIGNMENT', presetType: 'LEGAL_REVIEW' });
    expect(byTitle.get('고객센터 개인정보 처리업무 위탁계약')).toMatchObject({ processStatus: 'IN_REVIEW', step: 'LEGAL_REVIEW' });
    expect(byTitle.get('Services Agreement (ScoutCam)')).toMatchObject({ processStatus: 'REVIEW_COMPLETED', step: 'APPROVAL' });
    expect(byTitle.get('AI Addendum to the Cloudnine subscription')).toMatchObject({ processStatus: 'IN_APPROVAL', step: 'APPROVAL' });
    expect(byTitle.get('Strategic Alliance Agreement (Turnkey Capital)')).toMatchObject({ processStatus: 'IN_SIGNING', step: 'SIGNING' });
    // Written by the engine: the reviewer is a step member, the events run 1, 2, 3 with the mention.
    const review = byTitle.get('고객센터 개인정보 처리업무 위탁계약')!;
    const reviewers = await t.services.db.select({ userId: workflowStepMembers.userId }).from(workflowStepMembers).where(and(eq(workflowStepMembers.workflowId, review.id), eq(workflowStepMembers.role, 'REVIEWER')));
    expect(reviewers.map((r) => r.userId)).toEqual([await idOf('reviewer@hanbit.example')]);
    const events = await t.services.db.select({ seq: workflowEvents.seq, type: workflowEvents.type, mentions: workflowEvents.mentionUserIds }).from(workflowEvents).where(eq(workflowEvents.workflowId, review.id)).orderBy(workflowEvents.seq);
    expect(events.map((e) => [e.seq, e.type])).toEqual([[1, 'STARTED'], [2, 'ACTION'], [3, 'COMMENT']]);
    expect(events[2]!.mentions).toEqual([await idOf('member@hanbit.example')]);
  });

  it('puts them in the to-do of those they wait on, and on the dashboard', async () => {
    const titles = async (loginId: string) => (await todoOf(loginId)).items.map((i) => [i.contractTitle, i.myRole]);
    expect(await titles('assigner@hanbit.example')).toContainEqual(['Starlight Health 상호 비밀유지계약', 'ASSIGNER']);
    expect(await titles('reviewer@hanbit.example')).toContainEqual(['고객센터 개인정보 처리업무 위탁계약', 'REVIEWER']);
    expect(await titles('lawyer@hanbit.example')).toContainEqual(['Professional Services Agreement (Bluefin Consulting)', 'REVIEWER']);
    expect(await titles('approver@hanbit.example')).toContainEqual(['AI Addendum to the Cloudnine subscription', 'APPROVER']);
    expect(await titles('manager@hanbit.example')).toEqual(expect.arrayContaining([['Strategic Alliance Agreement (Turnkey Capital)', 'SIGNER'], ['Starlight Health 상호 비밀유지계약', 'ASSIGNER']]));
    const open = WorkflowOpenItemsSchema.parse(await get('manager@hanbit.example', '/api/conhub/contracts/workflow-analytics/open-items/v1'));
    expect(open.total).toBeGreaterThanOrEqual(6);
    expect(open.byStep.find((s) => s.stepCode === 'LEGAL_REVIEW')?.count).toBeGreaterThanOrEqual(2);
    expect(open.byStep.find((s) => s.stepCode === 'APPROVAL')?.count).toBeGreaterThanOrEqual(2);
    // Six sign-ins (password hashing) beside the demo documents' text extraction.
  }, 150_000);

  it('adds nothing when it runs again', async () => {
    const totals = async () => ({
      workflows: (await t.services.db.select({ n: count() }).from(workflows))[0]!.n,
      events: (await t.services.db.select({ n: count() }).from(workflowEvents))[0]!.n,
    });
    const before = await totals();
    await seedDemoWorkflows(t.services);
    expect(await totals()).toEqual(before);
  });
});
