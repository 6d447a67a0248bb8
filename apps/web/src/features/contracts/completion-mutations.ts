import { completeContract, type CompleteContractBody, copyContract, type CopyContractBody } from '@legal/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { detailKey, listKeys, setDetail, useContractsKey } from './contract-queries';

/** Marks the contract executed; the answer replaces it and its abilities, history and lists reload. */
export function useCompleteContract(contractId: number) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: (body: CompleteContractBody) => api.call(completeContract, { params: { contractId }, body, suppressErrorToast: true }),
    onSuccess: (detail) => {
      setDetail(queryClient, base, detail);
      void queryClient.invalidateQueries({ queryKey: [...detailKey(base, contractId), 'permissions'] });
      void queryClient.invalidateQueries({ queryKey: listKeys(base) });
    },
  });
}

/** Copies the contract into a new DRAFT; the answer is the new contract. */
export function useCopyContract(contractId: number) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: (body: CopyContractBody) => api.call(copyContract, { params: { contractId }, body, suppressErrorToast: true }),
    onSuccess: (detail) => {
      setDetail(queryClient, base, detail);
      void queryClient.invalidateQueries({ queryKey: listKeys(base) });
    },
  });
}
