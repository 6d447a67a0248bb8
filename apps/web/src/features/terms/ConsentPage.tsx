import { useTranslation } from 'react-i18next';
import './terms-i18n';

/** Scaffold: the area's owner replaces this page. */
export function ConsentPage() {
  const { t } = useTranslation('terms');
  return <h2>{t('title')}</h2>;
}
