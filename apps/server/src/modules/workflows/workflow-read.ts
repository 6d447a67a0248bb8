import type { Approval, Workflow, WorkflowEvent, WorkflowStep } from '@legal/api';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, type TenantScope } from '../../platform/http/context';
import { AppError, conflict, notFound, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { memberDisplayNames } from '../auth';
import { type ContractActor, contractContext, readableContract } from '../contracts';
import { abilitiesOf, mayReadPresetTargets } from './workflow-abilities';
import { offeredPlans } from './workflow-presets.service';
import { type ActorFacts, allowedActions, type EngineState, type Refusal } from './workflow.state';
import * as repo from './workflows.repo';
import { workflowApprovals, workflowEventFiles, type workflowEvents } from './workflows.table';

/**
 * The workflow hub's reads shared by its services: the caller, the loaded engine state of a
 * workflow (rows + EngineState), locating the current workflow of a contract or a workflow by id
 * (404 when the caller may not read its contract), the refusal errors, and the DTOs.
 */

export type Services = Pick<AppServices, 'db' | 'mailer' | 'attachments' | 'storage' | 'jobs' | 'config' | 'logger'>;
export type Exec = Db | Tx;

export interface Caller {
  scope: TenantScope;
  actor: ContractActor;
  ctx: RequestContext;
}

export async function callerOf(services: Services, ctx: RequestContext): Promise<Caller> {
  const { scope, actor } = await contractContext(services, ctx);
  return { scope, actor, ctx };
}

export const refusalError = (r: Refusal): AppError => {
  if (r.status === 400) return validationError([{ field: r.field ?? 'body', reason: r.reason }]);
  if (r.status === 403) return new AppError('ERROR_FORBIDDEN', { data: { reason: r.reason } });
  return conflict({ ko: '지금은 이 작업을 할 수 없습니다.', en: 'This action is not allowed now.' }, { reason: r.reason });
};
export const staleError = (revision: number) =>
  conflict({ ko: '그사이 다른 사람이 처리했습니다. 새로 고친 뒤 다시 시도해 주세요.', en: 'Someone acted on this workflow since you read it. Reload and try again.' }, { reason: 'stale revision', revision });

// Loading the state -------------------------------------------------------------------------------

export interface Loaded {
  row: repo.WorkflowRow;
  steps: repo.WorkflowStepRow[];
  members: repo.StepMemberRow[];
  approval: repo.ApprovalRow | undefined;
  approvers: repo.ApproverRow[];
  state: EngineState;
}

async function latestApproval(db: Exec, scope: TenantScope, workflowId: number) {
  const [row] = await db
    .select()
    .from(workflowApprovals)
    .where(and(inScope(workflowApprovals, scope), eq(workflowApprovals.workflowId, workflowId)))
    .orderBy(desc(workflowApprovals.id))
    .limit(1);
  return row;
}

export async function load(db: Exec, scope: TenantScope, row: repo.WorkflowRow): Promise<Loaded> {
  const [steps, members, approval] = await Promise.all([repo.listSteps(db, scope, row.id), repo.listStepMembers(db, scope, [row.id]), latestApproval(db, scope, row.id)]);
  const approvers = approval ? await repo.listApprovers(db, scope, [approval.id]) : [];
  const state: EngineState = {
    presetType: row.presetType,
    processStatus: row.processStatus,
    currentStepCode: row.currentStepCode,
    round: row.round,
    steps: steps.map((s) => ({ stepCode: s.stepCode, status: s.status })),
    offSteps: row.offStepCodes,
    requesterUserId: row.requesterUserId,
    reviewerIds: members.filter((m) => m.stepCode === 'LEGAL_REVIEW' && m.role === 'REVIEWER').map((m) => m.userId),
    approval: approval
      ? {
          approvalId: approval.id,
          status: approval.status,
          approvers: approvers.map((a) => ({ userId: a.userId, lineOrder: a.lineOrder, decision: a.decision, documentRevision: a.documentRevision })),
        }
      : null,
  };
  return { row, steps, members, approval, approvers, state };
}

export function factsOf(actor: ContractActor, ownerUserId: number): ActorFacts {
  return { userId: actor.userId, permissions: actor.permissions, isOwner: actor.userId === ownerUserId };
}

/** The contract (readable by the caller, 404 otherwise) and its current workflow (404 when none). */
export async function currentOf(services: Services, caller: Caller, contractId: number, db: Exec = services.db) {
  const { row: contract } = await readableContract(db, caller.scope, caller.actor, contractId);
  const wf = await repo.findCurrentWorkflowOfContract(db, caller.scope, contractId);
  if (!wf) throw notFound();
  return { contract, wf };
}

/** The workflow by id, its contract readable by the caller (404 otherwise). */
export async function workflowById(services: Services, caller: Caller, workflowId: number, db: Exec = services.db) {
  const wf = await repo.findWorkflow(db, caller.scope, workflowId);
  if (!wf) throw notFound();
  const { row: contract } = await readableContract(db, caller.scope, caller.actor, wf.contractId);
  return { contract, wf };
}

// DTOs ---------------------------------------------------------------------------------------------

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const ref = (names: Map<number, string>, userId: number) => ({ userId, displayName: names.get(userId) ?? null });

function stepDtos(loaded: Pick<Loaded, 'steps' | 'members'>, names: Map<number, string>): WorkflowStep[] {
  return loaded.steps.map((s) => ({
    stepCode: s.stepCode,
    order: s.order,
    group: s.stepGroup,
    status: s.status,
    members: loaded.members.filter((m) => m.stepCode === s.stepCode).map((m) => ({ ...ref(names, m.userId), role: m.role })),
    startedAt: iso(s.startedAt),
    completedAt: iso(s.completedAt),
  }));
}

export function approvalDto(approval: repo.ApprovalRow, approvers: repo.ApproverRow[], contractTitle: string, names: Map<number, string>): Approval {
  return {
    approvalId: approval.id,
    workflowId: approval.workflowId,
    contractId: approval.contractId,
    contractTitle,
    status: approval.status,
    round: approval.round,
    approvers: approvers.map((a) => ({ ...ref(names, a.userId), lineOrder: a.lineOrder, decision: a.decision, decidedAt: iso(a.decidedAt), comment: a.comment, documentRevision: a.documentRevision })),
    requestedBy: approval.requestedByUserId === null ? null : ref(names, approval.requestedByUserId),
    comment: approval.comment,
    createdAt: approval.createdAt.toISOString(),
    completedAt: iso(approval.completedAt),
  };
}

export async function workflowDto(db: Exec, scope: TenantScope, actor: ContractActor, contract: { ownerUserId: number; title: string }, row: repo.WorkflowRow): Promise<Workflow> {
  const loaded = await load(db, scope, row);
  const names = await memberDisplayNames(db, scope, [row.requesterUserId, ...loaded.members.map((m) => m.userId), ...loaded.approvers.map((a) => a.userId), loaded.approval?.requestedByUserId ?? null]);
  // The current line: not a draft waiting for the step, nor one canceled (the workflow waits for a new one).
  const showApproval = loaded.approval && loaded.approval.status !== 'DRAFT' && loaded.approval.status !== 'CANCELED' ? loaded.approval : undefined;
  const draft = loaded.approval?.status === 'DRAFT' ? loaded.approval : undefined;
  const facts = factsOf(actor, contract.ownerUserId);
  const abilities = abilitiesOf(loaded.state, facts, {
    lastEventSeq: row.lastEventSeq,
    isEnvelopeOpen: row.processStatus === 'IN_SIGNING' ? await repo.hasOpenEnvelope(db, scope, row.id) : false,
    offered: mayReadPresetTargets(loaded.state, facts) ? await offeredPlans(db, scope) : [],
  });
  return {
    workflowId: row.id,
    contractId: row.contractId,
    presetType: row.presetType,
    processStatus: row.processStatus,
    currentStepCode: row.currentStepCode,
    round: row.round,
    revision: row.revision,
    requester: ref(names, row.requesterUserId),
    message: row.message,
    desiredReviewDeadline: row.desiredReviewDeadline,
    steps: stepDtos(loaded, names),
    approval: showApproval ? approvalDto(showApproval, loaded.approvers, contract.title, names) : null,
    allowedActions: allowedActions(loaded.state, facts),
    abilities,
    approvalDraft: draft ? approvalDto(draft, loaded.approvers, contract.title, names) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

export type EventRow = typeof workflowEvents.$inferSelect;
export async function eventDtos(db: Exec, scope: TenantScope, rows: EventRow[]): Promise<WorkflowEvent[]> {
  if (rows.length === 0) return [];
  const fileRows = await db
    .select()
    .from(workflowEventFiles)
    .where(and(inScope(workflowEventFiles, scope), inArray(workflowEventFiles.eventId, rows.map((r) => r.id))))
    .orderBy(asc(workflowEventFiles.id));
  const names = await memberDisplayNames(db, scope, rows.flatMap((r) => [r.actorUserId, ...r.mentionUserIds]));
  return rows.map((r) => ({
    eventId: r.id,
    workflowId: r.workflowId,
    round: r.round,
    type: r.type,
    stepCode: r.stepCode,
    actionId: r.actionId,
    actor: r.actorUserId === null ? null : ref(names, r.actorUserId),
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    comment: r.comment,
    mentions: r.mentionUserIds.map((id) => ref(names, id)),
    files: fileRows.filter((f) => f.eventId === r.id).map((f) => ({ fileKey: f.fileKey, displayName: f.displayName })),
    createdAt: r.createdAt.toISOString(),
  }));
}
