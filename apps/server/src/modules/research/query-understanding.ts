import { LEGAL_VOCABULARY } from './vocabulary';

/**
 * What a question says beyond its words, read without the database: everyday words the legal
 * vocabulary maps to statute terms, the statutes it names, the articles it cites, and the past date
 * it asks about. Pure; the statute names it knows come from the caller (the shipped index).
 */

export interface StatuteName {
  /** The name without spaces, as typed (하도급법, 근로기준법). */
  name: string;
  /** The statute's folder (법령명 without spaces): the Act and its decree and rules share it. */
  folder: string;
}

export interface ArticleMention {
  folder: string;
  kind: '법률' | '시행령' | '시행규칙';
  article: string;
  paragraph: number | null;
}

export interface UnderstoodQuestion {
  /** The question without the date phrase, for the term search. */
  text: string;
  expansions: Array<{ from: string; to: string[] }>;
  /** Folders of the statutes the question names. */
  statutes: string[];
  /** The names it used for them, as matched (without spaces). */
  statuteNames: string[];
  articles: ArticleMention[];
  /** The date the question asks about (YYYY-MM-DD), or null for "now". */
  asOf: string | null;
  /** A foreign jurisdiction the question is about (미국, 일본...): Korean statutes are no basis for it. */
  foreign: string | null;
}

const FOREIGN_JURISDICTIONS = [
  '미국', '캘리포니아', '뉴욕주', '델라웨어', '일본', '중국', '독일', '프랑스', '영국', '유럽연합', '싱가포르', '홍콩', '베트남', '대만', '캐나다', '호주',
  'california', 'delaware', 'new york', 'japan', 'china', 'germany', 'france', 'england', 'singapore', 'european union', 'u.s.', 'usa',
];
/** Words of questions about Korean law on foreign matters (governing law, foreign investors), which the corpus does answer. */
const FOREIGN_MATTERS = /준거법|국제사법|외국인|외국환|외국법인|외국인투자|국제재판관할/u;

/** The foreign jurisdiction a question is about, unless it asks how Korean law treats foreign matters. */
export function foreignJurisdiction(question: string): string | null {
  if (FOREIGN_MATTERS.test(question)) return null;
  const lower = question.toLowerCase();
  return FOREIGN_JURISDICTIONS.find((j) => (/^[a-z]/.test(j) ? new RegExp(`\\b${j.replaceAll('.', '\\.')}(?![a-z])`, 'u').test(lower) : lower.includes(j))) ?? null;
}

const compact = (s: string) => s.normalize('NFC').replace(/[\s「」『』]/gu, '').replace(/[·・･]/gu, 'ㆍ').toLowerCase();

/** Everyday words of the question and the statute terms they stand for. */
export function expandVocabulary(question: string): Array<{ from: string; to: string[] }> {
  const text = compact(question);
  const out: Array<{ from: string; to: string[] }> = [];
  for (const entry of LEGAL_VOCABULARY) {
    const word = entry.words.find((w) => text.includes(compact(w)));
    if (word) out.push({ from: word, to: [...entry.terms] });
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const TEMPORAL = '(?:당시|기준|때|무렵|시점|현재|에는|에|의)';

/**
 * The past date a question asks about, and the phrase that said it. A named year or month means
 * the law in force at its end ("2012년 당시" -> 2012-12-31); "N년 개정 전" the law before that year's
 * amendments (N-1년 말). A date in the future (or none) is null: the law in force today.
 */
export function askedDate(question: string, today: string): { asOf: string; phrase: string } | null {
  const patterns: Array<[RegExp, (m: RegExpExecArray) => string | null]> = [
    [/((?:19|20)\d{2})\s*년\s*개정\s*(?:전|이전|되기\s*전)/u, (m) => `${Number(m[1]) - 1}-12-31`],
    [/((?:19|20)\d{2})\s*[년.-]\s*(\d{1,2})\s*[월.-]\s*(\d{1,2})\s*일?/u, (m) => validDate(Number(m[1]), Number(m[2]), Number(m[3]))],
    [new RegExp(`((?:19|20)\\d{2})\\s*년\\s*(\\d{1,2})\\s*월\\s*${TEMPORAL}?`, 'u'), (m) => validDate(Number(m[1]), Number(m[2]), lastDayOfMonth(Number(m[1]), Number(m[2])))],
    [new RegExp(`((?:19|20)\\d{2})\\s*년\\s*${TEMPORAL}`, 'u'), (m) => `${m[1]}-12-31`],
    [/\b(?:in|as of|before)\s+((?:19|20)\d{2})\b/iu, (m) => (/before/i.test(m[0]) ? `${Number(m[1]) - 1}-12-31` : `${m[1]}-12-31`)],
  ];
  for (const [pattern, toDate] of patterns) {
    const m = pattern.exec(question);
    if (!m) continue;
    const asOf = toDate(m);
    if (asOf && asOf < today) return { asOf, phrase: m[0] };
    return null;
  }
  return null;
}

function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > lastDayOfMonth(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The statutes a question names, longest name first so that 하도급법 is not also read as 법, and a
 * name inside a longer one (민법 in 국제사법) is not counted twice.
 */
export function namedStatutes(question: string, names: readonly StatuteName[]): Array<StatuteName & { at: number }> {
  const text = compact(question);
  const taken: boolean[] = new Array(text.length).fill(false);
  const found: Array<StatuteName & { at: number }> = [];
  const sorted = [...names].sort((a, b) => b.name.length - a.name.length);
  for (const candidate of sorted) {
    const needle = compact(candidate.name);
    let at = text.indexOf(needle);
    while (at >= 0) {
      const free = !taken.slice(at, at + needle.length).some(Boolean);
      if (free) {
        for (let i = at; i < at + needle.length; i++) taken[i] = true;
        found.push({ ...candidate, at });
      }
      at = text.indexOf(needle, at + needle.length);
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';

/** "민법 제4조", "하도급법 시행령 제7조의2 제1항": the articles a question cites by statute and number. */
export function citedArticles(question: string, names: readonly StatuteName[]): ArticleMention[] {
  const text = compact(question);
  const statutes = namedStatutes(question, names);
  const out: ArticleMention[] = [];
  for (const m of text.matchAll(/제(\d+)조(?:의(\d+))?(?:제(\d+)항|([①-⑳]))?/gu)) {
    const at = m.index ?? 0;
    const before = statutes.filter((s) => s.at < at).at(-1);
    if (!before) continue;
    const between = text.slice(before.at + compact(before.name).length, at);
    const kind = between.startsWith('시행규칙') ? '시행규칙' : between.startsWith('시행령') ? '시행령' : '법률';
    const paragraph = m[3] ? Number(m[3]) : m[4] ? CIRCLED.indexOf(m[4]) + 1 : null;
    out.push({ folder: before.folder, kind, article: `제${Number(m[1])}조${m[2] ? `의${Number(m[2])}` : ''}`, paragraph });
  }
  return out;
}

export function understandQuestion(question: string, names: readonly StatuteName[], today: string): UnderstoodQuestion {
  const date = askedDate(question, today);
  const named = namedStatutes(question, names);
  return {
    text: date ? question.replace(date.phrase, ' ') : question,
    expansions: expandVocabulary(question),
    statutes: [...new Set(named.map((s) => s.folder))],
    statuteNames: [...new Set(named.map((s) => s.name))],
    articles: citedArticles(question, names),
    asOf: date?.asOf ?? null,
    foreign: foreignJurisdiction(question),
  };
}
