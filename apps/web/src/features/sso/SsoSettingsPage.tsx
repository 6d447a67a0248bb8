import { useTranslation } from 'react-i18next';
import './sso-i18n';

/** Scaffold: the area's owner replaces this page. */
export function SsoSettingsPage() {
  const { t } = useTranslation('sso');
  return <h2>{t('title')}</h2>;
}
