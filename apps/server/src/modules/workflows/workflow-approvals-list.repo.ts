import type { ApprovalStatusSchema } from '@legal/api';
import { and, asc, desc, eq, exists, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { type ContractActor, contracts, visibleTo } from '../contracts';
import { approverTurn, type Executor, titleMatches } from './workflow-lists.repo';
import { workflowApprovals, workflowApprovers } from './workflows.table';

/** The approval lines list (approvals/v1): the caller's lines as approver or requester, of contracts they may read. */

type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

export interface ApprovalListFilter {
  role: 'APPROVER' | 'REQUESTER';
  statuses?: ApprovalStatus[];
  waitingOnMe?: boolean;
  searchKeyword?: string;
}

export function approvalListConditions(db: Executor, scope: TenantScope, actor: ContractActor, f: ApprovalListFilter): SQL {
  const me = actor.userId;
  const mine =
    f.role === 'APPROVER'
      ? and(
          // A draft asks nobody yet: its approvers see it once it starts.
          ne(workflowApprovals.status, 'DRAFT'),
          exists(db.select({ one: sql`1` }).from(workflowApprovers).where(and(inScope(workflowApprovers, scope), eq(workflowApprovers.approvalId, workflowApprovals.id), eq(workflowApprovers.userId, me)))),
        )
      : eq(workflowApprovals.requestedByUserId, me);
  return and(
    inScope(workflowApprovals, scope),
    inScope(contracts, scope),
    isNull(contracts.deletedAt),
    visibleTo(actor),
    mine,
    f.statuses && f.statuses.length > 0 ? inArray(workflowApprovals.status, f.statuses) : undefined,
    f.waitingOnMe && f.role === 'APPROVER' ? and(eq(workflowApprovals.status, 'IN_PROGRESS'), approverTurn(db, scope, me, workflowApprovals.id)) : undefined,
    titleMatches(f.searchKeyword),
  )!;
}

export async function approvalRows(db: Executor, where: SQL, limit: number, offset: number) {
  return db
    .select({
      approvalId: workflowApprovals.id,
      workflowId: workflowApprovals.workflowId,
      contractId: workflowApprovals.contractId,
      contractTitle: contracts.title,
      status: workflowApprovals.status,
      round: workflowApprovals.round,
      requestedByUserId: workflowApprovals.requestedByUserId,
      comment: workflowApprovals.comment,
      createdAt: workflowApprovals.createdAt,
      completedAt: workflowApprovals.completedAt,
    })
    .from(workflowApprovals)
    .innerJoin(contracts, eq(contracts.id, workflowApprovals.contractId))
    .where(where)
    .orderBy(desc(workflowApprovals.createdAt), desc(workflowApprovals.id))
    .limit(limit)
    .offset(offset);
}

export async function countApprovals(db: Executor, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(workflowApprovals)
    .innerJoin(contracts, eq(contracts.id, workflowApprovals.contractId))
    .where(where);
  return row?.n ?? 0;
}

export async function approversOf(db: Executor, scope: TenantScope, approvalIds: number[]) {
  if (approvalIds.length === 0) return [];
  return db
    .select({
      approvalId: workflowApprovers.approvalId,
      userId: workflowApprovers.userId,
      lineOrder: workflowApprovers.lineOrder,
      decision: workflowApprovers.decision,
      decidedAt: workflowApprovers.decidedAt,
      comment: workflowApprovers.comment,
      documentRevision: workflowApprovers.documentRevision,
    })
    .from(workflowApprovers)
    .where(and(inScope(workflowApprovers, scope), inArray(workflowApprovers.approvalId, approvalIds)))
    .orderBy(asc(workflowApprovers.lineOrder), asc(workflowApprovers.id));
}
