import type { SuperAdminWorkspaceRef, SuperAdminWorkspaceSearchQuerySchema } from '@legal/api';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { tenants, workspaces } from '../../auth';
import { likePattern } from '../../../platform/db/sorting';
import type { AppServices } from '../../../platform/services';

/**
 * Super admin: GET super-admin/workspaces/simple-search/v1. The super-admin pages act on one
 * workspace (AI settings, credits, research, global forms); this is how they find it by name
 * instead of asking for two ids. Deleted workspaces are listed, marked, after the others.
 */
export async function searchWorkspaces(services: Pick<AppServices, 'db'>, query: z.infer<typeof SuperAdminWorkspaceSearchQuerySchema>): Promise<SuperAdminWorkspaceRef[]> {
  const pattern = query.keyword ? likePattern(query.keyword) : null;
  const rows = await services.db
    .select({
      tenantId: workspaces.tenantId, workspaceId: workspaces.id, workspaceName: workspaces.name, workspaceMemo: workspaces.memo,
      organizationName: tenants.name, organizationNameEn: tenants.nameEn, deletedAt: workspaces.deletedAt,
    })
    .from(workspaces)
    .innerJoin(tenants, eq(tenants.id, workspaces.tenantId))
    .where(pattern ? or(ilike(workspaces.name, pattern), ilike(workspaces.memo, pattern), ilike(tenants.name, pattern), ilike(tenants.nameEn, pattern)) : undefined)
    .orderBy(sql`${workspaces.deletedAt} IS NOT NULL`, asc(workspaces.name))
    .limit(query.size);
  return rows.map(({ deletedAt, ...row }) => ({ ...row, isDeleted: deletedAt !== null }));
}
