import { useTranslation } from 'react-i18next';
import { isKnownAuditType, SUMMARISED_AUDIT_TYPES } from './audit-event-types';
import './audit-log-i18n';

/** The words for an event type; an unknown type shows its code. */
export function useAuditTypeLabel(): (type: string) => string {
  const { t } = useTranslation('auditLog');
  return (type) => (isKnownAuditType(type) ? t(`types.${type}`) : type);
}

/** A sentence saying what happened, from the event's data (contract events); null for the others. */
export function useAuditSummary(): (type: string, data: unknown) => string | null {
  const { t } = useTranslation('auditLog');
  return (type, data) => {
    if (!SUMMARISED_AUDIT_TYPES.includes(type) || typeof data !== 'object' || data === null) return null;
    // The type was checked against the list: its key exists in both catalogues (AuditLogPage.test.tsx).
    return t(`summaries.${type}` as 'summaries.contract.created', { ...(data as Record<string, unknown>), interpolation: { escapeValue: false } }) as string;
  };
}
