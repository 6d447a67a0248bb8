import { DEFAULT_LOCALE, LOCALES, type Locale } from '@legal/api';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocalePreference, toLocale, writeLocalePreference } from './locale-preference';
import { defaultCatalogues, loadShellCatalogues, NAMESPACES, type Namespace } from './resources';

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LOCALE]: defaultCatalogues },
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

/** Makes sure the shell catalogues of a language are loaded (they load once, on demand). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (NAMESPACES.every((ns) => i18n.hasResourceBundle(locale, ns))) return;
  const catalogues = await loadShellCatalogues[locale]();
  for (const ns of NAMESPACES) i18n.addResourceBundle(locale, ns, catalogues[ns], true, true);
}

/**
 * Before the first render: loads the saved language's catalogues and applies it, so that a user
 * who chose English never sees the Korean default flash by.
 */
export async function prepareLocale(): Promise<void> {
  const locale = readLocalePreference();
  await loadLocale(locale);
  // Re-resolve: at init the catalogues were missing, so i18next resolved to the fallback (ko),
  // and the document language and X-Locale follow the resolved language.
  await i18n.changeLanguage(locale);
}

/** Switches the interface language and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeLocalePreference(locale);
  await loadLocale(locale);
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
