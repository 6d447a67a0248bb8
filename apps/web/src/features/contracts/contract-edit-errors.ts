import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { detailKey, useContractsKey } from './contract-queries';
import './contracts-i18n';

/** The fields a 409 names as frozen by the contract's status (a running approval or signing). */
export function frozenFieldsOf(error: unknown): string[] {
  if (!isApiError(error) || error.code !== 'ERROR_CONFLICT') return [];
  const frozen = (error.data as { frozenFields?: unknown } | undefined)?.frozenFields;
  return Array.isArray(frozen) ? frozen.filter((f): f is string => typeof f === 'string') : [];
}

/**
 * What every edit of a contract does with a failure the form cannot show beside a field:
 * a 409 (someone saved first, or the status now freezes the field) says so and reloads the
 * contract and the caller's abilities, so the screen shows what is true now; other failures get
 * the server's message. Answers what it did: `reloaded` (the editor may close: the screen shows
 * what is true now), `shown`, or null for field errors, which the form shows itself.
 */
export function useEditFailure(contractId: number) {
  const { t } = useTranslation('contracts');
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return (error: unknown): 'reloaded' | 'shown' | null => {
    if (isApiError(error) && error.code === 'ERROR_VALIDATION') return null;
    if (!isApiError(error)) {
      notifications.show({ color: 'red', message: t('errors.saveFailed') });
      return 'shown';
    }
    if (error.status === 409 || error.status === 404) {
      notifications.show({
        color: 'orange',
        title: t('conflict.title'),
        message: frozenFieldsOf(error).length > 0 ? t('conflict.frozen') : error.status === 404 ? t('conflict.gone') : t('conflict.changed'),
      });
      // The contract's key is the prefix of its permissions' key: both reload.
      void queryClient.invalidateQueries({ queryKey: detailKey(base, contractId) });
      return 'reloaded';
    }
    notifications.show({ color: 'red', message: error.message || t('errors.saveFailed') });
    return 'shown';
  };
}

/** For actions without a form (remove, detach, pause): a refused input is told in a notification too. */
export function useActionFailure(contractId: number) {
  const { t } = useTranslation('contracts');
  const onFailure = useEditFailure(contractId);
  return (error: unknown): void => {
    if (onFailure(error) === null) notifications.show({ color: 'red', message: isApiError(error) ? error.message : t('errors.saveFailed') });
  };
}

/**
 * For forms in a dialog (a counterparty, a reminder): a 409 or 404 reloads the contract and lets
 * the dialog close; anything else is thrown back for the form to show (field errors, message).
 */
export function useDialogFailure(contractId: number) {
  const onFailure = useEditFailure(contractId);
  return (error: unknown): void => {
    if (isApiError(error) && (error.status === 409 || error.status === 404)) onFailure(error);
    else throw error;
  };
}
