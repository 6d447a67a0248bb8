import type { QueryTerm } from './retrieval';
import type { PostingList, TermIndex } from './term-index';

// Okapi BM25 scored in memory from the posting lists the process holds (term-index.ts).

/** BM25 parameters: the usual ones; statute articles vary in length less than web pages do. */
export const K1 = 1.2;
export const B = 0.75;
/** Terms in more than this share of all indexed wordings are stop terms. */
export const COMMON_SHARE = 0.2;

export interface WeightedTerm {
  list: PostingList;
  /** The term's idf times its weight in the question. */
  idfw: number;
  strict: boolean;
}

/**
 * The question's terms with their idf. Terms in more than a fifth of all wordings (하여, 경우) weigh
 * little and cost the most postings: left out of the score and of the coverage alike. A term no
 * wording has counts in the coverage.
 */
export function weightedTerms(terms: ReadonlyMap<string, QueryTerm>, lists: ReadonlyMap<string, PostingList>, n: number) {
  const weighted: WeightedTerm[] = [];
  let strictTotal = 0;
  for (const [term, q] of terms) {
    const list = lists.get(term)!;
    if (list.df > COMMON_SHARE * n) continue;
    const idfw = q.weight * Math.log(1 + (n - list.df + 0.5) / (list.df + 0.5));
    if (q.strict) strictTotal += idfw;
    weighted.push({ list, idfw, strict: q.strict });
  }
  return { weighted, strictTotal };
}

function holds(ids: Int32Array, id: number): boolean {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] === id) return true;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export interface ScoredWording {
  textId: number;
  score: number;
  coverage: number;
}

/**
 * Okapi BM25 of every wording holding a term of the question, in memory, and the `limit` best the
 * scope searches (score, then id), each with the idf-weighted share of the question it covers:
 * matched terms over the strict terms plus the matched helpers.
 */
export function bestWordings(index: TermIndex, weighted: readonly WeightedTerm[], strictTotal: number, avgdl: number, searched: (id: number) => boolean, limit: number): ScoredWording[] {
  const maxId = weighted.reduce((max, w) => Math.max(max, w.list.textIds.at(-1) ?? 0), 0);
  const score = index.scores(maxId);
  const touched: number[] = [];
  for (const { list, idfw } of weighted) {
    const { textIds, tf, lengths } = list;
    for (let i = 0; i < textIds.length; i++) {
      const id = textIds[i]!;
      const f = tf[i]!;
      if (score[id] === 0) touched.push(id);
      score[id]! += (idfw * f * (K1 + 1)) / (f + K1 * (1 - B + (B * lengths[i]!) / avgdl));
    }
  }
  // The best `limit` kept in order (limits are small: an insertion beats sorting every wording).
  const best: number[] = [];
  const before = (a: number, b: number) => score[a]! > score[b]! || (score[a] === score[b] && a < b);
  for (const id of touched) {
    if (best.length === limit && !before(id, best[limit - 1]!)) continue;
    if (!searched(id)) continue;
    let at = best.length;
    while (at > 0 && before(id, best[at - 1]!)) at--;
    best.splice(at, 0, id);
    if (best.length > limit) best.pop();
  }
  const out = best.map((textId) => {
    let matched = 0;
    let helpers = 0;
    for (const w of weighted) {
      if (!holds(w.list.textIds, textId)) continue;
      matched += w.idfw;
      if (!w.strict) helpers += w.idfw;
    }
    const total = strictTotal + helpers;
    return { textId, score: score[textId]!, coverage: total > 0 ? matched / total : 0 };
  });
  for (const id of touched) score[id] = 0;
  return out;
}

