import type { Approval, Workflow } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext } from '../../platform/http/context';
import { notFound, validationError } from '../../platform/http/errors';
import { memberDisplayNames } from '../auth';
import { readableContract } from '../contracts';
import { PERMISSIONS } from './workflow.presets';
import { approvalDraftRefusal } from './workflow-abilities';
import * as repo from './workflows.repo';
import { workflowApprovals, workflowApprovers } from './workflows.table';
import { approvalDto, callerOf, currentOf, factsOf, load, refusalError, type Services } from './workflow-read';
import { assertHolders, lineFieldOf } from './workflow-write';
import { act, actOnCurrent, byContract, type CancelStepInput } from './workflows.service';

/** The workflow hub's approval line: start it, save a draft, read it, cancel it. */

/** `linesFieldOf`: the body path a 400 names for an approver who may not approve (v3: `body.lines.<line>.userIds.<i>`, the default). */
export async function startApproval(
  services: Services,
  ctx: RequestContext,
  contractId: number,
  body: { lines: number[][]; comment?: string | undefined; revision: number },
  linesFieldOf?: (userId: number) => string,
): Promise<Workflow> {
  return actOnCurrent(services, ctx, contractId, { op: 'SET_APPROVAL_LINE', stepCode: 'APPROVAL', revision: body.revision, lines: body.lines, comment: body.comment, eventType: 'MEMBERS_CHANGED', ...(linesFieldOf ? { linesFieldOf } : {}) });
}

/** Saves a draft line for the contract's running workflow (replacing an earlier draft); it starts when the workflow reaches APPROVAL. */
export async function saveApprovalDraft(services: Services, ctx: RequestContext, contractId: number, body: { lines: Array<{ userIds: number[] }>; comment?: string | undefined }): Promise<Approval> {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  const lines = body.lines.map((l) => l.userIds);
  if (new Set(lines.flat()).size !== lines.flat().length) throw validationError([{ field: 'body.lines', reason: 'each approver once' }]);
  await assertHolders(services, caller.scope, lines.flat(), PERMISSIONS.approve, lineFieldOf('body.lines', lines));
  return services.db.transaction(async (tx) => {
    const locked = await repo.lockWorkflow(tx, caller.scope, wf.id);
    if (!locked) throw notFound();
    const { contract } = await currentOf(services, caller, contractId, tx);
    const refused = approvalDraftRefusal((await load(tx, caller.scope, locked)).state, factsOf(caller.actor, contract.ownerUserId));
    if (refused) throw refusalError(refused);
    await tx
      .update(workflowApprovals)
      .set({ status: 'CANCELED', completedAt: new Date() })
      .where(and(inScope(workflowApprovals, caller.scope), eq(workflowApprovals.workflowId, locked.id), eq(workflowApprovals.status, 'DRAFT')));
    const [draft] = await tx.insert(workflowApprovals).values({ ...caller.scope, workflowId: locked.id, contractId, status: 'DRAFT', round: locked.round, requestedByUserId: caller.actor.userId, comment: body.comment ?? null }).returning();
    const approvers = await tx.insert(workflowApprovers).values(lines.flatMap((ids, i) => ids.map((userId) => ({ ...caller.scope, approvalId: draft!.id, userId, lineOrder: i + 1 })))).returning();
    const names = await memberDisplayNames(tx, caller.scope, [caller.actor.userId, ...lines.flat()]);
    return approvalDto(draft!, approvers, contract.title, names);
  });
}

export async function getCurrentApproval(services: Services, ctx: RequestContext, contractId: number): Promise<Approval> {
  const caller = await callerOf(services, ctx);
  const { contract, wf } = await currentOf(services, caller, contractId);
  const approval = await repo.findCurrentApproval(services.db, caller.scope, wf.id);
  if (!approval) throw notFound();
  const approvers = await repo.listApprovers(services.db, caller.scope, [approval.id]);
  const names = await memberDisplayNames(services.db, caller.scope, [approval.requestedByUserId, ...approvers.map((a) => a.userId)]);
  return approvalDto(approval, approvers, contract.title, names);
}

export async function getApproval(services: Services, ctx: RequestContext, approvalId: number): Promise<Approval> {
  const caller = await callerOf(services, ctx);
  const approval = await repo.findApproval(services.db, caller.scope, approvalId);
  if (!approval) throw notFound();
  const { row: contract } = await readableContract(services.db, caller.scope, caller.actor, approval.contractId);
  const approvers = await repo.listApprovers(services.db, caller.scope, [approval.id]);
  const names = await memberDisplayNames(services.db, caller.scope, [approval.requestedByUserId, ...approvers.map((a) => a.userId)]);
  return approvalDto(approval, approvers, contract.title, names);
}

export async function cancelCurrentApproval(services: Services, ctx: RequestContext, contractId: number, body: CancelStepInput = {}): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  return act(services, caller, byContract(services, caller, contractId), { op: 'CANCEL_APPROVAL', stepCode: 'APPROVAL', revision: body.revision ?? wf.revision, comment: body.comment || undefined });
}
