import { type Locale } from '@legal/api';

const TAGS: Record<Locale, string> = { ko: 'ko-KR', en: 'en-US' };

/** The locale's thousands and decimal marks, as Intl writes them. */
export function separatorsOf(locale: Locale): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(TAGS[locale]).formatToParts(1234567.5);
  return { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
}

/**
 * A plain decimal string (`1500000.5`) as the locale groups it (`1,500,000.5`) while it is typed:
 * the digits stay as they are (no rounding, no float), a trailing decimal mark is kept.
 */
export function groupedAmount(plain: string, locale: Locale): string {
  if (!/^\d*(\.\d*)?$/.test(plain)) return plain;
  const { group, decimal } = separatorsOf(locale);
  const [int = '', frac] = plain.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return frac === undefined ? grouped : `${grouped}${decimal}${frac}`;
}

/** What was typed, back to a plain decimal string: the digits and the first decimal mark only. */
export function typedAmount(typed: string, locale: Locale): string {
  const { decimal } = separatorsOf(locale);
  let out = '';
  for (const ch of typed) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === decimal && !out.includes('.')) out += '.';
  }
  return out;
}

/** How many digits and decimal marks stand before `position` of a shown amount. */
export function significantBefore(shown: string, position: number, locale: Locale): number {
  const { decimal } = separatorsOf(locale);
  return [...shown.slice(0, position)].filter((ch) => (ch >= '0' && ch <= '9') || ch === decimal).length;
}

/** The caret position in a shown amount after `count` digits and decimal marks (the caret survives regrouping). */
export function positionAfter(shown: string, count: number, locale: Locale): number {
  if (count <= 0) return 0;
  const { decimal } = separatorsOf(locale);
  let seen = 0;
  for (let i = 0; i < shown.length; i++) {
    const ch = shown[i]!;
    if ((ch >= '0' && ch <= '9') || ch === decimal) seen++;
    if (seen === count) return i + 1;
  }
  return shown.length;
}
