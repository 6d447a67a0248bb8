import type { ContractStatus } from '@legal/api';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { findMembership } from '../auth';
import { type ContractActor, contracts, groupIdsOf } from '../contracts';

/** Another member as the contract rules see them (mentions must be able to read the contract); null when not an active member. */
export async function actorOfMember(db: Db | Tx, scope: TenantScope, userId: number): Promise<ContractActor | null> {
  const membership = await findMembership(db, scope, userId);
  if (!membership) return null;
  return { userId, permissions: membership.permissions, groupIds: await groupIdsOf(db, scope, membership.permissions, membership.id) };
}

/** The live contract's status, title and owner, locked when asked; 404 when gone (the caller checked it was readable). */
export async function contractStatusOf(db: Db | Tx, scope: TenantScope, contractId: number, options: { forUpdate?: boolean } = {}): Promise<{ id: number; status: ContractStatus; title: string; ownerUserId: number }> {
  const query = db
    .select({ id: contracts.id, status: contracts.status, title: contracts.title, ownerUserId: contracts.ownerUserId })
    .from(contracts)
    .where(and(inScope(contracts, scope), eq(contracts.id, contractId), isNull(contracts.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
