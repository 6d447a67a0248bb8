import type { GroupTypeQuerySchema, UsersWithDivisionsQuerySchema } from '@legal/api';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { groupMembers, groups, holdsGrant } from '../admin';
import { memberships, users } from '../auth';
import { contractContext, readsEveryContract } from '../contracts';
import { likePattern } from '../../platform/db/sorting';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, tenantScope } from '../../platform/http/context';
import { unauthorized } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';

/**
 * The pickers of the workflow hub (assignees, approvers, mentions, group filters): active members
 * with their division, and the groups of the caller. Groups carry no type in this workspace
 * model, so a `groupType` filter matches none.
 */

type Services = Pick<AppServices, 'db'>;

export async function listUsersWithDivisions(services: Services, ctx: RequestContext, query: z.output<typeof UsersWithDivisionsQuerySchema>) {
  const scope = tenantScope(ctx);
  const { db } = services;
  const name = query.userDisplayName ? likePattern(query.userDisplayName) : undefined;
  const rows = await db
    .select({
      userId: users.id,
      displayName: memberships.displayName,
      email: users.loginId,
      divisionName: memberships.divisionName,
      jobTitle: memberships.jobTitleName,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inScope(memberships, scope),
        eq(memberships.status, 'ACTIVE'),
        eq(users.status, 'ACTIVE'),
        name ? or(ilike(memberships.displayName, name), ilike(users.name, name)) : undefined,
        query.permission ? holdsGrant(db, scope, { kind: 'permission', permission: query.permission }) : undefined,
      ),
    )
    .orderBy(asc(memberships.displayName), asc(users.id))
    .limit(query.size);
  return rows;
}

const groupColumns = { groupId: groups.id, name: groups.name, groupType: sql<string | null>`null` };

/** The groups the caller's membership belongs to, by name. */
export async function listMyGroups(services: Services, ctx: RequestContext, query: z.output<typeof GroupTypeQuerySchema>) {
  const scope = tenantScope(ctx);
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw unauthorized();
  if (query.groupType !== undefined || principal.membershipId === undefined) return [];
  return services.db
    .select(groupColumns)
    .from(groups)
    .innerJoin(groupMembers, and(inScope(groupMembers, scope), eq(groupMembers.groupId, groups.id)))
    .where(and(inScope(groups, scope), eq(groupMembers.membershipId, principal.membershipId)))
    .orderBy(asc(groups.name), asc(groups.id));
}

/**
 * The groups whose contracts the caller may read: every group of the workspace for a reader of
 * every contract, the caller's own groups with contract.group_contract.read, none otherwise
 * (the contract rule's own reading, through the contracts module).
 */
export async function listMyAuthorizedGroups(services: Services, ctx: RequestContext, query: z.output<typeof GroupTypeQuerySchema>) {
  const { scope, actor } = await contractContext(services, ctx);
  if (query.groupType !== undefined) return [];
  const everyGroup = readsEveryContract(actor);
  if (!everyGroup && actor.groupIds.size === 0) return [];
  return services.db
    .select(groupColumns)
    .from(groups)
    .where(and(inScope(groups, scope), everyGroup ? undefined : inArray(groups.id, [...actor.groupIds])))
    .orderBy(asc(groups.name), asc(groups.id));
}
