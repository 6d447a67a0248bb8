import { AUTH_LIMITS } from '@legal/api';
import type { Tx } from '../../../platform/db/client';
import type { TenantScope } from '../../../platform/http/context';
import { membershipRoles, memberships, users } from '../../auth';
import { refreshMembershipNames } from '../organization/membership-names';
import { groupMembers } from '../organization/organization.table';
import { groupsByIds, jobPositionsByIds, rolesByIds } from './invitations.repo';

const DAY_MS = 24 * 3600 * 1000;

/** A new account for the invited address (sign-up by invitation); null when the address got an account meanwhile. */
export async function insertAccount(
  tx: Tx,
  input: { loginId: string; name: string; passwordHash: string; locale: 'ko' | 'en'; passwordMaxAgeDays: number | null },
  now: Date,
): Promise<number | null> {
  const [row] = await tx
    .insert(users)
    .values({
      loginId: input.loginId,
      name: input.name,
      locale: input.locale,
      passwordHash: input.passwordHash,
      passwordChangedAt: now,
      passwordExpiresAt: new Date(now.getTime() + (input.passwordMaxAgeDays ?? AUTH_LIMITS.passwordPostponeDays) * DAY_MS),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id ?? null;
}

export interface MembershipSetup {
  displayName: string;
  groupId: number | null;
  jobPositionIds: number[];
  roleIds: number[];
}

/**
 * Makes the user an ACTIVE member with the invitation's roles, group and job positions, in the
 * caller's transaction. What was deleted since the invitation was sent is left out. Null when
 * the user is a member already (active or deactivated).
 */
export async function insertMembership(tx: Tx, scope: TenantScope, userId: number, setup: MembershipSetup, now: Date): Promise<number | null> {
  const groups = await groupsByIds(tx, scope, setup.groupId ? [setup.groupId] : []);
  const positions = await jobPositionsByIds(tx, scope, setup.jobPositionIds);
  const roles = await rolesByIds(tx, scope, setup.roleIds);
  const [membership] = await tx
    .insert(memberships)
    .values({ ...scope, userId, displayName: setup.displayName, jobPositionIds: positions.map((p) => p.id), status: 'ACTIVE', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  if (!membership) return null;
  if (roles.length > 0) {
    await tx.insert(membershipRoles).values(roles.map((r) => ({ ...scope, membershipId: membership.id, roleId: r.id }))).onConflictDoNothing();
  }
  if (groups[0]) await tx.insert(groupMembers).values({ ...scope, groupId: groups[0].id, membershipId: membership.id }).onConflictDoNothing();
  // The display copy of the positions (job_position_name) the launcher and profile read.
  if (positions.length > 0) await refreshMembershipNames(tx, scope, [membership.id]);
  return membership.id;
}
