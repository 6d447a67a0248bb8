/**
 * Numbers as contracts write them, for the threshold rules: digits (30, 1,000, 1.5), Korean
 * numerals (삼십, 이십사), English words (thirty, forty-five), and the doubled forms
 * "삼십(30)일" / "thirty (30) days" (the digits win). Then the unit written after the number,
 * converted to the unit the rule compares in.
 */

export type ThresholdUnit = 'PERCENT_PER_YEAR' | 'PERCENT' | 'DAYS' | 'MONTHS' | 'YEARS' | 'MULTIPLE_OF_FEES';

const KO_DIGITS: Record<string, number> = { 영: 0, 공: 0, 일: 1, 이: 2, 삼: 3, 사: 4, 오: 5, 육: 6, 칠: 7, 팔: 8, 구: 9 };
const KO_POWERS: Record<string, number> = { 십: 10, 백: 100, 천: 1000 };

const EN_SMALL: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};

/** 삼십 → 30, 이십사 → 24, 백이십 → 120; null when the text is not a Korean numeral. */
export function parseKoreanNumeral(s: string): number | null {
  if (!/^[영공일이삼사오육칠팔구십백천]+$/u.test(s)) return null;
  let total = 0;
  let digit: number | null = null;
  for (const ch of s) {
    if (ch in KO_DIGITS) {
      digit = KO_DIGITS[ch]!;
    } else {
      total += (digit ?? 1) * KO_POWERS[ch]!;
      digit = null;
    }
  }
  return total + (digit ?? 0);
}

/** thirty → 30, forty-five → 45, one hundred twenty → 120; null when not English number words. */
export function parseEnglishNumber(s: string): number | null {
  const words = s.toLowerCase().split(/[\s-]+/).filter((w) => w && w !== 'and');
  if (words.length === 0) return null;
  let total = 0;
  let current = 0;
  for (const w of words) {
    if (w in EN_SMALL) current += EN_SMALL[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') { total += (current || 1) * 1000; current = 0; }
    else return null;
  }
  return total + current;
}

/** The number a captured group writes, or null. Digits anywhere in it win ("삼십(30)"). */
export function parseNumber(captured: string): number | null {
  const digits = /\d[\d,]*(?:\.\d+)?|\.\d+/.exec(captured);
  if (digits) {
    const n = Number(digits[0].replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  const word = captured.trim().replace(/[()（）\s]+$/u, '');
  return parseKoreanNumeral(word.replace(/\s+/g, '')) ?? parseEnglishNumber(word);
}

type WrittenUnit = 'DAY' | 'BUSINESS_DAY' | 'WEEK' | 'MONTH' | 'YEAR' | 'PERCENT' | 'TIMES';

// After the number: an optional "(30)" repeat, then the unit word.
const UNIT_AFTER =
  /^\s*(?:[(（]\s*[\d.,]+\s*[)）]\s*)?(영업일|근무일|일|개월|달|년|주|시간|%|퍼센트|프로|배|business\s+days?|working\s+days?|calendar\s+days?|days?|weeks?|months?|years?|hours?|percent|per\s*cent|times)/iu;

function writtenUnit(after: string): WrittenUnit | 'HOUR' | null {
  const m = UNIT_AFTER.exec(after);
  if (!m) return null;
  const u = m[1]!.toLowerCase();
  if (/^(영업일|근무일)$|business|working/u.test(u)) return 'BUSINESS_DAY';
  if (/^일$|day/u.test(u)) return 'DAY';
  if (/^주$|week/u.test(u)) return 'WEEK';
  if (/^(개월|달)$|month/u.test(u)) return 'MONTH';
  if (/^년$|year/u.test(u)) return 'YEAR';
  if (/^시간$|hour/u.test(u)) return 'HOUR';
  if (/^(배)$|times/u.test(u)) return 'TIMES';
  return 'PERCENT';
}

const DAYS_PER: Record<'DAY' | 'BUSINESS_DAY' | 'WEEK' | 'MONTH' | 'YEAR', number> = { DAY: 1, BUSINESS_DAY: 7 / 5, WEEK: 7, MONTH: 30, YEAR: 365 };

/** How often a percentage rate accrues, read around it: per month (월 1.5%, 1.5% per month), per day, else per year. */
function ratePeriodsPerYear(before: string, after: string): number {
  if (/(?:^|\s)(?:매\s*)?월\s*$|월\s*이자율\s*$/u.test(before) || /^\s*%?\s*(?:per\s+month|a\s+month|each\s+month|monthly|per\s+calendar\s+month)/iu.test(after)) return 12;
  if (/(?:1\s*)?일\s*(?:당|에|마다)?\s*$|매일\s*$/u.test(before) || /^\s*%?\s*(?:per\s+day|a\s+day|daily|each\s+day)/iu.test(after)) return 365;
  return 1;
}

/**
 * The captured number converted to the rule's unit. `before` and `after` are the text around the
 * captured group (a few dozen characters), where the written unit and the rate period are read.
 * Null when the number cannot be read.
 */
export function toRuleUnit(captured: string, before: string, after: string, unit: ThresholdUnit): number | null {
  const n = parseNumber(captured);
  if (n === null) return null;
  // The unit may be inside the capture itself ("30일", "2 years").
  const inside = /^\s*(?:[^\s\d]*\s*)?[(（]?\s*[\d.,]+\s*[)）]?(.*)$/su.exec(captured)?.[1] ?? '';
  const written = writtenUnit(inside) ?? writtenUnit(after);
  switch (unit) {
    case 'PERCENT':
      return n;
    case 'PERCENT_PER_YEAR':
      return round(n * ratePeriodsPerYear(before, after));
    case 'MULTIPLE_OF_FEES':
      return written === 'PERCENT' ? n / 100 : n;
    case 'DAYS':
    case 'MONTHS':
    case 'YEARS': {
      const target = unit === 'DAYS' ? 'DAY' : unit === 'MONTHS' ? 'MONTH' : 'YEAR';
      if (written === null || written === 'PERCENT' || written === 'TIMES' || written === 'HOUR') return n;
      if (written === target) return n;
      const days = n * DAYS_PER[written];
      if (unit === 'DAYS') return round(days);
      if (unit === 'MONTHS') return round(written === 'YEAR' ? n * 12 : days / 30);
      return round(written === 'MONTH' ? n / 12 : days / 365);
    }
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
