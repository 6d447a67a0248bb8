import type { Division } from '@legal/api';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { memberships } from '../../auth';
import { type Executor, qualified } from './organization.common';
import { divisions } from './organization.table';

const memberCountOf = (scope: TenantScope) =>
  sql<number>`(SELECT count(*)::int FROM ${memberships} WHERE ${memberships.tenantId} = ${scope.tenantId} AND ${memberships.workspaceId} = ${scope.workspaceId} AND ${qualified(memberships.divisionId)} = ${qualified(divisions.id)})`;

const divisionColumns = (scope: TenantScope) => ({
  id: divisions.id,
  parentId: divisions.parentId,
  name: divisions.name,
  displayOrder: divisions.displayOrder,
  memberCount: memberCountOf(scope),
});

/** Every division of the workspace (one query; the tree is assembled in memory). */
export async function allDivisions(db: Executor, scope: TenantScope): Promise<Division[]> {
  return db.select(divisionColumns(scope)).from(divisions).where(inScope(divisions, scope)).orderBy(asc(divisions.displayOrder), asc(divisions.id));
}

export async function findDivision(db: Executor, scope: TenantScope, divisionId: number): Promise<Division | null> {
  const [row] = await db.select(divisionColumns(scope)).from(divisions).where(and(inScope(divisions, scope), eq(divisions.id, divisionId)));
  return row ?? null;
}

/**
 * Locks every division of the workspace for the transaction and answers child -> parent.
 * Moves take this lock, so two concurrent moves cannot each pass the cycle check and together
 * close a loop.
 */
export async function lockDivisionTree(db: Executor, scope: TenantScope): Promise<Map<number, number | null>> {
  const rows = await db.select({ id: divisions.id, parentId: divisions.parentId }).from(divisions).where(inScope(divisions, scope)).orderBy(asc(divisions.id)).for('update');
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

const siblingsOf = (scope: TenantScope, parentId: number | null) => and(inScope(divisions, scope), parentId === null ? isNull(divisions.parentId) : eq(divisions.parentId, parentId));

export async function childIds(db: Executor, scope: TenantScope, parentId: number | null): Promise<number[]> {
  const rows = await db.select({ id: divisions.id }).from(divisions).where(siblingsOf(scope, parentId)).orderBy(asc(divisions.displayOrder), asc(divisions.id));
  return rows.map((r) => r.id);
}

/** Whether a child of `parentId` other than `exceptId` has this name (names are unique among siblings). */
export async function siblingNameTaken(db: Executor, scope: TenantScope, parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(siblingsOf(scope, parentId), eq(divisions.name, name), exceptId ? ne(divisions.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** The display order after the last child of `parentId`. */
export async function nextDisplayOrder(db: Executor, scope: TenantScope, parentId: number | null): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${divisions.displayOrder})` }).from(divisions).where(siblingsOf(scope, parentId));
  return (row?.max ?? -1) + 1;
}

export async function updateDivision(db: Executor, scope: TenantScope, divisionId: number, values: Partial<Pick<typeof divisions.$inferInsert, 'name' | 'parentId' | 'displayOrder'>>) {
  await db.update(divisions).set({ ...values, updatedAt: new Date() }).where(and(inScope(divisions, scope), eq(divisions.id, divisionId)));
}

/** Membership ids of a division's members. */
export async function memberIdsOfDivision(db: Executor, scope: TenantScope, divisionId: number): Promise<number[]> {
  const rows = await db.select({ id: memberships.id }).from(memberships).where(and(inScope(memberships, scope), eq(memberships.divisionId, divisionId)));
  return rows.map((r) => r.id);
}

export async function setDivisionOf(db: Executor, scope: TenantScope, membershipIds: readonly number[], divisionId: number | null) {
  if (membershipIds.length === 0) return;
  await db
    .update(memberships)
    .set({ divisionId, updatedAt: new Date() })
    .where(and(inScope(memberships, scope), inArray(memberships.id, [...membershipIds])));
}
