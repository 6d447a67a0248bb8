import type { Workflow } from '@legal/api';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { localDate } from '../../../platform/time';
import { demoSeedContext, users, workspaces } from '../../auth';
import { changeContractStatus, contracts, HOME_TIME_ZONE } from '../../contracts';
import { addComment } from '../workflow-events.service';
import { actOnCurrent, start } from '../workflows.service';
import { workflows } from '../workflows.table';
import { DEMO_WORKFLOW_WORKSPACES, type DemoStep, type DemoWorkflow } from './workflow-demo.catalogue';

const SEED_LOCK = 727_121;
const DAY_MS = 24 * 3600_000;

/** The statuses the contracts demo seed once wrote without a workflow (before this seed existed). */
const WORKFLOW_CONTRACT_STATUSES = ['IN_REVIEW', 'IN_APPROVAL', 'IN_SIGNING'] as const;

type People = Map<string, number>;

/**
 * Runs one demo workflow through the module's own services, as its people would: the contract's
 * owner starts it (request), then each step acts in turn (assign, comment, complete the review), so
 * its steps, members, events, mails and the contract's status are what the engine writes.
 */
async function runDemoWorkflow(services: AppServices, scope: TenantScope, contract: { id: number; ownerUserId: number }, plan: DemoWorkflow, people: People): Promise<void> {
  const contexts = new Map<number, RequestContext>();
  const as = async (userId: number) => {
    const known = contexts.get(userId);
    if (known) return known;
    const ctx = await demoSeedContext(services.db, scope, userId);
    if (!ctx) throw new Error(`demo workflow "${plan.title}": user ${userId} is not a member of workspace ${scope.workspaceId}`);
    contexts.set(userId, ctx);
    return ctx;
  };
  const idOf = (loginId: string) => {
    const id = people.get(loginId);
    if (id === undefined) throw new Error(`demo workflow "${plan.title}": no user ${loginId}`);
    return id;
  };
  let wf: Workflow = await start(services, await as(contract.ownerUserId), contract.id, {
    presetType: plan.presetType,
    message: plan.message,
    desiredReviewDeadline: plan.reviewDeadlineInDays === undefined ? undefined : localDate(new Date(Date.now() + plan.reviewDeadlineInDays * DAY_MS), HOME_TIME_ZONE),
    fileKeys: [],
    approvalLines: plan.approvers?.map((loginId) => ({ userIds: [idOf(loginId)] })),
  });
  for (const step of plan.steps) wf = await runStep(services, contract.id, wf, step, await as(idOf(step.by)), idOf);
}

async function runStep(services: AppServices, contractId: number, wf: Workflow, step: DemoStep, ctx: RequestContext, idOf: (loginId: string) => number): Promise<Workflow> {
  if (step.kind === 'COMMENT') {
    await addComment(services, ctx, contractId, { comment: step.comment, mentionUserIds: step.mentions.map(idOf), fileKeys: [] });
    return wf; // a comment keeps the revision
  }
  const stepCode = wf.currentStepCode;
  if (!stepCode) throw new Error(`demo workflow on contract ${contractId} ended before ${step.kind}`);
  return actOnCurrent(services, ctx, contractId, {
    op: step.kind,
    stepCode,
    revision: wf.revision,
    comment: step.comment,
    assigneeUserIds: step.kind === 'ASSIGN' ? step.reviewers.map(idOf) : undefined,
  });
}

/**
 * seedContent: the demo contracts under review, in approval and in signing get real workflows
 * (workflow-demo.catalogue.ts), after the contracts module registered them as drafts. Idempotent:
 * a contract that has (or had) a workflow, or is no longer a draft, is left alone; one that an
 * earlier demo seed moved to a workflow status without a workflow goes back to DRAFT first.
 */
export async function seedDemoWorkflows(services: AppServices, signal?: AbortSignal): Promise<void> {
  let started = 0;
  await services.database.withLock(SEED_LOCK, async () => {
    for (const plan of DEMO_WORKFLOW_WORKSPACES) {
      const [ws] = await services.db.select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id }).from(workspaces).where(eq(workspaces.name, plan.workspace));
      if (!ws) continue;
      const scope: TenantScope = ws;
      const loginIds = [...new Set(plan.workflows.flatMap((w) => [...(w.approvers ?? []), ...w.steps.flatMap((s) => [s.by, ...(s.kind === 'ASSIGN' ? s.reviewers : []), ...(s.kind === 'COMMENT' ? s.mentions : [])])]))];
      const people: People = new Map((await services.db.select({ id: users.id, loginId: users.loginId }).from(users).where(inArray(users.loginId, loginIds))).map((u) => [u.loginId, u.id]));
      for (const w of plan.workflows) {
        if (signal?.aborted) return;
        const [contract] = await services.db
          .select({ id: contracts.id, status: contracts.status, ownerUserId: contracts.ownerUserId })
          .from(contracts)
          .where(and(inScope(contracts, scope), eq(contracts.title, w.title), isNull(contracts.deletedAt)));
        if (!contract) continue;
        const [had] = await services.db.select({ id: workflows.id }).from(workflows).where(and(inScope(workflows, scope), eq(workflows.contractId, contract.id))).limit(1);
        if (had) continue;
        if ((WORKFLOW_CONTRACT_STATUSES as readonly string[]).includes(contract.status)) {
          await services.db.transaction((tx) => changeContractStatus(tx, scope, contract.id, 'DRAFT', { actorUserId: null, reason: 'demo: the workflow seed takes it on', ctx: null }));
        } else if (contract.status !== 'DRAFT') continue;
        await runDemoWorkflow(services, scope, contract, w, people);
        started += 1;
      }
    }
  });
  services.logger.info({ started }, 'demo workflows ready');
}
