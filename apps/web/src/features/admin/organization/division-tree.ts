import type { DivisionNode } from '@legal/api';

/** A division with its depth, in tree order (parents before children, siblings in order). */
export interface FlatDivision {
  id: number;
  name: string;
  parentId: number | null;
  depth: number;
  /** Names from the top down to this division: "본사 / 법무실 / 계약팀". */
  path: string[];
}

export function flattenTree(nodes: readonly DivisionNode[], depth = 0, path: string[] = []): FlatDivision[] {
  return nodes.flatMap((node) => {
    const here = [...path, node.name];
    return [{ id: node.id, name: node.name, parentId: node.parentId, depth, path: here }, ...flattenTree(node.children, depth + 1, here)];
  });
}

export function findNode(nodes: readonly DivisionNode[], id: number): DivisionNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The ordered ids of the children of `parentId` (null: the top level). */
export function siblingIds(nodes: readonly DivisionNode[], parentId: number | null): number[] {
  const list = parentId === null ? nodes : (findNode(nodes, parentId)?.children ?? []);
  return list.map((n) => n.id);
}

/** Where a division may move: every division outside its own subtree, except its current parent. */
export function moveTargets(nodes: readonly DivisionNode[], divisionId: number): FlatDivision[] {
  const moving = findNode(nodes, divisionId);
  if (!moving) return [];
  const excluded = new Set(flattenTree([moving]).map((d) => d.id));
  return flattenTree(nodes).filter((d) => !excluded.has(d.id) && d.id !== moving.parentId);
}

export interface DropPayload {
  draggedNode: string;
  targetNode: string;
  position: 'before' | 'after' | 'inside';
}

/** The requests a drag and drop turns into: a move to another parent, then the new order of that parent's children. */
export interface DropPlan {
  divisionId: number;
  move: { parentId: number | null } | null;
  order: { parentId: number | null; orderedIds: number[] } | null;
}

/**
 * What dropping one division on another means, or null when the drop is refused (onto itself or
 * into its own subtree, which would be a cycle) or changes nothing.
 */
export function dropPlan(nodes: readonly DivisionNode[], payload: DropPayload): DropPlan | null {
  const dragged = findNode(nodes, Number(payload.draggedNode));
  const target = findNode(nodes, Number(payload.targetNode));
  if (!dragged || !target || dragged.id === target.id) return null;
  const subtree = new Set(flattenTree([dragged]).map((d) => d.id));
  const parentId = payload.position === 'inside' ? target.id : target.parentId;
  if (parentId !== null && subtree.has(parentId)) return null;
  const move = parentId === dragged.parentId ? null : { parentId };
  if (payload.position === 'inside') return move ? { divisionId: dragged.id, move, order: null } : null;
  const others = siblingIds(nodes, parentId).filter((id) => id !== dragged.id);
  const at = others.indexOf(target.id) + (payload.position === 'after' ? 1 : 0);
  const orderedIds = [...others.slice(0, at), dragged.id, ...others.slice(at)];
  const unchanged = !move && orderedIds.every((id, index) => id === siblingIds(nodes, parentId)[index]);
  return unchanged ? null : { divisionId: dragged.id, move, order: { parentId, orderedIds } };
}
