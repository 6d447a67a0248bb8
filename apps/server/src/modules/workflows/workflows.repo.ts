import type { ProcessStatus } from '@legal/api';
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { workflowApprovals, workflowApprovers, workflowSignings, workflowStepMembers, workflowSteps, workflows } from './workflows.table';

/**
 * Basic reads of the workflow tables, every one scoped to a tenant (first argument). The read
 * models (to-do, listings, my requests) build on these tables and this vocabulary:
 * - a workflow is RUNNING while its process status is not final (FINAL_PROCESS_STATUSES);
 * - `current_step_code` is the step that waits; `workflow_step_members` of that step with the
 *   matching role are who it waits on (for APPROVAL: only the approvers of the current line whose
 *   decision is PENDING, see `waitingApproverIds`);
 * - RETURNED / REJECTED / RECALLED wait on the requester at REQUEST.
 */

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowStepRow = typeof workflowSteps.$inferSelect;
export type StepMemberRow = typeof workflowStepMembers.$inferSelect;
export type ApprovalRow = typeof workflowApprovals.$inferSelect;
export type ApproverRow = typeof workflowApprovers.$inferSelect;
export type SigningRow = typeof workflowSignings.$inferSelect;

export const FINAL_PROCESS_STATUSES: readonly ProcessStatus[] = ['EXECUTED', 'CANCELED'];

export async function findWorkflow(db: Db | Tx, scope: TenantScope, workflowId: number): Promise<WorkflowRow | undefined> {
  const [row] = await db.select().from(workflows).where(and(inScope(workflows, scope), eq(workflows.id, workflowId)));
  return row;
}

/** The workflow row locked for the transaction (every action and comment takes this lock first). */
export async function lockWorkflow(tx: Tx, scope: TenantScope, workflowId: number): Promise<WorkflowRow | undefined> {
  const [row] = await tx.select().from(workflows).where(and(inScope(workflows, scope), eq(workflows.id, workflowId))).for('update');
  return row;
}

/** The contract's running workflow, else its latest one. */
export async function findCurrentWorkflowOfContract(db: Db | Tx, scope: TenantScope, contractId: number): Promise<WorkflowRow | undefined> {
  const [running] = await db
    .select()
    .from(workflows)
    .where(and(inScope(workflows, scope), eq(workflows.contractId, contractId), notInArray(workflows.processStatus, [...FINAL_PROCESS_STATUSES])));
  if (running) return running;
  const [last] = await db
    .select()
    .from(workflows)
    .where(and(inScope(workflows, scope), eq(workflows.contractId, contractId)))
    .orderBy(desc(workflows.id))
    .limit(1);
  return last;
}

export async function listSteps(db: Db | Tx, scope: TenantScope, workflowId: number): Promise<WorkflowStepRow[]> {
  return db
    .select()
    .from(workflowSteps)
    .where(and(inScope(workflowSteps, scope), eq(workflowSteps.workflowId, workflowId)))
    .orderBy(asc(workflowSteps.order));
}

export async function listStepMembers(db: Db | Tx, scope: TenantScope, workflowIds: readonly number[]): Promise<StepMemberRow[]> {
  if (workflowIds.length === 0) return [];
  return db
    .select()
    .from(workflowStepMembers)
    .where(and(inScope(workflowStepMembers, scope), inArray(workflowStepMembers.workflowId, [...workflowIds])))
    .orderBy(asc(workflowStepMembers.id));
}

/** The workflow's latest approval line that is not a draft (IN_PROGRESS, or the last decided one). */
export async function findCurrentApproval(db: Db | Tx, scope: TenantScope, workflowId: number): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(workflowApprovals)
    .where(and(inScope(workflowApprovals, scope), eq(workflowApprovals.workflowId, workflowId), notInArray(workflowApprovals.status, ['DRAFT', 'CANCELED'])))
    .orderBy(desc(workflowApprovals.id))
    .limit(1);
  return row;
}

export async function findApproval(db: Db | Tx, scope: TenantScope, approvalId: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(workflowApprovals).where(and(inScope(workflowApprovals, scope), eq(workflowApprovals.id, approvalId)));
  return row;
}

export async function listApprovers(db: Db | Tx, scope: TenantScope, approvalIds: readonly number[]): Promise<ApproverRow[]> {
  if (approvalIds.length === 0) return [];
  return db
    .select()
    .from(workflowApprovers)
    .where(and(inScope(workflowApprovers, scope), inArray(workflowApprovers.approvalId, [...approvalIds])))
    .orderBy(asc(workflowApprovers.lineOrder), asc(workflowApprovers.id));
}

/** The approvers whose turn it is: PENDING approvers of the lowest line that still has one pending. */
export function waitingApproverIds(approvers: ReadonlyArray<Pick<ApproverRow, 'userId' | 'lineOrder' | 'decision'>>): number[] {
  const pending = approvers.filter((a) => a.decision === 'PENDING');
  if (pending.length === 0) return [];
  const line = Math.min(...pending.map((a) => a.lineOrder));
  return pending.filter((a) => a.lineOrder === line).map((a) => a.userId);
}

export async function findCurrentSigning(db: Db | Tx, scope: TenantScope, workflowId: number): Promise<SigningRow | undefined> {
  const [row] = await db
    .select()
    .from(workflowSignings)
    .where(and(inScope(workflowSignings, scope), eq(workflowSignings.workflowId, workflowId)))
    .orderBy(desc(workflowSignings.id))
    .limit(1);
  return row;
}

/** Whether an e-sign envelope of the workflow's waiting signing step is open (it owns the signing then). */
export async function hasOpenEnvelope(db: Db | Tx, scope: TenantScope, workflowId: number): Promise<boolean> {
  const [open] = await db
    .select({ id: workflowSignings.id })
    .from(workflowSignings)
    .where(and(inScope(workflowSignings, scope), eq(workflowSignings.workflowId, workflowId), eq(workflowSignings.status, 'WAITING'), eq(workflowSignings.isEnvelopeOpen, true)))
    .limit(1);
  return open !== undefined;
}
