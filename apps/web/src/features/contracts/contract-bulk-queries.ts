import {
  assignBulkGroups, assignBulkUsers, type BulkRequest, type BulkRequestDetail, type BulkRowValues, confirmBulkRequest, createBulkRequest, downloadBulkResult,
  downloadBulkTemplate, getBulkRequest, registerBulkRequest, retryBulkRequest, updateBulkRow,
} from '@legal/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { type ContractsKey, useContractsKey } from './contract-queries';

/** Rows shown per page of the validation table. */
export const BULK_ROW_PAGE_SIZE = 50;
/** How often a registering request is asked for its progress. */
const POLL_MS = 1500;

export const bulkKey = (base: ContractsKey, requestId: number) => [...base, 'bulk', requestId] as const;

/** The request with a page of its rows; polls while the job registers. */
export function useBulkRequest(requestId: number | null, page = 0) {
  const base = useContractsKey();
  return useQuery({
    queryKey: [...bulkKey(base, requestId ?? 0), page],
    queryFn: ({ signal }) => api.call(getBulkRequest, { query: { requestId: requestId!, page, size: BULK_ROW_PAGE_SIZE }, signal }),
    enabled: requestId !== null,
    refetchInterval: (query) => (query.state.data?.executionStatus === 'REGISTERING' ? POLL_MS : false),
  });
}

/** Every change answers the request (or a row): the cached request is refetched with its rows. */
function useBulkMutation<I, O>(call: (input: I) => Promise<O>, requestIdOf: (input: I) => number) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: call,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: bulkKey(base, requestIdOf(input)) }),
  });
}

export function useCreateBulkRequest() {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return useMutation({
    mutationFn: (body: { sheetFileKey: string; fileKeys: string[] }) => api.call(createBulkRequest, { body, suppressErrorToast: true }),
    onSuccess: (detail: BulkRequestDetail) => queryClient.setQueryData([...bulkKey(base, detail.requestId), 0], detail),
  });
}

export const useUpdateBulkRow = () =>
  useBulkMutation(
    (body: { requestId: number; rowNumber: number; values: BulkRowValues }) => api.call(updateBulkRow, { body }),
    (b) => b.requestId,
  );
export const useAssignBulkOwner = () =>
  useBulkMutation((body: { requestId: number; rowNumbers: number[]; ownerUserId: number }) => api.call(assignBulkUsers, { body }), (b) => b.requestId);
export const useAssignBulkGroup = () =>
  useBulkMutation((body: { requestId: number; rowNumbers: number[]; groupId: number }) => api.call(assignBulkGroups, { body }), (b) => b.requestId);

const action = (descriptor: typeof confirmBulkRequest | typeof registerBulkRequest | typeof retryBulkRequest) => () =>
  useBulkMutation((requestId: number): Promise<BulkRequest> => api.call(descriptor, { body: { requestId } }), (id) => id);
export const useConfirmBulk = action(confirmBulkRequest);
export const useRegisterBulk = action(registerBulkRequest);
export const useRetryBulk = action(retryBulkRequest);

export async function saveBulkTemplate(fileName: string) {
  saveBlob((await api.call(downloadBulkTemplate, {})) as Blob, fileName);
}

export async function saveBulkResult(requestId: number, fileName: string) {
  saveBlob((await api.call(downloadBulkResult, { params: { requestId } })) as Blob, fileName);
}
