import type { DeletionRequest, DeletionRequestStatus, Page, SuperAdminDeletionRequest } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { fetchPage } from '../../../platform/db/paging';
import { parseSort } from '../../../platform/db/sorting';
import { inScope } from '../../../platform/db/tenancy';
import { isUniqueViolation } from '../../../platform/db/pg-errors';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { actorUserId } from '../admin-request';
import * as repo from './deletion-requests.repo';
import { workspaceDeletionRequests as requests } from './deletion-requests.table';
import { purgeWorkspaceJob } from './workspace.jobs';
import { workspaceDeletionDecidedTemplate } from './workspace.mail';
import { findLiveWorkspace } from './workspace.repo';

type Services = Pick<AppServices, 'db' | 'jobs' | 'mailer' | 'config'>;
export const DELETION_PERMISSION = 'workspace.deletion.request';
const DAY_MS = 24 * 3600 * 1000;

// DTOs -----------------------------------------------------------------------------------------

function baseDto({ request: r, requesterName }: repo.DeletionRequestView) {
  return {
    id: r.id,
    tenantId: r.tenantId,
    workspaceId: r.workspaceId,
    reason: r.reason,
    status: r.status,
    requestedByUserId: r.requestedByUserId,
    requestedByName: requesterName,
    decidedByUserId: r.decidedByUserId,
    decisionComment: r.decisionComment,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    purgeAfter: r.purgeAfter?.toISOString() ?? null,
    purgedAt: r.purgedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

const adminDto = (view: repo.DeletionRequestView): DeletionRequest => ({ ...baseDto(view), abilities: { canCancel: view.request.status === 'PENDING' } });

const superAdminDto = (view: repo.DeletionRequestView): SuperAdminDeletionRequest => ({
  ...baseDto(view),
  workspaceName: view.workspaceName,
  requestedByLoginId: view.requesterLoginId,
  abilities: { canDecide: view.request.status === 'PENDING' },
});

// Input helpers ----------------------------------------------------------------------------------

/** `sort=field,asc|desc` over the whitelisted fields (a bare field sorts newest first); anything else is a 400 naming query.sort. */
const sortOf = (sort: string | string[] | undefined): repo.Sort => parseSort(sort, repo.SORT_FIELDS, { defaultDirection: 'desc' });

const notPending = (status: DeletionRequestStatus) =>
  conflict({ ko: '대기 중인 요청만 처리할 수 있습니다.', en: 'Only a pending request can be changed.' }, { status });

const alreadyOpen = () =>
  conflict({ ko: '이미 진행 중인 삭제 요청이 있습니다.', en: 'A deletion request is already open for this workspace.' }, { reason: 'REQUEST_OPEN' });

async function requireScoped(tx: Tx, scope: TenantScope, requestId: number) {
  const view = await repo.findRequest(tx, scope, requestId, { forUpdate: true });
  if (!view) throw notFound();
  return view;
}

async function requireAny(tx: Tx, requestId: number) {
  const view = await repo.unscopedFindRequest(tx, requestId, { forUpdate: true });
  if (!view) throw notFound();
  return view;
}

async function setStatus(tx: Tx, view: repo.DeletionRequestView, changes: Partial<repo.DeletionRequestRow>): Promise<repo.DeletionRequestView> {
  const scope = { tenantId: view.request.tenantId, workspaceId: view.request.workspaceId };
  const [row] = await tx.update(requests).set(changes).where(and(inScope(requests, scope), eq(requests.id, view.request.id))).returning();
  return { ...view, request: row! };
}

// Workspace admin --------------------------------------------------------------------------------

export async function listRequests(services: Services, ctx: RequestContext, query: { page: number; size: number; sort?: string | string[] }): Promise<Page<DeletionRequest>> {
  requirePermission(ctx, DELETION_PERMISSION);
  const scope = tenantScope(ctx);
  const sort = sortOf(query.sort);
  return fetchPage(
    query,
    async (limit, offset) => (await repo.listRequests(services.db, scope, sort, limit, offset)).map(adminDto),
    () => repo.countRequests(services.db, repo.scopeCondition(scope)),
  );
}

export async function getCurrentRequest(services: Services, ctx: RequestContext): Promise<DeletionRequest | null> {
  requirePermission(ctx, DELETION_PERMISSION);
  const view = await repo.findOpenRequest(services.db, tenantScope(ctx));
  return view ? adminDto(view) : null;
}

/** POST deletion-requests/v1: at most one open request per workspace (409 otherwise). */
export async function createRequest(services: Services, ctx: RequestContext, body: { reason: string }): Promise<DeletionRequest> {
  requirePermission(ctx, DELETION_PERMISSION);
  const scope = tenantScope(ctx);
  const userId = actorUserId(ctx);
  try {
    return await services.db.transaction(async (tx) => {
      // Locking the workspace row serialises two admins asking at the same moment.
      if (!(await findLiveWorkspace(tx, scope, { forUpdate: true }))) throw notFound();
      if (await repo.findOpenRequest(tx, scope)) throw alreadyOpen();
      const [row] = await tx.insert(requests).values({ ...scope, reason: body.reason, requestedByUserId: userId }).returning();
      await recordAudit(tx, { type: 'workspace.deletion_requested', data: { requestId: row!.id, reason: body.reason } }, { ...auditMetaOf(ctx, userId), ...scope });
      return adminDto((await repo.findRequest(tx, scope, row!.id))!);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'workspace_deletion_requests_open_key')) throw alreadyOpen();
    throw err;
  }
}

/** POST deletion-requests/{id}/cancel/v1: the admins withdraw a request nobody decided yet. */
export async function cancelRequest(services: Services, ctx: RequestContext, requestId: number): Promise<DeletionRequest> {
  requirePermission(ctx, DELETION_PERMISSION);
  const scope = tenantScope(ctx);
  const userId = actorUserId(ctx);
  return services.db.transaction(async (tx) => {
    const view = await requireScoped(tx, scope, requestId);
    if (view.request.status !== 'PENDING') throw notPending(view.request.status);
    const updated = await setStatus(tx, view, { status: 'CANCELED', decidedByUserId: userId, decidedAt: new Date() });
    await recordAudit(tx, { type: 'workspace.deletion_canceled', data: { requestId } }, { ...auditMetaOf(ctx, userId), ...scope });
    return adminDto(updated);
  });
}

// Super admin ------------------------------------------------------------------------------------

export async function superAdminListRequests(
  services: Services,
  query: { page: number; size: number; sort?: string | string[]; status?: DeletionRequestStatus | DeletionRequestStatus[] },
): Promise<Page<SuperAdminDeletionRequest>> {
  const sort = sortOf(query.sort);
  const statuses = query.status === undefined ? undefined : Array.isArray(query.status) ? query.status : [query.status];
  return fetchPage(
    query,
    async (limit, offset) => (await repo.unscopedListRequests(services.db, statuses, sort, limit, offset)).map(superAdminDto),
    () => repo.countRequests(services.db, repo.statusCondition(statuses)),
  );
}

/** Tells the admin who asked; nobody to tell when their account is gone. */
async function mailDecision(services: Services, tx: Tx, view: repo.DeletionRequestView) {
  if (!view.requesterLoginId) return;
  const { request } = view;
  await services.mailer.send(
    workspaceDeletionDecidedTemplate,
    {
      to: view.requesterLoginId,
      locale: view.requesterLocale ?? 'ko',
      tenantId: request.tenantId,
      workspaceId: request.workspaceId,
      data: {
        name: view.requesterName ?? view.requesterLoginId,
        workspaceName: view.workspaceName,
        decision: request.status === 'APPROVED' ? 'APPROVED' : 'REJECTED',
        purgeAfter: request.purgeAfter?.toISOString() ?? null,
        comment: request.decisionComment,
      },
    },
    tx,
  );
}

/** Approves: the purge job is booked for the end of the grace period, in the same transaction. */
export async function approveRequest(services: Services, ctx: RequestContext, requestId: number, body: { comment?: string }): Promise<SuperAdminDeletionRequest> {
  const userId = actorUserId(ctx);
  return services.db.transaction(async (tx) => {
    const view = await requireAny(tx, requestId);
    if (view.request.status !== 'PENDING') throw notPending(view.request.status);
    const now = new Date();
    const purgeAfter = new Date(now.getTime() + services.config.workspaceDeletionGraceDays * DAY_MS);
    const comment = body.comment || null;
    const updated = await setStatus(tx, view, { status: 'APPROVED', decidedByUserId: userId, decidedAt: now, decisionComment: comment, purgeAfter });
    const scope = { tenantId: view.request.tenantId, workspaceId: view.request.workspaceId };
    await recordAudit(tx, { type: 'workspace.deletion_approved', data: { requestId, purgeAfter: purgeAfter.toISOString(), comment } }, { ...auditMetaOf(ctx, userId), ...scope });
    await services.jobs.send(purgeWorkspaceJob, { requestId }, { tx, startAfter: purgeAfter, idempotencyKey: `workspace.purge:${requestId}` });
    await mailDecision(services, tx, updated);
    return superAdminDto(updated);
  });
}

export async function rejectRequest(services: Services, ctx: RequestContext, requestId: number, body: { comment: string }): Promise<SuperAdminDeletionRequest> {
  const userId = actorUserId(ctx);
  return services.db.transaction(async (tx) => {
    const view = await requireAny(tx, requestId);
    if (view.request.status !== 'PENDING') throw notPending(view.request.status);
    const updated = await setStatus(tx, view, { status: 'REJECTED', decidedByUserId: userId, decidedAt: new Date(), decisionComment: body.comment });
    const scope = { tenantId: view.request.tenantId, workspaceId: view.request.workspaceId };
    await recordAudit(tx, { type: 'workspace.deletion_rejected', data: { requestId, comment: body.comment } }, { ...auditMetaOf(ctx, userId), ...scope });
    await mailDecision(services, tx, updated);
    return superAdminDto(updated);
  });
}
