import type { Locale, SourceCitation, SourceKind } from '@legal/api';
import type { Db } from '../../../platform/db/client';
import { searchStoredSources, type SourceSection, sourceSectionTexts } from '../../legal-sources';
import { type AnswerTuning, answerableOf } from '../answer';
import { understandQuestion } from '../query-understanding';
import { B, COMMON_SHARE, K1 } from '../bm25';
import { corpusTermStats, type QueryTerm, queryTerms, statuteNames } from '../retrieval';
import { termCounts, termLength } from '../terms';

/**
 * Answers from the general categories besides statutes: the stored precedents (holdings, summary),
 * administrative rules and local ordinances (articles) of the law Open API. The statutes' way
 * (retrieval.ts, answer.ts): the same question terms, BM25 with the same K1 and B and the statute
 * index's term statistics (so a coverage reads the same whatever the source; the stored rows' own
 * until the index is built), the same coverage and decline rule with the workspace's tuning. Each paragraph of a section is a passage, quoted verbatim; before a citation leaves, its
 * quote is checked against the section's stored text at its offsets.
 */

interface ScoredSourcePassage {
  section: SourceSection;
  start: number;
  end: number;
  score: number;
  coverage: number;
}

/** The paragraphs of a section with their offsets (whole lines; the section itself when it has one). */
function paragraphs(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (const m of text.matchAll(/[^\n]+/gu)) {
    const line = m[0];
    const lead = line.length - line.trimStart().length;
    const trimmed = line.trim();
    if (trimmed) out.push({ start: (m.index ?? 0) + lead, end: (m.index ?? 0) + lead + trimmed.length });
  }
  return out;
}

function score(sections: readonly SourceSection[], terms: ReadonlyMap<string, QueryTerm>, df: ReadonlyMap<string, number>, rows: number): ScoredSourcePassage[] {
  // Terms common to a fifth of the rows weigh little: left out, as for the statutes, once there are enough rows to tell.
  const weights = new Map<string, { idfw: number; strict: boolean }>();
  for (const [term, t] of terms) {
    const n = df.get(term) ?? 0;
    if (rows >= 50 && n > COMMON_SHARE * rows) continue;
    weights.set(term, { idfw: t.weight * Math.log(1 + (rows - n + 0.5) / (n + 0.5)), strict: t.strict });
  }
  let strictTotal = 0;
  for (const w of weights.values()) if (w.strict) strictTotal += w.idfw;
  const passages = sections.flatMap((section) => paragraphs(section.text).map((span) => ({ section, ...span, counts: termCounts(section.text.slice(span.start, span.end)) })));
  const avgdl = passages.reduce((sum, p) => sum + termLength(p.counts), 0) / Math.max(passages.length, 1) || 1;
  return passages
    .map(({ section, start, end, counts }) => {
      const length = termLength(counts);
      let s = 0;
      let matched = 0;
      let helpers = 0;
      for (const [term, w] of weights) {
        const tf = counts.get(term) ?? 0;
        if (tf === 0) continue;
        s += (w.idfw * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avgdl));
        matched += w.idfw;
        if (!w.strict) helpers += w.idfw;
      }
      const total = strictTotal + helpers;
      return { section, start, end, score: s, coverage: total > 0 ? matched / total : 0 };
    })
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.section.sourceId.localeCompare(b.section.sourceId) || a.start - b.start);
}

const citationOf = ({ section: s, start, end }: ScoredSourcePassage): SourceCitation => ({
  kind: s.kind, sourceId: s.sourceId, title: s.title, reference: s.reference, date: s.date, section: s.section, quote: s.text.slice(start, end), start, end, sourceUrl: s.sourceUrl,
});

/** The citations whose quote is still their section's text at their offsets. */
export async function gateSourceCitations(db: Db, citations: readonly SourceCitation[]): Promise<SourceCitation[]> {
  if (citations.length === 0) return [];
  const texts = await sourceSectionTexts(db, citations);
  return citations.filter((c) => c.end > c.start && texts.get(`${c.kind}:${c.sourceId}:${c.section}`)?.slice(c.start, c.end) === c.quote);
}

/** For a chat: the gated citations of the stored sources of these kinds that answer the question. */
export async function chatSourceCitations(
  db: Db,
  input: { question: string; kinds: readonly SourceKind[]; today: string; limit: number; tuning: AnswerTuning },
): Promise<SourceCitation[]> {
  if (input.kinds.length === 0) return [];
  const understood = understandQuestion(input.question, statuteNames(), input.today);
  if (understood.foreign !== null) return [];
  const terms = queryTerms(understood);
  const found = await searchStoredSources(db, input.kinds, [...terms.keys()]);
  if (found.sections.length === 0) return [];
  // Term statistics of the statute index (the same scale as the statutes' coverage); the stored sources' own before it is built.
  const corpus = await corpusTermStats(db, [...terms.keys()]);
  const stats = corpus.n > 0 ? { df: corpus.df, rows: corpus.n } : await searchStoredSources(db, input.kinds, [...terms.keys()], 0, { withStats: true });
  const ranked = score(found.sections, terms, stats.df, stats.rows).slice(0, input.limit);
  return gateSourceCitations(db, answerableOf(ranked, understood.foreign, input.tuning).map(citationOf));
}

/** The kind as the lead sentence's topic (with its particle) and in English. */
const KIND_WORDS: Record<SourceKind, { ko: string; en: string }> = {
  PRECEDENT: { ko: '판례는', en: 'precedent' },
  ADMIN_RULE: { ko: '행정규칙은', en: 'administrative rule' },
  LOCAL_ORDINANCE: { ko: '자치법규는', en: 'local ordinance' },
};
const SECTION_WORDS: Record<string, { ko: string; en: string }> = { HOLDINGS: { ko: '판시사항', en: 'holdings' }, SUMMARY: { ko: '판결요지', en: 'summary' } };

/** 대법원 2023다12345 「손해배상(기)」 판결요지: how answers name a quoted source. */
export function sourceLabel(c: SourceCitation, locale: Locale): string {
  const section = SECTION_WORDS[c.section]?.[locale] ?? c.section;
  const date = c.date ? ` (${c.date})` : '';
  return c.kind === 'PRECEDENT' ? `${c.reference} 「${c.title}」${date} ${section}` : `「${c.title}」 ${section}${c.reference ? `, ${c.reference}` : ''}`;
}

/** The quoted sources: a lead sentence (unless they follow a statute answer), then each label and its quote. */
export function extractiveSourceAnswer(citations: readonly SourceCitation[], locale: Locale, options: { afterStatutes: boolean }): string {
  const first = citations[0]!;
  const lead = options.afterStatutes
    ? locale === 'ko' ? '\n\n관련 판례·행정규칙·자치법규:' : '\n\nRelated precedents, rules and ordinances:'
    : locale === 'ko'
      ? `질문과 가장 관련 있는 ${KIND_WORDS[first.kind].ko} ${sourceLabel(first, locale)}입니다. 해당 부분을 그대로 인용합니다.`
      : `The most relevant ${KIND_WORDS[first.kind].en} is ${sourceLabel(first, locale)}. It is quoted verbatim below.`;
  return lead + citations.map((c) => `\n\n${sourceLabel(c, locale)}\n${c.quote}`).join('');
}
