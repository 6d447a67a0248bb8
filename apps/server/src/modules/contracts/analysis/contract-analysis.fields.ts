import {
  type AnalyzedClause, type ContractLanguage, type ContractType, type DisputeResolutionMethod, isIsoCurrency, type SuggestedField,
} from '@legal/api';

/**
 * The fields of a contract read from its text, pure: dates, the period, the amount, governing
 * law, dispute resolution, type and language. Each finder answers the value with the
 * span it was read from (evidence), or null. Korean wording first (계약기간 ... 부터 ... 까지,
 * 금 일억원정(₩100,000,000), 서울중앙지방법원), English second (dated as of April 1, 2019, USD 10,000,
 * the laws of the State of New York).
 */

export interface Found<T> {
  value: T;
  start: number;
  end: number;
}

export interface Evidence {
  field: SuggestedField;
  text: string;
  startOffset: number;
  endOffset: number;
}

// Dates -----------------------------------------------------------------------------------------------

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)';
const DATE_PATTERNS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => [number, number, number]]> = [
  [/(\d{4})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일/g, (m) => [+m[1]!, +m[2]!, +m[3]!]],
  [/(?<![\d-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\d-])/g, (m) => [+m[1]!, +m[2]!, +m[3]!]],
  [/(?<![\d.])(\d{4})\s*\.\s*(\d{1,2})\s*\.\s*(\d{1,2})(?!\d)\.?/g, (m) => [+m[1]!, +m[2]!, +m[3]!]],
  [/(?<![\d/])(\d{4})\/(\d{1,2})\/(\d{1,2})(?![\d/])/g, (m) => [+m[1]!, +m[2]!, +m[3]!]],
  [new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'g'), (m) => [+m[3]!, monthOf(m[1]!), +m[2]!]],
  [new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:day\\s+of\\s+)?${MONTH}\\.?,?\\s+(\\d{4})\\b`, 'g'), (m) => [+m[3]!, monthOf(m[2]!), +m[1]!]],
];

function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** Every date written in the text, in order (2025년 3월 1일, 2025-03-01, 2025.3.1, March 1, 2025, 1st day of March, 2025). */
export function findDates(text: string): Array<Found<string>> {
  const found: Array<Found<string>> = [];
  for (const [pattern, parts] of DATE_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const iso = isoDate(...parts(m as RegExpExecArray));
      if (iso) found.push({ value: iso, start: m.index, end: m.index + m[0].length });
    }
  }
  found.sort((a, b) => a.start - b.start);
  // Overlapping matches (2025.03.01 also read as part of something longer): keep the first.
  return found.filter((d, i) => i === 0 || d.start >= found[i - 1]!.end);
}

/** `start` plus N years or months, minus a day: the last day of "1년간" from the start. */
export function addPeriod(start: string, amount: number, unit: 'year' | 'month'): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + (unit === 'year' ? amount : 0), m - 1 + (unit === 'month' ? amount : 0), d));
  target.setUTCDate(target.getUTCDate() - 1);
  return target.toISOString().slice(0, 10);
}

const BETWEEN_DATES = /^\s*(?:부터|로부터|에서|~|∼|〜|-|–|—|to|through|until|till|and ending on)\s*$/i;
const PERIOD_WORDS = /(?:계약|유효|용역|임대차|임대|존속|근로|공급|서비스)?\s*기\s*간|\bterm\b|\bperiod\b/i;
const RELATIVE_END = /^\s*(?:부터|로부터)?\s*(?:만\s*)?(\d{1,2})\s*(년|개월)\s*(?:간|동안|으로|로)?/;
const EN_RELATIVE_END = /^[^.]{0,80}?\bfor\s+(?:a\s+(?:period|term)\s+of\s+)?(?:\w+\s+)?\(?(\d{1,2})\)?\s+(years?|months?)\b/i;

export interface Period {
  start: Found<string> | null;
  end: Found<string> | null;
}

/** 계약기간 2025년 1월 1일부터 2025년 12월 31일까지 / from March 1, 2025 through February 28, 2026 / 2025.1.1 ~ 1년간. */
export function findPeriod(text: string, dates: Array<Found<string>>): Period {
  const pairs: Array<{ a: Found<string>; b: Found<string>; isNamed: boolean }> = [];
  for (let i = 0; i + 1 < dates.length; i++) {
    const a = dates[i]!;
    const b = dates[i + 1]!;
    if (!BETWEEN_DATES.test(text.slice(a.end, b.start)) || b.value < a.value) continue;
    pairs.push({ a, b, isNamed: PERIOD_WORDS.test(text.slice(Math.max(0, a.start - 80), a.start)) });
  }
  const pair = pairs.find((p) => p.isNamed) ?? pairs[0];
  if (pair) {
    const tail = /^\s*까지/.exec(text.slice(pair.b.end));
    return { start: pair.a, end: { ...pair.b, end: pair.b.end + (tail?.[0].length ?? 0) } };
  }
  // A start and a length: "2025년 1월 1일부터 1년간", "commencing on March 1, 2025 and continuing for two (2) years".
  for (const a of dates) {
    if (!PERIOD_WORDS.test(text.slice(Math.max(0, a.start - 80), a.start)) && !/commenc|effective|start/i.test(text.slice(Math.max(0, a.start - 40), a.start))) continue;
    const after = text.slice(a.end, a.end + 120);
    const ko = RELATIVE_END.exec(after);
    const en = ko ? null : EN_RELATIVE_END.exec(after);
    const m = ko ?? en;
    if (m) {
      const unit = /년|year/i.test(m[2]!) ? 'year' : 'month';
      return { start: a, end: { value: addPeriod(a.value, Number(m[1]), unit), start: a.start, end: a.end + m.index + m[0].length } };
    }
  }
  const startOnly = /\b(?:commenc\w*|effective|start\w*)\s+(?:on|as of|from)\s+$/i;
  const endOnly = /\b(?:until|through|expir\w*\s+on|terminat\w*\s+on|end\w*\s+on)\s+$/i;
  const start = dates.find((d) => startOnly.test(text.slice(Math.max(0, d.start - 40), d.start))) ?? null;
  const end = dates.find((d) => endOnly.test(text.slice(Math.max(0, d.start - 40), d.start)) && (!start || d.value >= start.value)) ?? null;
  return { start, end };
}

const SIGNED_LABEL = /(?:계약\s*(?:체결\s*)?일(?:자)?|체결\s*일(?:자)?|작성\s*일(?:자)?|서명\s*일(?:자)?)\s*[:：]?\s*$|\b(?:dated|made|entered\s+into|executed|signed)(?:\s+and\s+entered\s+into)?\s+(?:as\s+of|on|this)?\s*(?:the\s+)?$/i;

/**
 * The signing date: a labelled one (계약체결일: ..., dated as of ...), else the date standing on
 * its own line in the signature part after the last clause (Korean contracts date the signatures).
 */
export function findSignedDate(text: string, dates: Array<Found<string>>, bodyEnd: number, period: Period): Found<string> | null {
  const labelled = dates.find((d) => SIGNED_LABEL.test(text.slice(Math.max(0, d.start - 50), d.start)));
  if (labelled) return labelled;
  const used = new Set([period.start?.start, period.end?.start]);
  const tail = dates.filter((d) => d.start >= bodyEnd && !used.has(d.start));
  const alone = tail.find((d) => /(?:^|\n)[ \t]*$/.test(text.slice(Math.max(0, d.start - 20), d.start)) && /^[ \t.]*(?:\n|$)/.test(text.slice(d.end, d.end + 20)));
  return alone ?? null;
}

// Amount -------------------------------------------------------------------------------------------------

const HANGUL_DIGITS: Record<string, number> = { 영: 0, 공: 0, 일: 1, 이: 2, 삼: 3, 사: 4, 오: 5, 육: 6, 륙: 6, 칠: 7, 팔: 8, 구: 9 };
const SMALL_UNITS: Record<string, number> = { 십: 10, 백: 100, 천: 1000 };
const BIG_UNITS: Record<string, number> = { 만: 1e4, 억: 1e8, 조: 1e12 };

/** 일억오천만 -> 150000000, 1억 5천만 -> 150000000, 5,000만 -> 50000000; null when it is not a number. */
export function parseKoreanAmount(words: string): number | null {
  const tokens = words.replace(/[\s,]/g, '').match(/\d+(?:\.\d+)?|[영공일이삼사오육륙칠팔구십백천만억조]/g);
  if (!tokens || tokens.join('') !== words.replace(/[\s,]/g, '')) return null;
  let total = 0;
  let section = 0;
  let current: number | null = null;
  for (const token of tokens) {
    if (/^\d/.test(token)) current = Number(token);
    else if (token in HANGUL_DIGITS) current = HANGUL_DIGITS[token]!;
    else if (token in SMALL_UNITS) {
      section += (current ?? 1) * SMALL_UNITS[token]!;
      current = null;
    } else {
      section += current ?? 0;
      total += (section || 1) * BIG_UNITS[token]!;
      section = 0;
      current = null;
    }
  }
  total += section + (current ?? 0);
  return Number.isSafeInteger(Math.round(total)) && total > 0 ? total : null;
}

const digits = (s: string) => Number(s.replace(/,/g, ''));

/** A decimal string the amount field takes: no exponent, at most 4 decimals. */
export function decimalString(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0 || value >= 1e16) return null;
  return Number.isInteger(value) ? String(value) : value.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
}

interface AmountCandidate extends Found<{ amount: number; currency: string }> {
  weight: number;
}

const AMOUNT_PATTERNS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => { amount: number | null; currency: string } | null, number]> = [
  // 금 일억원정(₩100,000,000), 금 오천만 원정 (50,000,000원): the formal way; the figures in brackets win.
  [
    /금\s*([영공일이삼사오육륙칠팔구십백천만억조\s]+?)\s*원\s*정?\s*(?:[(（]\s*(?:₩|￦|\\|KRW)?\s*([\d,]+)\s*원?\s*(?:정)?\s*[)）])?/g,
    (m) => ({ amount: m[2] ? digits(m[2]) : parseKoreanAmount(m[1]!), currency: 'KRW' }),
    3,
  ],
  [/(?:₩|￦|\bKRW)\s*([\d,]+(?:\.\d+)?)/g, (m) => ({ amount: digits(m[1]!), currency: 'KRW' }), 1],
  [/(?<![\d.,])((?:\d[\d,]*(?:\.\d+)?\s*(?:조|억|천만|백만|만|천)?\s*)+)원(?!\s*정)/g, (m) => ({ amount: parseKoreanAmount(m[1]!), currency: 'KRW' }), 1],
  [/(?:\bUSD|\bUS\$|U\.S\.\s?\$|(?<![A-Z])\$)\s*([\d,]+(?:\.\d{1,2})?)/g, (m) => ({ amount: digits(m[1]!), currency: 'USD' }), 1],
  [/(?:미화|미국\s*달러)?\s*([\d,]+(?:\.\d{1,2})?)\s*(?:U\.S\.\s+dollars|US\s+dollars|dollars|달러|USD)/gi, (m) => ({ amount: digits(m[1]!), currency: 'USD' }), 1],
  [/(?:\bEUR|€)\s*([\d,]+(?:\.\d{1,2})?)|([\d,]+(?:\.\d{1,2})?)\s*(?:EUR\b|euros?|유로)/gi, (m) => ({ amount: digits(m[1] ?? m[2]!), currency: 'EUR' }), 1],
  [/(?:\bJPY|¥|￥)\s*([\d,]+)|([\d,]+)\s*(?:JPY\b|엔(?![가-힣]))/g, (m) => ({ amount: digits(m[1] ?? m[2]!), currency: 'JPY' }), 1],
  [/(?:\bCNY|\bRMB)\s*([\d,]+(?:\.\d{1,2})?)|([\d,]+(?:\.\d{1,2})?)\s*(?:CNY\b|위안)/g, (m) => ({ amount: digits(m[1] ?? m[2]!), currency: 'CNY' }), 1],
];

const AMOUNT_WORDS = /계약\s*금액|총\s*(?:계약\s*)?금액|용역\s*(?:대금|비|료)|매매\s*대금|공급\s*(?:대금|가액)|대\s*금|보\s*수|계약금|임대료|차\s*임|보증금|수수료|\btotal\b|\bfees?\b|\bprice\b|\bconsideration\b|\bamount\b|\bcompensation\b|\bpay\b/i;
const PENALTY_WORDS = /지체\s*상금|위약금|손해\s*배상|연체\s*이자|penalt|liquidated damages|interest|late/i;

/**
 * The contract amount: of every sum in the text, the one written the formal way (금 ... 원정), next
 * to words like 계약금액 / fee / price, or inside a payment clause; not a penalty.
 */
export function findAmount(text: string, clauses: AnalyzedClause[]): Found<{ amount: string; currency: string }> | null {
  const candidates: AmountCandidate[] = [];
  for (const [pattern, read, weight] of AMOUNT_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const value = read(m as RegExpExecArray);
      if (!value?.amount || value.amount <= 0) continue;
      const lead = m[0].length - m[0].trimStart().length;
      candidates.push({ value: { amount: value.amount, currency: value.currency }, start: m.index + lead, end: m.index + m[0].trimEnd().length, weight });
    }
  }
  let best: AmountCandidate | null = null;
  let bestScore = -Infinity;
  for (const c of candidates.sort((a, b) => a.start - b.start)) {
    const before = text.slice(Math.max(0, c.start - 60), c.start);
    const inPayment = clauses.some((cl) => cl.label === 'PAYMENT' && cl.startOffset <= c.start && c.start < cl.endOffset);
    const score = c.weight + (AMOUNT_WORDS.test(before) ? 2 : 0) + (inPayment ? 1 : 0) - (PENALTY_WORDS.test(before) ? 3 : 0);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  if (!best) return null;
  const amount = decimalString(best.value.amount);
  if (!amount || !isIsoCurrency(best.value.currency)) return null;
  return { value: { amount, currency: best.value.currency }, start: best.start, end: best.end };
}

const VAT = /(?:부가\s*가치\s*세|부가세|\bVAT\b)\s*(?:는|은|를|도)?\s*(불포함|미포함|별도|제외|포함|excluded|exclusive|not included|included|inclusive)|(?:exclusive|inclusive)\s+of\s+(?:VAT|value added tax)/gi;

/** 부가가치세 별도 / VAT 포함 / exclusive of VAT: the first statement after (or else anywhere near) the amount. */
export function findVat(text: string, amountAt: number | null): 'INCLUDED' | 'EXCLUDED' | null {
  const all = [...text.matchAll(VAT)];
  if (all.length === 0) return null;
  const near = amountAt === null ? all[0]! : (all.find((m) => m.index >= amountAt && m.index - amountAt < 200) ?? all[0]!);
  const word = (near[1] ?? near[0]).toLowerCase();
  return /불포함|미포함|별도|제외|excluded|exclusive|not included/.test(word) ? 'EXCLUDED' : 'INCLUDED';
}

// Law and disputes ------------------------------------------------------------------------------------

const KO_LAW = /(대한민국|한국|미국|일본|중국|영국|싱가포르|홍콩|독일|프랑스)\s*(?:의\s*)?(?:법률|법령|법)(?![원인])/;
const KO_COUNTRY_NAME: Record<string, string> = { 한국: '대한민국' };
const EN_LAW = /governed\s+by,?\s+(?:and\s+(?:shall\s+be\s+)?(?:construed|interpreted)(?:\s+and\s+enforced)?\s+in\s+accordance\s+with,?\s+)?the\s+(?:internal\s+|substantive\s+)?laws?\s+of\s+((?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+)?[A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*){0,3})/;
/** "the laws of the State designated on the Cover Page": no place named. */
const EN_LAW_UNNAMED = /^(?:the\s+)?(?:State|Country|Province|Jurisdiction|Governing|Cover|Applicable)\b/;

export function findGoverningLaw(text: string, clauses: AnalyzedClause[]): Found<string> | null {
  const lawClauses = clauses.filter((c) => c.label === 'GOVERNING_LAW' || c.label === 'DISPUTE_RESOLUTION');
  const places = lawClauses.length > 0 ? [...lawClauses.map((c) => ({ text: c.text, at: c.startOffset })), { text, at: 0 }] : [{ text, at: 0 }];
  for (const place of places) {
    const en = EN_LAW.exec(place.text);
    if (en && !EN_LAW_UNNAMED.test(en[1]!.replace(/^(?:the\s+)?(?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+/, ''))) return { value: `Laws of ${en[1]!.replace(/\s+/g, ' ').trim()}`, start: place.at + en.index, end: place.at + en.index + en[0].length };
    const ko = KO_LAW.exec(place.text);
    if (ko && (place.at > 0 || /준\s*거\s*법|따라\s*해석|의하여\s*해석|적용/.test(place.text.slice(ko.index, ko.index + 60)))) {
      const country = KO_COUNTRY_NAME[ko[1]!] ?? ko[1]!;
      return { value: `${country} 법`, start: place.at + ko.index, end: place.at + ko.index + ko[0].length };
    }
  }
  return null;
}

const ARBITRATION = /대한상사중재원|중재\s*(?:에\s*의|로|를|판정|인|절차|규칙|법)|\barbitrat\w*/i;
const LITIGATION = /[가-힣]*(?:지방|고등)?법원(?:을|으로|에)?\s*(?:제\s*1\s*심\s*)?(?:의\s*)?(?:전속\s*|합의\s*)?(?:관할|소송)|관할\s*법원|[가-힣]+지방법원|\bcourts?\s+(?:of|in|located)\b|\bjurisdiction\s+of\s+the\b[^.]{0,80}\bcourts?\b|\bexclusive\s+jurisdiction\b/i;
const MEDIATION = /조정\s*(?:위원회|에\s*회부|절차|을\s*신청|에\s*의)|\bmediat\w*/i;

/** 대한상사중재원 / arbitration -> ARBITRATION, 관할법원 / 서울중앙지방법원 / courts of -> LITIGATION, 조정 / mediation -> MEDIATION. */
export function findDisputeResolution(text: string, clauses: AnalyzedClause[]): Found<DisputeResolutionMethod> | null {
  const disputeClauses = clauses.filter((c) => c.label === 'DISPUTE_RESOLUTION' || c.label === 'GOVERNING_LAW');
  const places = disputeClauses.length > 0 ? disputeClauses.map((c) => ({ text: c.text, at: c.startOffset })) : [{ text, at: 0 }];
  for (const [method, pattern] of [['ARBITRATION', ARBITRATION], ['LITIGATION', LITIGATION], ['MEDIATION', MEDIATION]] as const) {
    for (const place of places) {
      const m = pattern.exec(place.text);
      if (m) return { value: method, start: place.at + m.index, end: place.at + m.index + m[0].length };
    }
  }
  return null;
}

// Type, language, title --------------------------------------------------------------------------------

const TYPE_WORDS: ReadonlyArray<[ContractType, RegExp]> = [
  ['NDA', /비밀\s*유지|기밀\s*유지|\bNDA\b|non-?disclosure|confidentiality\s+agreement/i],
  ['AMENDMENT', /변경\s*(?:계약|합의)|수정\s*계약|\bamendment\b|\baddendum\b/i],
  ['MOU', /양해\s*각서|업무\s*협약|\bMOU\b|memorandum\s+of\s+understanding|letter\s+of\s+intent/i],
  ['EMPLOYMENT', /근로\s*계약|고용\s*계약|연봉\s*계약|employment|offer\s+letter/i],
  ['LEASE', /임대차|임대\s*계약|전세|\blease\b/i],
  ['LOAN', /금전\s*소비\s*대차|대여금|차용|\bloan\b/i],
  ['INVESTMENT', /투자\s*계약|신주\s*인수|주식\s*매매|\binvestment\b|stock\s+purchase|\bSAFE\b|subscription\s+agreement/i],
  ['CONSTRUCTION', /공사|건설|도급|\bconstruction\b/i],
  ['LICENSE', /라이선스|라이센스|사용\s*허락|실시권|\blicen[cs]e\b/i],
  ['DISTRIBUTION', /대리점|총판|판매\s*대리|\bdistribut\w*|\breseller\b|\bdealer\b/i],
  ['SUPPLY', /물품\s*공급|공급\s*계약|납품|\bsupply\b|\bmanufactur\w*/i],
  ['SALES', /매매|구매\s*계약|판매\s*계약|\bpurchase\b|\bsale\b/i],
  ['OUTSOURCING', /위탁|\boutsourc\w*/i],
  ['PARTNERSHIP', /업무\s*제휴|제휴|협력\s*계약|\bpartnership\b|\balliance\b|\bcooperation\b|joint\s+venture|co-?branding/i],
  ['SERVICE', /용역|서비스\s*계약|컨설팅|자문\s*계약|\bservices?\s+agreement\b|\bconsulting\b|\bprofessional\s+services\b|\bhosting\b/i],
];

/** The catalogue's type from the title (decisive) and the opening of the text; null when nothing says. */
export function guessContractType(title: string | null, text: string): Found<ContractType> | null {
  if (title) {
    for (const [type, words] of TYPE_WORDS) if (words.test(title)) return { value: type, start: -1, end: -1 };
  }
  const opening = text.slice(0, 3000);
  let best: { type: ContractType; hits: number; at: number } | null = null;
  for (const [type, words] of TYPE_WORDS) {
    const all = [...opening.matchAll(new RegExp(words.source, 'gi'))];
    if (all.length > (best?.hits ?? 1)) best = { type, hits: all.length, at: all[0]!.index };
  }
  return best ? { value: best.type, start: best.at, end: best.at } : null;
}

/** ko when Hangul makes a fair share of the letters, ja with kana, zh with Han only, en with Latin letters. */
export function detectLanguage(text: string): ContractLanguage | null {
  const sample = text.slice(0, 20_000);
  const hangul = sample.match(/[\uAC00-\uD7A3]/g)?.length ?? 0;
  const kana = sample.match(/[\u3040-\u30FF]/g)?.length ?? 0;
  const han = sample.match(/[\u4E00-\u9FFF]/g)?.length ?? 0;
  const latin = sample.match(/[A-Za-z]/g)?.length ?? 0;
  const letters = hangul + kana + han + latin;
  if (letters < 20) return null;
  if (hangul / letters > 0.15) return 'ko';
  if (kana / letters > 0.05) return 'ja';
  if (han / letters > 0.3) return 'zh';
  return latin / letters > 0.5 ? 'en' : null;
}

const KO_TITLE = /(?:계약서?|협약서?|약정서|각서|합의서|확약서)$/;
const EN_TITLE_WORD = /\b(?:AGREEMENT|CONTRACT|ADDENDUM|AMENDMENT|Agreement|Contract|Addendum|Amendment|Letter of Intent|Memorandum of Understanding)\b/;

function titleCase(text: string): string {
  if (/[a-z]/.test(text)) return text;
  return text.toLowerCase().replace(/(^|[\s\-/(])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase()).replace(/\b(And|Of|For|The|To|In|On)\b/g, (w, _x, i: number) => (i === 0 ? w : w.toLowerCase()));
}

/** The document's own name: a short line near the top ending in 계약서 / Agreement ("용 역 계 약 서" joined). */
export function findTitle(text: string, bodyStart: number): Found<string> | null {
  const head = text.slice(0, Math.min(text.length, Math.max(bodyStart, 1500), 3000));
  let offset = 0;
  for (const raw of head.split('\n').slice(0, 20)) {
    const at = offset;
    offset += raw.length + 1;
    let line = raw.replace(/^#{1,6}\s*/, '').replace(/\*\*/g, '').trim();
    if (!line || line.length > 80 || /이하|다\.$/.test(line)) continue;
    if (/^(?:[가-힣]\s+){2,}[가-힣]$/.test(line)) line = line.replace(/\s+/g, '');
    if (KO_TITLE.test(line.replace(/\s+/g, '')) && /[가-힣]/.test(line)) return { value: line, start: at + raw.indexOf(raw.trim()), end: at + raw.length };
    if (EN_TITLE_WORD.test(line) && !/[.;]$/.test(line) && line.split(/\s+/).length <= 10) {
      return { value: titleCase(line), start: at + raw.indexOf(raw.trim()), end: at + raw.length };
    }
  }
  // Run-on first lines (CUAD): "Exhibit 10.22 SERVICES AGREEMENT SERVICES AGREEMENT, dated as of ..."
  const shout = /\b((?:(?!AGREEMENT\b|CONTRACT\b)[A-Z][A-Z&-]+\s+){0,6}(?:AGREEMENT|CONTRACT))\b/.exec(head);
  if (shout?.[1] && shout[1].split(/\s+/).length >= 2) return { value: titleCase(shout[1]), start: shout.index, end: shout.index + shout[1].length };
  const named = /\b(?!This\b|The\b)((?:[A-Z][a-z]+(?:-[A-Z][a-z]+)?\s+){1,5}(?:Agreement|Contract))\b/.exec(head);
  if (named?.[1]) return { value: named[1].trim(), start: named.index, end: named.index + named[1].length };
  return null;
}
