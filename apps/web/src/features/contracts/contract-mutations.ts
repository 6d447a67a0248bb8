import {
  addContractFile, addCounterpartiesFromBookmarks, addCounterparty, bookmarkContract, type ContractDetail, type ContractFileRole, createContractV7,
  createCounterpartyBookmark, type CounterpartyInput, deleteContract, deleteCounterparty, deleteCounterpartyBookmark, type RouteBody, removeContractFile,
  unbookmarkContract, updateCounterparty, updateCounterpartyBookmark,
} from '@legal/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, idempotencyHeaders } from '../../lib/api';
import {
  counterpartyBookmarksKey, detailKey, listKeys, patchListedContract, useContractsKey,
} from './contract-queries';

/** On and off for the caller; every cached list and the open contract show it at once. */
export function useBookmarkToggle() {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: ({ contractId, isBookmarked }: { contractId: number; isBookmarked: boolean }) =>
      api.call(isBookmarked ? bookmarkContract : unbookmarkContract, { params: { contractId } }),
    onSuccess: ({ contractId, isBookmarked }) => {
      patchListedContract(queryClient, base, contractId, { isBookmarked });
      queryClient.setQueryData<ContractDetail>(detailKey(base, contractId), (detail) => (detail ? { ...detail, isBookmarked } : detail));
      void queryClient.invalidateQueries({ queryKey: [...listKeys(base), 'bookmarks'] });
    },
  });
}

/**
 * v7: the contract with the keys of its files, already uploaded through arxive. Field errors are
 * the form's. `idempotencyKey` is the form's for one registration: sent again with a retry, the
 * server answers the contract it already made instead of making another.
 */
export function useCreateContract() {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RouteBody<typeof createContractV7>; idempotencyKey: string }) =>
      api.call(createContractV7, { body, headers: idempotencyHeaders(idempotencyKey), suppressErrorToast: true }),
    onSuccess: (detail) => {
      queryClient.setQueryData(detailKey(base, detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: listKeys(base) });
    },
  });
}

export function useDeleteContract() {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: (contractId: number) => api.call(deleteContract, { params: { contractId } }),
    onSuccess: ({ contractId }) => {
      queryClient.removeQueries({ queryKey: detailKey(base, contractId) });
      void queryClient.invalidateQueries({ queryKey: listKeys(base) });
    },
  });
}

/**
 * One counterparty at a time (conhub 7.6). Answers are the counterparty, not the contract, so
 * the contract reloads afterwards. Failures are the caller's to show (form errors, 409).
 */
export function useCounterpartyMutations(contractId: number) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: detailKey(base, contractId) });
  const quiet = { suppressErrorToast: true } as const;
  return {
    add: useMutation({ mutationFn: (body: CounterpartyInput) => api.call(addCounterparty, { params: { contractId }, body, ...quiet }), onSuccess }),
    update: useMutation({
      mutationFn: ({ counterpartyId, body }: { counterpartyId: number; body: CounterpartyInput }) =>
        api.call(updateCounterparty, { params: { contractId, counterpartyId }, body, ...quiet }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (counterpartyId: number) => api.call(deleteCounterparty, { params: { contractId, counterpartyId }, ...quiet }), onSuccess }),
    fromBookmarks: useMutation({
      mutationFn: (bookmarkIds: number[]) => api.call(addCounterpartiesFromBookmarks, { params: { contractId }, body: { bookmarkIds }, ...quiet }),
      onSuccess,
    }),
  };
}

/** The workspace's counterparty address book. */
export function useCounterpartyBookmarkMutations() {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: counterpartyBookmarksKey(base) });
  const quiet = { suppressErrorToast: true } as const;
  return {
    create: useMutation({ mutationFn: (body: CounterpartyInput) => api.call(createCounterpartyBookmark, { body, ...quiet }), onSuccess }),
    update: useMutation({
      mutationFn: ({ bookmarkId, body }: { bookmarkId: number; body: CounterpartyInput }) => api.call(updateCounterpartyBookmark, { params: { bookmarkId }, body, ...quiet }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (bookmarkId: number) => api.call(deleteCounterpartyBookmark, { params: { bookmarkId } }), onSuccess }),
  };
}

/** Attach an uploaded file or detach one; the answer is the contract's new file list. */
export function useContractFileMutations(contractId: number) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  const onSuccess = (files: ContractDetail['files']) =>
    queryClient.setQueryData<ContractDetail>(detailKey(base, contractId), (detail) => (detail ? { ...detail, files } : detail));
  return {
    attach: useMutation({
      mutationFn: ({ fileKey, role }: { fileKey: string; role: ContractFileRole }) =>
        api.call(addContractFile, { params: { contractId }, body: { fileKey, role }, suppressErrorToast: true }),
      onSuccess,
    }),
    detach: useMutation({
      mutationFn: (fileKey: string) => api.call(removeContractFile, { params: { contractId, fileKey }, suppressErrorToast: true }),
      onSuccess,
    }),
  };
}
