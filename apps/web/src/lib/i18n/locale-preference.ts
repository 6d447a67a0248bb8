import { DEFAULT_LOCALE, LocaleSchema, type Locale } from '@legal/api';
import { STORAGE_KEYS, readStorage, writeStorage } from '../browser-storage';

export function toLocale(value: string | null | undefined): Locale | null {
  const base = value?.toLowerCase().split('-')[0];
  const parsed = LocaleSchema.safeParse(base);
  return parsed.success ? parsed.data : null;
}

/** The saved choice, else Korean: the product's default interface language. */
export function readLocalePreference(): Locale {
  return toLocale(readStorage(STORAGE_KEYS.locale)) ?? DEFAULT_LOCALE;
}

export function writeLocalePreference(locale: Locale): void {
  writeStorage(STORAGE_KEYS.locale, locale);
}
