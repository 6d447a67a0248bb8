import type { Locale } from '@legal/api';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../../lib/i18n';

/** The interface language (re-renders when it changes). */
export function useUiLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage) ?? 'ko';
}
