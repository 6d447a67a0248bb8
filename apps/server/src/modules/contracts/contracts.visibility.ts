import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { groupMembers } from '../admin';
import { users, findMembership } from '../auth';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { forbidden, unauthorized } from '../../platform/http/errors';
import { allow, type ContractActor, readsEveryContract, readsGroupContracts, readsOwnContracts } from './contracts.policy';
import { contracts } from './contracts.table';

type Executor = Db | Tx;

/** The groups of a membership, loaded only when its permissions make group reading matter. */
export async function groupIdsOf(db: Executor, scope: TenantScope, permissions: ReadonlySet<string>, membershipId: number | undefined): Promise<Set<number>> {
  if (!permissions.has('contract.group_contract.read') || membershipId === undefined) return new Set();
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(inScope(groupMembers, scope), eq(groupMembers.membershipId, membershipId)));
  return new Set(rows.map((r) => r.groupId));
}

/**
 * The caller as the contract rules see them: permissions of the verified membership, and the
 * groups of that membership when group reading is granted. Refuses (403) a member with no
 * contract permission at all.
 */
export async function loadActor(db: Executor, ctx: RequestContext, scope: TenantScope): Promise<ContractActor> {
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw unauthorized();
  const groupIds = await groupIdsOf(db, scope, principal.permissions, principal.membershipId);
  const actor: ContractActor = { userId: principal.userId, permissions: principal.permissions, groupIds };
  if (!allow(actor, 'contract.use')) throw forbidden();
  return actor;
}

/**
 * A member as the contract rules see them outside a request (the reminder job, the calendar
 * feed): null when the account is disabled or no longer an active member of the workspace.
 */
export async function memberActor(db: Executor, scope: TenantScope, userId: number): Promise<ContractActor | null> {
  const [user] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (user?.status !== 'ACTIVE') return null;
  const membership = await findMembership(db, scope, userId);
  if (!membership) return null;
  return { userId, permissions: membership.permissions, groupIds: await groupIdsOf(db, scope, membership.permissions, membership.id) };
}

/**
 * `contracts.id = ANY(ARRAY(subquery))`: the subquery runs once per query (an InitPlan) and the
 * condition is an index condition on the primary key, which PostgreSQL can OR and AND with the
 * other bitmap conditions; `id IN (subquery)` under an OR is evaluated row by row after a full scan.
 */
export function idAmong(ids: SQLWrapper): SQL {
  return sql`${contracts.id} = any(array(${ids}))`;
}

/**
 * The read rule of contracts.policy.ts as SQL over `contracts`, for every list and search:
 * undefined when the caller reads every contract of the workspace, `false` when none. Each way
 * in is an index condition, so a search reads only the rows the caller may see: the contract's
 * people (owner, watchers, related users) through the GIN-indexed `reader_user_ids` the
 * database keeps (migration 0011), the groups through their B-tree index.
 */
export function visibleTo(actor: ContractActor): SQL | undefined {
  if (readsEveryContract(actor)) return undefined;
  const ways: SQL[] = [];
  if (readsOwnContracts(actor)) ways.push(sql`${contracts.readerUserIds} @> array[${actor.userId}]::bigint[]`);
  if (readsGroupContracts(actor) && actor.groupIds.size > 0) ways.push(inArray(contracts.groupId, [...actor.groupIds]));
  return ways.length > 0 ? or(...ways) : sql`false`;
}
