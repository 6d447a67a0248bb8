import {
  type BulkCreateInvitationsBody, type CreateInvitationBody, INVITATION_LIMITS, INVITATION_SORT_FIELDS, type Invitation, type Page,
} from '@legal/api';
import type { Tx } from '../../../platform/db/client';
import { fetchPage } from '../../../platform/db/paging';
import { parseSort } from '../../../platform/db/sorting';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { findWorkspaceName, hashToken, newToken, userPrincipal } from '../../auth';
import { invitationMailTemplate } from './invitations.mail';
import {
  finishedBlocker, invitationAbilities, invitationConflict, invitationExpiry, isInvitationExpired, resendTooSoon, resendWaitSeconds,
} from './invitations.policy';
import * as repo from './invitations.repo';

type Services = Pick<AppServices, 'db' | 'mailer'>;

const WRITE = 'workspace.user.write';
const READ = 'workspace.user.read';
const DEFAULT_ROLE_CODE = 'GENERAL_MEMBER';

// ---------------------------------------------------------------------------------------------
// DTOs: the names of the group, positions, roles and inviter, loaded once per page
// ---------------------------------------------------------------------------------------------

interface Refs {
  groups: Map<number, repo.NamedRef>;
  positions: Map<number, repo.NamedRef>;
  roles: Map<number, repo.NamedRef>;
  inviters: Map<number, string>;
}

const byId = (refs: repo.NamedRef[]) => new Map(refs.map((r) => [r.id, r]));
const pick = (ids: number[], refs: Map<number, repo.NamedRef>) => ids.flatMap((id) => refs.get(id) ?? []);

async function loadRefs(db: Services['db'], scope: TenantScope, rows: repo.InvitationRow[]): Promise<Refs> {
  const all = (f: (r: repo.InvitationRow) => number[]) => [...new Set(rows.flatMap(f))];
  const [groups, positions, roles, inviters] = await Promise.all([
    repo.groupsByIds(db, scope, all((r) => (r.groupId ? [r.groupId] : []))),
    repo.jobPositionsByIds(db, scope, all((r) => r.jobPositionIds)),
    repo.rolesByIds(db, scope, all((r) => r.roleIds)),
    repo.memberNames(db, scope, all((r) => (r.invitedByUserId ? [r.invitedByUserId] : []))),
  ]);
  return { groups: byId(groups), positions: byId(positions), roles: byId(roles), inviters };
}

function invitationDto(row: repo.InvitationRow, refs: Refs, now: Date, canWrite: boolean): Invitation {
  const inviterName = row.invitedByUserId ? refs.inviters.get(row.invitedByUserId) : undefined;
  return {
    id: row.id,
    loginId: row.loginId,
    displayName: row.displayName,
    group: row.groupId ? (refs.groups.get(row.groupId) ?? null) : null,
    // Positions in display order, as the organisation lists them.
    jobPositions: [...refs.positions.values()].filter((p) => row.jobPositionIds.includes(p.id)),
    roles: pick(row.roleIds, refs.roles),
    status: row.status,
    expired: isInvitationExpired(row, now),
    expiresAt: row.expiresAt.toISOString(),
    sendCount: row.sendCount,
    lastSentAt: row.lastSentAt.toISOString(),
    invitedBy: row.invitedByUserId && inviterName !== undefined ? { userId: row.invitedByUserId, displayName: inviterName } : null,
    acceptedUserId: row.acceptedUserId,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    canceledAt: row.canceledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    abilities: invitationAbilities(row, canWrite),
  };
}

async function dtosOf(services: Services, ctx: RequestContext, scope: TenantScope, rows: repo.InvitationRow[], now = new Date()): Promise<Invitation[]> {
  const refs = await loadRefs(services.db, scope, rows);
  const canWrite = userPrincipal(ctx).permissions.has(WRITE);
  return rows.map((row) => invitationDto(row, refs, now, canWrite));
}

// ---------------------------------------------------------------------------------------------
// Inviting
// ---------------------------------------------------------------------------------------------

interface Setup {
  groupId: number | null;
  jobPositionIds: number[];
  roleIds: number[];
}

/** The group, positions and roles of the body, each checked to exist in the workspace (400 naming every bad field). */
async function resolveSetup(services: Services, scope: TenantScope, body: { groupId?: number | null; jobPositionIds?: number[]; roleIds?: number[] }): Promise<Setup> {
  const { db } = services;
  const defaultRoleId = body.roleIds === undefined ? await repo.roleIdByCode(db, scope, DEFAULT_ROLE_CODE) : null;
  const setup: Setup = {
    groupId: body.groupId ?? null,
    jobPositionIds: body.jobPositionIds ?? [],
    roleIds: body.roleIds ?? (defaultRoleId ? [defaultRoleId] : []),
  };
  const [groups, positions, roles] = await Promise.all([
    repo.groupsByIds(db, scope, setup.groupId ? [setup.groupId] : []),
    repo.jobPositionsByIds(db, scope, setup.jobPositionIds),
    repo.rolesByIds(db, scope, setup.roleIds),
  ]);
  const problems: Array<{ field: string; reason: string }> = [];
  if (setup.groupId && groups.length === 0) problems.push({ field: 'body.groupId', reason: 'no such group in the workspace' });
  if (positions.length !== setup.jobPositionIds.length) problems.push({ field: 'body.jobPositionIds', reason: 'not every job position exists in the workspace' });
  if (roles.length !== setup.roleIds.length) problems.push({ field: 'body.roleIds', reason: 'not every role exists in the workspace' });
  if (problems.length > 0) throw validationError(problems);
  return setup;
}

interface Mailing {
  workspaceName: string;
  inviterName: string;
}

async function mailingOf(services: Services, scope: TenantScope, actorUserId: number): Promise<Mailing> {
  const [found, names] = await Promise.all([findWorkspaceName(services.db, scope), repo.memberNames(services.db, scope, [actorUserId])]);
  const workspaceName = found ?? '';
  return { workspaceName, inviterName: names.get(actorUserId) ?? workspaceName };
}

/** Mails the link of a fresh token, in the caller's transaction (mail and change commit together). */
async function mailInvitation(services: Services, ctx: RequestContext, tx: Tx, scope: TenantScope, loginId: string, token: string, mailing: Mailing) {
  await services.mailer.send(
    invitationMailTemplate,
    { to: loginId, locale: ctx.locale, tenantId: scope.tenantId, workspaceId: scope.workspaceId, data: { token, days: INVITATION_LIMITS.expiresInDays, ...mailing } },
    tx,
  );
}

/** One invitation with its mail and audit row; null when the address got a pending invitation meanwhile. */
async function inviteOne(
  services: Services,
  ctx: RequestContext,
  tx: Tx,
  scope: TenantScope,
  invitee: { loginId: string; displayName: string | null },
  setup: Setup,
  mailing: Mailing,
): Promise<repo.InvitationRow | null> {
  const actor = userPrincipal(ctx);
  const now = new Date();
  const token = newToken();
  const row = await repo.insertInvitation(tx, {
    ...scope,
    ...invitee,
    ...setup,
    tokenHash: hashToken(token),
    expiresAt: invitationExpiry(now),
    sendCount: 1,
    lastSentAt: now,
    invitedByUserId: actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) return null;
  await mailInvitation(services, ctx, tx, scope, row.loginId, token, mailing);
  await recordAudit(
    tx,
    { type: 'invitation.created', data: { invitationId: row.id, loginId: row.loginId, groupId: row.groupId, jobPositionIds: row.jobPositionIds, roleIds: row.roleIds, expiresAt: row.expiresAt.toISOString() } },
    { ...auditMetaOf(ctx, actor.userId, null), ...scope },
  );
  return row;
}

export async function createInvitation(services: Services, ctx: RequestContext, body: CreateInvitationBody): Promise<Invitation> {
  requirePermission(ctx, WRITE);
  const actor = userPrincipal(ctx);
  const scope = tenantScope(ctx);
  const setup = await resolveSetup(services, scope, body);
  if ((await repo.findMemberLoginIds(services.db, scope, [body.loginId])).size > 0) throw invitationConflict('ALREADY_MEMBER');
  const [pending] = await repo.findPendingByLoginIds(services.db, scope, [body.loginId]);
  if (pending) throw invitationConflict('ALREADY_INVITED', { invitationId: pending.id, expired: isInvitationExpired(pending, new Date()) });
  const mailing = await mailingOf(services, scope, actor.userId);
  const row = await services.db.transaction((tx) => inviteOne(services, ctx, tx, scope, { loginId: body.loginId, displayName: body.displayName ?? null }, setup, mailing));
  if (!row) throw invitationConflict('ALREADY_INVITED');
  const [dto] = await dtosOf(services, ctx, scope, [row]);
  return dto!;
}

/** Invites several addresses with one setup; members and addresses already invited are skipped and listed. */
export async function bulkCreateInvitations(services: Services, ctx: RequestContext, body: BulkCreateInvitationsBody) {
  requirePermission(ctx, WRITE);
  const actor = userPrincipal(ctx);
  const scope = tenantScope(ctx);
  const loginIds = [...new Set(body.loginIds)];
  const setup = await resolveSetup(services, scope, body);
  const [members, pending] = await Promise.all([repo.findMemberLoginIds(services.db, scope, loginIds), repo.findPendingByLoginIds(services.db, scope, loginIds)]);
  const pendingIds = new Map(pending.map((p) => [p.loginId, p.id]));
  type Skipped = { loginId: string; reason: 'ALREADY_MEMBER' | 'ALREADY_INVITED'; invitationId: number | null };
  const skipped: Skipped[] = [];
  const fresh: string[] = [];
  for (const loginId of loginIds) {
    if (members.has(loginId)) skipped.push({ loginId, reason: 'ALREADY_MEMBER', invitationId: null });
    else if (pendingIds.has(loginId)) skipped.push({ loginId, reason: 'ALREADY_INVITED', invitationId: pendingIds.get(loginId) ?? null });
    else fresh.push(loginId);
  }
  const mailing = await mailingOf(services, scope, actor.userId);
  const rows = await services.db.transaction(async (tx) => {
    const created: repo.InvitationRow[] = [];
    for (const loginId of fresh) {
      const row = await inviteOne(services, ctx, tx, scope, { loginId, displayName: null }, setup, mailing);
      if (row) created.push(row);
      else skipped.push({ loginId, reason: 'ALREADY_INVITED', invitationId: null });
    }
    return created;
  });
  return { invited: await dtosOf(services, ctx, scope, rows), skipped };
}

// ---------------------------------------------------------------------------------------------
// List, resend, cancel, form options
// ---------------------------------------------------------------------------------------------

export interface ListInvitationsInput extends repo.InvitationFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

/** A bare field sorts newest first, like the list's default order. */
const sortOf = (sort: string | string[] | undefined): repo.InvitationSort[] => parseSort(sort, INVITATION_SORT_FIELDS, { defaultDirection: 'desc' });

export async function listInvitations(services: Services, ctx: RequestContext, input: ListInvitationsInput): Promise<Page<Invitation>> {
  requirePermission(ctx, READ, WRITE);
  const scope = tenantScope(ctx);
  const now = new Date();
  const sort = sortOf(input.sort);
  const page = await fetchPage(
    input,
    (limit, offset) => repo.searchInvitations(services.db, scope, input, sort, now, limit, offset),
    () => repo.countInvitations(services.db, scope, input, now),
  );
  return { ...page, content: await dtosOf(services, ctx, scope, page.content, now) };
}

/** Locks a pending (possibly expired) invitation of the workspace for a change; 404 elsewhere, 409 when finished. */
async function lockPending(tx: Tx, scope: TenantScope, invitationId: number): Promise<repo.InvitationRow> {
  const row = await repo.findInvitation(tx, scope, invitationId, { forUpdate: true });
  if (!row) throw notFound();
  const blocker = finishedBlocker(row);
  if (blocker) throw invitationConflict(blocker, { status: row.status });
  return row;
}

/** A new link (the old one dies) for seven more days; once a minute at most. */
export async function resendInvitation(services: Services, ctx: RequestContext, invitationId: number): Promise<Invitation> {
  requirePermission(ctx, WRITE);
  const actor = userPrincipal(ctx);
  const scope = tenantScope(ctx);
  const mailing = await mailingOf(services, scope, actor.userId);
  const row = await services.db.transaction(async (tx) => {
    const current = await lockPending(tx, scope, invitationId);
    const now = new Date();
    const wait = resendWaitSeconds(current.lastSentAt, now);
    if (wait > 0) throw resendTooSoon(wait);
    const token = newToken();
    const updated = await repo.updateInvitation(tx, scope, invitationId, 'PENDING', {
      tokenHash: hashToken(token),
      expiresAt: invitationExpiry(now),
      sendCount: current.sendCount + 1,
      lastSentAt: now,
    });
    if (!updated) throw notFound();
    await mailInvitation(services, ctx, tx, scope, updated.loginId, token, mailing);
    await recordAudit(
      tx,
      { type: 'invitation.resent', data: { invitationId, loginId: updated.loginId, sendCount: updated.sendCount, expiresAt: updated.expiresAt.toISOString() } },
      { ...auditMetaOf(ctx, actor.userId, null), ...scope },
    );
    return updated;
  });
  const [dto] = await dtosOf(services, ctx, scope, [row]);
  return dto!;
}

export async function cancelInvitation(services: Services, ctx: RequestContext, invitationId: number): Promise<Invitation> {
  requirePermission(ctx, WRITE);
  const actor = userPrincipal(ctx);
  const scope = tenantScope(ctx);
  const row = await services.db.transaction(async (tx) => {
    await lockPending(tx, scope, invitationId);
    const updated = await repo.updateInvitation(tx, scope, invitationId, 'PENDING', { status: 'CANCELED', canceledAt: new Date() });
    if (!updated) throw notFound();
    await recordAudit(tx, { type: 'invitation.canceled', data: { invitationId, loginId: updated.loginId } }, { ...auditMetaOf(ctx, actor.userId, null), ...scope });
    return updated;
  });
  const [dto] = await dtosOf(services, ctx, scope, [row]);
  return dto!;
}

export async function getFormOptions(services: Services, ctx: RequestContext) {
  requirePermission(ctx, WRITE);
  const options = await repo.formOptions(services.db, tenantScope(ctx));
  const defaultRole = options.roles.find((r) => r.code === DEFAULT_ROLE_CODE);
  return { ...options, defaultRoleIds: defaultRole ? [defaultRole.id] : [] };
}
