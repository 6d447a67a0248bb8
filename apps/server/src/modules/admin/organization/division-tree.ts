import type { Division, DivisionNode } from '@legal/api';

/**
 * The division tree from its rows (one query): siblings by display order, then id. A row whose
 * parent is missing is shown at the top rather than lost. Rows caught in a parent cycle (which
 * the move rule prevents) are unreachable from any top-level division and left out.
 */
export function buildDivisionTree(rows: readonly Division[]): DivisionNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, Division[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(row);
    children.set(parent, list);
  }
  const bySiblingOrder = (a: Division, b: Division) => a.displayOrder - b.displayOrder || a.id - b.id;
  const seen = new Set<number>();
  const grow = (parent: number | null): DivisionNode[] =>
    (children.get(parent) ?? [])
      .filter((row) => !seen.has(row.id))
      .sort(bySiblingOrder)
      .map((row) => {
        seen.add(row.id);
        return { ...row, children: grow(row.id) };
      });
  return grow(null);
}

/**
 * Whether putting `divisionId` under `newParentId` would close a loop: the new parent is the
 * division itself or one of its descendants. `parentOf` maps every division of the workspace to
 * its parent; the walk stops on an existing loop instead of spinning.
 */
export function wouldCreateCycle(parentOf: ReadonlyMap<number, number | null>, divisionId: number, newParentId: number | null): boolean {
  const visited = new Set<number>();
  for (let at = newParentId; at !== null && at !== undefined; at = parentOf.get(at) ?? null) {
    if (at === divisionId) return true;
    if (visited.has(at)) return true;
    visited.add(at);
  }
  return false;
}

