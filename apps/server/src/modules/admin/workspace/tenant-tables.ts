import { and, eq, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { allTables } from '../../../platform/db/tables';
import type { ModuleManifest } from '../../../platform/module';
import { GLOBAL_TABLES } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';

/** A tenant-owned table as the export and the purge walk it. */
export interface TenantTable {
  name: string;
  table: PgTable;
  tenantId: PgColumn;
  workspaceId: PgColumn;
  /** Stable order for paging through its rows. */
  primaryKey: PgColumn[];
  /** Stored columns (generated ones are derived data and left out). */
  columns: PgColumn[];
}

function describe(table: PgTable): TenantTable | null {
  const config = getTableConfig(table);
  if (GLOBAL_TABLES.has(config.name)) return null;
  const tenantId = config.columns.find((c) => c.name === 'tenant_id');
  const workspaceId = config.columns.find((c) => c.name === 'workspace_id');
  // The schema test guarantees both on every non-global table; refuse to guess otherwise.
  if (!tenantId || !workspaceId) throw new Error(`${config.name} is neither global nor tenant-owned`);
  const declared = config.columns.filter((c) => c.primary);
  const primaryKey = declared.length > 0 ? declared : (config.primaryKeys[0]?.columns ?? [tenantId, workspaceId]);
  return { name: config.name, table, tenantId, workspaceId, primaryKey, columns: config.columns.filter((c) => !c.generated) };
}

/** Tables whose foreign keys point at `table` (its children), by name. */
function referencedNames(table: PgTable): string[] {
  return getTableConfig(table).foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name);
}

const cache = new WeakMap<readonly ModuleManifest[], TenantTable[]>();

/**
 * Every tenant-owned table of the Drizzle schema (the same rule as the schema test: not in
 * GLOBAL_TABLES means tenant_id/workspace_id), ordered children before parents, so deleting in
 * this order never trips a foreign key even without ON DELETE CASCADE.
 */
export function tenantOwnedTables(modules: readonly ModuleManifest[]): TenantTable[] {
  const cached = cache.get(modules);
  if (cached) return cached;
  const all = allTables(modules).map(describe).filter((t): t is TenantTable => t !== null);
  const remaining = new Map(all.map((t) => [t.name, t]));
  const ordered: TenantTable[] = [];
  while (remaining.size > 0) {
    const referenced = new Set([...remaining.values()].flatMap((t) => referencedNames(t.table).filter((name) => name !== t.name)));
    const leaves = [...remaining.values()].filter((t) => !referenced.has(t.name)).sort((a, b) => a.name.localeCompare(b.name));
    if (leaves.length === 0) throw new Error(`foreign-key cycle among ${[...remaining.keys()].join(', ')}`);
    for (const leaf of leaves) {
      ordered.push(leaf);
      remaining.delete(leaf.name);
    }
  }
  cache.set(modules, ordered);
  return ordered;
}

/** `tenant_id = $1 AND workspace_id = $2` on a walked table (what `inScope` is for the typed ones). */
export function tenantTableScope(t: TenantTable, scope: TenantScope): SQL {
  if (!(scope.tenantId > 0 && scope.workspaceId > 0)) throw new Error('tenant table scope without a tenant scope');
  return and(eq(t.tenantId, scope.tenantId), eq(t.workspaceId, scope.workspaceId))!;
}
