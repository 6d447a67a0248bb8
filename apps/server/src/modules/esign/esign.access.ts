import { and, eq } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { contentDisposition } from '../files';
import { workflowSignings } from '../workflows';
import type { Exec } from './esign.repo';

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
