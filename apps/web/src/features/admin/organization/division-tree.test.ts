import type { DivisionNode } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { dropPlan, flattenTree, moveTargets, siblingIds } from './division-tree';
import { shiftId } from './ordering';

const node = (id: number, parentId: number | null, name: string, children: DivisionNode[] = []): DivisionNode => ({ id, parentId, name, displayOrder: 0, memberCount: 0, children });

// 본사(1) ─ 법무실(2) ─ 계약팀(3), 소송팀(4)
//         └ 인사팀(5)
// 연구소(6)
const tree: DivisionNode[] = [
  node(1, null, '본사', [node(2, 1, '법무실', [node(3, 2, '계약팀'), node(4, 2, '소송팀')]), node(5, 1, '인사팀')]),
  node(6, null, '연구소'),
];

describe('the division tree on the page', () => {
  it('flattens in tree order with depth and path', () => {
    expect(flattenTree(tree).map((d) => [d.id, d.depth, d.path.join(' / ')])).toEqual([
      [1, 0, '본사'],
      [2, 1, '본사 / 법무실'],
      [3, 2, '본사 / 법무실 / 계약팀'],
      [4, 2, '본사 / 법무실 / 소송팀'],
      [5, 1, '본사 / 인사팀'],
      [6, 0, '연구소'],
    ]);
  });

  it('answers the siblings of a parent, the top level for null', () => {
    expect(siblingIds(tree, null)).toEqual([1, 6]);
    expect(siblingIds(tree, 2)).toEqual([3, 4]);
    expect(siblingIds(tree, 99)).toEqual([]);
  });

  it('offers as move targets everything outside the subtree except the current parent', () => {
    expect(moveTargets(tree, 2).map((d) => d.id)).toEqual([5, 6]);
    expect(moveTargets(tree, 3).map((d) => d.id)).toEqual([1, 4, 5, 6]);
    expect(moveTargets(tree, 1).map((d) => d.id)).toEqual([6]);
  });
});

describe('dropping a division', () => {
  it('moves into another division', () => {
    expect(dropPlan(tree, { draggedNode: '5', targetNode: '6', position: 'inside' })).toEqual({ divisionId: 5, move: { parentId: 6 }, order: null });
  });

  it('refuses drops into its own subtree or onto itself (a cycle), and no-ops', () => {
    expect(dropPlan(tree, { draggedNode: '1', targetNode: '3', position: 'inside' })).toBeNull();
    expect(dropPlan(tree, { draggedNode: '2', targetNode: '4', position: 'before' })).toBeNull();
    expect(dropPlan(tree, { draggedNode: '2', targetNode: '2', position: 'after' })).toBeNull();
    expect(dropPlan(tree, { draggedNode: '3', targetNode: '2', position: 'inside' })).toBeNull();
    expect(dropPlan(tree, { draggedNode: '3', targetNode: '4', position: 'before' })).toBeNull();
  });

  it('reorders among the same siblings', () => {
    expect(dropPlan(tree, { draggedNode: '3', targetNode: '4', position: 'after' })).toEqual({ divisionId: 3, move: null, order: { parentId: 2, orderedIds: [4, 3] } });
    expect(dropPlan(tree, { draggedNode: '6', targetNode: '1', position: 'before' })).toEqual({ divisionId: 6, move: null, order: { parentId: null, orderedIds: [6, 1] } });
  });

  it('moves next to a division under another parent: a move, then that parent order', () => {
    expect(dropPlan(tree, { draggedNode: '6', targetNode: '3', position: 'after' })).toEqual({ divisionId: 6, move: { parentId: 2 }, order: { parentId: 2, orderedIds: [3, 6, 4] } });
    expect(dropPlan(tree, { draggedNode: '4', targetNode: '1', position: 'before' })).toEqual({ divisionId: 4, move: { parentId: null }, order: { parentId: null, orderedIds: [4, 1, 6] } });
  });
});

describe('shiftId', () => {
  it('swaps with the neighbour, and answers null at either end', () => {
    expect(shiftId([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(shiftId([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(shiftId([1, 2, 3], 1, -1)).toBeNull();
    expect(shiftId([1, 2, 3], 3, 1)).toBeNull();
    expect(shiftId([1, 2, 3], 9, 1)).toBeNull();
  });
});
