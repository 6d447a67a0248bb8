import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { workspaces } from '../../auth';
import type { TenantScope } from '../../../platform/http/context';

type Executor = Db | Tx;
export type WorkspaceRow = typeof workspaces.$inferSelect;

/**
 * The live (not purged) workspace of a scope. `workspaces` is the tenancy root itself (global),
 * so the scope is matched on its id and tenant rather than through `inScope`.
 */
export async function findLiveWorkspace(db: Executor, scope: TenantScope, options: { forUpdate?: boolean } = {}): Promise<WorkspaceRow | null> {
  const query = db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, scope.workspaceId), eq(workspaces.tenantId, scope.tenantId), isNull(workspaces.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Whether another workspace already uses the name, ignoring case (`Acme` and `acme` would confuse people). */
export async function isWorkspaceNameTaken(db: Executor, name: string, exceptWorkspaceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(sql`lower(${workspaces.name}) = lower(${name})`, ne(workspaces.id, exceptWorkspaceId)))
    .limit(1);
  return row !== undefined;
}

export async function updateWorkspace(db: Executor, scope: TenantScope, changes: Partial<Omit<WorkspaceRow, 'id' | 'tenantId'>>): Promise<WorkspaceRow> {
  const [row] = await db
    .update(workspaces)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(workspaces.id, scope.workspaceId), eq(workspaces.tenantId, scope.tenantId)))
    .returning();
  if (!row) throw new Error('workspace vanished inside its own transaction');
  return row;
}
