import { type Locale } from '@legal/api';
import { useEffect } from 'react';
import { i18n, loadLocale } from '../../lib/i18n';

/** Set once per tab and link: after that, the signer's own choice (the language switch) stands. */
const KEY = 'legal.esign.link-locale';

/**
 * The signer pages open in the language the sender chose for the signer (the link's locale),
 * without saving it as the browser's preference; the language switch then changes it.
 */
export function useLinkLocale(urlToken: string, locale: Locale | undefined): void {
  useEffect(() => {
    if (!locale) return;
    let storage: Storage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      storage = null;
    }
    if (storage?.getItem(KEY) === urlToken) return;
    try {
      storage?.setItem(KEY, urlToken);
    } catch {
      // Storage disabled: the link's language applies on every load.
    }
    void loadLocale(locale).then(() => i18n.changeLanguage(locale));
  }, [urlToken, locale]);
}
