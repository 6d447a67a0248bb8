import { type Locale } from '@legal/api';
import { formatIsoDate } from '../../lib/i18n';

// Dates, numbers and amounts are formatted by lib/i18n (one style per language for the whole app).

/** "2026-01-01 – 2026-12-31", an open side shown as empty. */
export function formatPeriod(start: string | null, end: string | null, locale: Locale): string {
  if (!start && !end) return '';
  return `${formatIsoDate(start, locale)} – ${formatIsoDate(end, locale)}`;
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
