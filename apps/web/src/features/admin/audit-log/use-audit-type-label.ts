import { useTranslation } from 'react-i18next';
import { isKnownAuditType } from './audit-event-types';
import './audit-log-i18n';

/** The words for an event type; an unknown type shows its code. */
export function useAuditTypeLabel(): (type: string) => string {
  const { t } = useTranslation('auditLog');
  return (type) => (isKnownAuditType(type) ? t(`types.${type}`) : type);
}
