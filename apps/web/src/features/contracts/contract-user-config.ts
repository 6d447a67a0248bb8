import { type ContractUserConfig, getContractUserConfig, updateContractUserConfig, type UpdateContractUserConfigBody } from '@legal/api';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { useContractsKey } from './contract-queries';
import './contracts-i18n';

const configKey = (base: ReturnType<typeof useContractsKey>) => [...base, 'userConfig'] as const;

/** The caller's columns and saved filters of the list (the defaults until they save). */
export function useContractUserConfig() {
  const base = useContractsKey();
  return useQuery({
    queryKey: configKey(base),
    queryFn: ({ signal }) => api.call(getContractUserConfig, { signal }),
    staleTime: 5 * 60_000,
  });
}

type ConfigChange = Partial<Pick<UpdateContractUserConfigBody, 'columns' | 'savedFilters' | 'defaultFilterName'>>;

/**
 * Saves a change of the settings on top of the version read; when another tab saved in between
 * (409) the settings reload and the user is told to try again.
 */
export function useSaveUserConfig() {
  const { t } = useTranslation('contracts');
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: ({ current, change }: { current: ContractUserConfig; change: ConfigChange }) =>
      api.call(updateContractUserConfig, {
        body: {
          columns: change.columns ?? current.columns,
          savedFilters: change.savedFilters ?? current.savedFilters,
          defaultFilterName: change.defaultFilterName !== undefined ? change.defaultFilterName : current.defaultFilterName,
          version: current.version,
        },
        suppressErrorToast: true,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(configKey(base), saved);
      notifications.show({ color: 'green', message: t('settings.saved') });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: configKey(base) });
        notifications.show({ color: 'orange', title: t('conflict.title'), message: t('settings.conflict') });
      } else {
        notifications.show({ color: 'red', message: isApiError(error) ? error.message : t('errors.saveFailed') });
      }
    },
  });
}

