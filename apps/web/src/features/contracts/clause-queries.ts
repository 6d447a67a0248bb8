import { analyzeContract, type AnalyzeContractBody, deleteContractClauseLabels, getContractClauseLabels } from '@legal/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { detailKey, useContractsKey } from './contract-queries';

/** While the uploaded document's text is still being read (409, extractionStatus PENDING), ask again. */
export const READ_WAIT = { everyMs: 1500, forMs: 90_000 };

const isStillReading = (error: unknown) =>
  isApiError(error) && error.status === 409 && (error.data as { extractionStatus?: unknown } | null)?.extractionStatus === 'PENDING';

/**
 * A just-uploaded document is read by a background job; analysing it before the job ends would
 * answer 409. The user asked once: the analysis waits for the text (up to READ_WAIT.forMs), and
 * only a failed reading, another error or the time limit reaches the caller.
 */
export async function analyzeWhenRead<T>(attempt: () => Promise<T>, wait = READ_WAIT): Promise<T> {
  const deadline = Date.now() + wait.forMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isStillReading(error) || Date.now() + wait.everyMs > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait.everyMs));
    }
  }
}

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
 * without, the answer only prefills a form. It waits while the text is being read; other failures are the caller's to show.
 */
export function useAnalyzeContract() {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: (body: AnalyzeContractBody) => analyzeWhenRead(() => api.call(analyzeContract, { body, suppressErrorToast: true })),
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
