import { termCounts } from '../terms';

/**
 * Similarity of inquiries: tf-idf weighted cosine over the character bigrams of title and question
 * (the research index's terms, so 임대인은 and 임대인에게 share 임대). Computed in memory over the
 * workspace's earlier inquiries: they are short texts counted in hundreds or thousands, so one pass
 * is cheap and needs no second inverted index kept in step with every insert. Cosine rather than
 * BM25 because both sides are documents of similar length (BM25 is built for a short query against
 * long documents) and it gives a score in 0..1 that reads the same across workspaces.
 */

export interface InquiryText {
  id: number;
  title: string;
  question: string;
}

export const inquiryTerms = (inquiry: Pick<InquiryText, 'title' | 'question'>) => termCounts(`${inquiry.title}\n${inquiry.question}`);

/** idf over the inquiries given plus the one compared: a bigram every inquiry has (계약) weighs nothing. */
function idfOf(docs: ReadonlyArray<ReadonlyMap<string, number>>): Map<string, number> {
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = docs.length;
  const idf = new Map<string, number>();
  for (const [term, d] of df) idf.set(term, Math.log((n + 1) / (d + 0.5)));
  return idf;
}

function weighted(doc: ReadonlyMap<string, number>, idf: ReadonlyMap<string, number>): { weights: Map<string, number>; norm: number } {
  const weights = new Map<string, number>();
  let sum = 0;
  for (const [term, tf] of doc) {
    const w = (1 + Math.log(tf)) * (idf.get(term) ?? 0);
    if (w <= 0) continue;
    weights.set(term, w);
    sum += w * w;
  }
  return { weights, norm: Math.sqrt(sum) };
}

/** The candidates most similar to the target, best first, at most `limit`, none with a score of 0. */
export function rankSimilar(target: Pick<InquiryText, 'title' | 'question'>, candidates: readonly InquiryText[], limit: number): Array<{ id: number; score: number }> {
  const targetTerms = inquiryTerms(target);
  const candidateTerms = candidates.map(inquiryTerms);
  const idf = idfOf([targetTerms, ...candidateTerms]);
  const t = weighted(targetTerms, idf);
  if (t.norm === 0) return [];
  const scored = candidates.map((c, i) => {
    const v = weighted(candidateTerms[i]!, idf);
    let dot = 0;
    for (const [term, w] of t.weights) dot += w * (v.weights.get(term) ?? 0);
    return { id: c.id, score: v.norm === 0 ? 0 : dot / (t.norm * v.norm) };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, limit)
    .map((s) => ({ id: s.id, score: Math.round(s.score * 1000) / 1000 }));
}
