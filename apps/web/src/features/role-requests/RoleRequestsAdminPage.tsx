import { useTranslation } from 'react-i18next';
import './role-requests-i18n';

/** Scaffold: the area's owner replaces this page. */
export function RoleRequestsAdminPage() {
  const { t } = useTranslation('roleRequests');
  return <h2>{t('title')}</h2>;
}
