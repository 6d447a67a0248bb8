import { useTranslation } from 'react-i18next';
import './audit-log-i18n';

/** Scaffold: the area's owner replaces this page. */
export function AuditLogPage() {
  const { t } = useTranslation('auditLog');
  return <h2>{t('title')}</h2>;
}
