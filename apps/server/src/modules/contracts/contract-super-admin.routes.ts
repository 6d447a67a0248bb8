import * as api from '@legal/api';
import { CONTRACT_META, type ContractType } from '@legal/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import { workspaces } from '../auth';
import { workspaceCatalogue } from './contract-types.service';
import { contracts } from './contracts.table';

/**
 * Catalogue 7.6 "Super-admin" (conhub): the contract hub's workspace reads for a workspace the
 * super admin names (query workspaceId, 404 for none); the route's superAdmin access is the check.
 */

type Services = Pick<AppServices, 'db'>;

/** The workspace a super admin names (404 for none). */
export async function superAdminWorkspaceScope(services: Services, workspaceId: number): Promise<TenantScope> {
  const [ws] = await services.db.select({ tenantId: workspaces.tenantId, id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!ws) throw notFound();
  return { tenantId: ws.tenantId, workspaceId: ws.id };
}

async function typesOf(services: Services, ctx: RequestContext, workspaceId: number) {
  const scope = await superAdminWorkspaceScope(services, workspaceId);
  return { scope, types: (await workspaceCatalogue(services.db, scope)).map((t) => ({ ...t, label: t.name[ctx.locale] })) };
}

/** Each type with the number of live contracts of it in the workspace (every one: a super admin reads counts, not contracts). */
async function typeUsage(services: Services, ctx: RequestContext, workspaceId: number) {
  const { scope, types } = await typesOf(services, ctx, workspaceId);
  const rows = await services.db
    .select({ contractType: contracts.contractType, n: sql<number>`count(*)::int` })
    .from(contracts)
    .where(and(inScope(contracts, scope), isNull(contracts.deletedAt)))
    .groupBy(contracts.contractType);
  const counts = new Map<ContractType, number>(rows.map((r) => [r.contractType, Number(r.n)]));
  return types.map((t) => ({ ...t, contractCount: counts.get(t.code) ?? 0 }));
}

export function registerContractSuperAdminRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.superListContractTypesV1, async ({ ctx, query }) => (await typesOf(services, ctx, query.workspaceId)).types);
  route(app, api.superListContractTypesV2, ({ ctx, query }) => typeUsage(services, ctx, query.workspaceId));
  for (const descriptor of [api.superGetContractMetaV1, api.superGetContractMetaV2, api.superGetContractMetaV3]) route(app, descriptor, () => Promise.resolve(CONTRACT_META));
}
