import type { AnalyzedClause, ClauseLabel } from '@legal/api';
import type { EngineEvidence, EngineSummary } from './engine.types';

/**
 * An extractive summary: one sentence of the contract itself per key topic (parties and purpose,
 * term, payment, termination, liability, confidentiality), each the best-scored sentence of the
 * clauses labelled for the topic. A sentence scores by the weight of its terms (term frequency in
 * the topic's clauses times inverse sentence frequency in the whole contract), the topic's cue
 * words, the figures it states (dates, amounts, periods) and its place in the clause.
 */

interface Sentence {
  start: number;
  end: number;
  text: string;
}

interface Topic {
  labels: ClauseLabel[];
  /** Words that mark the sentence saying the point (the period, the amount, the cap...). */
  cues: { ko: RegExp; en: RegExp };
  /** The parties' topic also reads the preamble before the first clause. */
  preamble?: boolean;
}

const TOPICS: Topic[] = [
  { labels: ['PURPOSE'], cues: { ko: /목적|체결|위탁|공급|제공/gu, en: /purpose|agree|enter|provide/giu }, preamble: true },
  { labels: ['TERM'], cues: { ko: /기간|부터|까지|갱신|효력|년|개월/gu, en: /term|commenc|expire|renew|year|month/giu } },
  { labels: ['PAYMENT'], cues: { ko: /지급|대금|금액|원|이내|이자/gu, en: /pay|fee|invoice|within|days|interest/giu } },
  { labels: ['TERMINATION'], cues: { ko: /해지|해제|통지|최고/gu, en: /terminat|notice|breach|cure/giu } },
  { labels: ['LIABILITY', 'INDEMNIFICATION'], cues: { ko: /손해|배상|한도|초과|책임/gu, en: /liab|damages|exceed|cap|indemn/giu } },
  { labels: ['CONFIDENTIALITY'], cues: { ko: /비밀|누설|공개|제3자/gu, en: /confidential|disclos|third part/giu } },
];

const FIGURE = /\d[\d,.]*\s*(?:%|원|일|개월|년|days?|months?|years?)|₩|\$|USD|KRW|\d{4}\s*[.년-]/giu;

/** Sentences (and list items) of a stretch of text, with offsets; headings and tiny fragments left out. */
export function splitSentences(text: string, lo = 0, hi = text.length): Sentence[] {
  const out: Sentence[] = [];
  const re = /[^\n]+/gu;
  re.lastIndex = lo;
  for (let line = re.exec(text); line && line.index < hi; line = re.exec(text)) {
    const lineEnd = Math.min(hi, line.index + line[0].length);
    let s = line.index;
    const inner = /(?<=[.!?。])\s+/gu;
    const body = text.slice(s, lineEnd);
    let from = 0;
    const push = (a: number, b: number) => {
      let st = s + a;
      let en = s + b;
      while (st < en && /[\s#>*\-|]/u.test(text[st]!)) st++;
      while (en > st && /\s/u.test(text[en - 1]!)) en--;
      const t = text.slice(st, en);
      if (t.length < 15 || isHeading(t)) return;
      out.push({ start: st, end: en, text: t });
    };
    for (const m of body.matchAll(inner)) {
      push(from, m.index);
      from = m.index + m[0].length;
    }
    push(from, body.length);
    s = lineEnd;
  }
  return out;
}

function isHeading(t: string): boolean {
  return /^제\s*\d+\s*조(?:의\s*\d+)?\s*(?:[(（][^)）]*[)）])?\s*$/u.test(t) || /^(?:article|section)?\s*\d+(?:\.\d+)*\.?\s+[A-Z][\w\s,&'-]{0,60}$/u.test(t) && !/[.;:]$/u.test(t);
}

const tokens = (s: string) => (s.toLowerCase().match(/[가-힣]{2,}|[a-z]{3,}|\d+/gu) ?? []);

export function summarizeExtractive(text: string, clauses: AnalyzedClause[], language: 'ko' | 'en'): EngineSummary {
  const all = splitSentences(text);
  if (all.length === 0) return { keyPoints: [] };
  // Inverse sentence frequency over the whole contract: words every clause uses weigh little.
  const df = new Map<string, number>();
  for (const s of all) for (const t of new Set(tokens(s.text))) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log((all.length + 1) / ((df.get(t) ?? 0) + 1)) + 1;

  const picked: EngineEvidence[] = [];
  const used = new Set<number>();
  const firstClauseStart = clauses[0]?.startOffset ?? text.length;
  for (const topic of TOPICS) {
    const ranges: Array<[number, number]> = clauses.filter((c) => topic.labels.includes(c.label)).map((c) => [c.startOffset, c.endOffset]);
    if (topic.preamble && firstClauseStart > 0) ranges.unshift([0, firstClauseStart]);
    const candidates = ranges.flatMap(([a, b]) => splitSentences(text, a, b).map((s, i) => ({ s, first: i === 0 })));
    if (candidates.length === 0) continue;
    // Term frequency within the topic's clauses: the words the topic is about.
    const tf = new Map<string, number>();
    for (const { s } of candidates) for (const t of tokens(s.text)) tf.set(t, (tf.get(t) ?? 0) + 1);
    let best: { s: Sentence; score: number } | null = null;
    for (const { s, first } of candidates) {
      if (used.has(s.start)) continue;
      const ts = tokens(s.text);
      if (ts.length === 0) continue;
      const weight = ts.reduce((sum, t) => sum + Math.log(1 + (tf.get(t) ?? 0)) * idf(t), 0) / Math.sqrt(ts.length);
      const cues = Math.min(s.text.match(topic.cues[language])?.length ?? 0, 4);
      const figures = Math.min(s.text.match(FIGURE)?.length ?? 0, 3);
      const lengthPenalty = s.text.length > 400 ? 0.6 : s.text.length < 30 ? 0.7 : 1;
      const score = (weight + 1.5 * cues + 1.2 * figures + (first ? 1 : 0)) * lengthPenalty;
      if (!best || score > best.score) best = { s, score };
    }
    if (best) {
      used.add(best.s.start);
      picked.push({ startOffset: best.s.start, endOffset: best.s.end, text: best.s.text });
    }
  }
  // No labelled clauses at all: the highest-weighted sentences of the whole text.
  if (picked.length === 0) {
    const scored = all.map((s) => {
      const ts = tokens(s.text);
      const w = ts.reduce((sum, t) => sum + idf(t), 0) / Math.sqrt(Math.max(1, ts.length));
      return { s, score: w + 1.2 * Math.min(s.text.match(FIGURE)?.length ?? 0, 3) };
    });
    scored.sort((a, b) => b.score - a.score);
    for (const { s } of scored.slice(0, 5)) picked.push({ startOffset: s.start, endOffset: s.end, text: s.text });
  }
  return { keyPoints: picked.sort((a, b) => a.startOffset - b.startOffset) };
}
