import { analyzeContract, type AnalyzeContractBody, deleteContractClauseLabels, getContractClauseLabels } from '@legal/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { detailKey, useContractsKey } from './contract-queries';

const clauseLabelsKey = (base: ReturnType<typeof useContractsKey>, contractId: number) => [...detailKey(base, contractId), 'clauseLabels'] as const;

/** The stored clause labels of a contract (empty when it was never analysed). */
export function useClauseLabels(contractId: number) {
  const base = useContractsKey();
  return useQuery({
    queryKey: clauseLabelsKey(base, contractId),
    queryFn: ({ signal }) => api.call(getContractClauseLabels, { signal, params: { contractId } }),
  });
}

/**
 * analyze/v3: with a contractId the labels are stored for it (and the panel reloads them);
 * without, the answer only prefills a form. Failures (409 while the text is being read) are the caller's to show.
 */
export function useAnalyzeContract() {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: (body: AnalyzeContractBody) => api.call(analyzeContract, { body, suppressErrorToast: true }),
    onSuccess: (answer) => {
      if (answer.stored) void queryClient.invalidateQueries({ queryKey: clauseLabelsKey(base, answer.stored.contractId) });
    },
  });
}

export function useDeleteClauseLabels(contractId: number) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: () => api.call(deleteContractClauseLabels, { params: { contractId }, suppressErrorToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clauseLabelsKey(base, contractId) }),
  });
}
