// Lexical similarity that works for Korean and English without a dictionary or a model: Korean
// as character bigrams of each Hangul run (particles stay on words, so whole words would miss:
// STACK.md "Korean search"), English as words and word pairs. TF-IDF with sublinear term
// frequency, L2-normalised, compared by cosine. Pure functions.

const EN_STOPWORDS = new Set(
  ('a an and any are as at be been by for from has have if in into is it its of on or such that the their then there these this those to ' +
    'under was were which who will with shall may must not no all other each than upon within without out its our your you we they he she')
    .split(' '),
);

export type TermVector = Map<string, number>;

/** Light English stemming: plural and a few suffixes, enough to join agreement/agreements. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The terms of a text: Hangul bigrams (a lone syllable as itself), English words and word pairs. */
export function terms(text: string): string[] {
  const out: string[] = [];
  const normalized = text.normalize('NFC').toLowerCase();
  for (const run of normalized.match(/[가-힣]+/gu) ?? []) {
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  let previous: string | null = null;
  for (const match of normalized.matchAll(/[a-z][a-z'-]*[a-z]|[가-힣0-9]+|[^\s]/gu)) {
    const token = match[0];
    if (!/^[a-z]/.test(token) || EN_STOPWORDS.has(token) || token.length < 2) {
      // Non-words break a word pair; stopwords do not (so "terms of service" pairs term~service).
      if (!/^[a-z]/.test(token)) previous = null;
      continue;
    }
    const word = stem(token.replace(/'s$/, ''));
    out.push(`w:${word}`);
    if (previous) out.push(`p:${previous}~${word}`);
    previous = word;
  }
  return out;
}

/** Raw term counts. */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** Document frequencies over a collection of term-count maps. */
export function documentFrequencies(docs: ReadonlyArray<Map<string, number>>): Map<string, number> {
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  return df;
}

/** TF-IDF vector (1 + ln tf) × (ln((N + 1) / (df + 1)) + 1), L2-normalised. */
export function tfidf(counts: Map<string, number>, df: Map<string, number>, documentCount: number): TermVector {
  const vector: TermVector = new Map();
  let norm = 0;
  for (const [term, tf] of counts) {
    const weight = (1 + Math.log(tf)) * (Math.log((documentCount + 1) / ((df.get(term) ?? 0) + 1)) + 1);
    vector.set(term, weight);
    norm += weight * weight;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
  return vector;
}

/** Cosine of two L2-normalised vectors (0 when either is empty). */
export function cosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return Math.max(0, Math.min(1, dot));
}

export interface ClauseCandidate {
  text: string;
}

export interface RankedCandidate<C> {
  candidate: C;
  /** Cosine similarity of TF-IDF vectors, 0..1. */
  score: number;
}

/**
 * The candidates most similar to the query text, best first: cosine of TF-IDF vectors whose IDF is
 * taken over the candidates and the query together (rare shared terms weigh most). Candidates with
 * no shared term are left out.
 */
export function similarClauses<C extends ClauseCandidate>(query: string, candidates: readonly C[], options: { limit: number; minScore?: number }): RankedCandidate<C>[] {
  const queryCounts = termCounts(query);
  if (queryCounts.size === 0 || candidates.length === 0) return [];
  const counts = candidates.map((c) => termCounts(c.text));
  const df = documentFrequencies([queryCounts, ...counts]);
  const n = counts.length + 1;
  const q = tfidf(queryCounts, df, n);
  const minScore = options.minScore ?? 0.01;
  return candidates
    .map((candidate, i) => ({ candidate, score: cosine(q, tfidf(counts[i]!, df, n)) }))
    .filter((r) => r.score >= minScore)
    .sort((a, b) => b.score - a.score)
    .slice(0, options.limit);
}
