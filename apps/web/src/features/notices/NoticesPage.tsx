import { useTranslation } from 'react-i18next';
import './notices-i18n';

/** Scaffold: the area's owner replaces this page. */
export function NoticesPage() {
  const { t } = useTranslation('notices');
  return <h2>{t('title')}</h2>;
}
