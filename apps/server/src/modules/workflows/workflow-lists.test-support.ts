/** Helpers for the workflow read-model tests (not a test file itself). */
import type { ApprovalDecisionSchema, ApprovalStatusSchema, ProcessStatus, StepCode } from '@legal/api';
import type { z } from 'zod';
import type { TestApp } from '../../test/harness';
import type { StepMemberRole, WorkflowPresetType } from './workflow-lists.repo';
import type { Person } from '../contracts/contracts.test-support';
import { workflowApprovals, workflowApprovers, workflowEvents, workflows, workflowStepMembers } from './workflows.table';

export interface SeedWorkflow {
  contractId: number;
  requester: Person;
  processStatus: ProcessStatus;
  currentStepCode: StepCode | null;
  presetType?: WorkflowPresetType;
  desiredReviewDeadline?: string | null;
  members?: Array<{ stepCode: StepCode; role: StepMemberRole; userId: number }>;
  /** Approval lines, in order; each approver with a decision (PENDING by default). */
  approval?: { status: z.infer<typeof ApprovalStatusSchema>; lines: Array<Array<{ userId: number; decision?: z.infer<typeof ApprovalDecisionSchema> }>> };
  createdAt?: Date;
  updatedAt?: Date;
  stepStartedAt?: Date;
  round?: number;
}

/**
 * A workflow as the engine leaves it in a given state, written to the tables directly: the read
 * models are tested against every state without driving the engine through each one.
 */
export async function seedWorkflow(t: TestApp, w: SeedWorkflow): Promise<{ workflowId: number; approvalId: number | null }> {
  const scope = { tenantId: w.requester.ws.tenantId, workspaceId: w.requester.ws.workspaceId };
  const db = t.services.db;
  const created = w.createdAt ?? new Date();
  const [row] = await db
    .insert(workflows)
    .values({
      ...scope,
      contractId: w.contractId,
      presetType: w.presetType ?? 'LEGAL_REVIEW_AND_APPROVAL',
      processStatus: w.processStatus,
      currentStepCode: w.currentStepCode,
      round: w.round ?? 1,
      requesterUserId: w.requester.userId,
      desiredReviewDeadline: w.desiredReviewDeadline ?? null,
      stepStartedAt: w.stepStartedAt ?? created,
      createdAt: created,
      updatedAt: w.updatedAt ?? created,
      completedAt: w.processStatus === 'EXECUTED' || w.processStatus === 'CANCELED' ? created : null,
    })
    .returning({ id: workflows.id });
  const workflowId = row!.id;
  const members = [{ stepCode: 'REQUEST' as const, role: 'REQUESTER' as const, userId: w.requester.userId }, ...(w.members ?? [])];
  await db.insert(workflowStepMembers).values(members.map((m) => ({ ...scope, workflowId, ...m })));
  await db.insert(workflowEvents).values({ ...scope, workflowId, contractId: w.contractId, seq: 1, round: 1, type: 'STARTED', actorUserId: w.requester.userId, toStatus: 'REQUESTED', createdAt: created });
  let approvalId: number | null = null;
  if (w.approval) {
    const [a] = await db
      .insert(workflowApprovals)
      .values({ ...scope, workflowId, contractId: w.contractId, status: w.approval.status, requestedByUserId: w.requester.userId, createdAt: created })
      .returning({ id: workflowApprovals.id });
    approvalId = a!.id;
    const approvers = w.approval.lines.flatMap((line, i) => line.map((p) => ({ ...scope, approvalId: a!.id, userId: p.userId, lineOrder: i + 1, decision: p.decision ?? 'PENDING' })));
    await db.insert(workflowApprovers).values(approvers);
    for (const line of w.approval.lines) {
      for (const p of line) await db.insert(workflowStepMembers).values({ ...scope, workflowId, stepCode: 'APPROVAL', role: 'APPROVER', userId: p.userId }).onConflictDoNothing();
    }
  }
  return { workflowId, approvalId };
}

/** A COMPLETE_REVIEW event by the reviewer (the count-by-member's "completed in the last 30 days"). */
export async function seedCompletedReview(t: TestApp, who: Person, workflowId: number, contractId: number, seq: number, at: Date) {
  const scope = { tenantId: who.ws.tenantId, workspaceId: who.ws.workspaceId };
  await t.services.db.insert(workflowEvents).values({ ...scope, workflowId, contractId, seq, round: 1, type: 'ACTION', actionId: 'COMPLETE_REVIEW', stepCode: 'LEGAL_REVIEW', actorUserId: who.userId, fromStatus: 'IN_REVIEW', toStatus: 'REVIEW_COMPLETED', createdAt: at });
}
