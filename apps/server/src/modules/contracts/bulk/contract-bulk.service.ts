import {
  BULK_EXECUTION_STATUSES, BULK_SORT_FIELDS, type BulkExecutionStatus, type BulkRequest, type BulkRequestDetail, type BulkRow, type BulkRowStatus,
  type BulkRowValues, type Locale, type Page,
} from '@legal/api';
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { fetchPage } from '../../../platform/db/paging';
import { memberRequestContext, memberships, workspaces } from '../../auth';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { conflict, forbidden, notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { findReadableFile } from '../../files';
import { checkRow, rowCountsSql, rowErrorDto, rowLookups } from './contract-bulk-rows';
import { bulkResultWorkbook, parseBulkSheet, SheetError } from './contract-bulk-sheet';
import { contractBulkRequests as requests, contractBulkRows as rows, type StoredRowError } from './contract-bulk.table';
import { bulkRegisterJob } from './contract-bulk.job';
import { fileProblems, NO_SUCH_FILE, throwIfAny } from '../contract-inputs';
import { parseSort } from '../../../platform/db/sorting';
import { HOME_TIME_ZONE } from '../search/contract-search.repo';
import type { ContractActor } from '../contracts.policy';
import type { Executor } from '../contracts.repo';
import { contractContext } from '../contracts.service';
import { memberActor } from '../contracts.visibility';

type Services = Pick<AppServices, 'db' | 'storage' | 'jobs' | 'attachments'>;
type RequestRow = typeof requests.$inferSelect;
type RowRow = typeof rows.$inferSelect;

/** Bulk registration is a contract admin's tool (permission catalogue: contract.contract.admin). */
export async function bulkContext(services: Pick<AppServices, 'db'>, ctx: RequestContext) {
  const { scope, actor } = await contractContext(services, ctx);
  if (!actor.permissions.has('contract.contract.admin')) throw forbidden();
  return { scope, actor };
}

/** The live requests of the scope: a deleted one is gone for every bulk route (it only keeps holding its files). */
const liveIn = (scope: TenantScope) => and(inScope(requests, scope), isNull(requests.deletedAt));

async function findRequest(db: Executor, scope: TenantScope, requestId: number, options: { forUpdate?: boolean } = {}): Promise<RequestRow> {
  const query = db.select().from(requests).where(and(liveIn(scope), eq(requests.id, requestId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

const audit = (tx: Tx, ctx: RequestContext, scope: TenantScope, actor: ContractActor, event: AuditEvent) =>
  recordAudit(tx, event, { ...auditMetaOf(ctx, actor.userId), ...scope });

const stateConflict = (status: BulkExecutionStatus, allowed: readonly BulkExecutionStatus[]) =>
  conflict(
    { ko: '현재 일괄 등록 상태에서는 할 수 없는 작업입니다.', en: 'The bulk request is not in a state that allows this.' },
    { executionStatus: status, allowed },
  );

function assertStatus(request: RequestRow, allowed: readonly BulkExecutionStatus[]): void {
  if (!allowed.includes(request.executionStatus)) throw stateConflict(request.executionStatus, allowed);
}

/** Rows can be fixed, assigned and checked again until registration starts, and after it ends with failures. */
const EDITABLE: readonly BulkExecutionStatus[] = ['UPLOADED', 'VALIDATED', 'CONFIRMED', 'PARTIALLY_FAILED'];

/** Recomputes the counts from the rows (in the caller's transaction). */
export async function refreshCounts(db: Executor, scope: TenantScope, requestId: number, status?: BulkExecutionStatus): Promise<RequestRow> {
  const [counts] = await db.select(rowCountsSql).from(rows).where(and(inScope(rows, scope), eq(rows.requestId, requestId)));
  const [updated] = await db
    .update(requests)
    .set({ ...counts!, ...(status ? { executionStatus: status } : {}), updatedAt: new Date() })
    .where(and(inScope(requests, scope), eq(requests.id, requestId)))
    .returning();
  return updated!;
}

// Answers ----------------------------------------------------------------------------------------

async function requestDto(db: Executor, scope: TenantScope, r: RequestRow): Promise<BulkRequest> {
  const [member] = await db
    .select({ displayName: memberships.displayName })
    .from(memberships)
    .where(and(inScope(memberships, scope), eq(memberships.userId, r.createdByUserId)));
  return {
    requestId: r.id,
    executionStatus: r.executionStatus,
    sheetFileKey: r.sheetFileKey,
    sheetFileName: r.sheetFileName,
    fileKeys: r.fileKeys,
    counts: { totalRows: r.totalRows, pendingRows: r.pendingRows, invalidRows: r.invalidRows, registeredRows: r.registeredRows, failedRows: r.failedRows },
    createdBy: { userId: r.createdByUserId, displayName: member?.displayName ?? null },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const rowDto = (r: RowRow, locale: Locale): BulkRow => ({
  rowNumber: r.rowNumber,
  status: r.status,
  values: r.values,
  errors: r.errors.map((e) => rowErrorDto(e, locale)),
  contractId: r.contractId,
  fileNames: r.fileNames,
});

async function detailDto(db: Executor, scope: TenantScope, locale: Locale, r: RequestRow, page = { page: 0, size: 10 }, rowStatus?: BulkRowStatus): Promise<BulkRequestDetail> {
  const where = and(inScope(rows, scope), eq(rows.requestId, r.id), rowStatus ? eq(rows.status, rowStatus) : undefined);
  const rowPage = await fetchPage(
    page,
    async (limit, offset) => (await db.select().from(rows).where(where).orderBy(asc(rows.rowNumber)).limit(limit).offset(offset)).map((x) => rowDto(x, locale)),
    async () => (await db.select({ n: sql<number>`count(*)::int` }).from(rows).where(where))[0]!.n,
  );
  return { ...(await requestDto(db, scope, r)), rows: rowPage };
}

// Create -----------------------------------------------------------------------------------------

export async function createBulkRequest(services: Services, ctx: RequestContext, body: { sheetFileKey: string; fileKeys: string[] }): Promise<BulkRequestDetail> {
  const { scope, actor } = await bulkContext(services, ctx);
  return openBulkRequest(services, ctx, ctx, scope, actor, body, actor.userId);
}

/**
 * Super admin: a bulk request in any workspace, made as if `registeringUserId` (an active contract
 * admin there) had uploaded it; the request and the contracts are theirs. 404 for an unknown or
 * deleted workspace, 400 on body.registeringUserId for anybody else.
 */
export async function superAdminCreateBulkRequest(
  services: Services,
  ctx: RequestContext,
  body: { workspaceId: number; registeringUserId: number; sheetFileKey: string; fileKeys: string[] },
): Promise<BulkRequestDetail> {
  const superAdmin = ctx.principal?.kind === 'user' ? ctx.principal.userId : null;
  const [workspace] = await services.db.select({ tenantId: workspaces.tenantId, deletedAt: workspaces.deletedAt }).from(workspaces).where(eq(workspaces.id, body.workspaceId));
  if (!workspace || workspace.deletedAt) throw notFound();
  const scope: TenantScope = { tenantId: workspace.tenantId, workspaceId: body.workspaceId };
  const registering = await memberActor(services.db, scope, body.registeringUserId);
  const asRegistering = registering && (await memberRequestContext(services.db, scope, registering.userId, { requestId: ctx.requestId, locale: ctx.locale, ip: ctx.ip, userAgent: ctx.userAgent }));
  if (!registering?.permissions.has('contract.contract.admin') || !asRegistering) {
    throw validationError([{ field: 'body.registeringUserId', reason: 'not an active member of the workspace with contract.contract.admin' }]);
  }
  // The files are named as the registering admin may read them: the request is theirs, and their
  // job registers its rows (a super admin reads no workspace's files by being one).
  return openBulkRequest(services, ctx, asRegistering, scope, registering, body, superAdmin);
}

/**
 * Reads the sheet and stores the request with every row checked, owned by `actor`; `auditActorUserId`
 * is who asked. The sheet and the files must be live files `reader` (the owner, as a request) may
 * read: a hidden key answers as a missing one.
 */
async function openBulkRequest(
  services: Services,
  ctx: RequestContext,
  reader: RequestContext,
  scope: TenantScope,
  actor: ContractActor,
  body: { sheetFileKey: string; fileKeys: string[] },
  auditActorUserId: number | null,
): Promise<BulkRequestDetail> {
  const sheet = await findReadableFile(services, reader, body.sheetFileKey);
  throwIfAny([
    ...(sheet ? [] : [{ field: 'body.sheetFileKey', reason: NO_SUCH_FILE }]),
    ...(await fileProblems({ services, ctx: reader }, services.db, body.fileKeys, 'body.fileKeys')).map((p) => ({ ...p, field: p.field.replace(/\.fileKey$/, '') })),
  ]);
  let parsed;
  try {
    parsed = await parseBulkSheet(await services.storage.get(sheet!.revision.storageKey));
  } catch (err) {
    if (err instanceof SheetError) throw validationError([{ field: 'body.sheetFileKey', reason: err.message }]);
    throw err;
  }
  const lookups = await rowLookups(services.db, scope, actor, body.fileKeys);
  return services.db.transaction(async (tx) => {
    const [request] = await tx
      .insert(requests)
      .values({ ...scope, sheetFileKey: body.sheetFileKey, sheetFileName: sheet!.file.displayName, fileKeys: body.fileKeys, createdByUserId: actor.userId })
      .returning();
    await tx.insert(rows).values(
      parsed.map((p) => {
        const checked = checkRow(p.values, lookups);
        return { ...scope, requestId: request!.id, rowNumber: p.rowNumber, values: p.values, ...checkedColumns(checked) };
      }),
    );
    const updated = await refreshCounts(tx, scope, request!.id, 'VALIDATED');
    await recordAudit(
      tx,
      { type: 'contract.bulk_created', data: { requestId: request!.id, sheetFileKey: body.sheetFileKey, totalRows: updated.totalRows, invalidRows: updated.invalidRows } },
      { ...auditMetaOf(ctx, auditActorUserId, actor.userId), ...scope },
    );
    return detailDto(tx, scope, ctx.locale, updated);
  });
}

const checkedColumns = (checked: ReturnType<typeof checkRow>) => ({
  status: (checked.errors.length > 0 ? 'INVALID' : 'PENDING') as BulkRowStatus,
  errors: checked.errors,
  input: checked.input,
  fileNames: checked.fileNames,
  updatedAt: new Date(),
});

// Read -------------------------------------------------------------------------------------------

export async function getBulkRequest(services: Services, ctx: RequestContext, query: { requestId: number; page: number; size: number; rowStatus?: BulkRowStatus }) {
  const { scope } = await bulkContext(services, ctx);
  const request = await findRequest(services.db, scope, query.requestId);
  return detailDto(services.db, scope, ctx.locale, request, query, query.rowStatus);
}

const SORT_COLUMNS = { createdAt: requests.createdAt, updatedAt: requests.updatedAt, executionStatus: requests.executionStatus, requestId: requests.id } as const;

export async function searchBulkRequests(
  services: Services,
  ctx: RequestContext,
  query: { page: number; size: number; sort?: string | string[]; executionStatuses?: BulkExecutionStatus[]; createdFrom?: string; createdTo?: string },
): Promise<Page<BulkRequest>> {
  const { scope } = await bulkContext(services, ctx);
  const sorts = parseSort(query.sort, BULK_SORT_FIELDS, { fallback: { field: 'createdAt', direction: 'desc' } });
  const day = (d: string) => sql`(${d}::date::timestamp AT TIME ZONE ${HOME_TIME_ZONE})`;
  const where: SQL | undefined = and(
    liveIn(scope),
    query.executionStatuses?.length ? inArray(requests.executionStatus, query.executionStatuses) : undefined,
    query.createdFrom ? gte(requests.createdAt, day(query.createdFrom)) : undefined,
    query.createdTo ? lt(requests.createdAt, sql`${day(query.createdTo)} + interval '1 day'`) : undefined,
  );
  const order = [...sorts.map((s) => (s.direction === 'desc' ? desc(SORT_COLUMNS[s.field]) : asc(SORT_COLUMNS[s.field]))), desc(requests.id)];
  return fetchPage(
    query,
    async (limit, offset) => {
      const found = await services.db.select().from(requests).where(where).orderBy(...order).limit(limit).offset(offset);
      return Promise.all(found.map((r) => requestDto(services.db, scope, r)));
    },
    async () => (await services.db.select({ n: sql<number>`count(*)::int` }).from(requests).where(where))[0]!.n,
  );
}

export async function countBulkRequestsByStatus(services: Services, ctx: RequestContext): Promise<Record<BulkExecutionStatus, number>> {
  const { scope } = await bulkContext(services, ctx);
  const found = await services.db
    .select({ status: requests.executionStatus, n: sql<number>`count(*)::int` })
    .from(requests)
    .where(liveIn(scope))
    .groupBy(requests.executionStatus);
  return Object.fromEntries(BULK_EXECUTION_STATUSES.map((s) => [s, found.find((f) => f.status === s)?.n ?? 0])) as Record<BulkExecutionStatus, number>;
}

export async function bulkResultSheet(services: Services, ctx: RequestContext, requestId: number): Promise<Buffer> {
  const { scope } = await bulkContext(services, ctx);
  await findRequest(services.db, scope, requestId);
  const found = await services.db.select().from(rows).where(and(inScope(rows, scope), eq(rows.requestId, requestId))).orderBy(asc(rows.rowNumber));
  return bulkResultWorkbook(
    ctx.locale,
    found.map((r) => ({ rowNumber: r.rowNumber, status: r.status, values: r.values, contractId: r.contractId, messages: r.errors.map((e) => rowErrorDto(e, ctx.locale).message) })),
  );
}

// Edit -------------------------------------------------------------------------------------------

/**
 * Runs a change of rows under the request's lock: 404, 409 unless editable, then checks the
 * touched rows again and answers the request VALIDATED (a confirmed request must be confirmed again).
 */
async function editRows<T>(
  services: Services,
  ctx: RequestContext,
  requestId: number,
  work: (tx: Tx, scope: TenantScope, actor: ContractActor, request: RequestRow) => Promise<T>,
): Promise<{ result: T; request: RequestRow }> {
  const { scope, actor } = await bulkContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const request = await findRequest(tx, scope, requestId, { forUpdate: true });
    assertStatus(request, EDITABLE);
    const result = await work(tx, scope, actor, request);
    return { result, request: await refreshCounts(tx, scope, requestId, 'VALIDATED') };
  });
}

/** Checks the rows again (all not registered when `rowNumbers` is omitted), optionally changing their values first. */
async function recheck(tx: Tx, scope: TenantScope, actor: ContractActor, request: RequestRow, rowNumbers: number[] | undefined, change?: (v: BulkRowValues) => BulkRowValues) {
  const found = await tx
    .select()
    .from(rows)
    .where(and(inScope(rows, scope), eq(rows.requestId, request.id), ne(rows.status, 'REGISTERED'), rowNumbers ? inArray(rows.rowNumber, rowNumbers) : undefined))
    .for('update');
  if (rowNumbers) {
    const missing = rowNumbers.filter((n) => !found.some((r) => r.rowNumber === n));
    if (missing.length > 0) throw validationError(missing.map((n) => ({ field: `body.rowNumbers.${rowNumbers.indexOf(n)}`, reason: 'no such row, or already registered' })));
  }
  const lookups = await rowLookups(tx, scope, actor, request.fileKeys);
  for (const row of found) {
    const values = change ? change(row.values) : row.values;
    await tx.update(rows).set({ values, ...checkedColumns(checkRow(values, lookups)) }).where(and(inScope(rows, scope), eq(rows.id, row.id)));
  }
  return found.length;
}

export async function updateBulkRow(services: Services, ctx: RequestContext, body: { requestId: number; rowNumber: number; values: BulkRowValues }): Promise<BulkRow> {
  const { scope } = await bulkContext(services, ctx);
  const [existing] = await services.db
    .select({ status: rows.status })
    .from(rows)
    .where(and(inScope(rows, scope), eq(rows.requestId, body.requestId), eq(rows.rowNumber, body.rowNumber)));
  await findRequest(services.db, scope, body.requestId);
  if (!existing) throw notFound();
  if (existing.status === 'REGISTERED') throw conflict({ ko: '이미 등록된 행은 고칠 수 없습니다.', en: 'A registered row cannot change.' }, { rowStatus: existing.status });
  await editRows(services, ctx, body.requestId, async (tx, s, actor, request) => {
    await recheck(tx, s, actor, request, [body.rowNumber], (v) => ({ ...v, ...body.values }));
    await audit(tx, ctx, s, actor, { type: 'contract.bulk_row_updated', data: { requestId: body.requestId, rowNumber: body.rowNumber } });
  });
  const [row] = await services.db.select().from(rows).where(and(inScope(rows, scope), eq(rows.requestId, body.requestId), eq(rows.rowNumber, body.rowNumber)));
  return rowDto(row!, ctx.locale);
}

export async function assignBulkOwner(services: Services, ctx: RequestContext, body: { requestId: number; rowNumbers?: number[]; ownerUserId: number }): Promise<BulkRequest> {
  const { request } = await editRows(services, ctx, body.requestId, async (tx, scope, actor, req) => {
    const lookups = await rowLookups(tx, scope, actor, []);
    const email = [...lookups.ownerIdByEmail].find(([, id]) => id === body.ownerUserId)?.[0];
    if (!email) throw validationError([{ field: 'body.ownerUserId', reason: 'not an active member of this workspace' }]);
    await recheck(tx, scope, actor, req, body.rowNumbers, (v) => ({ ...v, ownerEmail: email }));
    if (!body.rowNumbers) await tx.update(requests).set({ defaultOwnerUserId: body.ownerUserId }).where(and(inScope(requests, scope), eq(requests.id, req.id)));
    await audit(tx, ctx, scope, actor, { type: 'contract.bulk_assigned', data: { requestId: req.id, rowNumbers: body.rowNumbers ?? null, ownerUserId: body.ownerUserId } });
  });
  return requestDto(services.db, { tenantId: request.tenantId, workspaceId: request.workspaceId }, request);
}

export async function assignBulkGroup(services: Services, ctx: RequestContext, body: { requestId: number; rowNumbers?: number[]; groupId: number }): Promise<BulkRequest> {
  const { request } = await editRows(services, ctx, body.requestId, async (tx, scope, actor, req) => {
    const lookups = await rowLookups(tx, scope, actor, []);
    const name = [...lookups.groupIdByName].find(([, id]) => id === body.groupId)?.[0];
    if (!name) throw validationError([{ field: 'body.groupId', reason: 'no such group in this workspace' }]);
    await recheck(tx, scope, actor, req, body.rowNumbers, (v) => ({ ...v, groupName: name }));
    if (!body.rowNumbers) await tx.update(requests).set({ defaultGroupId: body.groupId }).where(and(inScope(requests, scope), eq(requests.id, req.id)));
    await audit(tx, ctx, scope, actor, { type: 'contract.bulk_assigned', data: { requestId: req.id, rowNumbers: body.rowNumbers ?? null, groupId: body.groupId } });
  });
  return requestDto(services.db, { tenantId: request.tenantId, workspaceId: request.workspaceId }, request);
}

export async function retryBulkRequest(services: Services, ctx: RequestContext, requestId: number): Promise<BulkRequest> {
  const { request } = await editRows(services, ctx, requestId, (tx, scope, actor, req) => recheck(tx, scope, actor, req, undefined));
  return requestDto(services.db, { tenantId: request.tenantId, workspaceId: request.workspaceId }, request);
}

// Confirm, register, delete ----------------------------------------------------------------------

export async function confirmBulkRequest(services: Services, ctx: RequestContext, requestId: number): Promise<BulkRequest> {
  const { scope, actor } = await bulkContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const request = await findRequest(tx, scope, requestId, { forUpdate: true });
    assertStatus(request, ['VALIDATED']);
    if (request.pendingRows === 0) {
      throw conflict({ ko: '등록할 수 있는 행이 없습니다. 오류를 먼저 고쳐 주세요.', en: 'No row is ready to register: fix the errors first.' }, { invalidRows: request.invalidRows });
    }
    const updated = await refreshCounts(tx, scope, requestId, 'CONFIRMED');
    await audit(tx, ctx, scope, actor, { type: 'contract.bulk_confirmed', data: { requestId, pendingRows: updated.pendingRows } });
    return requestDto(tx, scope, updated);
  });
}

export async function registerBulkRequest(services: Services, ctx: RequestContext, requestId: number): Promise<BulkRequest> {
  const { scope, actor } = await bulkContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const request = await findRequest(tx, scope, requestId, { forUpdate: true });
    assertStatus(request, ['CONFIRMED']);
    const round = request.registerRound + 1;
    await tx.update(requests).set({ registerRound: round }).where(and(inScope(requests, scope), eq(requests.id, requestId)));
    const updated = await refreshCounts(tx, scope, requestId, 'REGISTERING');
    // The job exists only if this transaction commits; the key makes a second send of the round a no-op.
    await services.jobs.send(bulkRegisterJob, { ...scope, requestId, actorUserId: actor.userId, locale: ctx.locale }, { tx, idempotencyKey: `${requestId}:${round}` });
    await audit(tx, ctx, scope, actor, { type: 'contract.bulk_registering', data: { requestId, round, pendingRows: updated.pendingRows } });
    return requestDto(tx, scope, updated);
  });
}

/**
 * Deletes a request for every bulk route, but keeps the row (marked deleted, with its rows): it
 * still holds its sheet and files, so they stay the contract admins' (contract-files.access.ts).
 * Dropping the row would free them: every member with files permissions would list and open the
 * sheet. Deleting the files with it was the other way, but a soft-deleted free file still shows
 * in everyone's deleted-files list and comes back, free, when restored; and a file may also sit
 * on a registered contract or another request, which must keep it.
 */
export async function deleteBulkRequest(services: Services, ctx: RequestContext, requestId: number): Promise<{ requestId: number }> {
  const { scope, actor } = await bulkContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const request = await findRequest(tx, scope, requestId, { forUpdate: true });
    if (request.executionStatus === 'REGISTERING') throw stateConflict(request.executionStatus, EDITABLE.concat('DONE'));
    const now = new Date();
    await tx.update(requests).set({ deletedAt: now, deletedByUserId: actor.userId, updatedAt: now }).where(and(inScope(requests, scope), eq(requests.id, requestId)));
    await audit(tx, ctx, scope, actor, { type: 'contract.bulk_deleted', data: { requestId, executionStatus: request.executionStatus, registeredRows: request.registeredRows } });
    return { requestId };
  });
}

export type { StoredRowError };
