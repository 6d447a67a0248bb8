import { LOCALES, type Locale } from '@legal/api';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLocale, toLocale } from '../lib/i18n';

/** Switches the interface language; the choice is remembered and sent as X-Locale. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = toLocale(i18n.resolvedLanguage) ?? 'ko';
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={current}
      onChange={(value) => void changeLocale(value as Locale)}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`) }))}
    />
  );
}
