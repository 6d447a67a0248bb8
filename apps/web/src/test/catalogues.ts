import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import { defaultCatalogues } from '../lib/i18n/resources';

/** Both languages of the shell catalogues, for tests that compare or switch languages. */
export const resources = {
  ko: defaultCatalogues,
  en: { common: enCommon, auth: enAuth },
} as const;
