import type { AnalyzedClause, ClauseLabel } from '@legal/api';

/**
 * The clauses of a contract's text, pure: where each article starts (제1조 (목적), 제 2 조 [정의],
 * Article 1., Section 2 - Term, 1. Services., 4. PURCHASE ORDERS 4.1 ...), where it ends, and what
 * it is about. Offsets are
 * character offsets into the text as given (the revision's extracted text), never into a
 * normalised copy, so the web app can point at them.
 */

export interface ArticleHeading {
  /** Offset of the heading's first character. */
  start: number;
  /** Offset just after the heading (its title included). */
  headingEnd: number;
  number: number;
  heading: string;
  title: string | null;
  /** Where the clause ends when it is not where the next one starts (a row of a key-terms table). */
  end?: number;
}

type Style = 'ko' | 'article' | 'numbered' | 'decimal' | 'koNumbered' | 'keyTerms';

// 제1조, 제 1 조, 제1조의2, then an optional bracketed title: (목적) [정의] 【목적】 〔목적〕 <목적> 「목적」
const KO_ARTICLE = /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?[ \t]*(제[ \t]*(\d{1,3})[ \t]*조(?:[ \t]*의[ \t]*\d{1,2})?)(?:\*\*)?[ \t]*(?:[(（[【〔<〈「][ \t]*([^)）\]】〕>〉」\n]{1,40}?)[ \t]*[)）\]】〕>〉」])?(?:\*\*)?([^\n]*)/gm;
/** After an article number without a title: a particle or a conjunction means a cross-reference ("제3조에 따라"). */
const KO_REFERENCE = /^\s*(?:에|의|을|를|은|는|이|가|와|과|및|또는|내지|부터|까지|에서|로|으로|·|ㆍ|,|~|-)/;
const EN_ARTICLE = /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?[ \t]*((?:ARTICLE|Article|SECTION|Section)[ \t]+(\d{1,3}|[IVXL]{1,6})(?![\w.]\d)(?![a-z]))\.?(?:\*\*)?[ \t]*(?:[-–—:.][ \t]*)?([^\n]*)/gm;
// "1. Services. The Company ...", "7. Confidential Information.", "1. **Introduction**. This ...": at a line start or inline after a sentence.
// "1. Definitions" alone on a short line.
const EN_NUMBERED_LINE = /(?<=^|\n)[ \t]*(?:\*\*)?((\d{1,2})\.?)(?:\*\*)?[ \t]+(?:\*\*)?([A-Z][^\n.:]{0,60}?)(?:\*\*)?[ \t]*(?=\n|$)/g;
const EN_NUMBERED = /(?<=^|\n[ \t]*|[.;:!?"”’)\]][ \t]+)(?:\*\*)?((\d{1,2})\.)(?:\*\*)?[ \t]+(?:\*\*)?([A-Z][^.:\n]{0,80}?)(?:\*\*)?[.:](?=\s|$)/g;

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with', 'under', 'upon', 'into', 'per', 'not']);

/** "Conflicts of Interest, Non-Competition" yes; "The Company shall pay" no. */
export function isTitleCase(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length === 0 || words.length > 10) return false;
  if (!/^["“'(]?[A-Z]/.test(words[0] ?? '')) return false;
  return words.every((w) => /^["“'(&]?[A-Z0-9]/.test(w) || SMALL_WORDS.has(w.toLowerCase().replace(/[,;]$/, '')) || /^[-–—&/]$/.test(w));
}

function koreanHeadings(text: string): ArticleHeading[] {
  const found: ArticleHeading[] = [];
  let last = 0;
  for (const m of text.matchAll(KO_ARTICLE)) {
    const number = Number(m[2]);
    const bracketed = m[3]?.trim() || null;
    const rest = m[4] ?? '';
    if (!bracketed && KO_REFERENCE.test(rest)) continue;
    // Numbers only go up: a repeated or lower number is a reference or an addendum's own numbering.
    if (number <= last) continue;
    const lead = m[0].length - m[0].trimStart().length;
    const start = m.index + lead;
    let title = bracketed;
    let headingEnd = m.index + m[0].length - rest.length;
    // 제4조 계약금액 (a short title without brackets, alone on its line)
    const plain = rest.trim();
    if (!title && plain && plain.length <= 20 && !/[.。]$|다\.?$/.test(plain)) {
      title = plain.replace(/^\*\*|\*\*$/g, '').trim();
      headingEnd = m.index + m[0].length;
    }
    const heading = text.slice(start, headingEnd).replace(/\*\*/g, '').replace(/^#+\s*/, '').trim();
    found.push({ start, headingEnd, number, heading, title });
    last = number;
  }
  return found;
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50 };

/** 12 -> 12, XIV -> 14. */
export function articleNumber(written: string): number {
  if (/^\d+$/.test(written)) return Number(written);
  let total = 0;
  for (let i = 0; i < written.length; i++) {
    const value = ROMAN[written[i]!] ?? 0;
    const next = ROMAN[written[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

function articleHeadings(text: string): ArticleHeading[] {
  const found: ArticleHeading[] = [];
  let last = 0;
  for (const m of text.matchAll(EN_ARTICLE)) {
    const number = articleNumber(m[2]!);
    if (number <= last) continue;
    const lead = m[0].length - m[0].trimStart().length;
    const start = m.index + lead;
    const rest = (m[3] ?? '').replace(/\*\*/g, '').trim();
    let title: string | null = null;
    let headingEnd = m.index + m[0].length - (m[3] ?? '').length;
    const dot = /^(.{1,80}?)[.:](?:\s|$)/.exec(rest);
    if (dot?.[1] && isTitleCase(dot[1])) {
      title = dot[1].trim();
      headingEnd += (m[3] ?? '').indexOf(dot[1]) + dot[1].length + 1;
    } else if (rest && rest.length <= 60 && !/[.;]\s/.test(rest)) {
      title = rest.replace(/[.:]$/, '').trim();
      headingEnd = m.index + m[0].length;
    } else if (!rest) {
      // ARTICLE 1 on its own line, its title on the next one.
      const next = /^\n[ \t]*([^\n]{1,60})/.exec(text.slice(m.index + m[0].length));
      const candidate = next?.[1]?.replace(/\*\*/g, '').trim();
      if (candidate && (isTitleCase(candidate) || /^[A-Z0-9 ,;&-]+$/.test(candidate))) {
        title = candidate.replace(/[.:]$/, '');
        headingEnd = m.index + m[0].length + (next?.[0].length ?? 0);
      }
    }
    const heading = text.slice(start, headingEnd).replace(/\*\*/g, '').replace(/^#+\s*/, '').replace(/\s+/g, ' ').trim();
    found.push({ start, headingEnd, number, heading, title });
    last = number;
  }
  return found;
}

function numberedHeadings(text: string): ArticleHeading[] {
  const found: ArticleHeading[] = [];
  let expected = 1;
  const candidates = [...text.matchAll(EN_NUMBERED), ...text.matchAll(EN_NUMBERED_LINE)].sort((a, b) => a.index - b.index);
  for (const m of candidates) {
    const number = Number(m[2]);
    const title = (m[3] ?? '').trim();
    // Strictly 1, 2, 3 ...: list items inside a clause and numbers in sentences do not break it up.
    if (number !== expected || !isTitleCase(title)) continue;
    if (found.length > 0 && m.index < found.at(-1)!.headingEnd) continue;
    const start = m.index + (m[0].length - m[0].trimStart().length);
    const headingEnd = m.index + m[0].length;
    found.push({ start, headingEnd, number, heading: `${m[1]!.replace(/\.?$/, '.')} ${title}`, title });
    expected++;
  }
  return found;
}

// Decimal numbering, as CUAD's filings write it, often whole sections on one line: "1. Definitions
// 1.1. "API" means ...", "4. PURCHASE ORDERS 4.1 Each ...", "4.3. Delivery Terms. ...", "4.3.1 ...".
// Where a heading may stand: a line start, a run of blanks, or after a sentence's end.
const AT_HEADING = String.raw`(?<=^|\n[ \t]*|[ \t]{2}|[.;:!?"”’)\]][ \t]+)`;
/** "4. PURCHASE ORDERS 4.1": a section's title runs up to its first sub-section's number. */
const EN_SECTION_BEFORE_SUB = new RegExp(String.raw`${AT_HEADING}((\d{1,2})\.)[ \t]+([A-Z][^\n]{0,80}?)[.:]?[ \t]+(?=\2\.1(?!\d))`, 'g');
/** "8. Non-Solicitation of Customers, Referral Sources, and Business Partners" alone on its line (longer than EN_NUMBERED_LINE reads). */
const EN_SECTION_LINE = /(?<=^|\n)[ \t]*(?:\*\*)?((\d{1,2})\.)(?:\*\*)?[ \t]+(?:\*\*)?([A-Z][^\n.:]{0,100}?)(?:\*\*)?[ \t]*(?=\n|$)/g;
/** "15. FORCE MAJEURE Notwithstanding ...": a title in capitals, then the section's first sentence. */
const EN_SECTION_CAPS = new RegExp(String.raw`${AT_HEADING}((\d{1,2})\.)[ \t]+([A-Z][A-Z0-9&,;'’\- ]{1,80}?[A-Z])(?=[ \t]+[A-Z][a-z])`, 'g');
/** "4.1 Contractor shall", "4.3. Delivery Terms.", "2.1.1 The": a numbered sub-section and what follows it. */
const EN_SUBSECTION = new RegExp(String.raw`${AT_HEADING}((\d{1,2})\.(\d{1,2})(?:\.\d{1,2})*\.?)(?!\d)[ \t]+(?=["“(A-Z])`, 'g');

/** How many section headings in a row may go unrecognised between two that are. */
const MAX_SECTION_GAP = 2;

interface SectionCandidate {
  index: number;
  major: number;
  /** The heading as written up to its end (number and title). */
  headingEnd: number;
  title: string | null;
  /** A titled section heading ("4. PURCHASE ORDERS"), not its first sub-section ("4.1"). */
  isTitled: boolean;
}

/**
 * Sections of a document numbered 1., 1.1, 1.1.1: each top-level section is a clause (its
 * sub-sections stay inside it, as under 제N조 or "1. Services."). A section starts at its titled
 * heading ("4. PURCHASE ORDERS", "5. INTELLECTUAL PROPERTY.", "15. FORCE MAJEURE Notwithstanding")
 * or, where the document writes none,
 * at its first sub-section ("4.1 ..."). Section numbers only go up, by one (or a little more, where
 * headings were not recognised): a cross-reference to "Section 4.3" does not split anything, and
 * neither do dates (1.4.2011) or amounts.
 */
function decimalHeadings(text: string): ArticleHeading[] {
  const candidates: SectionCandidate[] = [];
  for (const m of [...text.matchAll(EN_NUMBERED), ...text.matchAll(EN_NUMBERED_LINE), ...text.matchAll(EN_SECTION_LINE), ...text.matchAll(EN_SECTION_BEFORE_SUB), ...text.matchAll(EN_SECTION_CAPS)]) {
    const title = (m[3] ?? '').replace(/\*\*/g, '').trim();
    if (!isTitleCase(title)) continue;
    const index = m.index + (m[0].length - m[0].trimStart().length);
    candidates.push({ index, major: Number(m[2]), headingEnd: m.index + m[0].trimEnd().length, title: title.replace(/[.:]$/, ''), isTitled: true });
  }
  for (const m of text.matchAll(EN_SUBSECTION)) {
    if (Number(m[3]) !== 1) continue;
    const index = m.index + (m[0].length - m[0].trimStart().length);
    const after = m.index + m[0].length;
    const titled = /^([^\n]{1,80}?)[.:](?=\s|$)/.exec(text.slice(after, after + 100));
    const title = titled?.[1] && isTitleCase(titled[1]) ? titled[1].trim() : null;
    candidates.push({ index, major: Number(m[2]), headingEnd: title ? after + titled![0].length : index + m[1]!.length, title, isTitled: false });
  }
  // At the same place a titled heading goes first.
  candidates.sort((a, b) => a.index - b.index || Number(b.isTitled) - Number(a.isTitled));
  // The longest run of sections whose numbers go up by one to three (a heading or two the patterns
  // miss), in text order; of runs as long, the earliest. A stray number (a cross-reference, a list
  // restarting at 1 inside a section, an exhibit's own numbering) falls outside it.
  const follows = (a: SectionCandidate, b: SectionCandidate) => b.index >= a.headingEnd && b.major > a.major && b.major - a.major <= MAX_SECTION_GAP + 1;
  const runLength = new Array<number>(candidates.length).fill(1);
  for (let i = candidates.length - 1; i >= 0; i--) {
    for (let j = i + 1; j < candidates.length; j++) if (follows(candidates[i]!, candidates[j]!)) runLength[i] = Math.max(runLength[i]!, runLength[j]! + 1);
  }
  const found: ArticleHeading[] = [];
  let at = runLength.indexOf(Math.max(0, ...runLength));
  while (at >= 0) {
    const c = candidates[at]!;
    const heading = text.slice(c.index, c.headingEnd).replace(/\*\*/g, '').replace(/\s+/g, ' ').trim().replace(/[.:]$/, '');
    found.push({ start: c.index, headingEnd: c.headingEnd, number: c.major, heading, title: c.title });
    const from = at;
    at = candidates.findIndex((next, j) => j > from && runLength[j] === runLength[from]! - 1 && follows(c, next));
  }
  // One numbered paragraph is not a sectioned document.
  return found.length >= 2 ? found : [];
}

// "1. 목적" or "2. 계약기간: ..." at a line start (Korean documents numbered without 제N조).
const KO_NUMBERED = /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?((\d{1,2})\.)(?:\*\*)?[ \t]*([가-힣][가-힣 ·ㆍ및]{0,18}[가-힣])(?:\*\*)?[ \t]*(?=[:：]|\n|$)/gm;

function koreanNumberedHeadings(text: string): ArticleHeading[] {
  const found: ArticleHeading[] = [];
  let expected = 1;
  for (const m of text.matchAll(KO_NUMBERED)) {
    if (Number(m[2]) !== expected) continue;
    const lead = m[0].length - m[0].trimStart().length;
    const title = (m[3] ?? '').trim();
    found.push({ start: m.index + lead, headingEnd: m.index + m[0].length, number: expected, heading: `${m[1]} ${title}`, title });
    expected++;
  }
  return found;
}

// A row of a two-column table, as extraction writes it ("Governing Law<TAB>The laws of ..."): a short
// name on the left (no sentence, no "Signature:" field), something on the right, no third cell.
const KEY_TERM_ROW = /^ *([A-Z가-힣][^\t\n:.;]{0,59})\t *([^\t\n]*\S[^\t\n]*)$/gm;

/**
 * Cover pages and term sheets (Bonterms, Common Paper cover pages, order forms, 계약 요약표) have no
 * numbered articles: their terms are the rows of a two-column table. Each row is a clause named by
 * its left cell. Only used when the text has no articles.
 */
function keyTermHeadings(text: string): ArticleHeading[] {
  const found: ArticleHeading[] = [];
  for (const m of text.matchAll(KEY_TERM_ROW)) {
    const title = m[1]!.trim();
    if (title.split(/\s+/).length > 8) continue;
    const start = m.index + (m[0].length - m[0].trimStart().length);
    found.push({ start, headingEnd: start + m[1]!.length, number: found.length + 1, heading: title, title, end: m.index + m[0].length });
  }
  return found;
}

/** The article headings of the text in the style it uses most clearly (Korean 제N조 first); key-term rows when it has none. */
export function findHeadings(text: string): ArticleHeading[] {
  const numbered = numberedHeadings(text);
  const decimal = decimalHeadings(text);
  const candidates: Array<[Style, ArticleHeading[]]> = [
    ['ko', koreanHeadings(text)],
    ['article', articleHeadings(text)],
    // Sections numbered 1., 1.1 where they find more than the plain "1. Title." reading does.
    decimal.length > numbered.length ? ['decimal', decimal] : ['numbered', numbered],
    ['koNumbered', koreanNumberedHeadings(text)],
    ['keyTerms', keyTermHeadings(text)],
  ];
  const clear = candidates.find(([, list]) => list.length >= 2);
  if (clear) return clear[1];
  return candidates.reduce((best, c) => (c[1].length > best[1].length ? c : best))[1];
}

// Where the last article ends: the signature part of the document.
const END_MARKERS = [
  /IN WITNESS WHEREOF/i,
  /(?:이\s*)?계약(?:의)?\s*(?:성립|체결)을\s*증명하기\s*위하여/,
  // A date on its own line, the signing date line or a party's signature line.
  /\n[ \t]*\d{4}\s*년\s*\d{1,2}\s*월\s*\d{1,2}\s*일[ \t]*(?=\n|$)/,
  /\n[ \t]*\d{4}[ \t]*[.\-/][ \t]*\d{1,2}[ \t]*[.\-/][ \t]*\d{1,2}[ \t]*\.?[ \t]*(?=\n|$)/,
  /\n[ \t]*(?:계약[ \t]*(?:체결[ \t]*)?일(?:자)?|체결[ \t]*일(?:자)?|작성[ \t]*일(?:자)?)[ \t]*[:：]/,
  /\n[ \t]*[[【(]?[ \t]*["“]?(?:갑|을)["”]?[ \t]*[\]】)]?[ \t]*(?:[:：]|\n)/,
  /\n[ \t]*(?:임대인|임차인|매도인|매수인|발주자|수급인|도급인|위탁자|수탁자)[ \t]*[(（][ \t]*(?:갑|을)[ \t]*[)）]/,
  /\n[ \t]*[[【(]?[ \t]*(?:별[ \t]*첨|첨[ \t]*부|부[ \t]*칙|붙[ \t]*임)(?![가-힣])/,
];

/** Where the body of the last article stops (the signature block, addenda), or the end of the text. */
export function endOfLastArticle(text: string, lastHeadingEnd: number): number {
  const tail = text.slice(lastHeadingEnd);
  let end = text.length;
  for (const marker of END_MARKERS) {
    const m = marker.exec(tail);
    if (m) end = Math.min(end, lastHeadingEnd + m.index);
  }
  return end;
}

// Labels -----------------------------------------------------------------------------------------------

/** Words of a heading (or, weighted, of a clause's text) that say what the clause is about. */
const LABEL_WORDS: ReadonlyArray<[ClauseLabel, RegExp, number]> = [
  ['PURPOSE', /목\s*적(?!\s*물)|\bpurpose\b|\bintroduction\b|\bbackground\b|\brecitals?\b/gi, 1],
  ['DEFINITIONS', /정\s*의|용어의?\s*(?:정의|뜻)|\bdefinitions?\b|\bdefined terms\b|\binterpretation\b/gi, 1],
  ['TERM', /계약\s*기간|유효\s*기간|존속\s*기간|기\s*간|갱\s*신|효력\s*발생|\bterm\b|\bduration\b|\brenewal\b|\beffective date\b/gi, 0.5],
  ['PAYMENT', /대\s*금|지\s*급|금\s*액|(?<!하자\s*)보\s*수|수수료|대\s*가|정\s*산|임대료|차\s*임|보증금|요\s*금|\bpayments?\b|\bfees?\b|\bcompensation\b|\bprices?\b|\bpricing\b|\binvoic\w*|\bconsideration\b|\broyalt\w*|\breimburse\w*/gi, 1],
  ['CONFIDENTIALITY', /비\s*밀|기\s*밀|\bconfidential\w*|\bnon-?disclosure\b/gi, 1],
  ['TERMINATION', /해\s*지|해\s*제|계약의?\s*종료|\bterminat\w*|\bcancellation\b/gi, 1],
  ['LIABILITY', /손해\s*배상|배\s*상|책\s*임|지체\s*상금|하\s*자|\bliabilit\w*|\bdamages\b|\bwarrant\w*/gi, 0.7],
  ['INDEMNIFICATION', /면\s*책|\bindemn\w*|\bhold harmless\b/gi, 1],
  ['GOVERNING_LAW', /준\s*거\s*법|적용\s*법|\bgoverning law\b|\bapplicable law\b|\bchoice of law\b/gi, 1.5],
  ['DISPUTE_RESOLUTION', /분\s*쟁|관\s*할|중\s*재|소\s*송|\bdisputes?\b|\barbitrat\w*|\bjurisdiction\b|\bvenue\b/gi, 1],
  ['IP', /지식\s*재산|지적\s*재산|저작권|특\s*허|산업\s*재산|산출물|권리의?\s*귀속|\bintellectual property\b|\bownership\b|\bproprietary rights\b|\bcopyrights?\b|\bpatents?\b|\binventions?\b/gi, 1],
  ['ASSIGNMENT', /양\s*도|승\s*계|\bassign\w*|\bsuccessors\b/gi, 1],
  ['FORCE_MAJEURE', /불\s*가\s*항\s*력|\bforce majeure\b|\bacts? of god\b/gi, 2],
  ['NOTICE', /통\s*지|통\s*보|\bnotices?\b/gi, 0.3],
];
/** Headings of boilerplate the labels do not cover: OTHER, with confidence. */
const OTHER_HEADING =
  /기\s*타|일반\s*(?:조항|사항)|경업\s*금지|\bmiscellaneous\b|\bgeneral provisions\b|\bentire agreement\b|\bseverability\b|\bcounterparts\b|\bwaiver\b|\bheadings\b|\bnon-?competition\b|\bnon-?solicitation\b|\bexclusivity\b|\bconflicts? of interest\b/i;

/**
 * The label whose word comes first in the heading ("준거법 및 관할" is GOVERNING_LAW). A Korean
 * heading names its subject last: "비밀정보의 정의" is about definitions, "권리의무의 양도" about
 * assignment, so the words after the last "의" are read first.
 */
function labelOfHeading(title: string): { label: ClauseLabel; confidence: number } | null {
  const head = /[가-힣]의\s+(.+)$/.exec(title)?.[1];
  return (head ? firstLabelIn(head) : null) ?? firstLabelIn(title);
}

function firstLabelIn(title: string): { label: ClauseLabel; confidence: number } | null {
  const hits: Array<{ label: ClauseLabel; at: number }> = [];
  for (const [label, words] of LABEL_WORDS) {
    const m = new RegExp(words.source, 'i').exec(title);
    if (m) hits.push({ label, at: m.index });
  }
  const other = OTHER_HEADING.exec(title);
  if (other) hits.push({ label: 'OTHER', at: other.index });
  if (hits.length === 0) return null;
  hits.sort((a, b) => a.at - b.at);
  const distinct = new Set(hits.map((h) => h.label));
  return { label: hits[0]!.label, confidence: distinct.size === 1 ? 0.95 : 0.85 };
}

/** Without a telling heading: the label whose words the clause uses most (weighted), or OTHER. */
function labelOfText(body: string): { label: ClauseLabel; confidence: number } {
  const scores = LABEL_WORDS.map(([label, words, weight]) => ({ label, score: Math.min(body.match(words)?.length ?? 0, 4) * weight }));
  scores.sort((a, b) => b.score - a.score);
  const [top, second] = scores;
  if (!top || top.score < 1) return { label: 'OTHER', confidence: 0.3 };
  const margin = top.score - (second?.score ?? 0);
  return { label: top.label, confidence: Math.min(0.75, 0.4 + 0.05 * top.score + 0.05 * margin) };
}

export function labelClause(title: string | null, body: string): { label: ClauseLabel; confidence: number } {
  const byHeading = title ? labelOfHeading(title) : null;
  if (byHeading) return byHeading;
  const byText = labelOfText(body);
  // A heading none of the rules know ("계약의 변경", "검수") is itself a hint that the clause is something else.
  return title && byText.confidence < 0.55 ? { label: 'OTHER', confidence: 0.5 } : byText;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The text split into labelled clauses, in order; empty when the text has no recognisable articles. */
export function splitClauses(text: string): AnalyzedClause[] {
  const headings = findHeadings(text);
  return headings.map((h, i) => {
    const next = headings[i + 1];
    const rawEnd = h.end ?? (next ? next.start : endOfLastArticle(text, h.headingEnd));
    let end = rawEnd;
    while (end > h.start && /\s/.test(text[end - 1]!)) end--;
    const clauseText = text.slice(h.start, end);
    const { label, confidence } = labelClause(h.title, text.slice(h.headingEnd, end));
    return { label, heading: h.heading || null, text: clauseText, startOffset: h.start, endOffset: end, confidence: round2(confidence) };
  });
}
