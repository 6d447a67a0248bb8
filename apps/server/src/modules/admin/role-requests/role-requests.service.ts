import {
  type CreateRoleRequestBody, type Page, ROLE_REQUEST_APPROVER_PERMISSION, ROLE_REQUEST_SORT_FIELDS, type RoleRequest, type RoleRequestFormOptions,
} from '@legal/api';
import type { Tx } from '../../../platform/db/client';
import { fetchPage } from '../../../platform/db/paging';
import { parseSort } from '../../../platform/db/sorting';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { forbidden, notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { findWorkspaceName, userPrincipal } from '../../auth';
import { roleRequestCreatedMailTemplate, roleRequestDecidedMailTemplate } from './role-requests.mail';
import { type RoleRequestActor, roleRequestAbilities, roleRequestConflict } from './role-requests.policy';
import * as repo from './role-requests.repo';

type Services = Pick<AppServices, 'db' | 'mailer'>;

function actorOf(ctx: RequestContext): RoleRequestActor {
  const principal = userPrincipal(ctx);
  return { userId: principal.userId, permissions: principal.permissions };
}

// ---------------------------------------------------------------------------------------------
// DTOs: requester, approver, decider and role names loaded once per page
// ---------------------------------------------------------------------------------------------

async function dtosOf(services: Services, scope: TenantScope, actor: RoleRequestActor, rows: repo.RoleRequestRow[]): Promise<RoleRequest[]> {
  const userIds = [...new Set(rows.flatMap((r) => [r.requesterUserId, r.approveUserId, r.decidedByUserId]).filter((id): id is number => id !== null))];
  const [people, roles] = await Promise.all([
    repo.peopleByIds(services.db, scope, userIds),
    repo.rolesOfWorkspace(services.db, scope, [...new Set(rows.map((r) => r.roleId))]),
  ]);
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const person = (userId: number | null) => {
    const found = userId === null ? undefined : people.get(userId);
    return found ? { userId: found.userId, displayName: found.displayName } : null;
  };
  return rows.map((row) => {
    const requester = people.get(row.requesterUserId);
    return {
      id: row.id,
      requester: { userId: row.requesterUserId, displayName: requester?.displayName ?? '', loginId: requester?.loginId ?? '' },
      role: roleById.get(row.roleId) ?? { id: row.roleId, name: '', code: null },
      reason: row.reason,
      approver: person(row.approveUserId),
      status: row.status,
      decidedBy: person(row.decidedByUserId),
      decisionComment: row.decisionComment,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      abilities: roleRequestAbilities(actor, row),
    };
  });
}

async function dtoOf(services: Services, scope: TenantScope, actor: RoleRequestActor, row: repo.RoleRequestRow): Promise<RoleRequest> {
  const [dto] = await dtosOf(services, scope, actor, [row]);
  return dto!;
}

// ---------------------------------------------------------------------------------------------
// The requester's side
// ---------------------------------------------------------------------------------------------

/**
 * Who is mailed about a new request: the named approver, who must be another active member able
 * to decide role requests, or else every such member but the requester.
 */
async function recipientsOf(services: Services, scope: TenantScope, actor: RoleRequestActor, approveUserId: number | undefined): Promise<repo.PersonRef[]> {
  const approvers = (await repo.membersWithPermission(services.db, scope, ROLE_REQUEST_APPROVER_PERMISSION)).filter((a) => a.userId !== actor.userId);
  if (approveUserId === undefined) return approvers;
  const named = approvers.filter((a) => a.userId === approveUserId);
  if (named.length === 0) throw validationError([{ field: 'body.approveUserId', reason: 'not another member who can approve role requests' }]);
  return named;
}

export async function createRoleRequest(services: Services, ctx: RequestContext, body: CreateRoleRequestBody): Promise<RoleRequest> {
  const actor = actorOf(ctx);
  const scope = tenantScope(ctx);
  const [role] = await repo.rolesOfWorkspace(services.db, scope, [body.roleId]);
  if (!role) throw validationError([{ field: 'body.roleId', reason: 'no such role in the workspace' }]);
  const recipients = await recipientsOf(services, scope, actor, body.approveUserId);
  const workspaceName = (await findWorkspaceName(services.db, scope)) ?? '';
  const row = await services.db.transaction(async (tx) => {
    // Locking the requester's membership serialises their requests: no duplicate pending ones.
    const membership = await repo.activeMembershipOf(tx, scope, actor.userId, { forUpdate: true });
    if (!membership) throw forbidden();
    if ((await repo.heldRoleIds(tx, scope, membership.id)).has(role.id)) throw roleRequestConflict('ROLE_ALREADY_HELD');
    const pending = await repo.findPendingRequest(tx, scope, actor.userId, role.id);
    if (pending) throw roleRequestConflict('REQUEST_PENDING', { roleRequestId: pending.id });
    const created = await repo.insertRoleRequest(tx, { ...scope, requesterUserId: actor.userId, roleId: role.id, reason: body.reason, approveUserId: body.approveUserId ?? null });
    await recordAudit(
      tx,
      { type: 'role_request.created', data: { roleRequestId: created.id, roleId: role.id, approveUserId: created.approveUserId } },
      { ...auditMetaOf(ctx, actor.userId), ...scope },
    );
    const [requester] = (await repo.peopleByIds(tx, scope, [actor.userId])).values();
    for (const to of recipients) {
      await services.mailer.send(
        roleRequestCreatedMailTemplate,
        { to: to.loginId, locale: to.locale, ...scope, data: { workspaceName, requesterName: requester?.displayName ?? '', roleName: role.name, reason: body.reason } },
        tx,
      );
    }
    return created;
  });
  return dtoOf(services, scope, actor, row);
}

export interface ListRoleRequestsInput extends repo.RoleRequestFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

/** A bare field sorts newest first, like the list's default order. */
const sortOf = (sort: string | string[] | undefined): repo.RoleRequestSort[] => parseSort(sort, ROLE_REQUEST_SORT_FIELDS, { defaultDirection: 'desc' });

async function pageOfRequests(services: Services, scope: TenantScope, actor: RoleRequestActor, input: ListRoleRequestsInput): Promise<Page<RoleRequest>> {
  const sort = sortOf(input.sort);
  const page = await fetchPage(
    input,
    (limit, offset) => repo.searchRoleRequests(services.db, scope, input, sort, limit, offset),
    () => repo.countRoleRequests(services.db, scope, input),
  );
  return { ...page, content: await dtosOf(services, scope, actor, page.content) };
}

export async function listMyRoleRequests(services: Services, ctx: RequestContext, input: Omit<ListRoleRequestsInput, 'requesterIds' | 'approveUserId'>): Promise<Page<RoleRequest>> {
  const actor = actorOf(ctx);
  return pageOfRequests(services, tenantScope(ctx), actor, { ...input, requesterIds: [actor.userId] });
}

/** The requester takes back a pending request; another member's request answers 404. */
export async function cancelRoleRequest(services: Services, ctx: RequestContext, roleRequestId: number): Promise<RoleRequest> {
  const actor = actorOf(ctx);
  const scope = tenantScope(ctx);
  const row = await services.db.transaction(async (tx) => {
    const current = await repo.findRoleRequest(tx, scope, roleRequestId, { forUpdate: true });
    if (!current || current.requesterUserId !== actor.userId) throw notFound();
    const canceled = await repo.finishRoleRequest(tx, scope, roleRequestId, { status: 'CANCELED', decidedAt: new Date() });
    if (!canceled) throw roleRequestConflict('REQUEST_NOT_PENDING', { status: current.status });
    await recordAudit(tx, { type: 'role_request.canceled', data: { roleRequestId, roleId: current.roleId } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    return canceled;
  });
  return dtoOf(services, scope, actor, row);
}

export async function getFormOptions(services: Services, ctx: RequestContext): Promise<RoleRequestFormOptions> {
  const actor = actorOf(ctx);
  const scope = tenantScope(ctx);
  const membership = await repo.activeMembershipOf(services.db, scope, actor.userId);
  if (!membership) throw forbidden();
  const [roles, held, pending, approvers] = await Promise.all([
    repo.rolesOfWorkspace(services.db, scope),
    repo.heldRoleIds(services.db, scope, membership.id),
    repo.pendingRoleIdsOf(services.db, scope, actor.userId),
    repo.membersWithPermission(services.db, scope, ROLE_REQUEST_APPROVER_PERMISSION),
  ]);
  return {
    roles: roles.map((r) => ({ ...r, isHeld: held.has(r.id), hasPendingRequest: pending.has(r.id) })),
    approvers: approvers.filter((a) => a.userId !== actor.userId).map((a) => ({ userId: a.userId, displayName: a.displayName })),
  };
}

// ---------------------------------------------------------------------------------------------
// The approvers' side
// ---------------------------------------------------------------------------------------------

function approverOf(ctx: RequestContext): RoleRequestActor {
  requirePermission(ctx, ROLE_REQUEST_APPROVER_PERMISSION);
  return actorOf(ctx);
}

export async function listRoleRequests(services: Services, ctx: RequestContext, input: ListRoleRequestsInput): Promise<Page<RoleRequest>> {
  return pageOfRequests(services, tenantScope(ctx), approverOf(ctx), input);
}

type Decision = { isApproved: true; comment: string | null } | { isApproved: false; comment: string };

/**
 * Approves (granting the role in the same transaction) or rejects a pending request and mails
 * the requester. A request that is not pending any more answers 409.
 */
async function decide(services: Services, ctx: RequestContext, roleRequestId: number, decision: Decision): Promise<RoleRequest> {
  const actor = approverOf(ctx);
  const scope = tenantScope(ctx);
  const workspaceName = (await findWorkspaceName(services.db, scope)) ?? '';
  const row = await services.db.transaction(async (tx) => {
    const current = await repo.findRoleRequest(tx, scope, roleRequestId, { forUpdate: true });
    if (!current) throw notFound();
    if (current.status !== 'PENDING') throw roleRequestConflict('REQUEST_NOT_PENDING', { status: current.status });
    if (decision.isApproved) await grantTo(tx, scope, current);
    const decided = await repo.finishRoleRequest(tx, scope, roleRequestId, {
      status: decision.isApproved ? 'APPROVED' : 'REJECTED',
      decidedByUserId: actor.userId,
      decisionComment: decision.comment,
      decidedAt: new Date(),
    });
    if (!decided) throw roleRequestConflict('REQUEST_NOT_PENDING');
    const meta = { ...auditMetaOf(ctx, actor.userId, current.requesterUserId), ...scope };
    const common = { roleRequestId, roleId: current.roleId, requesterUserId: current.requesterUserId };
    if (decision.isApproved) await recordAudit(tx, { type: 'role_request.approved', data: { ...common, comment: decision.comment } }, meta);
    else await recordAudit(tx, { type: 'role_request.rejected', data: { ...common, comment: decision.comment } }, meta);
    await mailDecision(services, tx, scope, workspaceName, decided, actor.userId);
    return decided;
  });
  return dtoOf(services, scope, actor, row);
}

async function grantTo(tx: Tx, scope: TenantScope, request: repo.RoleRequestRow): Promise<void> {
  const membership = await repo.activeMembershipOf(tx, scope, request.requesterUserId, { forUpdate: true });
  if (!membership) throw roleRequestConflict('REQUESTER_NOT_MEMBER');
  await repo.grantRole(tx, scope, membership.id, request.roleId);
}

async function mailDecision(services: Services, tx: Tx, scope: TenantScope, workspaceName: string, request: repo.RoleRequestRow, deciderUserId: number) {
  const people = await repo.peopleByIds(tx, scope, [request.requesterUserId, deciderUserId]);
  const requester = people.get(request.requesterUserId);
  const [role] = await repo.rolesOfWorkspace(tx, scope, [request.roleId]);
  if (!requester || !role) return;
  await services.mailer.send(
    roleRequestDecidedMailTemplate,
    {
      to: requester.loginId,
      locale: requester.locale,
      ...scope,
      data: { workspaceName, roleName: role.name, isApproved: request.status === 'APPROVED', deciderName: people.get(deciderUserId)?.displayName ?? '', comment: request.decisionComment },
    },
    tx,
  );
}

export function approveRoleRequest(services: Services, ctx: RequestContext, roleRequestId: number, comment: string | undefined): Promise<RoleRequest> {
  return decide(services, ctx, roleRequestId, { isApproved: true, comment: comment || null });
}

export function rejectRoleRequest(services: Services, ctx: RequestContext, roleRequestId: number, comment: string): Promise<RoleRequest> {
  return decide(services, ctx, roleRequestId, { isApproved: false, comment });
}
