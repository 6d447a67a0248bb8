import type { ContractHubSortField, ContractType, MyRelation, ProcessStatus } from '@legal/api';
import { and, asc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import {
  CONTRACT_SORT_COLUMNS, type ContractActor, contractIdAmong, contractSearchConditions, contractSummaryColumns, contracts, contractUsers, contractWatchers,
} from '../contracts';
import type { Executor, WorkflowPresetType } from './workflow-lists.repo';
import { FINAL_PROCESS_STATUSES } from './workflows.repo';
import { workflowApprovals, workflowApprovers, workflowEvents, workflows, workflowStepMembers } from './workflows.table';

/**
 * The SQL of the workflow hub's contract search (contracts/search, to-be-executed, my-related):
 * contracts matched by the contracts module's own search conditions (workspace, live rows, the
 * caller's read rule, keyword over fields and files), each left-joined to its current workflow.
 * The current workflow is the contract's latest: a workflow starts only while none runs (the
 * partial unique index), so the running one is always the newest, and a finished contract shows
 * the last one (as `findCurrentWorkflowOfContract`). `max(id)` reads `workflows_scope_contract_idx`.
 */

export interface HubFilter {
  keyword?: string;
  processStatuses?: ProcessStatus[];
  workflowPresetTypes?: WorkflowPresetType[];
  contractTypes?: ContractType[];
  ownerIds?: number[];
  createdDateStart?: string;
  createdDateEnd?: string;
  /** Only contracts whose running workflow waits for the signature or the executed copy. */
  isToBeExecuted?: boolean;
}

const some = <T>(list: T[] | undefined): list is T[] => list !== undefined && list.length > 0;

/** The join condition: the workflow is the contract's latest, in the same workspace. */
function currentWorkflowOf(scope: TenantScope): SQL {
  return and(
    inScope(workflows, scope),
    sql`${workflows.id} = (select max(w2.id) from ${workflows} w2 where w2.tenant_id = ${scope.tenantId} and w2.workspace_id = ${scope.workspaceId} and w2.contract_id = ${contracts.id})`,
  )!;
}

/** The steps at which a workflow waits for the signature (SIGNING) or the executed copy (EXECUTION, after a review-only preset). */
export const TO_BE_EXECUTED_STEPS = ['SIGNING', 'EXECUTION'] as const;

export function hubConditions(db: Executor, scope: TenantScope, actor: ContractActor, f: HubFilter): SQL | undefined {
  const createdDate = f.createdDateStart || f.createdDateEnd ? { start: f.createdDateStart, end: f.createdDateEnd } : undefined;
  return and(
    contractSearchConditions(db, scope, actor, { keyword: f.keyword || undefined, contractTypes: f.contractTypes, ownerIds: f.ownerIds, createdDate }),
    some(f.processStatuses) ? inArray(workflows.processStatus, f.processStatuses) : undefined,
    some(f.workflowPresetTypes) ? inArray(workflows.presetType, f.workflowPresetTypes) : undefined,
    f.isToBeExecuted ? and(inArray(workflows.currentStepCode, [...TO_BE_EXECUTED_STEPS]), notInArray(workflows.processStatus, [...FINAL_PROCESS_STATUSES])) : undefined,
  );
}

// How the caller is related -----------------------------------------------------------------------

/**
 * Each relation of the caller to a contract, as a condition on `contracts`: the owner column, or
 * the contract's id among an uncorrelated id set read once through the caller's user indexes
 * (`contractIdAmong`), so the OR of them is a bitmap OR of index conditions. An approver counts
 * once a line is more than a draft (a draft asks nobody yet).
 */
export function relationConditions(db: Executor, scope: TenantScope, userId: number): Record<MyRelation, SQL> {
  const me = sql`array[${userId}]::bigint[]`;
  return {
    OWNER: eq(contracts.ownerUserId, userId),
    REQUESTER: contractIdAmong(db.select({ id: workflows.contractId }).from(workflows).where(and(inScope(workflows, scope), eq(workflows.requesterUserId, userId)))),
    REVIEWER: contractIdAmong(
      db
        .select({ id: workflows.contractId })
        .from(workflowStepMembers)
        .innerJoin(workflows, and(inScope(workflows, scope), eq(workflows.id, workflowStepMembers.workflowId)))
        .where(and(inScope(workflowStepMembers, scope), eq(workflowStepMembers.userId, userId), eq(workflowStepMembers.role, 'REVIEWER'))),
    ),
    APPROVER: contractIdAmong(
      db
        .select({ id: workflowApprovals.contractId })
        .from(workflowApprovers)
        .innerJoin(workflowApprovals, and(inScope(workflowApprovals, scope), eq(workflowApprovals.id, workflowApprovers.approvalId)))
        .where(and(inScope(workflowApprovers, scope), eq(workflowApprovers.userId, userId), ne(workflowApprovals.status, 'DRAFT'))),
    ),
    WATCHER: contractIdAmong(db.select({ id: contractWatchers.contractId }).from(contractWatchers).where(and(inScope(contractWatchers, scope), eq(contractWatchers.userId, userId)))),
    RELATED_USER: contractIdAmong(db.select({ id: contractUsers.contractId }).from(contractUsers).where(and(inScope(contractUsers, scope), eq(contractUsers.userId, userId)))),
    // The partial GIN index workflow_events_mentions_idx: its predicate repeated, then containment.
    MENTIONED: contractIdAmong(
      db
        .select({ id: workflowEvents.contractId })
        .from(workflowEvents)
        .where(and(inScope(workflowEvents, scope), sql`${workflowEvents.mentionUserIds} <> '{}'::bigint[]`, sql`${workflowEvents.mentionUserIds} @> ${me}`)),
    ),
  };
}

// Rows, order, count ------------------------------------------------------------------------------

const SORT_COLUMNS = {
  updatedAt: CONTRACT_SORT_COLUMNS.updatedAt,
  createdAt: CONTRACT_SORT_COLUMNS.createdAt,
  title: CONTRACT_SORT_COLUMNS.title,
  contractType: CONTRACT_SORT_COLUMNS.contractType,
  status: CONTRACT_SORT_COLUMNS.status,
  endDate: CONTRACT_SORT_COLUMNS.endDate,
  workflowUpdatedAt: workflows.updatedAt,
  waitingSince: workflows.stepStartedAt,
} as const satisfies Record<ContractHubSortField, unknown>;

/** Rows without a value (or without a workflow) come last in both directions; the contract id breaks ties. */
export function hubOrder(sorts: ReadonlyArray<{ field: ContractHubSortField; direction: 'asc' | 'desc' }>): SQL[] {
  const direction = (d: 'asc' | 'desc') => sql.raw(d === 'asc' ? 'ASC' : 'DESC');
  const last = sorts.at(-1)?.direction ?? 'desc';
  return [...sorts.map((s) => sql`${SORT_COLUMNS[s.field]} ${direction(s.direction)} NULLS LAST`), sql`${contracts.id} ${direction(last)}`];
}

const workflowColumns = {
  workflowId: workflows.id,
  presetType: workflows.presetType,
  processStatus: workflows.processStatus,
  currentStepCode: workflows.currentStepCode,
  round: workflows.round,
  requesterUserId: workflows.requesterUserId,
  stepStartedAt: workflows.stepStartedAt,
  workflowUpdatedAt: workflows.updatedAt,
};

/** A page of contracts with their current workflow's columns (`workflow` null without one). */
export async function hubRows(db: Executor, scope: TenantScope, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select({ contract: contractSummaryColumns, workflow: workflowColumns })
    .from(contracts)
    .leftJoin(workflows, currentWorkflowOf(scope))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}
export type HubRow = Awaited<ReturnType<typeof hubRows>>[number];

export async function countHub(db: Executor, scope: TenantScope, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contracts).leftJoin(workflows, currentWorkflowOf(scope)).where(where);
  return row?.n ?? 0;
}

/** Which relations hold for each of the contracts (a page's rows). */
export async function relationsOf(db: Executor, scope: TenantScope, relations: Record<MyRelation, SQL>, contractIds: number[]): Promise<Map<number, MyRelation[]>> {
  const out = new Map<number, MyRelation[]>();
  if (contractIds.length === 0) return out;
  const names = Object.keys(relations) as MyRelation[];
  const flags = Object.fromEntries(names.map((name) => [name, sql<boolean>`(${relations[name]})`.mapWith(Boolean)])) as Record<MyRelation, SQL<boolean>>;
  const rows = await db
    .select({ id: contracts.id, ...flags })
    .from(contracts)
    .where(and(inScope(contracts, scope), inArray(contracts.id, contractIds)));
  for (const row of rows) out.set(row.id, names.filter((name) => row[name]));
  return out;
}

// Who it waits on ---------------------------------------------------------------------------------

/** The step members of the workflows in the given roles (ASSIGNMENT assigners, LEGAL_REVIEW reviewers). */
export async function stepMembersOf(db: Executor, scope: TenantScope, workflowIds: number[]) {
  if (workflowIds.length === 0) return [];
  return db
    .select({ workflowId: workflowStepMembers.workflowId, stepCode: workflowStepMembers.stepCode, role: workflowStepMembers.role, userId: workflowStepMembers.userId })
    .from(workflowStepMembers)
    .where(and(inScope(workflowStepMembers, scope), inArray(workflowStepMembers.workflowId, workflowIds), inArray(workflowStepMembers.role, ['ASSIGNER', 'REVIEWER'])))
    .orderBy(asc(workflowStepMembers.id));
}

/** The approvers of the workflows' running lines (IN_PROGRESS), in line order. */
export async function runningLineApprovers(db: Executor, scope: TenantScope, workflowIds: number[]) {
  if (workflowIds.length === 0) return [];
  return db
    .select({ workflowId: workflowApprovals.workflowId, userId: workflowApprovers.userId, lineOrder: workflowApprovers.lineOrder, decision: workflowApprovers.decision })
    .from(workflowApprovers)
    .innerJoin(workflowApprovals, and(inScope(workflowApprovals, scope), eq(workflowApprovals.id, workflowApprovers.approvalId)))
    .where(and(inScope(workflowApprovers, scope), inArray(workflowApprovals.workflowId, workflowIds), eq(workflowApprovals.status, 'IN_PROGRESS')))
    .orderBy(asc(workflowApprovers.lineOrder), asc(workflowApprovers.id));
}
