import { describe, expect, it } from 'vitest';
import { fuseRankings, RRF_K } from './fusion';

const tuning = { declineThreshold: 0.4, vectorMinCosine: 0.8 };

describe('fuseRankings', () => {
  it('sums 1 / (60 + rank) over both lists: a passage both rank high beats one only either ranks first', () => {
    const fused = fuseRankings(
      [{ id: 1, score: 9, coverage: 0.9 }, { id: 2, score: 8, coverage: 0.8 }],
      [{ id: 3, cosine: 0.5 }, { id: 2, cosine: 0.45 }],
      new Map(),
      tuning,
      10,
    );
    expect(fused.map((h) => h.id)).toEqual([2, 1, 3]);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 2), 12);
    expect(fused[1]).toEqual({ id: 1, score: 1 / (RRF_K + 1), coverage: 0.9, cosine: null });
  });

  it('a passage found by vectors alone covers the question by its cosine only from vectorMinCosine, else by its words', () => {
    const near = [{ id: 5, cosine: 0.79 }, { id: 6, cosine: 0.85 }];
    const fused = fuseRankings([], near, new Map([[5, 0.1]]), tuning, 10);
    expect(fused.find((h) => h.id === 5)!.coverage).toBe(0.1);
    expect(fused.find((h) => h.id === 6)!.coverage).toBe(0.85);
    expect(fuseRankings([], near, new Map(), { ...tuning, vectorMinCosine: 0.7 }, 10).find((h) => h.id === 5)!.coverage).toBe(0.79);
  });

  it('puts the passages that reach the decline threshold first, so vectors never hide the best answerable BM25 passage', () => {
    // The vector list's first and a passage both lists hold outscore BM25's first, but neither covers the question.
    const fused = fuseRankings(
      [{ id: 1, score: 9, coverage: 0.6 }, { id: 2, score: 8, coverage: 0.2 }],
      [{ id: 7, cosine: 0.5 }, { id: 2, cosine: 0.4 }],
      new Map([[7, 0]]),
      tuning,
      10,
    );
    expect(fused.map((h) => h.id)).toEqual([1, 2, 7]);
    expect(fused[1]!.score).toBeGreaterThan(fused[0]!.score);
  });

  it('keeps the limit and breaks ties by coverage, then by id', () => {
    const fused = fuseRankings([{ id: 4, score: 1, coverage: 0.1 }], [{ id: 3, cosine: 0.3 }], new Map([[3, 0.2]]), tuning, 1);
    expect(fused).toEqual([{ id: 3, score: 1 / (RRF_K + 1), coverage: 0.2, cosine: 0.3 }]);
  });
});
