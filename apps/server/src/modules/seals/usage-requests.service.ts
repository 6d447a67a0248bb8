import { type ListUsageRequestsQuerySchema, type Page, type UsageAction, type UsageActionBodySchema, type UsageRequest, type UsageRequestBodySchema } from '@legal/api';
import { and, count, eq, exists, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import { notify as notifyInApp, type NotificationInput } from '../../platform/notifications/notifications';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { conflict, forbidden, notFound, validationError } from '../../platform/http/errors';
import { peopleByIds } from '../admin';
import { findMembership, findWorkspaceName } from '../auth';
import { readableContractDocument } from '../contracts';
import { claimPendingAttachments, findReadableFiles } from '../files';
import { applyElectronically, type ElectronicApplication } from './seals.esign';
import { type SealMailKind, sealNoticeMailTemplate } from './seals.mail';
import { participantOf, readerOf, type SealCaller, SEAL_MANAGE, USAGE_APPROVE } from './seals.policy';
import * as repo from './seals.repo';
import { audit, ORDER_NEWEST, type Services, staleVersion } from './seals.service';
import { sealApprovalSteps, sealRequestDocuments, seals, sealUsageHistories, sealUsageRequests } from './seals.table';

/**
 * Usage requests: a member asks to use a seal on documents; the approval line decides in order;
 * the custodian applies it (physically with the stamped scan, or electronically on the contract's
 * envelope). Every action locks the request row, checks its `version` (409) and bumps it, in one
 * transaction with its audit row, its mail (the outbox) and its in-app notifications.
 */

type Body = z.output<typeof UsageRequestBodySchema>;
type ActionBody = z.output<typeof UsageActionBodySchema>;
type ListQuery = z.output<typeof ListUsageRequestsQuerySchema>;

async function dto(db: repo.Executor, scope: TenantScope, requestId: number): Promise<UsageRequest> {
  const row = await repo.findRequest(db, scope, requestId);
  if (!row) throw notFound();
  return (await repo.requestDtos(db, scope, [row]))[0]!;
}

/** The request when the caller may read it (404 otherwise). */
export async function readableRequest(db: repo.Executor, caller: SealCaller, requestId: number, options: { forUpdate?: boolean } = {}): Promise<repo.RequestRow> {
  const query = db.select().from(sealUsageRequests).where(and(repo.requestVisibleTo(caller), eq(sealUsageRequests.id, requestId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

// Reads ----------------------------------------------------------------------------------------------

export async function getRequest(services: Services, ctx: RequestContext, requestId: number): Promise<UsageRequest> {
  const caller = participantOf(ctx);
  const row = await readableRequest(services.db, caller, requestId);
  return (await repo.requestDtos(services.db, caller.scope, [row]))[0]!;
}

export async function listDocuments(services: Services, ctx: RequestContext, requestId: number) {
  const caller = participantOf(ctx);
  await readableRequest(services.db, caller, requestId);
  const docs = await repo.documentsOf(services.db, caller.scope, [requestId]);
  return docs.map((d) => ({ documentId: d.documentId, fileKey: d.fileKey, fileName: d.fileName ?? d.fileKey, contractId: d.contractId }));
}

function filters(caller: SealCaller, query: Omit<ListQuery, 'page' | 'size' | 'sort'>): SQL[] {
  const where: SQL[] = [inScope(sealUsageRequests, caller.scope)];
  if (query.statuses?.length) where.push(inArray(sealUsageRequests.status, query.statuses));
  if (query.sealId) where.push(eq(sealUsageRequests.sealId, query.sealId));
  if (query.from) where.push(gte(sealUsageRequests.useDate, query.from));
  if (query.to) where.push(lte(sealUsageRequests.useDate, query.to));
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(sealUsageRequests.purpose, like),
        exists(sql`(select 1 from ${seals} where ${inScope(seals, caller.scope)} and ${seals.id} = ${sealUsageRequests.sealId} and ${seals.name} ilike ${like})`),
      )!,
    );
  }
  return where;
}

async function page(services: Services, caller: SealCaller, query: ListQuery, where: SQL[]): Promise<Page<UsageRequest>> {
  const condition = and(...where);
  const result = await fetchPage(
    query,
    (limit, offset) => services.db.select().from(sealUsageRequests).where(condition).orderBy(...ORDER_NEWEST).limit(limit).offset(offset),
    async () => (await services.db.select({ n: count() }).from(sealUsageRequests).where(condition))[0]?.n ?? 0,
  );
  return { ...result, content: await repo.requestDtos(services.db, caller.scope, result.content) };
}

export async function listMine(services: Services, ctx: RequestContext, query: ListQuery) {
  const caller = readerOf(ctx);
  return page(services, caller, query, [...filters(caller, query), eq(sealUsageRequests.requesterUserId, caller.userId)]);
}

/** SQL: the caller's turn in the line of an IN_APPROVAL request (every earlier step approved). */
export function waitingOn(scope: TenantScope, userId: number): SQL {
  const s = sealApprovalSteps;
  return and(
    eq(sealUsageRequests.status, 'IN_APPROVAL'),
    exists(
      sql`(select 1 from ${s} where ${inScope(s, scope)} and ${s.requestId} = ${sealUsageRequests.id} and ${s.approverUserId} = ${userId} and ${s.decision} = 'PENDING'
        and not exists (select 1 from ${s} e where e.tenant_id = ${s.tenantId} and e.workspace_id = ${s.workspaceId} and e.request_id = ${s.requestId} and e.step_order < ${s.order} and e.decision <> 'APPROVED'))`,
    ),
  )!;
}

/** SQL: an APPROVED request of a seal the caller keeps (waiting for them to apply it). */
export function toApplyBy(scope: TenantScope, userId: number): SQL {
  return and(
    eq(sealUsageRequests.status, 'APPROVED'),
    exists(sql`(select 1 from ${seals} where ${inScope(seals, scope)} and ${seals.id} = ${sealUsageRequests.sealId} and ${seals.custodianUserId} = ${userId})`),
  )!;
}

export async function listToApprove(services: Services, ctx: RequestContext, query: ListQuery) {
  const caller = participantOf(ctx);
  return page(services, caller, query, [...filters(caller, query), or(waitingOn(caller.scope, caller.userId), toApplyBy(caller.scope, caller.userId))!]);
}

/** SQL: requests the caller approved, rejected or applied (seal.seal.manage: every processed request). */
export function processedBy(caller: SealCaller): SQL {
  const processed = inArray(sealUsageRequests.status, ['APPROVED', 'REJECTED', 'APPLIED']);
  if (caller.canManage) return processed;
  const s = sealApprovalSteps;
  const h = sealUsageHistories;
  return or(
    exists(sql`(select 1 from ${s} where ${inScope(s, caller.scope)} and ${s.requestId} = ${sealUsageRequests.id} and ${s.approverUserId} = ${caller.userId} and ${s.decision} <> 'PENDING')`),
    exists(sql`(select 1 from ${h} where ${inScope(h, caller.scope)} and ${h.requestId} = ${sealUsageRequests.id} and ${h.appliedByUserId} = ${caller.userId})`),
  )!;
}

export async function listProcessed(services: Services, ctx: RequestContext, query: ListQuery) {
  const caller = participantOf(ctx);
  return page(services, caller, query, [...filters(caller, query), processedBy(caller)]);
}

/** Rows of the processed list for the Excel download, newest first, up to `maxRows`. */
export async function processedRows(services: Services, ctx: RequestContext, query: Omit<ListQuery, 'page' | 'size' | 'sort'>, maxRows: number) {
  const caller = participantOf(ctx);
  const condition = and(...filters(caller, query), processedBy(caller));
  const [total] = await services.db.select({ n: count() }).from(sealUsageRequests).where(condition);
  const rows = await services.db.select().from(sealUsageRequests).where(condition).orderBy(...ORDER_NEWEST).limit(maxRows);
  return { total: total?.n ?? 0, content: await repo.requestDtos(services.db, caller.scope, rows) };
}

// Create, update, delete -----------------------------------------------------------------------------

interface CheckedBody {
  seal: repo.SealRow;
  documents: Array<{ fileKey: string; contractId: number | null }>;
  referenceType: 'CONTRACT' | null;
  referenceId: number | null;
}

/** The seal (VALID, requestable), the documents (readable uploads, a readable contract's main document) and the line (approvers). */
async function checkBody(services: Services, ctx: RequestContext, tx: Tx, caller: SealCaller, body: Body): Promise<CheckedBody> {
  const problems: Array<{ field: string; reason: string }> = [];
  const seal = await repo.findSeal(tx, caller.scope, body.sealId, { forUpdate: true });
  const groupIds = await repo.groupIdsOfMember(tx, caller.scope, caller.membershipId);
  const requestable = seal
    ? (await tx.select({ id: seals.id }).from(seals).where(and(eq(seals.id, seal.id), repo.requestableBy(caller.scope, groupIds)))).length > 0
    : false;
  if (!seal) problems.push({ field: 'body.sealId', reason: 'no seal with this id in this workspace' });
  else if (seal.status !== 'VALID') problems.push({ field: 'body.sealId', reason: 'the seal is unavailable' });
  else if (!requestable) problems.push({ field: 'body.sealId', reason: 'your groups may not request this seal' });

  const fileKeys = [...new Set(body.fileKeys)];
  const readable = await findReadableFiles(services, ctx, fileKeys, { db: tx });
  const missing = fileKeys.filter((k) => !readable.has(k));
  if (missing.length > 0) problems.push({ field: 'body.fileKeys', reason: `no readable file with the keys ${missing.join(', ')}` });
  const documents: CheckedBody['documents'] = fileKeys.map((fileKey) => ({ fileKey, contractId: null }));
  if (body.contractId !== undefined) {
    const contract = await readableContractDocument({ db: tx }, ctx, body.contractId, undefined).catch((err: unknown) => {
      if (err instanceof Error && 'code' in err && ((err as { code: string }).code === 'ERROR_NOT_FOUND' || (err as { code: string }).code === 'ERROR_FORBIDDEN')) return null;
      if (err instanceof Error && 'code' in err && (err as { code: string }).code === 'ERROR_VALIDATION') return 'NO_DOCUMENT' as const;
      throw err;
    });
    if (contract === null) problems.push({ field: 'body.contractId', reason: 'no contract you can read with this id' });
    else if (contract === 'NO_DOCUMENT') problems.push({ field: 'body.contractId', reason: 'the contract has no main document yet' });
    else if (!documents.some((d) => d.fileKey === contract.fileKey)) documents.push({ fileKey: contract.fileKey, contractId: contract.contractId });
    else documents.find((d) => d.fileKey === contract.fileKey)!.contractId = contract.contractId;
  }
  if (fileKeys.length === 0 && body.contractId === undefined) problems.push({ field: 'body.fileKeys', reason: 'name at least one document (an uploaded file or a contract)' });

  const approverIds = body.approverUserIds;
  if (new Set(approverIds).size !== approverIds.length) problems.push({ field: 'body.approverUserIds', reason: 'an approver appears twice in the line' });
  for (const id of new Set(approverIds)) {
    if (id === caller.userId) {
      problems.push({ field: 'body.approverUserIds', reason: 'the requester cannot approve their own request' });
      continue;
    }
    const membership = await findMembership(tx, caller.scope, id);
    if (!membership?.permissions.has(USAGE_APPROVE)) problems.push({ field: 'body.approverUserIds', reason: `user ${id} is not a member holding seal.usage.approve` });
  }
  if (problems.length > 0) throw validationError(problems);
  return { seal: seal!, documents, referenceType: body.contractId !== undefined ? 'CONTRACT' : null, referenceId: body.contractId ?? null };
}

async function writeLine(tx: Tx, scope: TenantScope, requestId: number, checked: CheckedBody, approverIds: number[]) {
  await tx.delete(sealRequestDocuments).where(and(inScope(sealRequestDocuments, scope), eq(sealRequestDocuments.requestId, requestId)));
  await tx.delete(sealApprovalSteps).where(and(inScope(sealApprovalSteps, scope), eq(sealApprovalSteps.requestId, requestId)));
  if (checked.documents.length > 0) await tx.insert(sealRequestDocuments).values(checked.documents.map((d) => ({ ...scope, requestId, ...d })));
  await tx.insert(sealApprovalSteps).values(approverIds.map((approverUserId, i) => ({ ...scope, requestId, order: i + 1, approverUserId })));
  await claimPendingAttachments(tx, scope, checked.documents.map((d) => d.fileKey));
}

export async function createRequest(services: Services, ctx: RequestContext, body: Body): Promise<UsageRequest> {
  const caller = readerOf(ctx);
  const requestId = await services.db.transaction(async (tx) => {
    const checked = await checkBody(services, ctx, tx, caller, body);
    const [row] = await tx
      .insert(sealUsageRequests)
      .values({ ...caller.scope, sealId: checked.seal.id, requesterUserId: caller.userId, purpose: body.purpose, useDate: body.useDate, count: body.count, referenceType: checked.referenceType, referenceId: checked.referenceId })
      .returning();
    await writeLine(tx, caller.scope, row!.id, checked, body.approverUserIds);
    await audit(tx, ctx, caller, { type: 'seal.usage_requested', data: { requestId: row!.id, sealId: checked.seal.id, approverUserIds: body.approverUserIds } });
    await notify(services, tx, caller, row!, checked.seal.name, [{ kind: 'APPROVAL_TURN', to: [body.approverUserIds[0]!] }], null);
    return row!.id;
  });
  return dto(services.db, caller.scope, requestId);
}

/** The requester's own request before anyone decided (403 for another reader, 409 once decided). */
async function ownUndecided(tx: Tx, caller: SealCaller, requestId: number, version?: number) {
  const row = await readableRequest(tx, caller, requestId, { forUpdate: true });
  if (row.requesterUserId !== caller.userId) throw forbidden();
  if (version !== undefined && row.version !== version) throw staleVersion(row.version);
  const steps = await repo.stepsOf(tx, caller.scope, [requestId]);
  if (row.status !== 'IN_APPROVAL' || steps.some((s) => s.decision !== 'PENDING')) {
    throw conflict({ ko: '결재가 시작된 신청은 바꾸거나 삭제할 수 없습니다. 취소해 주세요.', en: 'A request someone already decided on cannot be changed or deleted; cancel it instead.' }, { reason: 'ALREADY_DECIDED' });
  }
  return row;
}

export async function updateRequest(services: Services, ctx: RequestContext, requestId: number, body: Body & { version: number }): Promise<UsageRequest> {
  const caller = participantOf(ctx);
  await services.db.transaction(async (tx) => {
    const row = await ownUndecided(tx, caller, requestId, body.version);
    const checked = await checkBody(services, ctx, tx, caller, body);
    await tx
      .update(sealUsageRequests)
      .set({ sealId: checked.seal.id, purpose: body.purpose, useDate: body.useDate, count: body.count, referenceType: checked.referenceType, referenceId: checked.referenceId, version: row.version + 1, updatedAt: new Date() })
      .where(eq(sealUsageRequests.id, row.id));
    await writeLine(tx, caller.scope, row.id, checked, body.approverUserIds);
    await audit(tx, ctx, caller, { type: 'seal.usage_request_updated', data: { requestId, sealId: checked.seal.id } });
  });
  return dto(services.db, caller.scope, requestId);
}

export async function deleteRequest(services: Services, ctx: RequestContext, requestId: number) {
  const caller = participantOf(ctx);
  await services.db.transaction(async (tx) => {
    const row = await ownUndecided(tx, caller, requestId);
    await tx.delete(sealUsageRequests).where(eq(sealUsageRequests.id, row.id));
    await audit(tx, ctx, caller, { type: 'seal.usage_request_deleted', data: { requestId, sealId: row.sealId } });
  });
  return { requestId };
}

// Actions --------------------------------------------------------------------------------------------

const stateConflict = (status: string, action: UsageAction) =>
  conflict({ ko: '현재 신청 상태에서는 할 수 없는 처리입니다.', en: 'The request\'s status does not allow this.' }, { reason: 'INVALID_STATE', status, action });

export async function act(services: Services, ctx: RequestContext, requestId: number, action: UsageAction, body: ActionBody): Promise<UsageRequest> {
  const caller = participantOf(ctx);
  await services.db.transaction(async (tx) => {
    const row = await readableRequest(tx, caller, requestId, { forUpdate: true });
    const seal = (await repo.findSeal(tx, caller.scope, row.sealId, { forUpdate: action === 'APPLY' }))!;
    const steps = await repo.stepsOf(tx, caller.scope, [requestId]);
    switch (action) {
      case 'APPROVE':
      case 'REJECT': {
        if (!steps.some((s) => s.approverUserId === caller.userId)) throw forbidden();
        if (row.status !== 'IN_APPROVAL') throw stateConflict(row.status, action);
        const step = repo.currentStep(row, steps);
        if (!step || step.approverUserId !== caller.userId) throw forbidden();
        if (row.version !== body.version) throw staleVersion(row.version);
        if (action === 'REJECT' && !body.comment) throw validationError([{ field: 'body.comment', reason: 'say why the request is rejected' }]);
        const now = new Date();
        await tx.update(sealApprovalSteps).set({ decision: action === 'APPROVE' ? 'APPROVED' : 'REJECTED', comment: body.comment || null, decidedAt: now }).where(eq(sealApprovalSteps.id, step.id));
        const next = steps.find((s) => s.order > step.order && s.decision === 'PENDING');
        const status = action === 'REJECT' ? 'REJECTED' : next ? 'IN_APPROVAL' : 'APPROVED';
        await tx.update(sealUsageRequests).set({ status, version: row.version + 1, updatedAt: now }).where(eq(sealUsageRequests.id, row.id));
        if (action === 'REJECT') {
          await audit(tx, ctx, caller, { type: 'seal.usage_rejected', data: { requestId, sealId: row.sealId, order: step.order, comment: body.comment! } });
          await notify(services, tx, caller, row, seal.name, [{ kind: 'REJECTED', to: [row.requesterUserId] }], body.comment ?? null);
        } else {
          await audit(tx, ctx, caller, { type: 'seal.usage_approved', data: { requestId, sealId: row.sealId, order: step.order, status } });
          const mails: Mail[] = next ? [{ kind: 'APPROVAL_TURN', to: [next.approverUserId] }] : [{ kind: 'TO_APPLY', to: [seal.custodianUserId] }, { kind: 'APPROVED', to: [row.requesterUserId] }];
          await notify(services, tx, caller, row, seal.name, mails, body.comment ?? null);
        }
        return;
      }
      case 'CANCEL': {
        if (row.requesterUserId !== caller.userId) throw forbidden();
        if (row.status !== 'IN_APPROVAL' && row.status !== 'APPROVED') throw stateConflict(row.status, action);
        if (row.version !== body.version) throw staleVersion(row.version);
        await tx.update(sealUsageRequests).set({ status: 'CANCELED', version: row.version + 1, updatedAt: new Date() }).where(eq(sealUsageRequests.id, row.id));
        await audit(tx, ctx, caller, { type: 'seal.usage_canceled', data: { requestId, sealId: row.sealId } });
        return;
      }
      case 'APPLY': {
        if (seal.custodianUserId !== caller.userId && !caller.permissions.has(SEAL_MANAGE)) throw forbidden();
        if (row.status !== 'APPROVED' && row.status !== 'APPLIED') throw stateConflict(row.status, action);
        if (seal.status !== 'VALID') throw conflict({ ko: '사용 불가로 표시된 인장은 날인할 수 없습니다.', en: 'An unavailable seal cannot be applied.' }, { reason: 'SEAL_UNAVAILABLE' });
        if (row.version !== body.version) throw staleVersion(row.version);
        const application = await applySeal(services, ctx, tx, caller, seal, { method: body.method, stampedFileKey: body.stampedFileKey, envelopeId: body.envelopeId, contractId: row.referenceType === 'CONTRACT' ? row.referenceId : null, requestId: row.id, reason: null });
        await tx
          .update(sealUsageRequests)
          .set({
            status: 'APPLIED', appliedMethod: application.row.method, appliedAt: application.row.appliedAt, appliedByUserId: caller.userId,
            stampedFileKey: application.row.stampedFileKey ?? row.stampedFileKey, envelopeId: application.envelopeId ?? row.envelopeId, version: row.version + 1, updatedAt: new Date(),
          })
          .where(eq(sealUsageRequests.id, row.id));
        await notify(services, tx, caller, row, seal.name, [{ kind: 'APPLIED', to: [row.requesterUserId] }], null);
        return;
      }
    }
  });
  return dto(services.db, caller.scope, requestId);
}

// Application ----------------------------------------------------------------------------------------

export interface Application {
  method?: 'PHYSICAL' | 'ELECTRONIC';
  stampedFileKey?: string;
  envelopeId?: number;
  /** The contract concerned: the request's reference, or (direct, PHYSICAL) the body's contract. */
  contractId: number | null;
  requestId: number | null;
  reason: string | null;
}

/**
 * One application of a VALID seal, in the caller's transaction: PHYSICAL records the readable
 * stamped scan; ELECTRONIC fills the company party's SEAL fields of the envelope (esign), which must
 * belong to `contractId` when one is named. Writes the ledger row and its audit entry.
 */
export interface Applied {
  row: repo.HistoryRow;
  envelopeId: number | null;
}

export async function applySeal(services: Services, ctx: RequestContext, tx: Tx, caller: SealCaller, seal: repo.SealRow, input: Application): Promise<Applied> {
  if (!input.method) throw validationError([{ field: 'body.method', reason: 'PHYSICAL or ELECTRONIC' }]);
  let reference: { type: 'CONTRACT' | 'ENVELOPE' | 'FILE'; id: number; contractId: number | null; stampedFileKey: string | null; envelopeId: number | null };
  if (input.method === 'PHYSICAL') {
    if (!input.stampedFileKey) throw validationError([{ field: 'body.stampedFileKey', reason: 'upload the stamped scan first' }]);
    const scan = (await findReadableFiles(services, ctx, [input.stampedFileKey], { db: tx })).get(input.stampedFileKey);
    if (!scan) throw validationError([{ field: 'body.stampedFileKey', reason: 'no readable file with this key' }]);
    await claimPendingAttachments(tx, caller.scope, [input.stampedFileKey]);
    reference = input.contractId
      ? { type: 'CONTRACT', id: input.contractId, contractId: input.contractId, stampedFileKey: input.stampedFileKey, envelopeId: null }
      : { type: 'FILE', id: scan.file.id, contractId: null, stampedFileKey: input.stampedFileKey, envelopeId: null };
  } else {
    if (!input.envelopeId) throw validationError([{ field: 'body.envelopeId', reason: 'name the envelope whose company seal fields take the seal' }]);
    const applied: ElectronicApplication = await applyElectronically(services, ctx, tx, caller, seal, { envelopeId: input.envelopeId, contractId: input.contractId, requireContract: input.requestId !== null });
    reference = { type: 'ENVELOPE', id: input.envelopeId, contractId: applied.contractId, stampedFileKey: null, envelopeId: input.envelopeId };
  }
  const [history] = await tx
    .insert(sealUsageHistories)
    .values({
      ...caller.scope, sealId: seal.id, requestId: input.requestId, method: input.method, referenceType: reference.type, referenceId: reference.id, contractId: reference.contractId,
      stampedFileKey: reference.stampedFileKey, appliedByUserId: caller.userId, reason: input.reason,
    })
    .returning();
  await audit(tx, ctx, caller, {
    type: 'seal.applied',
    data: { historyId: history!.id, sealId: seal.id, requestId: input.requestId, method: input.method, referenceType: reference.type, referenceId: reference.id, reason: input.reason },
  });
  return { row: history!, envelopeId: reference.envelopeId };
}

// Mail and in-app notifications ------------------------------------------------------------------------

interface Mail {
  kind: SealMailKind;
  to: number[];
}

async function notify(services: Pick<Services, 'mailer'>, tx: Tx, caller: SealCaller, request: repo.RequestRow, sealName: string, mails: Mail[], comment: string | null) {
  const ids = [...new Set(mails.flatMap((m) => m.to))].filter((id) => id !== caller.userId);
  if (ids.length === 0) return;
  const people = await peopleByIds(tx, caller.scope, [...ids, caller.userId]);
  const workspaceName = (await findWorkspaceName(tx, caller.scope)) ?? '';
  const actorName = people.get(caller.userId)?.displayName ?? '';
  const sent = new Set<string>();
  const told: NotificationInput[] = [];
  for (const mail of mails) {
    for (const id of mail.to) {
      const person = people.get(id);
      const key = `${mail.kind}:${id}`;
      if (!person || id === caller.userId || sent.has(key)) continue;
      sent.add(key);
      await services.mailer.send(
        sealNoticeMailTemplate,
        { to: person.loginId, locale: person.locale, ...caller.scope, data: { kind: mail.kind, workspaceName, requestId: request.id, sealName, purpose: request.purpose, useDate: request.useDate, actorName, comment } },
        tx,
      );
      told.push({ kind: `seal.${mail.kind}`, recipientUserIds: [id], record: { type: 'SEAL_USAGE_REQUEST', id: request.id }, title: sealName, data: { purpose: request.purpose, comment }, actorUserId: caller.userId });
    }
  }
  // The same people, in-app (the request's page), in this transaction.
  await notifyInApp(tx, caller.scope, told);
}
