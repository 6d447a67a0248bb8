import { type Locale } from '@legal/api';

const TAGS: Record<Locale, string> = { ko: 'ko-KR', en: 'en-US' };

/**
 * A decimal-string amount with its currency, e.g. "₩1,500,000" / "US$1,500.50". The string is
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
  const number = new Intl.NumberFormat(TAGS[locale], { maximumFractionDigits: 4 }).format(value);
  return currency ? `${number} ${currency}` : number;
}

/** An ISO date (2026-11-21) in the interface language, read as a calendar day (no time zone shift). */
export function formatIsoDate(value: string | null, locale: Locale): string {
  if (!value) return '';
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return value;
  return new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** "2026-01-01 – 2026-12-31", an open side shown as empty. */
export function formatPeriod(start: string | null, end: string | null, locale: Locale): string {
  if (!start && !end) return '';
  return `${formatIsoDate(start, locale)} – ${formatIsoDate(end, locale)}`;
}

/** The day of an instant (createdAt) in the interface language and the browser's time zone. */
export function formatInstantDate(value: string, locale: Locale): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'medium' }).format(date);
}

/** Typed amounts may carry thousands separators; the wire wants a plain decimal string (null when blank). */
export function plainAmount(value: string): string | null {
  return value.replace(/[,\s]/g, '') || null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it (the browser's time zone), e.g. `2026-11-21T09:00`. */
export function toLocalInput(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant with its offset (`2026-11-21T09:00:00+09:00`); '' when blank or invalid. */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  if (!value || Number.isNaN(d.getTime())) return '';
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${value.length === 16 ? `${value}:00` : value}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
