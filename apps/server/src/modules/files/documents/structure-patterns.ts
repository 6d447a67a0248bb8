/** Line-level patterns for articles and headings in Korean and English contracts and statutes. */

export interface ArticleMatch {
  system: 'ko' | 'en';
  /** `3`, `3의2`, `IV`, `2.1`. */
  number: string;
  title?: string;
  /** Text after the heading on the same line. */
  body: string;
}

export interface HeadingMatch {
  level: number;
  text: string;
  /** Guessed from letter case only (an all-caps line): may be a wrapped line of shouted text. */
  isGuess?: boolean;
}

const MARKDOWN_HEADING = /^(#{1,6})\s+(.*)$/;

// 제1조, 제 1 조, 제1조의2, 제3조(계약의 해지), 제3조 【목적】
const KO_ARTICLE = /^제\s*(\d{1,4})\s*조(?:\s*의\s*(\d{1,3}))?(?=$|[\s(（【[])\s*(?:[(（【[]([^)）】\]]{1,60})[)）】\]])?\s*(.*)$/;
// A line that starts with a cross-reference, not an article: "제3조 및 제4조에 따라 ..."
const KO_REFERENCE_CONTINUATION = /^(및|또는|내지|부터|까지|에서|에|의|을|를|와|과|·|ㆍ|,|~|-)/;
const KO_DIVISION = /^제\s*(\d{1,4})\s*(편|장|절|관)(?=$|[\s(（])\s*(.*)$/;
const KO_DIVISION_LEVEL: Record<string, number> = { 편: 1, 장: 1, 절: 2, 관: 3 };

const EN_ARTICLE = /^(?:ARTICLE|Article)\s+(\d{1,3}|[IVXLC]{1,7})(?![\w])\.?\s*(?:[-–—:.]\s*)?(.*)$/;
const EN_SECTION = /^(?:SECTION|Section|§)\s*(\d{1,3}(?:\.\d{1,3})*)(?![\w])\.?\s*(?:[-–—:.]\s*)?(.*)$/;
const EN_NUMBERED = /^(\d{1,3}(?:\.\d{1,3})*)(\.?)\s+(.+)$/;
const EN_DIVISION = /^(?:CHAPTER|Chapter|PART|Part)\s+(\d{1,3}|[IVXLC]{1,7})(?![\w])\.?\s*(?:[-–—:.]\s*)?(.*)$/;

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with', 'under', 'upon', 'into', 'per', 'vs', 'not']);

export function matchArticle(line: string): ArticleMatch | null {
  const text = stripMarkdownHeading(line);
  const ko = KO_ARTICLE.exec(text);
  if (ko?.[1]) {
    const title = ko[3]?.trim();
    const body = (ko[4] ?? '').trim();
    if (title === undefined && KO_REFERENCE_CONTINUATION.test(body)) return null;
    const number = ko[2] ? `${Number(ko[1])}의${Number(ko[2])}` : String(Number(ko[1]));
    return title ? { system: 'ko', number, title, body } : { system: 'ko', number, body };
  }
  const article = EN_ARTICLE.exec(text) ?? EN_SECTION.exec(text);
  if (article?.[1]) return { system: 'en', number: article[1], ...splitEnglishTitle(cleanRest(article[2]), true) };
  const numbered = EN_NUMBERED.exec(text);
  if (numbered?.[1]) {
    const number = numbered[1];
    if (!number.includes('.') && numbered[2] !== '.') return null;
    const split = splitEnglishTitle(cleanRest(numbered[3]), false);
    if (split.title === undefined) return null;
    return { system: 'en', number, ...split };
  }
  return null;
}

export function matchHeading(line: string): HeadingMatch | null {
  const markdown = MARKDOWN_HEADING.exec(line);
  if (markdown?.[1] && markdown[2] !== undefined) return { level: markdown[1].length, text: markdown[2].trim() };
  const koDivision = KO_DIVISION.exec(line);
  if (koDivision?.[2]) return { level: KO_DIVISION_LEVEL[koDivision[2]] ?? 1, text: line };
  if (/^부\s*칙(\s*[<(].*)?$/.test(line)) return { level: 1, text: line };
  if (EN_DIVISION.test(line)) return { level: 1, text: line };
  if (isAllCapsHeading(line)) return { level: 2, text: line, isGuess: true };
  return null;
}

/** Collapses runs of spaces and drops table-of-contents dot leaders ("TERM........ 5"). */
function cleanRest(rest: string | undefined): string {
  return (rest ?? '').replace(/\s*\.{4,}\s*\d*\s*$/, '').replace(/[ \t]{2,}/g, ' ').trim();
}

function stripMarkdownHeading(line: string): string {
  const markdown = MARKDOWN_HEADING.exec(line);
  return markdown?.[2] !== undefined ? markdown[2].trim() : line;
}

/**
 * "Definitions. 'Affiliate' means ..." -> title + body. With `allowPlain`, a short rest with no
 * sentence after it is a title even when not in title case ("ARTICLE 5 - term and termination").
 */
function splitEnglishTitle(rest: string, allowPlain: boolean): { title?: string; body: string } {
  if (!rest) return { body: '' };
  const dot = /^(.{1,80}?)[.:](?:\s+(.*))?$/.exec(rest);
  if (dot?.[1] && isTitleCase(dot[1])) return { title: dot[1].trim(), body: (dot[2] ?? '').trim() };
  if (rest.length <= 80 && isTitleCase(rest.replace(/[.:]$/, ''))) return { title: rest.replace(/[.:]$/, '').trim(), body: '' };
  if (allowPlain && rest.length <= 60 && !/[.;]\s/.test(rest)) return { title: rest.replace(/[.:]$/, '').trim(), body: '' };
  return { body: rest };
}

export function isTitleCase(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length === 0 || words.length > 10) return false;
  const first = words[0] ?? '';
  if (!/^["“'(]?[A-Z]/.test(first)) return false;
  return words.every((w) => /^["“'(&]?[A-Z0-9]/.test(w) || SMALL_WORDS.has(w.toLowerCase()) || /^[-–—&/]$/.test(w));
}

function isAllCapsHeading(line: string): boolean {
  if (line.length > 80 || /[a-z\uAC00-\uD7A3]/.test(line)) return false;
  const letters = line.match(/[A-Z]/g)?.length ?? 0;
  if (letters < 4) return false;
  const words = line.split(/\s+/).length;
  return words <= 10 && !/[.;,]$/.test(line);
}
