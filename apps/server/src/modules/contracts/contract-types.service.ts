import { CONTRACT_TYPE_CATALOGUE, type ContractType } from '@legal/api';
import { sql } from 'drizzle-orm';
import type { Executor } from './contracts.repo';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { workspaceContractTypes } from './workspace-contract-types.table';
import type { RequestContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { searchConditions } from './search/contract-search.repo';
import { contractContext } from './contracts.service';
import { contracts } from './contracts.table';

/**
 * The contract types of a workspace (alex contract-types, conhub workspaces/contracts/types): the
 * whole catalogue until an admin narrows it with btls workspace-contract-types (the
 * workspace_contract_types row, in the workspace's order). This is the one place that narrows.
 */

type Services = Pick<AppServices, 'db'>;

/** `workspaceId`, when the path names one, must be the workspace of the request (404 otherwise). */
export async function listContractTypes(services: Services, ctx: RequestContext, workspaceId?: number) {
  const { scope } = await contractContext(services, ctx);
  if (workspaceId !== undefined && workspaceId !== scope.workspaceId) throw notFound();
  return (await workspaceCatalogue(services.db, scope)).map((t) => ({ ...t, label: t.name[ctx.locale] }));
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
  return (await workspaceCatalogue(services.db, scope)).map((t) => ({ ...t, label: t.name[ctx.locale], contractCount: counts.get(t.code) ?? 0 }));
}

/** The catalogue entries the workspace uses, in its order (all of them when it never chose). */
export async function workspaceCatalogue(db: Executor, scope: TenantScope) {
  const [row] = await db.select({ contractTypes: workspaceContractTypes.contractTypes }).from(workspaceContractTypes).where(inScope(workspaceContractTypes, scope));
  if (!row) return [...CONTRACT_TYPE_CATALOGUE];
  const byCode = new Map(CONTRACT_TYPE_CATALOGUE.map((t) => [t.code, t]));
  return row.contractTypes.flatMap((code) => (byCode.has(code) ? [byCode.get(code)!] : []));
}
