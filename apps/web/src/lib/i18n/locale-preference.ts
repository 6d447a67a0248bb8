import { DEFAULT_LOCALE, LOCALES, type Locale } from '@legal/api';
import { STORAGE_KEYS, readStorage, writeStorage } from '../browser-storage';

export function toLocale(value: string | null | undefined): Locale | null {
  const base = value?.toLowerCase().split('-')[0];
  // What LocaleSchema accepts, without zod on the first screen (locale-preference.test.ts).
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : null;
}

/** The saved choice, else Korean: the product's default interface language. */
export function readLocalePreference(): Locale {
  return toLocale(readStorage(STORAGE_KEYS.locale)) ?? DEFAULT_LOCALE;
}

export function writeLocalePreference(locale: Locale): void {
  writeStorage(STORAGE_KEYS.locale, locale);
}
