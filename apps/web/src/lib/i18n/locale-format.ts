import { type Locale } from '@legal/api';
import { useTranslation } from 'react-i18next';
import { toLocale } from './locale-preference';

/**
 * The one place the web app turns dates and numbers into text: one date style and one number
 * style per interface language (ko "2026. 11. 21." / en "Nov 21, 2026", "1,500,000" in both).
 * Components use the `useLocaleFormat()` hook; code outside React passes the locale.
 */
const TAGS: Record<Locale, string> = { ko: 'ko-KR', en: 'en-US' };

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function dateFormat(locale: Locale, style: 'date' | 'dateTime' | 'time' | 'calendarDay'): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date' ? { dateStyle: 'medium' }
      : style === 'dateTime' ? { dateStyle: 'medium', timeStyle: 'short' }
      : style === 'time' ? { timeStyle: 'short' }
      : { dateStyle: 'medium', timeZone: 'UTC' };
    format = new Intl.DateTimeFormat(TAGS[locale], options);
    cache.set(key, format);
  }
  return format;
}

function toDate(value: Date | string): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant with its time, e.g. "2026. 11. 21. 오후 3:30" / "Nov 21, 2026, 3:30 PM". */
export function formatDateTime(value: Date | string, locale: Locale): string {
  const date = toDate(value);
  return date ? dateFormat(locale, 'dateTime').format(date) : '';
}

/** The day of an instant in the browser's time zone, e.g. "2026. 11. 21." / "Nov 21, 2026". */
export function formatInstantDate(value: Date | string, locale: Locale): string {
  const date = toDate(value);
  return date ? dateFormat(locale, 'date').format(date) : '';
}

/** The time of day of an instant, e.g. "오후 3:30" / "3:30 PM". */
export function formatTime(value: Date | string, locale: Locale): string {
  const date = toDate(value);
  return date ? dateFormat(locale, 'time').format(date) : '';
}

/** An ISO calendar day (2026-11-21) read as that day wherever the browser is (no time zone shift). */
export function formatIsoDate(value: string | null, locale: Locale): string {
  if (!value) return '';
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return value;
  return dateFormat(locale, 'calendarDay').format(new Date(Date.UTC(year, month - 1, day)));
}

/** A count or a decimal string with the language's grouping, e.g. "1,500,000". Decimal strings keep every digit. */
export function formatNumber(value: number | string, locale: Locale): string {
  return new Intl.NumberFormat(TAGS[locale], { maximumFractionDigits: 4 }).format(value as number | Intl.StringNumericLiteral);
}

/**
 * A decimal-string amount with its currency, e.g. "₩1,500,000" / "$1,500.50". The string is
 * formatted as it is (Intl takes decimal strings), so large amounts never lose digits.
 */
export function formatAmount(amount: string | null, currency: string | null, locale: Locale): string {
  if (amount === null) return '';
  const value = amount as Intl.StringNumericLiteral;
  try {
    if (currency) return new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency, maximumFractionDigits: 4 }).format(value);
  } catch {
    // An ISO code the runtime does not know: fall back to the number and the code.
  }
  const number = formatNumber(amount, locale);
  return currency ? `${number} ${currency}` : number;
}

export interface LocaleFormat {
  locale: Locale;
  dateTime: (value: Date | string) => string;
  instantDate: (value: Date | string) => string;
  time: (value: Date | string) => string;
  isoDate: (value: string | null) => string;
  number: (value: number | string) => string;
  amount: (amount: string | null, currency: string | null) => string;
}

/** The formatters bound to the interface language (re-renders when it changes). */
export function useLocaleFormat(): LocaleFormat {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage) ?? 'ko';
  return {
    locale,
    dateTime: (value) => formatDateTime(value, locale),
    instantDate: (value) => formatInstantDate(value, locale),
    time: (value) => formatTime(value, locale),
    isoDate: (value) => formatIsoDate(value, locale),
    number: (value) => formatNumber(value, locale),
    amount: (amount, currency) => formatAmount(amount, currency, locale),
  };
}

/** `formatDateTime` bound to the interface language (re-renders when it changes). */
export function useFormatDateTime(): (value: Date | string) => string {
  return useLocaleFormat().dateTime;
}
