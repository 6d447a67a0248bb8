import { type Locale, RESEARCH_CONFIG_DEFAULTS, type ResearchCitation, type ResearchConfigValues } from '@legal/api';
import { paragraphSpan } from './citation-gate';
import type { RetrievalResult, ScoredPassage } from './retrieval';
import { termCounts } from './terms';

/**
 * How answers are written from retrieved passages. The built-in engine is extractive: one plain
 * lead sentence, then the best articles quoted verbatim. A model gets the passages and writes a
 * grounded answer; either way the citation gate has the last word (chats.service.ts).
 */

/**
 * The least share of the question's (idf-weighted) terms the best passage must contain for an
 * answer (config declineThreshold); below it the answer declines. The default was set once from how
 * BM25 coverage reads, before the evaluation set was run; docs/legal-research.md reports the decline
 * accuracy it gives.
 */
export const DECLINE_COVERAGE = RESEARCH_CONFIG_DEFAULTS.declineThreshold;
/** Quoted beside the best passage: others scoring at least this share of its score. */
export const RELATED_SHARE = 0.6;

/** What decides which passages an answer quotes (the workspace's configs declineThreshold, maxQuotedArticles and vectorMinCosine). */
export interface AnswerTuning {
  declineThreshold: number;
  maxQuoted: number;
  /** The cosine at which a passage found by meaning covers the question without the words (retrieval.ts, fusion.ts). */
  vectorMinCosine: number;
}
export const DEFAULT_TUNING: AnswerTuning = {
  declineThreshold: DECLINE_COVERAGE, maxQuoted: RESEARCH_CONFIG_DEFAULTS.maxQuotedArticles, vectorMinCosine: RESEARCH_CONFIG_DEFAULTS.vectorMinCosine,
};
export const tuningOf = (config: Pick<ResearchConfigValues, 'declineThreshold' | 'maxQuotedArticles' | 'vectorMinCosine'>): AnswerTuning => ({
  declineThreshold: config.declineThreshold, maxQuoted: config.maxQuotedArticles, vectorMinCosine: config.vectorMinCosine,
});

/**
 * The passages an answer quotes, of any source (statutes, documents, precedents): none when the
 * question is about a foreign jurisdiction or even the best falls under the decline threshold; else
 * the best and those close to it, at most `maxQuoted`.
 */
export function answerableOf<P extends { score: number; coverage: number }>(passages: readonly P[], foreign: string | null, tuning: AnswerTuning): P[] {
  const best = passages[0];
  if (!best || foreign !== null || best.coverage < tuning.declineThreshold) return [];
  return passages.filter((p, i) => i === 0 || (p.score >= best.score * RELATED_SHARE && p.coverage >= tuning.declineThreshold)).slice(0, tuning.maxQuoted);
}

export const DECLINE_TEXT: Record<Locale, string> = {
  ko: '제공된 법령에서 근거를 찾지 못했습니다. 질문을 더 구체적으로 하거나 관련 법령을 지정해 보세요.',
  en: 'No basis was found in the provided statutes. Try a more specific question or choose the statute it concerns.',
};

/** The statute passages an answer rests on (with the tuning retrieval was given). */
export function answerablePassages(retrieval: Pick<RetrievalResult, 'passages' | 'understood'> & { tuning?: AnswerTuning }): ScoredPassage[] {
  return answerableOf(retrieval.passages, retrieval.understood.foreign, retrieval.tuning ?? DEFAULT_TUNING);
}

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';

/** The paragraph of an article sharing most of the question's terms (null: the article has one body). */
export function bestParagraph(articleText: string, queryTerms: ReadonlyMap<string, unknown>): number | null {
  let best: number | null = null;
  let bestShared = 0;
  for (let n = 1; n <= CIRCLED.length; n++) {
    const span = paragraphSpan(articleText, n);
    if (!span) break;
    const terms = termCounts(articleText.slice(span.start, span.end));
    let shared = 0;
    for (const term of queryTerms.keys()) if (terms.has(term)) shared++;
    if (best === null || shared > bestShared) [best, bestShared] = [n, shared];
  }
  return best;
}

export function citationFromPassage(passage: ScoredPassage, paragraph: number | null): ResearchCitation {
  const span = paragraphSpan(passage.text, paragraph) ?? { start: 0, end: passage.text.length };
  return {
    statuteId: passage.lawId, lawSerialNumber: passage.lawSerialNumber, statuteTitle: passage.statuteTitle, kind: passage.kind, effectiveDate: passage.effectiveDate,
    article: passage.article, articleTitle: passage.articleTitle, paragraph, quote: passage.text.slice(span.start, span.end), start: span.start, end: span.end,
  };
}

/** 「민법」 제4조 ①(성년): how answers name an article (the gate reads this form back). */
export function articleLabel(c: Pick<ResearchCitation, 'statuteTitle' | 'article' | 'paragraph' | 'articleTitle'>): string {
  const paragraph = c.paragraph ? ` ${CIRCLED[c.paragraph - 1] ?? ''}` : '';
  return `「${c.statuteTitle}」 ${c.article}${paragraph}${c.articleTitle ? `(${c.articleTitle})` : ''}`;
}

export interface ExtractivePiece {
  /** Prose the gate reads (the lead sentence, the article headings). */
  prose: string;
  /** Statute text quoted verbatim after it (checked as a citation, not re-read as prose). */
  quote: string | null;
}

/** The built-in answer: one lead sentence, then each article's heading and its quoted paragraph. */
export function extractiveAnswer(citations: readonly ResearchCitation[], asOf: string, today: string, locale: Locale): ExtractivePiece[] {
  const first = citations[0]!;
  const past = asOf < today;
  const lead =
    locale === 'ko'
      ? `질문과 가장 관련 있는 조문은 ${articleLabel(first)}입니다${past ? ` (${asOf} 당시 시행 법령 기준)` : ''}. 해당 조문을 그대로 인용합니다.`
      : `The provision most relevant to the question is ${articleLabel(first)}${past ? ` (as in force on ${asOf})` : ''}. It is quoted verbatim below.`;
  const pieces: ExtractivePiece[] = [{ prose: lead, quote: null }];
  for (const c of citations) {
    const heading = locale === 'ko' ? `${articleLabel(c)}, ${c.effectiveDate} 시행` : `${articleLabel(c)}, in force from ${c.effectiveDate}`;
    pieces.push({ prose: `\n\n${heading}\n`, quote: c.quote });
  }
  return pieces;
}

/** The grounded prompt's user message: the passages, each under the label the model must cite by. */
export function groundedPrompt(question: string, passages: readonly ScoredPassage[], asOf: string): string {
  const sources = passages
    .map((p) => `[${articleLabel({ statuteTitle: p.statuteTitle, article: p.article, paragraph: null, articleTitle: p.articleTitle })}, ${p.effectiveDate} 시행]\n${p.text}`)
    .join('\n\n');
  return `기준일: ${asOf}\n\n법령 조문:\n${sources}\n\n질문: ${question}`;
}

export const GROUNDED_SYSTEM_PROMPT =
  '당신은 한국 법령 리서치 도우미입니다. 아래에 주어진 법령 조문만을 근거로 질문에 답하세요. 근거로 쓴 조문은 「법령명」 제N조 제M항 형식으로 밝히고, ' +
  '주어진 조문에 없는 법령이나 조문은 절대 인용하지 마세요. 주어진 조문으로 답할 수 없으면 그렇다고 말하세요. 질문의 언어로 간결하게 답하세요.';
