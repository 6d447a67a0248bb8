import { CONTRACT_TYPE_CATALOGUE, type ContractType } from '@legal/api';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { searchConditions } from './search/contract-search.repo';
import { contractContext } from './contracts.service';
import { contracts } from './contracts.table';

/**
 * The contract types of a workspace (alex contract-types, conhub workspaces/contracts/types). Every
 * workspace offers the whole catalogue for now; per-workspace choices arrive with the standard-form
 * settings (btls workspace-contract-types), which will narrow this list in one place.
 */

type Services = Pick<AppServices, 'db'>;

/** `workspaceId`, when the path names one, must be the workspace of the request (404 otherwise). */
export async function listContractTypes(services: Services, ctx: RequestContext, workspaceId?: number) {
  const { scope } = await contractContext(services, ctx);
  if (workspaceId !== undefined && workspaceId !== scope.workspaceId) throw notFound();
  return CONTRACT_TYPE_CATALOGUE.map((t) => ({ ...t, label: t.name[ctx.locale] }));
}

/** Each type with the number of live contracts of that type the caller can read. */
export async function listContractTypeUsage(services: Services, ctx: RequestContext) {
  const { scope, actor } = await contractContext(services, ctx);
  const rows = await services.db
    .select({ contractType: contracts.contractType, n: sql<number>`count(*)::int` })
    .from(contracts)
    .where(searchConditions(services.db, scope, actor, {}))
    .groupBy(contracts.contractType);
  const counts = new Map<ContractType, number>(rows.map((r) => [r.contractType, Number(r.n)]));
  return CONTRACT_TYPE_CATALOGUE.map((t) => ({ ...t, label: t.name[ctx.locale], contractCount: counts.get(t.code) ?? 0 }));
}
