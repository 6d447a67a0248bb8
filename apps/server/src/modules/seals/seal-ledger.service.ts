import { DirectApplyBodySchema, ListUsageHistoriesQuerySchema, type Page, type SealReferenceType, SignatureReferenceQuerySchema } from '@legal/api';
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { conflict, forbidden, notFound, validationError } from '../../platform/http/errors';
import { memberDisplayNames } from '../auth';
import { canReadContract, contracts } from '../contracts';
import { files, findReadableFile } from '../files';
import { envelopeStatusOf } from './seals.esign';
import { participantOf, SEAL_MANAGE, sealCaller, type SealCaller } from './seals.policy';
import * as repo from './seals.repo';
import { custodianOf, type Services } from './seals.service';
import { seals, sealUsageHistories, sealUsageRequests } from './seals.table';
import { applySeal, waitingOn } from './usage-requests.service';

/**
 * The ledger (every application of a seal), direct applications without a request, and the
 * signature views by reference (sync-status, my-sign-status, e-sign access).
 */

export type UsageHistoryDto = {
  historyId: number;
  seal: { sealId: number; name: string; type: repo.SealRow['type'] };
  requestId: number | null;
  method: 'PHYSICAL' | 'ELECTRONIC';
  referenceType: SealReferenceType;
  referenceId: number;
  referenceTitle: string | null;
  appliedBy: { userId: number; displayName: string | null };
  appliedAt: string;
};

/** A reference's title: a contract's, a file's display name; an envelope's contract title. */
export async function referenceTitles(db: repo.Executor, scope: TenantScope, rows: Array<{ referenceType: SealReferenceType | null; referenceId: number | null; contractId?: number | null }>): Promise<(row: { referenceType: SealReferenceType | null; referenceId: number | null; contractId?: number | null }) => string | null> {
  const contractIds = [...new Set(rows.flatMap((r) => [r.referenceType === 'CONTRACT' ? r.referenceId : null, r.contractId ?? null]).filter((id): id is number => id !== null))];
  const fileIds = [...new Set(rows.filter((r) => r.referenceType === 'FILE' && r.referenceId !== null).map((r) => r.referenceId!))];
  const [contractRows, fileRows] = await Promise.all([
    contractIds.length ? db.select({ id: contracts.id, title: contracts.title }).from(contracts).where(and(inScope(contracts, scope), inArray(contracts.id, contractIds))) : [],
    fileIds.length ? db.select({ id: files.id, name: files.displayName }).from(files).where(and(inScope(files, scope), inArray(files.id, fileIds))) : [],
  ]);
  const contractTitle = new Map(contractRows.map((c) => [c.id, c.title]));
  const fileName = new Map(fileRows.map((f) => [f.id, f.name]));
  return (row) => {
    if (row.referenceType === 'CONTRACT' && row.referenceId !== null) return contractTitle.get(row.referenceId) ?? null;
    if (row.referenceType === 'FILE' && row.referenceId !== null) return fileName.get(row.referenceId) ?? null;
    return row.contractId ? (contractTitle.get(row.contractId) ?? null) : null;
  };
}

export async function historyDtos(db: repo.Executor, scope: TenantScope, rows: repo.HistoryRow[]): Promise<UsageHistoryDto[]> {
  if (rows.length === 0) return [];
  const sealRows = await db.select({ id: seals.id, name: seals.name, type: seals.type }).from(seals).where(and(inScope(seals, scope), inArray(seals.id, [...new Set(rows.map((r) => r.sealId))])));
  const sealOf = new Map(sealRows.map((s) => [s.id, s]));
  const [names, title] = await Promise.all([memberDisplayNames(db, scope, rows.map((r) => r.appliedByUserId)), referenceTitles(db, scope, rows)]);
  return rows.map((r) => {
    const seal = sealOf.get(r.sealId)!;
    return {
      historyId: r.id,
      seal: { sealId: seal.id, name: seal.name, type: seal.type },
      requestId: r.requestId,
      method: r.method,
      referenceType: r.referenceType,
      referenceId: r.referenceId,
      referenceTitle: title(r),
      appliedBy: { userId: r.appliedByUserId, displayName: names.get(r.appliedByUserId) ?? null },
      appliedAt: r.appliedAt.toISOString(),
    };
  });
}

/** seal.seal.manage, or the custodian of the filtered seal. */
export async function listHistories(services: Services, ctx: RequestContext, query: z.output<typeof ListUsageHistoriesQuerySchema>): Promise<Page<UsageHistoryDto>> {
  const caller = sealCaller(ctx);
  if (!caller.canManage) {
    const seal = query.sealId ? await repo.findSeal(services.db, caller.scope, query.sealId) : null;
    if (!seal || seal.custodianUserId !== caller.userId) throw forbidden();
  }
  const where: SQL[] = [inScope(sealUsageHistories, caller.scope)];
  if (query.sealId) where.push(eq(sealUsageHistories.sealId, query.sealId));
  if (query.referenceType === 'CONTRACT' && query.referenceId) {
    // A contract's ledger includes the applications on its envelopes.
    where.push(or(and(eq(sealUsageHistories.referenceType, 'CONTRACT'), eq(sealUsageHistories.referenceId, query.referenceId)), eq(sealUsageHistories.contractId, query.referenceId))!);
  } else {
    if (query.referenceType) where.push(eq(sealUsageHistories.referenceType, query.referenceType));
    if (query.referenceId) where.push(eq(sealUsageHistories.referenceId, query.referenceId));
  }
  const condition = and(...where);
  const page = await fetchPage(
    query,
    (limit, offset) => services.db.select().from(sealUsageHistories).where(condition).orderBy(desc(sealUsageHistories.appliedAt), desc(sealUsageHistories.id)).limit(limit).offset(offset),
    async () => (await services.db.select({ n: count() }).from(sealUsageHistories).where(condition))[0]?.n ?? 0,
  );
  return { ...page, content: await historyDtos(services.db, caller.scope, page.content) };
}

/** An urgent application without a request: the custodian or seal.seal.manage, on a VALID seal, with a reason. */
export async function applyDirectly(services: Services, ctx: RequestContext, sealId: number, body: z.output<typeof DirectApplyBodySchema>): Promise<UsageHistoryDto> {
  const caller = sealCaller(ctx);
  const history = await services.db.transaction(async (tx) => {
    const seal = await repo.findSeal(tx, caller.scope, sealId, { forUpdate: true });
    if (!seal) throw notFound();
    if (seal.custodianUserId !== caller.userId && !caller.permissions.has(SEAL_MANAGE)) throw forbidden();
    if (seal.status !== 'VALID') throw conflict({ ko: '사용 불가로 표시된 인장은 날인할 수 없습니다.', en: 'An unavailable seal cannot be applied.' }, { reason: 'SEAL_UNAVAILABLE' });
    if (body.method === 'PHYSICAL' && body.contractId !== undefined && !(await canReadContract({ db: tx }, ctx, body.contractId).catch(() => false))) {
      throw validationError([{ field: 'body.contractId', reason: 'no contract you can read with this id' }]);
    }
    return applySeal(services, ctx, tx, caller, seal, { method: body.method, stampedFileKey: body.stampedFileKey, envelopeId: body.envelopeId, contractId: body.method === 'PHYSICAL' ? (body.contractId ?? null) : null, requestId: null, reason: body.reason });
  });
  return (await historyDtos(services.db, caller.scope, [history.row]))[0]!;
}

// Signatures by reference ----------------------------------------------------------------------------

type Reference = z.output<typeof SignatureReferenceQuerySchema>;

/** The reference must be readable: a contract by the contract rules, a file by the files rules, an envelope through its contract. */
async function checkReadable(services: Services, ctx: RequestContext, caller: SealCaller, reference: Reference): Promise<{ envelopeStatus: string | null }> {
  if (reference.referenceType === 'CONTRACT') {
    if (!(await canReadContract(services, ctx, reference.referenceId).catch(() => false))) throw notFound();
    return { envelopeStatus: null };
  }
  if (reference.referenceType === 'FILE') {
    const [file] = await services.db.select({ fileKey: files.fileKey }).from(files).where(and(inScope(files, caller.scope), eq(files.id, reference.referenceId)));
    if (!file || !(await findReadableFile(services, ctx, file.fileKey))) throw notFound();
    return { envelopeStatus: null };
  }
  const envelope = await envelopeStatusOf(services.db, caller.scope, reference.referenceId);
  if (!envelope) throw notFound();
  if (envelope.contractId !== null && !(await canReadContract(services, ctx, envelope.contractId).catch(() => false))) throw notFound();
  return { envelopeStatus: envelope.status };
}

/** SQL: requests concerning the reference (by reference, or an envelope they were applied to). */
function requestsOn(scope: TenantScope, reference: Reference): SQL {
  const byReference = and(eq(sealUsageRequests.referenceType, reference.referenceType), eq(sealUsageRequests.referenceId, reference.referenceId))!;
  return and(inScope(sealUsageRequests, scope), reference.referenceType === 'ENVELOPE' ? or(byReference, eq(sealUsageRequests.envelopeId, reference.referenceId))! : byReference)!;
}

function historiesOn(scope: TenantScope, reference: Reference): SQL {
  const byReference = and(eq(sealUsageHistories.referenceType, reference.referenceType), eq(sealUsageHistories.referenceId, reference.referenceId))!;
  return and(inScope(sealUsageHistories, scope), reference.referenceType === 'CONTRACT' ? or(byReference, eq(sealUsageHistories.contractId, reference.referenceId))! : byReference)!;
}

export async function syncStatus(services: Services, ctx: RequestContext, reference: Reference) {
  const caller = participantOf(ctx);
  const { envelopeStatus } = await checkReadable(services, ctx, caller, reference);
  const requests = await services.db
    .select({ requestId: sealUsageRequests.id, status: sealUsageRequests.status, sealName: seals.name })
    .from(sealUsageRequests)
    .innerJoin(seals, eq(seals.id, sealUsageRequests.sealId))
    .where(requestsOn(caller.scope, reference))
    .orderBy(sealUsageRequests.id);
  const histories = await services.db
    .select({ requestId: sealUsageHistories.requestId, requestStatus: sealUsageRequests.status })
    .from(sealUsageHistories)
    .leftJoin(sealUsageRequests, eq(sealUsageRequests.id, sealUsageHistories.requestId))
    .where(historiesOn(caller.scope, reference));
  const unapproved = histories.some((h) => h.requestId === null || (h.requestStatus !== 'APPROVED' && h.requestStatus !== 'APPLIED'));
  const outstanding = requests.some((r) => r.status === 'IN_APPROVAL' || r.status === 'APPROVED');
  const status = requests.length === 0 && histories.length === 0 ? 'NONE' : unapproved ? 'MISMATCH' : outstanding ? 'PENDING' : histories.length > 0 ? 'SYNCED' : 'NONE';
  return { status, requests, applications: histories.length, envelopeStatus } as const;
}

export async function mySignStatus(services: Services, ctx: RequestContext, reference: Reference) {
  const caller = participantOf(ctx);
  await checkReadable(services, ctx, caller, reference);
  const on = requestsOn(caller.scope, reference);
  const [toApprove, toApply, mine] = await Promise.all([
    services.db.select({ id: sealUsageRequests.id }).from(sealUsageRequests).where(and(on, waitingOn(caller.scope, caller.userId))).orderBy(sealUsageRequests.id),
    services.db
      .select({ id: sealUsageRequests.id })
      .from(sealUsageRequests)
      .innerJoin(seals, and(eq(seals.id, sealUsageRequests.sealId), eq(seals.custodianUserId, caller.userId)))
      .where(and(on, eq(sealUsageRequests.status, 'APPROVED')))
      .orderBy(sealUsageRequests.id),
    services.db.select({ requestId: sealUsageRequests.id, status: sealUsageRequests.status }).from(sealUsageRequests).where(and(on, eq(sealUsageRequests.requesterUserId, caller.userId))).orderBy(sealUsageRequests.id),
  ]);
  return { toApprove: toApprove.map((r) => r.id), toApply: toApply.map((r) => r.id), myRequests: mine };
}

/** What the caller may do with e-sign and seals in this workspace. */
export async function esignAccess(services: Services, ctx: RequestContext) {
  const caller = sealCaller(ctx);
  return {
    canSend: caller.permissions.has('esign.document.send') && (ctx.products?.has('E_CONTRACT') ?? false),
    canRequestSeal: caller.canRead,
    canApproveSeal: caller.canApprove,
    custodianOf: await custodianOf(services.db, caller.scope, caller.userId),
    canManageSeals: caller.canManage,
  };
}
