import {
  type AssignedRole, type Locale, type Page, roleDisplayName, type UpdateUserBodySchema, USER_SORT_FIELDS, type UserOptions, type UserPick, type UserRoleKind, type WorkspaceUser,
  type WorkspaceUserDetail,
} from '@legal/api';
import type { z } from 'zod';
import type { Db, Tx } from '../../../platform/db/client';
import { fetchPage } from '../../../platform/db/paging';
import { parseSort } from '../../../platform/db/sorting';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { conflict, notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { type AuditMeta, auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { forcePasswordReset, isLocked, listLiveSessions, revokeUserSessions, userPrincipal } from '../../auth';
import { keepingSuperManager, superManagerMembershipIds } from '../organization/members.repo';
import { refreshMembershipNames } from '../organization/membership-names';
import { divisions, jobPositions, jobTitles } from '../organization/organization.table';
import type { AuditedProfile, AuditedRoles } from './users.audit';
import { abilitiesOf, type MemberProfile, profileChanges, USER_READ, USER_ROLE_KIND_GRANTS, USER_WRITE } from './users.policy';
import * as repo from './users.repo';

type Services = Pick<AppServices, 'db'>;
type Executor = Db | Tx;
type MemberRow = repo.MemberRow;

// ---------------------------------------------------------------------------------------------
// Refusals (409) and DTOs
// ---------------------------------------------------------------------------------------------

const REFUSALS = {
  DEACTIVATED: { ko: '비활성화된 사용자입니다. 먼저 다시 활성화해 주세요.', en: 'The user is deactivated. Reactivate them first.' },
  ALREADY_DEACTIVATED: { ko: '이미 비활성화된 사용자입니다.', en: 'The user is already deactivated.' },
  ALREADY_ACTIVE: { ko: '이미 활성 상태인 사용자입니다.', en: 'The user is already active.' },
  NOT_LOCKED: { ko: '잠기지 않은 계정입니다.', en: 'The account is not locked.' },
  OWN_ACCOUNT: { ko: '자기 자신에게는 할 수 없습니다.', en: 'You cannot do this to your own account.' },
} as const;

const refuse = (reason: keyof typeof REFUSALS) => conflict(REFUSALS[reason], { reason });

const iso = (d: Date | null) => d?.toISOString() ?? null;

function summaryDto(row: MemberRow, roles: AssignedRole[], groups: Array<{ id: number; name: string }>, now: Date, locale: Locale): WorkspaceUser {
  return {
    userId: row.userId,
    loginId: row.loginId,
    name: row.name,
    displayName: row.displayName,
    employeeNumber: row.employeeNumber,
    divisionId: row.divisionId,
    divisionName: row.divisionName,
    jobTitleId: row.jobTitleId,
    jobTitleName: row.jobTitleName,
    jobPositionName: row.jobPositionName,
    status: row.status,
    deactivatedAt: iso(row.deactivatedAt),
    isLocked: isLocked({ failedCount: row.failedLoginCount, lockedUntil: row.lockedUntil }, now),
    roles: roles.map((role) => ({ ...role, name: roleDisplayName(role, locale) })),
    groups,
    createdAt: row.createdAt.toISOString(),
    lastSignedInAt: iso(row.lastSignedInAt),
  };
}

async function detailOf(db: Executor, ctx: RequestContext, scope: TenantScope, row: MemberRow): Promise<WorkspaceUserDetail> {
  const caller = userPrincipal(ctx);
  const now = new Date();
  const [roles, groups, groupRoles, jobPositionRefs, superManagers, lastSignIn, live] = await Promise.all([
    repo.rolesOfMembers(db, scope, [row.membershipId]),
    repo.groupsOfMembers(db, scope, [row.membershipId]),
    repo.groupRolesOf(db, scope, row.membershipId),
    repo.jobPositionsByIds(db, scope, row.jobPositionIds),
    superManagerMembershipIds(db, scope),
    repo.lastSignInOf(db, row.userId),
    listLiveSessions(db, row.userId, now),
  ]);
  const summary = summaryDto(row, roles.get(row.membershipId) ?? [], groups.get(row.membershipId) ?? [], now, ctx.locale);
  const isLastSuperManager = superManagers.length === 1 && superManagers[0] === row.membershipId;
  return {
    ...summary,
    locale: row.locale,
    accountStatus: row.accountStatus,
    phone: row.phone,
    jobPositions: jobPositionRefs,
    groupRoles: groupRoles.map((role) => ({ ...role, name: roleDisplayName(role, ctx.locale) })),
    failedLoginCount: row.failedLoginCount,
    lockedUntil: iso(row.lockedUntil),
    passwordExpiresAt: iso(row.passwordExpiresAt),
    lastSignIn: lastSignIn ? { at: lastSignIn.at.toISOString(), ip: lastSignIn.ip, userAgent: lastSignIn.userAgent } : null,
    liveSessionCount: live.length,
    isLastSuperManager,
    abilities: abilitiesOf({
      permissions: caller.permissions,
      isSelf: row.userId === caller.userId,
      isImpersonating: caller.impersonatorUserId !== undefined,
      status: row.status,
      isLocked: summary.isLocked,
      isLastSuperManager,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export interface ListUsersInput extends repo.UserFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

export async function listUsers(services: Services, ctx: RequestContext, input: ListUsersInput): Promise<Page<WorkspaceUser>> {
  requirePermission(ctx, USER_READ);
  const scope = tenantScope(ctx);
  const sorts = parseSort(input.sort, USER_SORT_FIELDS, { fallback: { field: 'displayName', direction: 'asc' } });
  const { db } = services;
  return fetchPage(
    input,
    async (limit, offset) => {
      const rows = await repo.searchMembers(db, scope, input, sorts, limit, offset);
      const ids = rows.map((r) => r.membershipId);
      const [roles, groups] = await Promise.all([repo.rolesOfMembers(db, scope, ids), repo.groupsOfMembers(db, scope, ids)]);
      const now = new Date();
      return rows.map((r) => summaryDto(r, roles.get(r.membershipId) ?? [], groups.get(r.membershipId) ?? [], now, ctx.locale));
    },
    () => repo.countMembers(db, scope, input),
  );
}

/** Divisions with every parent before its children, siblings in display order (the input's order). */
function inTreeOrder<T extends { id: number; parentId: number | null }>(rows: T[]): T[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, T[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const ordered: T[] = [];
  const visit = (parent: number | null) => {
    for (const child of children.get(parent) ?? []) {
      ordered.push(child);
      visit(child.id);
    }
  };
  visit(null);
  return ordered;
}

export async function getUserOptions(services: Services, ctx: RequestContext): Promise<UserOptions> {
  requirePermission(ctx, USER_READ);
  const options = await repo.organisationOptions(services.db, tenantScope(ctx));
  return { ...options, roles: options.roles.map((role) => ({ ...role, name: roleDisplayName(role, ctx.locale) })), divisions: inTreeOrder(options.divisions) };
}

export async function getUser(services: Services, ctx: RequestContext, userId: number): Promise<WorkspaceUserDetail> {
  requirePermission(ctx, USER_READ);
  const scope = tenantScope(ctx);
  const member = await repo.findMember(services.db, scope, userId);
  if (!member) throw notFound();
  return detailOf(services.db, ctx, scope, member);
}

export interface UsersByRoleInput {
  page: number;
  size: number;
  sort?: string | string[];
  keyword?: string;
}

/** A role-filtered list (catalogue 6): any member may pick people, so it needs no admin permission. */
export async function listUsersByRole(services: Services, ctx: RequestContext, kind: UserRoleKind, input: UsersByRoleInput): Promise<Page<UserPick>> {
  const scope = tenantScope(ctx);
  const [order] = parseSort(input.sort, ['displayName'] as const, { fallback: { field: 'displayName', direction: 'asc' } });
  const grant = USER_ROLE_KIND_GRANTS[kind];
  const { db } = services;
  return fetchPage(
    input,
    (limit, offset) => repo.searchHolders(db, scope, grant, { keyword: input.keyword, direction: order?.direction ?? 'asc' }, limit, offset),
    () => repo.countHolders(db, scope, grant, input.keyword),
  );
}

// ---------------------------------------------------------------------------------------------
// Changes: each locks the membership, checks its state, changes it, records the event and
// answers the fresh detail, all in one transaction.
// ---------------------------------------------------------------------------------------------

interface ChangeInput {
  tx: Tx;
  member: MemberRow;
  scope: TenantScope;
  /** Who changes whom, from where, in which workspace. */
  meta: AuditMeta;
  now: Date;
}
type Change = (input: ChangeInput) => Promise<void>;

async function changeMember(services: Services, ctx: RequestContext, userId: number, change: Change): Promise<WorkspaceUserDetail> {
  requirePermission(ctx, USER_WRITE);
  const scope = tenantScope(ctx);
  const caller = userPrincipal(ctx);
  return services.db.transaction(async (tx) => {
    const member = await repo.findMember(tx, scope, userId, { forUpdate: true });
    if (!member) throw notFound();
    await change({ tx, member, scope, meta: { ...auditMetaOf(ctx, caller.userId, member.userId), ...scope }, now: new Date() });
    const fresh = await repo.findMember(tx, scope, userId);
    if (!fresh) throw notFound();
    return detailOf(tx, ctx, scope, fresh);
  });
}

const profileOf = (row: MemberRow): MemberProfile => ({
  displayName: row.displayName,
  phone: row.phone,
  employeeNumber: row.employeeNumber,
  divisionId: row.divisionId,
  jobTitleId: row.jobTitleId,
  jobPositionIds: row.jobPositionIds,
});

/** The changed fields of a member as the audit trail shows them: organisation ids with their names. */
function auditedProfile(row: MemberRow, changes: Partial<MemberProfile>): AuditedProfile {
  const audited: AuditedProfile = {};
  const profile = profileOf(row);
  for (const field of Object.keys(changes) as Array<keyof MemberProfile>) Object.assign(audited, { [field]: profile[field] });
  if ('divisionId' in changes) audited.divisionName = row.divisionName;
  if ('jobTitleId' in changes) audited.jobTitleName = row.jobTitleName;
  if ('jobPositionIds' in changes) audited.jobPositionName = row.jobPositionName;
  return audited;
}

/** Division, job title and positions named in an update must exist in the workspace (400 per field). */
async function checkOrganisationIds(tx: Tx, scope: TenantScope, changes: Partial<MemberProfile>): Promise<void> {
  const issues: Array<{ field: string; reason: string }> = [];
  const check = async (field: string, table: repo.OrganisationTable, ids: number[], what: string) => {
    const found = await repo.existingIds(tx, scope, table, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) issues.push({ field: `body.${field}`, reason: `no such ${what} in this workspace: ${missing.join(', ')}` });
  };
  if (changes.divisionId) await check('divisionId', divisions, [changes.divisionId], 'division');
  if (changes.jobTitleId) await check('jobTitleId', jobTitles, [changes.jobTitleId], 'job title');
  if (changes.jobPositionIds?.length) await check('jobPositionIds', jobPositions, changes.jobPositionIds, 'job position');
  if (issues.length > 0) throw validationError(issues);
}

export function updateUser(services: Services, ctx: RequestContext, userId: number, body: z.output<typeof UpdateUserBodySchema>) {
  return changeMember(services, ctx, userId, async ({ tx, member, scope, meta, now }) => {
    if (member.status !== 'ACTIVE') throw refuse('DEACTIVATED');
    const changes = profileChanges(profileOf(member), body);
    if (Object.keys(changes).length === 0) return;
    await checkOrganisationIds(tx, scope, changes);
    await repo.updateMemberProfile(tx, scope, member.membershipId, changes, now);
    if ('divisionId' in changes || 'jobTitleId' in changes || 'jobPositionIds' in changes) await refreshMembershipNames(tx, scope, [member.membershipId]);
    const after = await repo.findMember(tx, scope, member.userId);
    if (!after) throw notFound();
    await recordAudit(tx, { type: 'user.updated', data: { membershipId: member.membershipId, before: auditedProfile(member, changes), after: auditedProfile(after, changes) } }, meta);
  });
}

const auditedRoles = (roles: AssignedRole[]): AuditedRoles => {
  const sorted = [...roles].sort((a, b) => a.id - b.id);
  return { roleIds: sorted.map((r) => r.id), roles: sorted.map((r) => r.name) };
};

export function setUserRoles(services: Services, ctx: RequestContext, userId: number, roleIds: number[]) {
  return changeMember(services, ctx, userId, async ({ tx, member, scope, meta }) => {
    if (member.status !== 'ACTIVE') throw refuse('DEACTIVATED');
    const wanted = await repo.rolesByIds(tx, scope, roleIds);
    const missing = roleIds.filter((id) => !wanted.some((r) => r.id === id));
    if (missing.length > 0) throw validationError([{ field: 'body.roleIds', reason: `no such role in this workspace: ${missing.join(', ')}` }]);
    const current = (await repo.rolesOfMembers(tx, scope, [member.membershipId])).get(member.membershipId) ?? [];
    const add = roleIds.filter((id) => !current.some((r) => r.id === id));
    const remove = current.filter((r) => !roleIds.includes(r.id)).map((r) => r.id);
    if (add.length === 0 && remove.length === 0) return;
    await keepingSuperManager(tx, scope, () => repo.replaceMemberRoles(tx, scope, member.membershipId, { add, remove }));
    await recordAudit(tx, { type: 'user.roles_changed', data: { membershipId: member.membershipId, before: auditedRoles(current), after: auditedRoles(wanted) } }, meta);
  });
}

/** Deactivates the membership and ends every live session of the user, so they are signed out at once. */
export function deactivateUser(services: Services, ctx: RequestContext, userId: number) {
  return changeMember(services, ctx, userId, async ({ tx, member, scope, meta, now }) => {
    if (member.status === 'DEACTIVATED') throw refuse('ALREADY_DEACTIVATED');
    if (member.userId === meta.actorUserId) throw refuse('OWN_ACCOUNT');
    await keepingSuperManager(tx, scope, () => repo.setMemberStatus(tx, scope, member.membershipId, 'DEACTIVATED', now));
    const sessionIds = await revokeUserSessions(tx, member.userId, 'MEMBERSHIP_DEACTIVATED', now);
    await recordAudit(tx, { type: 'user.deactivated', data: { membershipId: member.membershipId, revokedSessions: sessionIds.length, sessionIds } }, meta);
  });
}

export function reactivateUser(services: Services, ctx: RequestContext, userId: number) {
  return changeMember(services, ctx, userId, async ({ tx, member, scope, meta, now }) => {
    if (member.status === 'ACTIVE') throw refuse('ALREADY_ACTIVE');
    await repo.setMemberStatus(tx, scope, member.membershipId, 'ACTIVE', now);
    await recordAudit(tx, { type: 'user.reactivated', data: { membershipId: member.membershipId } }, meta);
  });
}

export function unlockUser(services: Services, ctx: RequestContext, userId: number) {
  return changeMember(services, ctx, userId, async ({ tx, member, meta, now }) => {
    if (!member.lockedUntil || !isLocked({ failedCount: member.failedLoginCount, lockedUntil: member.lockedUntil }, now)) throw refuse('NOT_LOCKED');
    await repo.clearLockout(tx, member.userId, now);
    await recordAudit(tx, { type: 'user.unlocked', data: { failedLoginCount: member.failedLoginCount, lockedUntil: member.lockedUntil.toISOString() } }, meta);
  });
}

/** The identity module's forced reset (password expired, sessions ended), reached through a member of this workspace. */
export async function forceUserPasswordReset(services: Services, ctx: RequestContext, userId: number) {
  requirePermission(ctx, USER_WRITE);
  const member = await repo.findMember(services.db, tenantScope(ctx), userId);
  if (!member) throw notFound();
  if (member.status !== 'ACTIVE') throw refuse('DEACTIVATED');
  if (member.userId === userPrincipal(ctx).userId) throw refuse('OWN_ACCOUNT');
  return forcePasswordReset(services.db, ctx, userId);
}
