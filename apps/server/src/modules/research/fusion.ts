import type { AnswerTuning } from './answer';

/**
 * Reciprocal rank fusion of the BM25 ranking and the vector ranking (Cormack et al. 2009, k = 60):
 * a passage scores the sum of 1 / (60 + its rank) over the lists it is in. Ranks, not scores, are
 * fused: BM25 scores and cosines live on scales that do not compare.
 *
 * Coverage (what the decline threshold reads) keeps its meaning, the share of the question a
 * passage answers:
 * - the words: the passage's BM25 coverage, also computed for passages found by vectors alone;
 * - the meaning: a passage whose cosine reaches `vectorMinCosine` covers the question to the extent
 *   of its cosine, whatever words it shares. Below it the cosine adds nothing to coverage, so a
 *   passage found by vectors alone cannot make an unanswerable question answerable by itself
 *   unless it is very near the question.
 * The passages whose coverage reaches the decline threshold come first, by fused score; the others
 * after them. So the answer's best passage is the best answerable one, and vectors never make a
 * question BM25 answers decline: its best BM25 passage is still among the fused ones.
 */
export const RRF_K = 60;

export interface LexicalHit {
  id: number;
  /** BM25. */
  score: number;
  coverage: number;
}

export interface VectorHit {
  id: number;
  cosine: number;
}

export interface FusedHit {
  id: number;
  /** The fused score: the sum of 1 / (RRF_K + rank) over the lists the passage is in. */
  score: number;
  coverage: number;
  /** Null when the passage was not among the vector hits. */
  cosine: number | null;
}

const rrf = (rank: number) => 1 / (RRF_K + rank + 1);

/**
 * The fused ranking, `limit` long. `lexical` and `near` are ranked lists (best first); `coverageOf`
 * holds the BM25 coverage of passages found by vectors only (absent: they share no weighted term).
 */
export function fuseRankings(
  lexical: readonly LexicalHit[],
  near: readonly VectorHit[],
  coverageOf: ReadonlyMap<number, number>,
  tuning: Pick<AnswerTuning, 'declineThreshold' | 'vectorMinCosine'>,
  limit: number,
): FusedHit[] {
  const hits = new Map<number, FusedHit & { bm25: number }>();
  lexical.forEach((hit, rank) => {
    if (!hits.has(hit.id)) hits.set(hit.id, { id: hit.id, score: rrf(rank), coverage: hit.coverage, cosine: null, bm25: hit.score });
  });
  near.forEach((hit, rank) => {
    const known = hits.get(hit.id);
    if (known && known.cosine !== null) return;
    if (known) Object.assign(known, { score: known.score + rrf(rank), cosine: hit.cosine });
    else hits.set(hit.id, { id: hit.id, score: rrf(rank), coverage: coverageOf.get(hit.id) ?? 0, cosine: hit.cosine, bm25: 0 });
  });
  const fused = [...hits.values()].map((hit) => ({
    ...hit,
    coverage: hit.cosine !== null && hit.cosine >= tuning.vectorMinCosine ? Math.max(hit.coverage, hit.cosine) : hit.coverage,
  }));
  const answerable = (hit: FusedHit) => (hit.coverage >= tuning.declineThreshold ? 1 : 0);
  fused.sort((a, b) => answerable(b) - answerable(a) || b.score - a.score || b.coverage - a.coverage || b.bm25 - a.bm25 || a.id - b.id);
  return fused.slice(0, limit).map(({ id, score, coverage, cosine }) => ({ id, score, coverage, cosine }));
}
