import type { ContractBasic, ContractDetail, ContractField, ContractStatus, CreateContractWithFilesBodySchema } from '@legal/api';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import { conflict, forbidden, notFound } from '../../platform/http/errors';
import { requestFingerprint } from '../../platform/http/idempotency-key';
import type { AppServices } from '../../platform/services';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { contractBasic, contractDetail, trimDecimal } from './contract-dto';
import { claimCreateKey, type CreateKey, settleCreateKey } from './contract-idempotency.repo';
import { type ContractColumns, type ContractEdit, FIELD_OF_COLUMN, type ListField, listWrites, type ListWrite } from './contract-edits';
import { type FieldProblem, type FileCaller, groupProblems, ownerProblems, throwIfAny } from './contract-inputs';
import { abilitiesOf, allow, type ContractAction, type ContractActor } from './contracts.policy';
import * as repo from './contracts.repo';
import { canDelete, canTransition, frozenAmong, frozenFields } from './contracts.state';
import { contracts } from './contracts.table';
import { contractReminders } from './reminders/reminders.table';
import { loadActor } from './contracts.visibility';
import { recordContractView } from './contract-recent-views.repo';

type Services = Pick<AppServices, 'db'>;
/** What creating or editing a contract needs: the files module resolves the file keys a body names. */
type EditServices = Pick<AppServices, 'db' | 'attachments'>;
type Facts = Awaited<ReturnType<typeof repo.factsOf>>;

/** The scope and the caller, once per request (403 for a member without any contract permission). */
export async function contractContext(services: Services, ctx: RequestContext): Promise<{ scope: TenantScope; actor: ContractActor }> {
  const scope = tenantScope(ctx);
  return { scope, actor: await loadActor(services.db, ctx, scope) };
}

/**
 * The guarded choke point for one contract: live, of this workspace and readable by the caller,
 * otherwise 404 (never a hint that it exists). `forUpdate` locks the row for an edit.
 */
export async function readableContract(db: repo.Executor, scope: TenantScope, actor: ContractActor, contractId: number, options: { forUpdate?: boolean } = {}) {
  const row = await repo.unsafeFindContract(db, scope, contractId, options);
  if (!row) throw notFound();
  const facts = await repo.factsOf(db, scope, row);
  if (!allow(actor, 'contract.read', facts)) throw notFound();
  return { row, facts };
}

export function authorize(actor: ContractActor, action: ContractAction, facts: Facts): void {
  if (!allow(actor, action, facts)) throw forbidden();
}

const audit = (tx: Tx, ctx: RequestContext, scope: TenantScope, actor: ContractActor, event: AuditEvent) =>
  recordAudit(tx, event, { ...auditMetaOf(ctx, actor.userId), ...scope });

// Reads -------------------------------------------------------------------------------------------

/**
 * The detail, as opened on its page: recorded as `contract.viewed` (an access record) and among
 * the member's recently viewed contracts (the home), once it is readable.
 */
export async function getContract(services: Services, ctx: RequestContext, contractId: number): Promise<ContractDetail> {
  const { scope, actor } = await contractContext(services, ctx);
  const { row, facts } = await readableContract(services.db, scope, actor, contractId);
  const detail = await contractDetail(services.db, scope, actor, row, facts);
  await services.db.transaction(async (tx) => {
    await recordContractView(tx, scope, actor.userId, contractId);
    await audit(tx, ctx, scope, actor, { type: 'contract.viewed', data: { contractId, title: row.title } });
  });
  return detail;
}

export async function getContractBasic(services: Services, ctx: RequestContext, contractId: number): Promise<ContractBasic> {
  const { scope, actor } = await contractContext(services, ctx);
  const { row, facts } = await readableContract(services.db, scope, actor, contractId);
  return contractBasic(services.db, scope, actor, row, facts);
}

export async function getContractPermissions(services: Services, ctx: RequestContext, contractId: number) {
  const { scope, actor } = await contractContext(services, ctx);
  const { row, facts } = await readableContract(services.db, scope, actor, contractId);
  return { contractId, canRead: true, ...abilitiesOf(actor, facts), frozenFields: frozenFields(row.status) };
}

// Create ------------------------------------------------------------------------------------------

export type CreateInput = Omit<z.output<typeof CreateContractWithFilesBodySchema>, 'files'> & { files?: z.output<typeof CreateContractWithFilesBodySchema>['files'] };

/**
 * Registers a contract. With an idempotency key (the `Idempotency-Key` header), a repeat of the
 * same body answers the contract the first request made (contract-idempotency.repo.ts).
 */
export async function createContract(services: EditServices, ctx: RequestContext, body: CreateInput, options: { idempotencyKey?: string | null } = {}): Promise<ContractDetail> {
  const { scope, actor } = await contractContext(services, ctx);
  // Registering a contract for someone else hands it over: an admin's decision.
  const ownerUserId = createChecks(actor, body);
  const lists = createLists(body);
  const key: CreateKey | null = options.idempotencyKey ? { userId: actor.userId, key: options.idempotencyKey, requestHash: requestFingerprint(body) } : null;
  return services.db.transaction(async (tx) => {
    const earlierId = key ? await claimCreateKey(tx, scope, key) : null;
    if (earlierId !== null) {
      const earlier = await readableContract(tx, scope, actor, earlierId);
      return contractDetail(tx, scope, actor, earlier.row, earlier.facts);
    }
    const contractId = await insertContract(tx, { services, ctx, scope, actor }, body, lists, ownerUserId);
    if (key) await settleCreateKey(tx, scope, key, contractId);
    const fresh = await readableContract(tx, scope, actor, contractId);
    return contractDetail(tx, scope, actor, fresh.row, fresh.facts);
  });
}

/** The create's checks: may create, may hand over to another owner (403). */
export function createChecks(actor: ContractActor, body: Pick<CreateInput, 'ownerUserId'>): number {
  if (!allow(actor, 'contract.create')) throw forbidden();
  const ownerUserId = body.ownerUserId ?? actor.userId;
  if (ownerUserId !== actor.userId && !actor.permissions.has('contract.contract.admin')) throw forbidden();
  return ownerUserId;
}

/**
 * Inside the caller's transaction: checks the inputs (400), inserts the contract with its lists and
 * records `contract.created`. Answers the new id. Shared by createContract and the drafting of a
 * contract with its main document (contract-drafting.ts).
 */
export async function insertContract(
  tx: Tx,
  c: { services: EditServices; ctx: RequestContext; scope: TenantScope; actor: ContractActor },
  body: CreateInput,
  lists: Partial<Record<ListField, ListWrite>>,
  ownerUserId: number,
): Promise<number> {
  const { services, ctx, scope, actor } = c;
  throwIfAny([
    ...(body.ownerUserId !== undefined ? await ownerProblems(tx, scope, ownerUserId, 'body.ownerUserId') : []),
    ...(await groupProblems(tx, scope, body.groupId, 'body.groupId')),
    ...(await listProblems(tx, scope, actor, lists, null, { services, ctx })),
  ]);
  const [row] = await tx
    .insert(contracts)
    .values({
      ...scope,
      title: body.title,
      contractType: body.contractType,
      language: body.language,
      status: body.status,
      memo: body.memo || null,
      venue: body.venue ?? null,
      signingType: body.signingType ?? null,
      signedDate: body.signedDate ?? null,
      startDate: body.startDate ?? null,
      endDate: body.endDate ?? null,
      amount: body.amount ?? null,
      currency: body.currency ?? null,
      governingLaw: body.governingLaw ?? null,
      disputeResolutionMethod: body.disputeResolutionMethod ?? null,
      ourPosition: body.ourPosition ?? null,
      ownerUserId,
      groupId: body.groupId ?? null,
      desiredReviewDeadline: body.desiredReviewDeadline ?? null,
      conhubContractId: body.conhubContractId ?? null,
      createdByUserId: actor.userId,
    })
    .returning(repo.contractColumns);
  const extra: AuditEvent[] = [];
  await writeLists(tx, scope, actor, row!.id, lists, extra);
  await repo.refreshSearchText(tx, scope, row!.id);
  await audit(tx, ctx, scope, actor, {
    type: 'contract.created',
    data: { contractId: row!.id, title: row!.title, status: row!.status, ownerUserId, fileKeys: (body.files ?? []).map((f) => f.fileKey) },
  });
  for (const event of extra) await audit(tx, ctx, scope, actor, event);
  return row!.id;
}

/** The list writes of a create body. */
export function createLists(body: CreateInput): Partial<Record<ListField, ListWrite>> {
  return {
    counterparties: listWrites.counterparties(body.counterparties),
    hashtags: listWrites.hashtags(body.hashtags),
    watchers: listWrites.watchers(body.watcherUserIds),
    users: listWrites.users(body.userIds),
    referenceGroups: listWrites.referenceGroups(body.referenceGroups),
    relatedReferences: listWrites.relatedReferences(body.relatedReferences),
    ...(body.files ? { files: listWrites.files(body.files) } : {}),
  };
}

async function listProblems(db: repo.Executor, scope: TenantScope, actor: ContractActor, lists: ContractEdit['lists'], contractId: number | null, caller: FileCaller): Promise<FieldProblem[]> {
  const found = await Promise.all(Object.values(lists ?? {}).map((l) => l.check?.(db, scope, actor, contractId, caller) ?? Promise.resolve([])));
  return found.flat();
}

/** Writes the lists in a fixed order; answers what each became, for the audit row. */
async function writeLists(tx: Tx, scope: TenantScope, actor: ContractActor, contractId: number, lists: ContractEdit['lists'], extra: AuditEvent[]) {
  const after: Record<string, unknown> = {};
  for (const [field, list] of Object.entries(lists ?? {})) {
    after[field] = await list.write({ tx, scope, contractId, actor, record: (e) => extra.push(e) });
  }
  return after;
}

// Edit --------------------------------------------------------------------------------------------

/** Same decimal regardless of padding: `001500.50` and `1500.5000` are one amount. */
const sameValue = (key: string, a: unknown, b: unknown) =>
  key === 'amount' && typeof a === 'string' && typeof b === 'string' ? canonicalDecimal(a) === canonicalDecimal(b) : (a ?? null) === (b ?? null);

function canonicalDecimal(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  return trimDecimal(`${int.replace(/^0+(?=\d)/, '')}.${frac || '0'}`)!;
}

/**
 * Applies one edit (contract-edits.ts) in a transaction: read check (404), permission (403),
 * version (409), frozen fields of the status (409), inputs (400), then writes only the changed
 * columns and the listed children, bumps the version and records what changed.
 */
export async function editContract(services: EditServices, ctx: RequestContext, contractId: number, edit: ContractEdit): Promise<ContractDetail> {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const { row, facts } = await readableContract(tx, scope, actor, contractId, { forUpdate: true });
    authorize(actor, edit.action, facts);
    if (edit.expectedVersion !== undefined && edit.expectedVersion !== row.version) {
      throw conflict(
        { ko: '다른 사용자가 먼저 저장했습니다. 새로 불러온 뒤 다시 시도해 주세요.', en: 'Someone saved this contract in the meantime. Reload it and try again.' },
        { currentVersion: row.version },
      );
    }
    const changed = Object.fromEntries(
      Object.entries(edit.columns ?? {}).filter(([key, value]) => !sameValue(key, value, row[key as keyof repo.ContractRow])),
    ) as Partial<ContractColumns>;
    const fields: ContractField[] = [
      ...Object.keys(changed).map((key) => FIELD_OF_COLUMN[key as keyof ContractColumns]),
      ...(Object.keys(edit.lists ?? {}) as ContractField[]),
    ];
    assertNotFrozen(row, fields);
    throwIfAny([
      ...(changed.ownerUserId !== undefined ? await ownerProblems(tx, scope, changed.ownerUserId, 'body.ownerUserId') : []),
      ...(await groupProblems(tx, scope, changed.groupId, 'body.groupId')),
      ...(await listProblems(tx, scope, actor, edit.lists, contractId, { services, ctx })),
    ]);
    if (fields.length === 0) return contractDetail(tx, scope, actor, row, facts);

    await repo.writeContract(tx, scope, contractId, changed);
    const extra: AuditEvent[] = [];
    const listsAfter = await writeLists(tx, scope, actor, contractId, edit.lists, extra);
    if (edit.lists?.counterparties || edit.lists?.hashtags) await repo.refreshSearchText(tx, scope, contractId);
    const before = Object.fromEntries(Object.keys(changed).map((key) => [key, row[key as keyof repo.ContractRow]]));
    await audit(tx, ctx, scope, actor, { type: 'contract.updated', data: { contractId, fields, before, after: { ...changed, ...listsAfter } } });
    for (const event of extra) await audit(tx, ctx, scope, actor, event);
    const fresh = await repo.unsafeFindContract(tx, scope, contractId);
    return contractDetail(tx, scope, actor, fresh!, await repo.factsOf(tx, scope, fresh!));
  });
}

/** 409 when the contract's status freezes any of these fields (a running approval or signing). */
function assertNotFrozen(row: repo.ContractRow, fields: readonly ContractField[]): void {
  const frozen = frozenAmong(row.status, fields);
  if (frozen.length > 0) {
    throw conflict(
      { ko: '결재 또는 서명이 진행 중이라 이 항목을 바꿀 수 없습니다.', en: 'An approval or signing is under way: these fields cannot change now.' },
      { status: row.status, frozenFields: frozen },
    );
  }
}

export interface ChildEdit {
  tx: Tx;
  scope: TenantScope;
  actor: ContractActor;
  row: repo.ContractRow;
  /** Records an audit event in the edit's transaction. */
  audit: (event: AuditEvent) => Promise<void>;
}

/**
 * Runs a change of a contract's children (one counterparty, one file) under the same rules as
 * `editContract`: readable (404), writable (403), not frozen (409); then bumps the version.
 */
export async function editContractChild<T>(
  services: Services,
  ctx: RequestContext,
  contractId: number,
  field: ContractField,
  work: (edit: ChildEdit) => Promise<T>,
): Promise<T> {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const { row, facts } = await readableContract(tx, scope, actor, contractId, { forUpdate: true });
    authorize(actor, 'contract.update', facts);
    assertNotFrozen(row, [field]);
    const result = await work({ tx, scope, actor, row, audit: (event) => audit(tx, ctx, scope, actor, event) });
    await repo.writeContract(tx, scope, contractId, {});
    return result;
  });
}

// Delete ------------------------------------------------------------------------------------------

export async function deleteContract(services: Services, ctx: RequestContext, contractId: number) {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const { row, facts } = await readableContract(tx, scope, actor, contractId, { forUpdate: true });
    authorize(actor, 'contract.delete', facts);
    if (!canDelete(row.status)) {
      throw conflict(
        { ko: '결재 또는 서명이 진행 중인 계약은 삭제할 수 없습니다. 먼저 취소해 주세요.', en: 'Cancel the running approval or signing before deleting the contract.' },
        { status: row.status },
      );
    }
    const deletedAt = new Date();
    await tx
      .update(contracts)
      .set({ deletedAt, deletedByUserId: actor.userId, version: sql`${contracts.version} + 1`, updatedAt: deletedAt })
      .where(and(inScope(contracts, scope), eq(contracts.id, contractId)));
    // Nobody is reminded of a deleted contract: its pending reminders end with it.
    await tx
      .update(contractReminders)
      .set({ status: 'CANCELED', updatedAt: deletedAt })
      .where(and(inScope(contractReminders, scope), eq(contractReminders.contractId, contractId), eq(contractReminders.status, 'SCHEDULED')));
    await audit(tx, ctx, scope, actor, { type: 'contract.deleted', data: { contractId, title: row.title, status: row.status } });
    return { contractId, deletedAt: deletedAt.toISOString() };
  });
}

// The workflow engine's seam --------------------------------------------------------------------

/**
 * Moves a contract to another lifecycle status inside the caller's transaction: after
 * registration, the only writer of `status`. The workflow engine calls it when a review,
 * approval or signing starts or ends; 409 when the move is not allowed from the current status.
 */
export async function changeContractStatus(
  tx: Tx,
  scope: TenantScope,
  contractId: number,
  to: ContractStatus,
  meta: { actorUserId: number | null; reason?: string | null; ctx?: RequestContext | null },
): Promise<repo.ContractRow> {
  const row = await repo.unsafeFindContract(tx, scope, contractId, { forUpdate: true });
  if (!row) throw notFound();
  if (!canTransition(row.status, to)) {
    throw conflict({ ko: '현재 상태에서는 바꿀 수 없는 상태입니다.', en: 'The contract cannot move to that status from its current one.' }, { status: row.status, to });
  }
  const updated = await repo.writeContract(tx, scope, contractId, { status: to });
  await recordAudit(
    tx,
    { type: 'contract.status_changed', data: { contractId, from: row.status, to, reason: meta.reason ?? null } },
    { ...auditMetaOf(meta.ctx ?? null, meta.actorUserId), ...scope },
  );
  return updated;
}
