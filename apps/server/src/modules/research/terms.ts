/**
 * The terms of the research index: character bigrams inside each word (Korean has no stemmer that
 * fits statutes; bigrams match 임대인 in 임대인은, 임대인에게 alike). A one-character word is its own
 * term. Paragraph marks (①) and punctuation separate words. Pure, shared by indexing and queries.
 */
export function wordsOf(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(/[가-힣a-z0-9]+/gu) ?? [];
}

export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of wordsOf(text)) {
    const chars = [...word];
    if (chars.length === 1) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i++) {
      const term = chars[i]! + chars[i + 1]!;
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
  return counts;
}

/** The number of terms of a text (BM25's document length). */
export function termLength(counts: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const c of counts.values()) n += c;
  return n;
}
