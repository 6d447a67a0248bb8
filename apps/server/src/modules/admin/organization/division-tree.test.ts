import { describe, expect, it } from 'vitest';
import { buildDivisionTree, wouldCreateCycle } from './division-tree';

const row = (id: number, parentId: number | null, displayOrder = 0, name = `d${id}`) => ({ id, parentId, name, displayOrder, memberCount: 0 });
const shape = (nodes: ReturnType<typeof buildDivisionTree>): unknown => nodes.map((n) => (n.children.length ? { [n.id]: shape(n.children) } : n.id));

describe('buildDivisionTree', () => {
  it('nests children under their parents, siblings by display order then id', () => {
    const tree = buildDivisionTree([row(5, 1, 1), row(1, null, 1), row(2, null, 0), row(3, 1, 0), row(4, 1, 0), row(6, 3, 0)]);
    expect(shape(tree)).toEqual([2, { 1: [{ 3: [6] }, 4, 5] }]);
    expect(tree[1]).toMatchObject({ id: 1, parentId: null, name: 'd1' });
  });

  it('answers an empty forest for no rows', () => {
    expect(buildDivisionTree([])).toEqual([]);
  });

  it('puts a row whose parent is missing at the top instead of losing it', () => {
    expect(shape(buildDivisionTree([row(1, null), row(2, 99)]))).toEqual([1, 2]);
  });

  it('leaves out rows caught in a parent loop rather than recursing forever', () => {
    expect(shape(buildDivisionTree([row(1, null), row(2, 3), row(3, 2)]))).toEqual([1]);
  });
});

describe('wouldCreateCycle', () => {
  // 1 ─ 2 ─ 3 ─ 4, and 5 at the top
  const parentOf = new Map<number, number | null>([[1, null], [2, 1], [3, 2], [4, 3], [5, null]]);

  it('refuses the division itself and any of its descendants as the new parent', () => {
    expect(wouldCreateCycle(parentOf, 2, 2)).toBe(true);
    expect(wouldCreateCycle(parentOf, 2, 3)).toBe(true);
    expect(wouldCreateCycle(parentOf, 2, 4)).toBe(true);
    expect(wouldCreateCycle(parentOf, 1, 4)).toBe(true);
  });

  it('allows ancestors, other branches and the top level', () => {
    expect(wouldCreateCycle(parentOf, 3, 1)).toBe(false);
    expect(wouldCreateCycle(parentOf, 2, 5)).toBe(false);
    expect(wouldCreateCycle(parentOf, 5, 4)).toBe(false);
    expect(wouldCreateCycle(parentOf, 4, null)).toBe(false);
  });

  it('stops on a loop already in the data', () => {
    const broken = new Map<number, number | null>([[1, 2], [2, 1], [3, null]]);
    expect(wouldCreateCycle(broken, 3, 1)).toBe(true);
  });
});
