import type { ContractLanguage, ContractType, ProcessStatus, StepCode, StepMemberRoleSchema } from '@legal/api';
import { and, asc, desc, eq, exists, gte, inArray, isNull, lt, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { groupMembers } from '../admin';
import { memberDisplayNames, memberships } from '../auth';
import { type ContractActor, contracts, visibleTo } from '../contracts';
import { workflowApprovals, workflowApprovers, workflowEvents, workflows, workflowStepMembers } from './workflows.table';

/**
 * The read models of the workflow hub (to-do, listings, approvals): every query joins the
 * workflow to its live contract, keeps to the caller's tenant and workspace, and applies the
 * contract module's read rule (`visibleTo`) as SQL, so a list never holds a contract the caller
 * may not read. Indexes: migration of workflow-lists (workflows.table.ts).
 */

export type Executor = Db | Tx;
export type StepMemberRole = z.infer<typeof StepMemberRoleSchema>;
/** A preset code (built-in or published). */
export type WorkflowPresetType = string;

export const FINAL_STATUSES: ProcessStatus[] = ['EXECUTED', 'CANCELED'];
/** Back with the requester: they may resubmit (RETURNED by the reviewer, REJECTED by an approver, RECALLED by themselves). */
export const BACK_TO_REQUESTER: ProcessStatus[] = ['RETURNED', 'REJECTED', 'RECALLED'];

/** The workflow, its live contract in the same workspace, and the caller's read rule. */
export function readableWorkflows(scope: TenantScope, actor: ContractActor): SQL {
  return and(inScope(workflows, scope), inScope(contracts, scope), isNull(contracts.deletedAt), visibleTo(actor))!;
}

const joinContract = eq(contracts.id, workflows.contractId);
export const requesterColumn = workflows.requesterUserId;
export const anyOf = (conditions: SQL[]): SQL | undefined => or(...conditions);

// The to-do ----------------------------------------------------------------------------------------

export type TodoKind = 'toAssign' | 'toReview' | 'toApprove' | 'toSign' | 'returnedToMe';
export const TODO_ROLES: Record<TodoKind, StepMemberRole> = { toAssign: 'ASSIGNER', toReview: 'REVIEWER', toApprove: 'APPROVER', toSign: 'SIGNER', returnedToMe: 'REQUESTER' };
/** When one workflow waits on the caller in two ways, the item shows the first of these. */
export const TODO_KINDS: TodoKind[] = ['toApprove', 'toReview', 'toAssign', 'toSign', 'returnedToMe'];

/** The line whose turn it is: the lowest line order of the approval still holding an undecided approver. */
function isCurrentLine(scope: TenantScope): SQL {
  return sql`${workflowApprovers.lineOrder} = (select min(a2.line_order) from ${workflowApprovers} a2 where a2.approval_id = ${workflowApprovers.approvalId} and a2.tenant_id = ${scope.tenantId} and a2.workspace_id = ${scope.workspaceId} and a2.decision = 'PENDING')`;
}

/** It is `userId`'s turn on the approval (outer `workflow_approvals` row or a workflow's in-progress line). */
export function approverTurn(db: Executor, scope: TenantScope, userId: number, approvalId: SQL | typeof workflowApprovals.id): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(workflowApprovers)
      .where(and(inScope(workflowApprovers, scope), eq(workflowApprovers.approvalId, approvalId), eq(workflowApprovers.userId, userId), eq(workflowApprovers.decision, 'PENDING'), isCurrentLine(scope))),
  );
}

/** `workflows.id = ANY(ARRAY(subquery))`: the id set is computed once (an InitPlan) and probes the primary key (as the contracts module's idAmong). */
const idAmong = (ids: SQLWrapper): SQL => sql`${workflows.id} = any(array(${ids}))`;

/**
 * Each way a running workflow waits on the caller, as SQL over `workflows` joined to `contracts`:
 * the assigner (legal.review.assign) at ASSIGNMENT, the reviewer assigned at LEGAL_REVIEW, the
 * approver whose line's turn it is, the owner at SIGNING, the requester once it came back. Each
 * branch is an index condition on `workflows` (the caller's reviews and approval turns as id sets
 * read once through their user indexes, the others through the status and requester indexes), so
 * the to-do reads only the workflows that wait on the caller, however many run.
 */
export function todoConditions(db: Executor, scope: TenantScope, userId: number, canAssign: boolean): Record<TodoKind, SQL> {
  const myReviews = db
    .select({ id: workflowStepMembers.workflowId })
    .from(workflowStepMembers)
    .where(and(inScope(workflowStepMembers, scope), eq(workflowStepMembers.userId, userId), eq(workflowStepMembers.role, 'REVIEWER'), eq(workflowStepMembers.stepCode, 'LEGAL_REVIEW')));
  const myTurns = db
    .select({ id: workflowApprovals.workflowId })
    .from(workflowApprovers)
    .innerJoin(workflowApprovals, and(inScope(workflowApprovals, scope), eq(workflowApprovals.id, workflowApprovers.approvalId)))
    .where(and(inScope(workflowApprovers, scope), eq(workflowApprovers.userId, userId), eq(workflowApprovers.decision, 'PENDING'), eq(workflowApprovals.status, 'IN_PROGRESS'), isCurrentLine(scope)));
  return {
    toAssign: canAssign ? and(eq(workflows.processStatus, 'REQUESTED'), eq(workflows.currentStepCode, 'ASSIGNMENT'))! : sql`false`,
    toReview: and(eq(workflows.processStatus, 'IN_REVIEW'), eq(workflows.currentStepCode, 'LEGAL_REVIEW'), idAmong(myReviews))!,
    toApprove: and(eq(workflows.processStatus, 'IN_APPROVAL'), eq(workflows.currentStepCode, 'APPROVAL'), idAmong(myTurns))!,
    toSign: and(eq(workflows.processStatus, 'IN_SIGNING'), eq(workflows.currentStepCode, 'SIGNING'), eq(contracts.ownerUserId, userId))!,
    returnedToMe: and(eq(workflows.requesterUserId, userId), inArray(workflows.processStatus, BACK_TO_REQUESTER))!,
  };
}

export async function todoCounts(db: Executor, readable: SQL, conditions: Record<TodoKind, SQL>): Promise<Record<TodoKind, number>> {
  const [row] = await db
    .select({
      toAssign: sql<number>`count(*) filter (where ${conditions.toAssign})`.mapWith(Number),
      toReview: sql<number>`count(*) filter (where ${conditions.toReview})`.mapWith(Number),
      toApprove: sql<number>`count(*) filter (where ${conditions.toApprove})`.mapWith(Number),
      toSign: sql<number>`count(*) filter (where ${conditions.toSign})`.mapWith(Number),
      returnedToMe: sql<number>`count(*) filter (where ${conditions.returnedToMe})`.mapWith(Number),
    })
    .from(workflows)
    .innerJoin(contracts, joinContract)
    .where(and(readable, notInArray(workflows.processStatus, FINAL_STATUSES), or(...Object.values(conditions))));
  return row!;
}

/** A running workflow as a waiting item: its contract, step and since when (to-do, the dashboard's slowest). */
export const WAITING_ROW = {
  workflowId: workflows.id,
  contractId: contracts.id,
  contractTitle: contracts.title,
  contractType: contracts.contractType,
  stepCode: workflows.currentStepCode,
  processStatus: workflows.processStatus,
  requesterUserId: workflows.requesterUserId,
  waitingSince: workflows.stepStartedAt,
};

export async function todoRows(db: Executor, readable: SQL, conditions: Record<TodoKind, SQL>, limit: number) {
  const kind = sql<TodoKind>`case ${sql.join(
    TODO_KINDS.map((k) => sql`when ${conditions[k]} then ${k}`),
    sql` `,
  )} end`;
  return db
    .select({
      ...WAITING_ROW,
      desiredReviewDeadline: workflows.desiredReviewDeadline,
      kind,
    })
    .from(workflows)
    .innerJoin(contracts, joinContract)
    .where(and(readable, notInArray(workflows.processStatus, FINAL_STATUSES), or(...Object.values(conditions))))
    .orderBy(asc(workflows.stepStartedAt), asc(workflows.id))
    .limit(limit);
}

// Listings ----------------------------------------------------------------------------------------

export interface ProcessFilter {
  presetTypes?: WorkflowPresetType[];
  includedStatuses?: ProcessStatus[];
  excludedStatuses?: ProcessStatus[];
  contractTypes?: ContractType[];
  language?: ContractLanguage;
  ownerIds?: number[];
  requesterIds?: number[];
  searchText?: string;
  /** Workflow creation from/to, as instants (the service turns Korean dates into them). */
  createdFrom?: Date;
  createdBefore?: Date;
  contractGroupIds?: number[];
  currentStepCode?: StepCode;
  running?: boolean;
}

/** Title words: each must occur in the title (the bigram index narrows, `strpos` confirms). */
export function titleMatches(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const tokens = [...new Set(text.normalize('NFC').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 10);
  return and(
    ...tokens.map((token) => and([...token].length >= 2 ? sql`${contracts.grams} @> ko_bigrams(${token})` : undefined, sql`strpos(lower(${contracts.title}), ${token}) > 0`)),
  );
}

export function processConditions(f: ProcessFilter): SQL | undefined {
  const some = <T>(list: T[] | undefined) => (list && list.length > 0 ? list : undefined);
  return and(
    some(f.presetTypes) ? inArray(workflows.presetType, f.presetTypes!) : undefined,
    some(f.includedStatuses) ? inArray(workflows.processStatus, f.includedStatuses!) : undefined,
    some(f.excludedStatuses) ? notInArray(workflows.processStatus, f.excludedStatuses!) : undefined,
    some(f.contractTypes) ? inArray(contracts.contractType, f.contractTypes!) : undefined,
    f.language ? eq(contracts.language, f.language) : undefined,
    some(f.ownerIds) ? inArray(contracts.ownerUserId, f.ownerIds!) : undefined,
    some(f.requesterIds) ? inArray(workflows.requesterUserId, f.requesterIds!) : undefined,
    some(f.contractGroupIds) ? inArray(contracts.groupId, f.contractGroupIds!) : undefined,
    f.createdFrom ? gte(workflows.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(workflows.createdAt, f.createdBefore) : undefined,
    f.currentStepCode ? eq(workflows.currentStepCode, f.currentStepCode) : undefined,
    f.running ? notInArray(workflows.processStatus, FINAL_STATUSES) : undefined,
    titleMatches(f.searchText),
  );
}

/** The caller takes part in the workflow as a step member with one of the roles (any role when none given). */
export function takesPart(db: Executor, scope: TenantScope, userIds: number[], roles: StepMemberRole[] | undefined): SQL {
  const asRequester = !roles || roles.length === 0 || roles.includes('REQUESTER') ? inArray(workflows.requesterUserId, userIds) : undefined;
  const asMember = exists(
    db
      .select({ one: sql`1` })
      .from(workflowStepMembers)
      .where(
        and(
          inScope(workflowStepMembers, scope),
          eq(workflowStepMembers.workflowId, workflows.id),
          inArray(workflowStepMembers.userId, userIds),
          roles && roles.length > 0 ? inArray(workflowStepMembers.role, roles) : undefined,
        ),
      ),
  );
  return or(asRequester, asMember)!;
}

/** The requester belongs to one of these groups (the groups' requests). */
export function requestedByGroupMembers(db: Executor, scope: TenantScope, groupIds: number[]): SQL {
  if (groupIds.length === 0) return sql`false`;
  return inArray(
    workflows.requesterUserId,
    db
      .select({ userId: memberships.userId })
      .from(groupMembers)
      .innerJoin(memberships, and(inScope(memberships, scope), eq(memberships.id, groupMembers.membershipId)))
      .where(and(inScope(groupMembers, scope), inArray(groupMembers.groupId, groupIds))),
  );
}

export const PROCESS_SORTS = {
  createdAt: workflows.createdAt,
  updatedAt: workflows.updatedAt,
  contractTitle: contracts.title,
} as const;
export type ProcessSort = { field: keyof typeof PROCESS_SORTS; direction: 'asc' | 'desc' };

export async function processRows(db: Executor, where: SQL | undefined, sort: ProcessSort, limit: number, offset: number) {
  const by = sort.direction === 'asc' ? asc : desc;
  return db
    .select({
      workflowId: workflows.id,
      contractId: contracts.id,
      contractTitle: contracts.title,
      contractType: contracts.contractType,
      language: contracts.language,
      presetType: workflows.presetType,
      processStatus: workflows.processStatus,
      currentStepCode: workflows.currentStepCode,
      round: workflows.round,
      requesterUserId: workflows.requesterUserId,
      ownerUserId: contracts.ownerUserId,
      desiredReviewDeadline: workflows.desiredReviewDeadline,
      createdAt: workflows.createdAt,
      updatedAt: workflows.updatedAt,
    })
    .from(workflows)
    .innerJoin(contracts, joinContract)
    .where(where)
    .orderBy(by(PROCESS_SORTS[sort.field]), by(workflows.id))
    .limit(limit)
    .offset(offset);
}
export type ProcessRow = Awaited<ReturnType<typeof processRows>>[number];

export async function countProcesses(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(workflows).innerJoin(contracts, joinContract).where(where);
  return row?.n ?? 0;
}

/** The reviewers assigned at LEGAL_REVIEW of each workflow. */
export async function reviewersOf(db: Executor, scope: TenantScope, workflowIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (workflowIds.length === 0) return out;
  const rows = await db
    .select({ workflowId: workflowStepMembers.workflowId, userId: workflowStepMembers.userId })
    .from(workflowStepMembers)
    .where(and(inScope(workflowStepMembers, scope), inArray(workflowStepMembers.workflowId, workflowIds), eq(workflowStepMembers.stepCode, 'LEGAL_REVIEW'), eq(workflowStepMembers.role, 'REVIEWER')))
    .orderBy(asc(workflowStepMembers.id));
  for (const r of rows) out.set(r.workflowId, [...(out.get(r.workflowId) ?? []), r.userId]);
  return out;
}

export { memberDisplayNames };

// Assignment balancing ----------------------------------------------------------------------------

export async function runningByStep(db: Executor, readable: SQL) {
  return db
    .select({ stepCode: workflows.currentStepCode, count: sql<number>`count(*)`.mapWith(Number) })
    .from(workflows)
    .innerJoin(contracts, joinContract)
    .where(and(readable, notInArray(workflows.processStatus, FINAL_STATUSES), sql`${workflows.currentStepCode} is not null`))
    .groupBy(workflows.currentStepCode);
}

/** Per reviewer: workflows in review and returned where they are the assigned reviewer. */
export async function reviewLoad(db: Executor, scope: TenantScope, readable: SQL, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: workflowStepMembers.userId,
      inReview: sql<number>`count(*) filter (where ${workflows.processStatus} = 'IN_REVIEW')`.mapWith(Number),
      returned: sql<number>`count(*) filter (where ${workflows.processStatus} = 'RETURNED')`.mapWith(Number),
    })
    .from(workflowStepMembers)
    .innerJoin(workflows, and(inScope(workflows, scope), eq(workflows.id, workflowStepMembers.workflowId)))
    .innerJoin(contracts, joinContract)
    .where(and(readable, inScope(workflowStepMembers, scope), eq(workflowStepMembers.stepCode, 'LEGAL_REVIEW'), eq(workflowStepMembers.role, 'REVIEWER'), inArray(workflowStepMembers.userId, userIds)))
    .groupBy(workflowStepMembers.userId);
}

/** Per reviewer: reviews they completed since `since` (COMPLETE_REVIEW events they acted). */
export async function completedReviews(db: Executor, scope: TenantScope, readable: SQL, userIds: number[], since: Date) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: sql<number>`${workflowEvents.actorUserId}`.mapWith(Number), n: sql<number>`count(distinct ${workflowEvents.workflowId})`.mapWith(Number) })
    .from(workflowEvents)
    .innerJoin(workflows, and(inScope(workflows, scope), eq(workflows.id, workflowEvents.workflowId)))
    .innerJoin(contracts, joinContract)
    .where(and(readable, inScope(workflowEvents, scope), eq(workflowEvents.actionId, 'COMPLETE_REVIEW'), inArray(workflowEvents.actorUserId, userIds), gte(workflowEvents.createdAt, since)))
    .groupBy(workflowEvents.actorUserId);
}
