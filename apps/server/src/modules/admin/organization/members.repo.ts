import { LOCKED_ROLE_CODE, type OrganizationMember } from '@legal/api';
import { and, asc, count, desc, eq, exists, inArray, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { conflict, validationError } from '../../../platform/http/errors';
import { membershipRoles, memberships, roles, users } from '../../auth';
import type { Executor } from './organization.common';
import { groupMembers, groupRoles } from './organization.table';

/** Members of the workspace matching `condition`, by display name: what organization screens list. */
export async function listMembers(
  db: Executor,
  scope: TenantScope,
  condition: SQL | undefined,
  page?: { limit: number; offset: number; direction?: 'asc' | 'desc' },
): Promise<OrganizationMember[]> {
  const order = page?.direction === 'desc' ? desc : asc;
  const query = db
    .select({
      userId: memberships.userId,
      loginId: users.loginId,
      displayName: memberships.displayName,
      divisionName: memberships.divisionName,
      jobTitleName: memberships.jobTitleName,
      jobPositionName: memberships.jobPositionName,
      status: memberships.status,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inScope(memberships, scope), condition))
    .orderBy(order(memberships.displayName), order(memberships.userId));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countMembers(db: Executor, scope: TenantScope, condition: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(and(inScope(memberships, scope), condition));
  return row?.n ?? 0;
}

export interface MembershipRef {
  id: number;
  userId: number;
  status: 'ACTIVE' | 'DEACTIVATED';
}

/**
 * The memberships of a new member set given as user ids. Every user must be a member of the
 * workspace, and those not already in the set (`currentMembershipIds`) must be active: 400
 * naming each offending `body.userIds.N` otherwise (another workspace's user looks the same as
 * an unknown one).
 */
export async function resolveMemberSet(db: Executor, scope: TenantScope, userIds: readonly number[], currentMembershipIds: readonly number[]): Promise<MembershipRef[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: memberships.id, userId: memberships.userId, status: memberships.status })
    .from(memberships)
    .where(and(inScope(memberships, scope), inArray(memberships.userId, [...userIds])));
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  const current = new Set(currentMembershipIds);
  const problems = userIds.flatMap((userId, index) => {
    const found = byUser.get(userId);
    if (!found) return [{ field: `body.userIds.${index}`, reason: 'not a member of this workspace' }];
    if (found.status !== 'ACTIVE' && !current.has(found.id)) return [{ field: `body.userIds.${index}`, reason: 'not an active member of this workspace' }];
    return [];
  });
  if (problems.length > 0) throw validationError(problems);
  return userIds.map((userId) => byUser.get(userId)!);
}

/** User ids of memberships (for audit data). */
export async function userIdsOf(db: Executor, scope: TenantScope, membershipIds: readonly number[]): Promise<number[]> {
  if (membershipIds.length === 0) return [];
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(inScope(memberships, scope), inArray(memberships.id, [...membershipIds])))
    .orderBy(asc(memberships.userId));
  return rows.map((r) => r.userId);
}

/**
 * The rule of who is a super manager, as a condition on `memberships`: an active member holding
 * SUPER_MANAGER, directly or through a group.
 */
function isActiveSuperManager(db: Executor, scope: TenantScope): SQL {
  const direct = db
    .select({ one: membershipRoles.roleId })
    .from(membershipRoles)
    .innerJoin(roles, and(inScope(roles, scope), eq(roles.id, membershipRoles.roleId)))
    .where(and(inScope(membershipRoles, scope), eq(membershipRoles.membershipId, memberships.id), eq(roles.code, LOCKED_ROLE_CODE)));
  const viaGroup = db
    .select({ one: groupRoles.roleId })
    .from(groupMembers)
    .innerJoin(groupRoles, and(inScope(groupRoles, scope), eq(groupRoles.groupId, groupMembers.groupId)))
    .innerJoin(roles, and(inScope(roles, scope), eq(roles.id, groupRoles.roleId)))
    .where(and(inScope(groupMembers, scope), eq(groupMembers.membershipId, memberships.id), eq(roles.code, LOCKED_ROLE_CODE)));
  return and(eq(memberships.status, 'ACTIVE'), or(exists(direct), exists(viaGroup))) as SQL;
}

export async function countSuperManagers(db: Executor, scope: TenantScope): Promise<number> {
  return countMembers(db, scope, isActiveSuperManager(db, scope));
}

/** Up to two super managers (membership ids): enough to tell "none", "only this one" and "several". */
export async function superManagerMembershipIds(db: Executor, scope: TenantScope): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(inScope(memberships, scope), isActiveSuperManager(db, scope)))
    .orderBy(asc(memberships.id))
    .limit(2);
  return rows.map((r) => r.id);
}

export const lastSuperManager = () =>
  conflict(
    { ko: '최고 관리자 역할을 가진 활성 구성원이 한 명 이상 남아 있어야 합니다.', en: 'At least one active member must keep the super manager role.' },
    { reason: 'LAST_SUPER_MANAGER' },
  );

/**
 * Runs a change of who holds which role (members, groups, group roles) and refuses it (409,
 * rolled back with the caller's transaction) when it leaves a workspace that had an active
 * super manager without one. The SUPER_MANAGER role row is locked first, so two concurrent
 * changes that each remove one of the last two holders run one after the other.
 */
export async function keepingSuperManager<T>(tx: Tx, scope: TenantScope, change: () => Promise<T>): Promise<T> {
  await tx.select({ id: roles.id }).from(roles).where(and(inScope(roles, scope), eq(roles.code, LOCKED_ROLE_CODE))).for('update');
  const before = await countSuperManagers(tx, scope);
  const result = await change();
  if (before > 0 && (await countSuperManagers(tx, scope)) === 0) throw lastSuperManager();
  return result;
}
