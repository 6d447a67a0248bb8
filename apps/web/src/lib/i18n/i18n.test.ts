import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../browser-storage';
import { changeLocale, currentLocale, i18n, loadLocale, prepareLocale } from './i18n';
import { readLocalePreference, toLocale } from './locale-preference';
import { resources } from '../../test/catalogues';
import { FEATURE_NAMESPACES, NAMESPACES } from './resources';

/** Every catalogue file, bundled or registered by its feature. */
const catalogues = import.meta.glob<Catalogue>('../../locales/*/*.json', { eager: true, import: 'default' });
const catalogueNames = [...new Set(Object.keys(catalogues).map((path) => path.split('/').pop()!.replace(/\.json$/, '')))].sort();

type Catalogue = { [key: string]: string | Catalogue };

function keysOf(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function valuesOf(catalogue: Catalogue): string[] {
  return Object.values(catalogue).flatMap((v) => (typeof v === 'string' ? [v] : valuesOf(v)));
}

describe('i18n', () => {
  afterEach(async () => {
    await changeLocale('ko');
  });

  it('starts in Korean', () => {
    expect(currentLocale()).toBe('ko');
    expect(i18n.t('actions.retry')).toBe('다시 시도');
  });

  it.each(catalogueNames)('has the same keys in ko and en for the %s catalogue', (name) => {
    const ko = catalogues[`../../locales/ko/${name}.json`];
    const en = catalogues[`../../locales/en/${name}.json`];
    expect(ko).toBeDefined();
    expect(en).toBeDefined();
    // Plural forms differ by language (English one/other, Korean a single form): compare the base keys.
    const bases = (c: Catalogue) => [...new Set(keysOf(c).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(bases(en!)).toEqual(bases(ko!));
    for (const value of [...valuesOf(ko!), ...valuesOf(en!)]) expect(value.trim()).not.toBe('');
  });

  it('knows every catalogue as a bundled or a feature namespace', () => {
    const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    expect(catalogueNames.map(camel).sort()).toEqual([...NAMESPACES, ...FEATURE_NAMESPACES].sort());
    expect(Object.keys(resources.ko).sort()).toEqual([...NAMESPACES].sort());
  });

  it('writes Korean text in the Korean catalogue', () => {
    const hangul = /[\uac00-\ud7a3]/;
    const withoutHangul = keysOf(resources.ko.common as Catalogue).filter((key) => {
      const value = i18n.getFixedT('ko')(key as 'actions.retry');
      return !hangul.test(value);
    });
    // Language names, the 404 code, a bare percentage and the date format hint (YYYY-MM-DD) are the same in both languages.
    expect(withoutHangul.sort()).toEqual(['dateInput.placeholder', 'language.en', 'notFound.code', 'states.progressValue']);
  });

  it('switches language, persists the choice and updates <html lang>', async () => {
    await changeLocale('en');
    expect(currentLocale()).toBe('en');
    expect(i18n.t('actions.retry')).toBe('Try again');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
    expect(readLocalePreference()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('reads locales leniently and falls back to Korean', () => {
    expect(toLocale('en-US')).toBe('en');
    expect(toLocale('KO')).toBe('ko');
    expect(toLocale('fr')).toBeNull();
    localStorage.setItem(STORAGE_KEYS.locale, 'fr');
    expect(readLocalePreference()).toBe('ko');
  });
});

describe('loading a language on demand', () => {
  it('adds the shell catalogues of a language the first time it is chosen', async () => {
    for (const ns of NAMESPACES) i18n.removeResourceBundle('en', ns);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    await loadLocale('en');
    for (const ns of NAMESPACES) expect(i18n.hasResourceBundle('en', ns)).toBe(true);
    expect(i18n.getFixedT('en', 'common')('notFound.title')).toBe(resources.en.common.notFound.title);
  });
});

describe('preparing the saved language before the first render', () => {
  it('resolves to the saved language once its catalogues are loaded (document language and X-Locale follow)', async () => {
    await i18n.changeLanguage('ko');
    for (const ns of NAMESPACES) i18n.removeResourceBundle('en', ns);
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    await prepareLocale();
    expect(currentLocale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
