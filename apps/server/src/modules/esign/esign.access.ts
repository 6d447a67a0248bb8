import { and, eq, exists, isNull, or, sql } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import type { NotificationRecordRegistry } from '../../platform/notifications/notifications';
import { readableContractWhere } from '../contracts';
import { contentDisposition } from '../files';
import { workflowSignings } from '../workflows';
import { SEND_PERMISSION } from './esign.create';
import type { Exec } from './esign.repo';
import { envelopes } from './esign.table';

export { canReadContract } from '../contracts';

export const contentDispositionOf = (name: string) => contentDisposition(name);

/** The contract's workflow still waits at signing for this envelope (its signing row names it). */
export async function signingWaitsFor(db: Exec, scope: TenantScope, envelopeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workflowSignings.id })
    .from(workflowSignings)
    .where(and(inScope(workflowSignings, scope), eq(workflowSignings.envelopeId, envelopeId), eq(workflowSignings.status, 'WAITING')))
    .limit(1);
  return row !== undefined;
}

/**
 * Notifications about an envelope without a contract (an API envelope; those of a contract point at
 * the contract) are as visible as the envelope on the sender routes: a member holding
 * esign.document.send, and the envelope's contract readable when it has one.
 */
export function registerEnvelopeNotificationAccess(registry: NotificationRecordRegistry): void {
  registry.register({
    recordType: 'ENVELOPE',
    async readableWhere(reader, recordId) {
      const principal = reader.ctx.principal;
      if (principal?.kind !== 'user' || !principal.permissions.has(SEND_PERMISSION)) return sql`false`;
      const contractReadable = await readableContractWhere(reader, envelopes.contractId);
      return exists(
        reader.db
          .select({ one: sql`1` })
          .from(envelopes)
          .where(and(inScope(envelopes, reader.scope), sql`${envelopes.id} = ${recordId}`, or(isNull(envelopes.contractId), contractReadable))),
      );
    },
  });
}
