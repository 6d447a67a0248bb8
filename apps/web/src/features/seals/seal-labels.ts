import { type SEAL_TYPES, type SEAL_STATUSES, type USAGE_REQUEST_STATUSES, type APPLY_METHODS, type MISMATCH_KINDS } from '@legal/api';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../lib/i18n';
import { useSealMeta } from './seal-queries';
import './seals-i18n';

type Code<T extends readonly string[]> = T[number];

/**
 * The words of the seal vocabulary: the server's meta labels (ko/en) when loaded, this feature's
 * catalogue until then (same words), so a label never flashes a code.
 */
export function useSealLabels() {
  const { t, i18n } = useTranslation('seals');
  const meta = useSealMeta();
  const locale = toLocale(i18n.resolvedLanguage) ?? 'ko';
  const fromMeta = (list: Array<{ code: string; label: { ko: string; en: string } }> | undefined, code: string) => list?.find((item) => item.code === code)?.label[locale];
  return {
    type: (code: Code<typeof SEAL_TYPES>) => fromMeta(meta.data?.types, code) ?? t(`vocab.type.${code}`),
    status: (code: Code<typeof SEAL_STATUSES>) => fromMeta(meta.data?.statuses, code) ?? t(`vocab.status.${code}`),
    requestStatus: (code: Code<typeof USAGE_REQUEST_STATUSES>) => fromMeta(meta.data?.requestStatuses, code) ?? t(`vocab.requestStatus.${code}`),
    method: (code: Code<typeof APPLY_METHODS>) => fromMeta(meta.data?.applyMethods, code) ?? t(`vocab.method.${code}`),
    mismatch: (code: Code<typeof MISMATCH_KINDS>) => t(`vocab.mismatch.${code}`),
  };
}

export const SEAL_STATUS_COLOR = { VALID: 'teal', UNAVAILABLE: 'gray' } as const;
export const REQUEST_STATUS_COLOR = { IN_APPROVAL: 'blue', APPROVED: 'teal', REJECTED: 'red', CANCELED: 'gray', APPLIED: 'violet' } as const;

/** A person's name; someone no longer a member shows as "user #id". */
export function usePersonLabel(): (person: { userId: number; displayName: string | null }) => string {
  const { t } = useTranslation('seals');
  return (person) => person.displayName ?? t('people.unknown', { id: person.userId });
}
