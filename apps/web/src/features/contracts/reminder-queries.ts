import {
  createContractReminder, type CreateReminderBody, deleteContractReminder, getReminderSuggestions, listContractReminders, updateContractReminder,
  type UpdateReminderBody,
} from '@legal/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { detailKey, useContractsKey } from './contract-queries';

/** A contract has few reminders: one request brings them all, soonest first. */
const REMINDER_LIST_SIZE = 100;

const remindersKey = (base: ReturnType<typeof useContractsKey>, contractId: number) => [...detailKey(base, contractId), 'reminders'] as const;

export function useContractReminders(contractId: number) {
  const base = useContractsKey();
  return useQuery({
    queryKey: [...remindersKey(base, contractId), 'list'],
    queryFn: ({ signal }) => api.call(listContractReminders, { signal, params: { contractId }, query: { size: REMINDER_LIST_SIZE, sort: 'remindAt,asc' } }),
  });
}

/** Renewal, notice and end-date reminders offered from the contract's end date. */
export function useReminderSuggestions(contractId: number, isEnabled: boolean) {
  const base = useContractsKey();
  return useQuery({
    queryKey: [...remindersKey(base, contractId), 'suggestions'],
    queryFn: ({ signal }) => api.call(getReminderSuggestions, { signal, params: { contractId } }),
    enabled: isEnabled,
  });
}

/** Create, replace (also to pause or resume) and delete; failures are the caller's to show. */
export function useReminderMutations(contractId: number) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: remindersKey(base, contractId) });
  const quiet = { suppressErrorToast: true } as const;
  return {
    create: useMutation({ mutationFn: (body: CreateReminderBody) => api.call(createContractReminder, { params: { contractId }, body, ...quiet }), onSuccess }),
    update: useMutation({
      mutationFn: ({ reminderId, body }: { reminderId: number; body: UpdateReminderBody }) =>
        api.call(updateContractReminder, { params: { contractId, reminderId }, body, ...quiet }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (reminderId: number) => api.call(deleteContractReminder, { params: { contractId, reminderId }, ...quiet }), onSuccess }),
  };
}
