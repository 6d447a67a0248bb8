import type { Seal, UsageRequest } from '@legal/api';
import { and, asc, count, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { groupMembers, groups } from '../admin';
import { memberDisplayNames } from '../auth';
import { files } from '../files';
import type { SealCaller } from './seals.policy';
import { sealAllowedGroups, sealApprovalSteps, sealRequestDocuments, seals, sealUsageHistories, sealUsageRequests } from './seals.table';

/** Scoped queries of the seal service; every one takes the tenant scope (or a caller carrying it) first. */
export type Executor = Db | Tx;
export type SealRow = typeof seals.$inferSelect;
export type RequestRow = typeof sealUsageRequests.$inferSelect;
export type StepRow = typeof sealApprovalSteps.$inferSelect;
export type HistoryRow = typeof sealUsageHistories.$inferSelect;

export async function findSeal(db: Executor, scope: TenantScope, sealId: number, options: { forUpdate?: boolean } = {}): Promise<SealRow | null> {
  const query = db.select().from(seals).where(and(inScope(seals, scope), eq(seals.id, sealId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findRequest(db: Executor, scope: TenantScope, requestId: number, options: { forUpdate?: boolean } = {}): Promise<RequestRow | null> {
  const query = db.select().from(sealUsageRequests).where(and(inScope(sealUsageRequests, scope), eq(sealUsageRequests.id, requestId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function stepsOf(db: Executor, scope: TenantScope, requestIds: number[]): Promise<StepRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(sealApprovalSteps)
    .where(and(inScope(sealApprovalSteps, scope), inArray(sealApprovalSteps.requestId, requestIds)))
    .orderBy(asc(sealApprovalSteps.requestId), asc(sealApprovalSteps.order));
}

/** The step whose turn it is: the first PENDING one of a request IN_APPROVAL. */
export function currentStep(request: Pick<RequestRow, 'status'>, steps: StepRow[]): StepRow | null {
  if (request.status !== 'IN_APPROVAL') return null;
  return steps.find((s) => s.decision === 'PENDING') ?? null;
}

/** The ids of the groups a membership belongs to. */
export async function groupIdsOfMember(db: Executor, scope: TenantScope, membershipId: number | undefined): Promise<Set<number>> {
  if (membershipId === undefined) return new Set();
  const rows = await db.select({ groupId: groupMembers.groupId }).from(groupMembers).where(and(inScope(groupMembers, scope), eq(groupMembers.membershipId, membershipId)));
  return new Set(rows.map((r) => r.groupId));
}

/** SQL over a `seals` row: the caller may request it (no group restriction, or one of their groups allowed). */
export function requestableBy(scope: TenantScope, groupIds: Set<number>): SQL {
  const restricted = exists(sql`(select 1 from ${sealAllowedGroups} where ${inScope(sealAllowedGroups, scope)} and ${sealAllowedGroups.sealId} = ${seals.id})`);
  if (groupIds.size === 0) return sql`not ${restricted}`;
  const allowed = exists(
    sql`(select 1 from ${sealAllowedGroups} where ${inScope(sealAllowedGroups, scope)} and ${sealAllowedGroups.sealId} = ${seals.id} and ${inArray(sealAllowedGroups.groupId, [...groupIds])})`,
  );
  return sql`(not ${restricted} or ${allowed})`;
}

/**
 * SQL over a `seal_usage_requests` row: the caller may read it (its requester, an approver on its
 * line, the seal's custodian, or seal.seal.manage).
 */
export function requestVisibleTo(caller: Pick<SealCaller, 'scope' | 'userId' | 'canManage'>): SQL {
  if (caller.canManage) return inScope(sealUsageRequests, caller.scope);
  const { scope, userId } = caller;
  return and(
    inScope(sealUsageRequests, scope),
    or(
      eq(sealUsageRequests.requesterUserId, userId),
      exists(sql`(select 1 from ${sealApprovalSteps} where ${inScope(sealApprovalSteps, scope)} and ${sealApprovalSteps.requestId} = ${sealUsageRequests.id} and ${sealApprovalSteps.approverUserId} = ${userId})`),
      exists(sql`(select 1 from ${seals} where ${inScope(seals, scope)} and ${seals.id} = ${sealUsageRequests.sealId} and ${seals.custodianUserId} = ${userId})`),
    ),
  )!;
}

/** The seals as the contract shows them: custodian's name, allowed groups, how often used. */
export async function sealDtos(db: Executor, scope: TenantScope, rows: SealRow[]): Promise<Seal[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [allowed, usage, names] = await Promise.all([
    db
      .select({ sealId: sealAllowedGroups.sealId, groupId: groups.id, name: groups.name })
      .from(sealAllowedGroups)
      .innerJoin(groups, and(inScope(groups, scope), eq(groups.id, sealAllowedGroups.groupId)))
      .where(and(inScope(sealAllowedGroups, scope), inArray(sealAllowedGroups.sealId, ids)))
      .orderBy(asc(groups.name), asc(groups.id)),
    db
      .select({ sealId: sealUsageHistories.sealId, n: count() })
      .from(sealUsageHistories)
      .where(and(inScope(sealUsageHistories, scope), inArray(sealUsageHistories.sealId, ids)))
      .groupBy(sealUsageHistories.sealId),
    memberDisplayNames(db, scope, rows.map((r) => r.custodianUserId)),
  ]);
  const usageOf = new Map(usage.map((u) => [u.sealId, u.n]));
  return rows.map((r) => ({
    sealId: r.id,
    name: r.name,
    type: r.type,
    description: r.description,
    status: r.status,
    unavailableReason: r.unavailableReason,
    imageFileKey: r.imageFileKey,
    custodian: { userId: r.custodianUserId, displayName: names.get(r.custodianUserId) ?? null },
    allowedGroups: allowed.filter((a) => a.sealId === r.id).map((a) => ({ groupId: a.groupId, name: a.name })),
    usageCount: usageOf.get(r.id) ?? 0,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function documentsOf(db: Executor, scope: TenantScope, requestIds: number[]) {
  if (requestIds.length === 0) return [];
  return db
    .select({ documentId: sealRequestDocuments.id, requestId: sealRequestDocuments.requestId, fileKey: sealRequestDocuments.fileKey, contractId: sealRequestDocuments.contractId, fileName: files.displayName })
    .from(sealRequestDocuments)
    .leftJoin(files, and(inScope(files, scope), eq(files.fileKey, sealRequestDocuments.fileKey)))
    .where(and(inScope(sealRequestDocuments, scope), inArray(sealRequestDocuments.requestId, requestIds)))
    .orderBy(asc(sealRequestDocuments.requestId), asc(sealRequestDocuments.id));
}

/** The requests as the contract shows them: seal, people, documents, approval line, whose turn. */
export async function requestDtos(db: Executor, scope: TenantScope, rows: RequestRow[]): Promise<UsageRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const sealIds = [...new Set(rows.map((r) => r.sealId))];
  const [sealRows, steps, documents] = await Promise.all([
    db.select({ id: seals.id, name: seals.name, type: seals.type, status: seals.status }).from(seals).where(and(inScope(seals, scope), inArray(seals.id, sealIds))),
    stepsOf(db, scope, ids),
    documentsOf(db, scope, ids),
  ]);
  const names = await memberDisplayNames(db, scope, [...rows.map((r) => r.requesterUserId), ...steps.map((s) => s.approverUserId)]);
  const ref = (userId: number) => ({ userId, displayName: names.get(userId) ?? null });
  const sealOf = new Map(sealRows.map((s) => [s.id, s]));
  return rows.map((r) => {
    const own = steps.filter((s) => s.requestId === r.id);
    const seal = sealOf.get(r.sealId)!;
    return {
      requestId: r.id,
      seal: { sealId: seal.id, name: seal.name, type: seal.type, status: seal.status },
      requester: ref(r.requesterUserId),
      purpose: r.purpose,
      useDate: r.useDate,
      count: r.count,
      status: r.status,
      referenceType: r.referenceType,
      referenceId: r.referenceId,
      documents: documents
        .filter((d) => d.requestId === r.id)
        .map((d) => ({ documentId: d.documentId, fileKey: d.fileKey, fileName: d.fileName ?? d.fileKey, contractId: d.contractId })),
      approvals: own.map((s) => ({ order: s.order, approver: ref(s.approverUserId), decision: s.decision, comment: s.comment, decidedAt: s.decidedAt?.toISOString() ?? null })),
      currentApproverId: currentStep(r, own)?.approverUserId ?? null,
      appliedMethod: r.appliedMethod,
      appliedAt: r.appliedAt?.toISOString() ?? null,
      stampedFileKey: r.stampedFileKey,
      envelopeId: r.envelopeId,
      version: r.version,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
