import type { Locale } from '@legal/api';
import { and, eq, inArray } from 'drizzle-orm';
import { memberships, users } from '../../auth';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import type { FieldProblem } from '../contract-inputs';
import { allow, type ContractFacts } from '../contracts.policy';
import type { Executor } from '../contracts.repo';
import { memberActor } from '../contracts.visibility';

/**
 * Who may receive a contract's reminder: active members of the workspace who can read the
 * contract under the same rule as everyone else (contracts.policy.ts). Checked when a reminder is
 * saved (400) and again by the job right before mailing (a reader removed since is left out).
 */

/** The user ids among `userIds` who can read the contract now. */
export async function readersAmong(db: Executor, scope: TenantScope, facts: ContractFacts, userIds: readonly number[]): Promise<Set<number>> {
  const readers = new Set<number>();
  for (const userId of new Set(userIds)) {
    const actor = await memberActor(db, scope, userId);
    if (actor && allow(actor, 'contract.read', facts)) readers.add(userId);
  }
  return readers;
}

export async function recipientProblems(db: Executor, scope: TenantScope, facts: ContractFacts, userIds: readonly number[], field: string): Promise<FieldProblem[]> {
  const readers = await readersAmong(db, scope, facts, userIds);
  return userIds.flatMap((id, i) => (readers.has(id) ? [] : [{ field: `${field}.${i}`, reason: 'not a member who can read this contract' }]));
}

export interface MailRecipient {
  userId: number;
  email: string;
  locale: Locale;
  displayName: string;
}

/** The recipients to mail now, with their address, language and name in the workspace. */
export async function deliverableRecipients(db: Executor, scope: TenantScope, facts: ContractFacts, userIds: readonly number[]): Promise<MailRecipient[]> {
  const readers = [...(await readersAmong(db, scope, facts, userIds))];
  if (readers.length === 0) return [];
  const rows = await db
    .select({ userId: users.id, email: users.loginId, locale: users.locale, displayName: memberships.displayName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inScope(memberships, scope), inArray(memberships.userId, readers)));
  const byId = new Map(rows.map((r) => [r.userId, r]));
  // In the order the reminder lists them.
  return userIds.flatMap((id) => byId.get(id) ?? []);
}
