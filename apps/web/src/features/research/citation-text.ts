import { type ResearchCitation, type SourceCitation } from '@legal/api';

/** ① for 1 ... ⑳ for 20, as statutes print paragraph numbers; beyond that the number in brackets. */
export function paragraphMark(paragraph: number | null): string {
  if (paragraph === null || paragraph < 1) return '';
  return paragraph <= 20 ? String.fromCharCode(0x2460 + paragraph - 1) : `(${paragraph})`;
}

/** 하도급거래 공정화에 관한 법률 제13조 ① */
export function citationLabel(citation: Pick<ResearchCitation, 'statuteTitle' | 'article' | 'paragraph'>): string {
  const mark = paragraphMark(citation.paragraph);
  return `${citation.statuteTitle} ${citation.article}${mark ? ` ${mark}` : ''}`;
}

/** 대법원 2023다212345 판시사항, or 하도급거래 서면실태조사 운영지침 제5조: a quoted precedent, rule or ordinance. */
export function sourceCitationLabel(citation: Pick<SourceCitation, 'kind' | 'reference' | 'title' | 'section'>, precedentSection: (section: 'HOLDINGS' | 'SUMMARY') => string): string {
  if (citation.kind === 'PRECEDENT') return `${citation.reference} ${precedentSection(citation.section === 'SUMMARY' ? 'SUMMARY' : 'HOLDINGS')}`;
  return `${citation.title} ${citation.section}`;
}

export interface TextPart {
  text: string;
  isQuoted: boolean;
}

/**
 * The article text cut around the quoted span. The offsets are into StatuteArticle.text; when
 * they do not frame the quote (a text stored differently), the quote is looked up instead, and
 * when it is not there at all nothing is marked rather than the wrong words.
 */
export function quotedParts(text: string, quote: { quote: string; start: number; end: number }): TextPart[] {
  let start = quote.start;
  let end = quote.end;
  const isFramed = start >= 0 && end > start && end <= text.length && (quote.quote === '' || text.slice(start, end) === quote.quote);
  if (!isFramed) {
    start = quote.quote ? text.indexOf(quote.quote) : -1;
    end = start + quote.quote.length;
  }
  if (start < 0 || end <= start) return [{ text, isQuoted: false }];
  return [
    { text: text.slice(0, start), isQuoted: false },
    { text: text.slice(start, end), isQuoted: true },
    { text: text.slice(end), isQuoted: false },
  ].filter((part) => part.text !== '');
}
