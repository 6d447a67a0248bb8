import { useTranslation } from 'react-i18next';
import './users-i18n';

/** Scaffold: the area's owner replaces this page. */
export function UsersAdminPage() {
  const { t } = useTranslation('users');
  return <h2>{t('title')}</h2>;
}
