import { DEFAULT_LOCALE, LOCALES, type Locale } from '@legal/api';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocalePreference, toLocale, writeLocalePreference } from './locale-preference';
import { NAMESPACES, resources, type Namespace } from './resources';

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: readLocalePreference(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

applyDocumentLanguage(currentLocale());
i18n.on('languageChanged', (lng: string) => {
  const locale = toLocale(lng) ?? DEFAULT_LOCALE;
  applyDocumentLanguage(locale);
});

/** The interface language; it is also what X-Locale carries. */
export function currentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
}

/** Switches the interface language and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeLocalePreference(locale);
  await i18n.changeLanguage(locale);
}

/**
 * Registers a feature's catalogue in both languages; called by the feature's `*-i18n.ts` module,
 * which its components import, so the texts arrive with the feature's code. Idempotent.
 */
export function addNamespace(ns: Namespace, bundles: Record<Locale, object>): void {
  for (const locale of LOCALES) {
    if (!i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, bundles[locale], true, true);
  }
}
