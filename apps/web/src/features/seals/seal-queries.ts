import {
  type RouteBody, type RouteQuery, type Seal, type UsageRequest, actOnUsageRequest, copySeal, createSeal, createUsageRequest, deleteSeal,
  downloadProcessedUsageRequests, downloadReconciliation, downloadSealImage, getEsignAccess, getReconciliation, getSealMeta, getSignatureSyncStatus,
  getUsageRequest, listEnvelopes, listMyUsageRequests, listProcessedUsageRequests, listSeals, listUsageHistories, listUsageRequestsToApprove,
  listValidSeals, markSealAvailable, markSealUnavailable, pageSearchContractsV4, updateSeal, workspaceKey,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { type SessionState, useSession } from '../../lib/session';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

export const SEALS_PAGE_SIZE = 12;
export const LIST_PAGE_SIZE = 10;
/** Workbooks are built on the server from every row; a large one takes a while. */
const EXPORT_TIMEOUT_MS = 180_000;

/** Every seal query of the selected workspace. */
export function useSealsKey() {
  return ['seals', useSession(selectWorkspaceKey)] as const;
}

/** Seal types, statuses, request statuses and apply methods with ko/en labels; they change only with a deploy. */
export function useSealMeta() {
  const base = useSealsKey();
  return useQuery({ queryKey: [...base, 'meta'], queryFn: ({ signal }) => api.call(getSealMeta, { signal, suppressErrorToast: true }), staleTime: Infinity });
}

/** What the caller may do with seals (manage, approve, the seals they keep): the screens show exactly that. */
export function useSealAccess() {
  const base = useSealsKey();
  return useQuery({ queryKey: [...base, 'access'], queryFn: ({ signal }) => api.call(getEsignAccess, { signal }), staleTime: 60_000 });
}

export type SealListQuery = RouteQuery<typeof listSeals>;

export function useSealList(query: SealListQuery) {
  const base = useSealsKey();
  return useQuery({ queryKey: [...base, 'list', query], queryFn: ({ signal }) => api.call(listSeals, { signal, query }), placeholderData: keepPreviousData });
}

export function useValidSeals(isEnabled = true) {
  const base = useSealsKey();
  return useQuery({ queryKey: [...base, 'valid'], queryFn: ({ signal }) => api.call(listValidSeals, { signal }), enabled: isEnabled });
}

/** The seal's PNG (an authenticated download, so not a plain <img src>). */
export function useSealImage(seal: Pick<Seal, 'sealId' | 'imageFileKey'>) {
  const base = useSealsKey();
  return useQuery({
    queryKey: [...base, 'image', seal.sealId, seal.imageFileKey],
    queryFn: async ({ signal }) => (await api.call(downloadSealImage, { signal, params: { sealId: seal.sealId }, suppressErrorToast: true })) as Blob,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

/** After any change to seals: the registry, the valid list and the caller's access (custodian of...). */
function useSealRefresh() {
  const base = useSealsKey();
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: base });
}

export type SealBody = RouteBody<typeof createSeal>;

export function useSaveSeal(sealId: number | null) {
  const refresh = useSealRefresh();
  return useMutation({
    mutationFn: (body: SealBody & { version?: number }) =>
      sealId === null
        ? api.call(createSeal, { body, suppressErrorToast: true })
        : api.call(updateSeal, { params: { sealId }, body: { ...body, version: body.version ?? 0 }, suppressErrorToast: true }),
    onSuccess: refresh,
  });
}

export function useSealActions() {
  const refresh = useSealRefresh();
  const copy = useMutation({ mutationFn: (sealId: number) => api.call(copySeal, { params: { sealId } }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (sealId: number) => api.call(deleteSeal, { params: { sealId }, suppressErrorToast: true }), onSuccess: refresh });
  const unavailable = useMutation({
    mutationFn: ({ seal, reason }: { seal: Seal; reason: string }) =>
      api.call(markSealUnavailable, { params: { sealId: seal.sealId }, body: { reason, version: seal.version }, suppressErrorToast: true }),
    onSuccess: refresh,
  });
  const available = useMutation({
    mutationFn: (seal: Seal) => api.call(markSealAvailable, { params: { sealId: seal.sealId }, body: { version: seal.version } }),
    onSuccess: refresh,
  });
  return { copy, remove, unavailable, available };
}

// Usage requests --------------------------------------------------------------------------------

export type UsageListQuery = RouteQuery<typeof listMyUsageRequests>;
export type UsageTab = 'mine' | 'approve' | 'processed';
const LIST_ROUTES = { mine: listMyUsageRequests, approve: listUsageRequestsToApprove, processed: listProcessedUsageRequests } as const;

export function useUsageRequests(tab: UsageTab, query: UsageListQuery) {
  const base = useSealsKey();
  return useQuery({
    queryKey: [...base, 'requests', tab, query],
    queryFn: ({ signal }) => api.call(LIST_ROUTES[tab], { signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useUsageRequest(requestId: number | null) {
  const base = useSealsKey();
  return useQuery({
    queryKey: [...base, 'request', requestId],
    queryFn: ({ signal }) => api.call(getUsageRequest, { signal, params: { requestId: requestId ?? 0 }, suppressErrorToast: true }),
    enabled: requestId !== null,
  });
}

export function useCreateUsageRequest() {
  const refresh = useSealRefresh();
  return useMutation({
    mutationFn: (body: RouteBody<typeof createUsageRequest>) => api.call(createUsageRequest, { body, suppressErrorToast: true }),
    onSuccess: refresh,
  });
}

export type UsageActionBody = RouteBody<typeof actOnUsageRequest>;
export type UsageAction = 'APPROVE' | 'REJECT' | 'CANCEL' | 'APPLY';

export function useUsageAction(request: UsageRequest) {
  const base = useSealsKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: UsageAction; body: Omit<UsageActionBody, 'version'> }) =>
      api.call(actOnUsageRequest, { params: { requestId: request.requestId, action }, body: { ...body, version: request.version }, suppressErrorToast: true }),
    onSuccess: (next) => {
      client.setQueryData([...base, 'request', request.requestId], next);
      void client.invalidateQueries({ queryKey: base });
    },
    onError: () => void client.invalidateQueries({ queryKey: [...base, 'request', request.requestId] }),
  });
}

export function useProcessedDownload() {
  return useMutation({
    mutationFn: async (query: Omit<UsageListQuery, 'page' | 'size' | 'sort'>) => {
      const blob = await api.call(downloadProcessedUsageRequests, { query, timeoutMs: EXPORT_TIMEOUT_MS });
      saveBlob(blob as Blob, `seal-usage-requests-${today()}.xlsx`);
    },
  });
}

/** The envelopes in progress of a contract (the custodian applies the seal electronically to one). */
export function useContractEnvelopes(contractId: number | null) {
  const base = useSealsKey();
  return useQuery({
    queryKey: [...base, 'envelopes', contractId],
    queryFn: ({ signal }) => api.call(listEnvelopes, { signal, query: { contractId: contractId ?? undefined, statuses: ['IN_PROGRESS'], size: 50 }, suppressErrorToast: true }),
    enabled: contractId !== null,
  });
}

/** Contracts by title for the request's documents (the caller's readable contracts). */
export function useContractSearch(keyword: string, isEnabled: boolean) {
  const base = useSealsKey();
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: [...base, 'contracts', trimmed],
    queryFn: ({ signal }) =>
      api.call(pageSearchContractsV4, { signal, query: { page: 0, size: 20 }, body: trimmed ? { keyword: trimmed, keywordTargets: ['TITLE'] } : {} }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

// The ledger and the reconciliation ------------------------------------------------------------

export type HistoryQuery = RouteQuery<typeof listUsageHistories>;

export function useUsageHistories(query: HistoryQuery, isEnabled = true) {
  const base = useSealsKey();
  return useQuery({
    queryKey: [...base, 'histories', query],
    queryFn: ({ signal }) => api.call(listUsageHistories, { signal, query, suppressErrorToast: true }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useReconciliation(range: { from: string; to: string }) {
  const base = useSealsKey();
  return useQuery({
    queryKey: [...base, 'reconciliation', range],
    queryFn: ({ signal }) => api.call(getReconciliation, { signal, query: range, suppressErrorToast: true }),
    enabled: range.from !== '' && range.to !== '' && range.from <= range.to,
  });
}

export function useReconciliationDownload() {
  return useMutation({
    mutationFn: async (range: { from: string; to: string }) => {
      const blob = await api.call(downloadReconciliation, { query: range, timeoutMs: EXPORT_TIMEOUT_MS });
      saveBlob(blob as Blob, `seal-reconciliation-${range.from}-${range.to}.xlsx`);
    },
  });
}

/** Whether the seals applied to a contract match its approved requests (the chip of the contract page). */
export function useSealSyncStatus(contractId: number, isEnabled: boolean) {
  const base = useSealsKey();
  return useQuery({
    queryKey: [...base, 'sync', 'CONTRACT', contractId],
    queryFn: ({ signal }) => api.call(getSignatureSyncStatus, { signal, query: { referenceType: 'CONTRACT', referenceId: contractId }, suppressErrorToast: true }),
    enabled: isEnabled,
    staleTime: 30_000,
  });
}

function today(): string {
  return new Date().toISOString().slice(0, 10).replace(/-/g, '');
}
