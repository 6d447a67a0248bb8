import { type Locale } from '@legal/api';
import { useTranslation } from 'react-i18next';
import { toLocale } from './locale-preference';

const TAGS: Record<Locale, string> = { ko: 'ko-KR', en: 'en-US' };

/** An instant in the interface language, e.g. "2026. 11. 21. 오후 3:30" / "Nov 21, 2026, 3:30 PM". */
export function formatDateTime(value: Date | string, locale: Locale): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** `formatDateTime` bound to the interface language (re-renders when it changes). */
export function useFormatDateTime(): (value: Date | string) => string {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage) ?? 'ko';
  return (value) => formatDateTime(value, locale);
}
