import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { memberships } from '../../auth';
import { divisions, jobPositions, jobTitles } from './organization.table';

/**
 * Rewrites the display copies (division_name, job_title_name, job_position_name) of memberships
 * from their ids, in the caller's transaction. Call it after changing a member's division, title
 * or positions, and after renaming or deleting a division, title or position (with the
 * affected membership ids, or none for every member of the workspace). Positions are joined in
 * display order with ", ".
 */
export async function refreshMembershipNames(db: Db | Tx, scope: TenantScope, membershipIds?: readonly number[]): Promise<void> {
  if (membershipIds && membershipIds.length === 0) return;
  const divisionName = db
    .select({ name: divisions.name })
    .from(divisions)
    .where(and(inScope(divisions, scope), eq(divisions.id, memberships.divisionId)));
  const jobTitleName = db
    .select({ name: jobTitles.name })
    .from(jobTitles)
    .where(and(inScope(jobTitles, scope), eq(jobTitles.id, memberships.jobTitleId)));
  const jobPositionName = sql<string | null>`(
    SELECT string_agg(${jobPositions.name}, ', ' ORDER BY ${jobPositions.displayOrder}, ${jobPositions.id})
    FROM ${jobPositions}
    WHERE ${jobPositions.tenantId} = ${scope.tenantId} AND ${jobPositions.workspaceId} = ${scope.workspaceId}
      AND ${jobPositions.id} = ANY(${memberships.jobPositionIds})
  )`;
  await db
    .update(memberships)
    .set({
      divisionName: sql`(${divisionName})`,
      jobTitleName: sql`(${jobTitleName})`,
      jobPositionName,
      updatedAt: new Date(),
    })
    .where(and(inScope(memberships, scope), membershipIds ? inArray(memberships.id, [...membershipIds]) : undefined));
}
