import { useTranslation } from 'react-i18next';
import './organization-i18n';

/** Scaffold: the area's owner replaces this page. */
export function GroupsPage() {
  const { t } = useTranslation('organization');
  return <h2>{t('title')}</h2>;
}
