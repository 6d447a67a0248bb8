import {
  type ContractDetail, type ContractSummary, getConhubContractV3, getContractPermissions, listContractBookmarks, listCounterpartyBookmarks,
  listGroups, listHashtags, listUsersByRole, type RouteQuery, type UserRoleKind, scrollSearchContracts, workspaceKey,
} from '@legal/api';
import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type SessionState, useSession } from '../../lib/session';
import { type ContractFilters, searchFilterBody } from './contract-search-params';

/** Rows per scroll step and per page of the bookmark view. */
export const SCROLL_FETCH_SIZE = 20;
export const BOOKMARK_PAGE_SIZE = 30;
/** Counterparty bookmarks: the spec's page size. */
export const COUNTERPARTY_BOOKMARK_PAGE_SIZE = 30;
const PICKER_SIZE = 20;

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

export type ContractsKey = readonly ['contracts', string];

/** Every contract query of the selected workspace lives under this key: switching workspace refetches. */
export function useContractsKey(): ContractsKey {
  return ['contracts', useSession(selectWorkspaceKey)] as const;
}

export const listKeys = (base: ContractsKey) => [...base, 'list'] as const;
export const detailKey = (base: ContractsKey, contractId: number) => [...base, 'contract', contractId] as const;
export const permissionsKey = (base: ContractsKey, contractId: number) => [...base, 'contract', contractId, 'permissions'] as const;
export const counterpartyBookmarksKey = (base: ContractsKey) => [...base, 'counterpartyBookmarks'] as const;

// The repository list -------------------------------------------------------------------------

interface Cursor {
  sortValue: string | null;
  tieBreaker: number;
}

/** scroll-search v2: keyset pages for infinite scrolling (stable while contracts are added). */
export function useContractScroll(filters: ContractFilters, isEnabled: boolean) {
  const base = useContractsKey();
  const body = searchFilterBody(filters);
  return useInfiniteQuery({
    queryKey: [...listKeys(base), 'scroll', body, filters.sort],
    queryFn: ({ pageParam, signal }) =>
      api.call(scrollSearchContracts, {
        signal,
        body: { ...body, fetchSize: SCROLL_FETCH_SIZE, sortField: filters.sort.field, sortDirection: filters.sort.direction, ...(pageParam ?? {}) },
      }),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last): Cursor | undefined =>
      last.hasNext && last.tieBreaker !== null ? { sortValue: last.sortValue, tieBreaker: last.tieBreaker } : undefined,
    enabled: isEnabled,
  });
}

/** The caller's bookmarked contracts (newest bookmark first), page after page. */
export function useBookmarkedContracts(isEnabled: boolean) {
  const base = useContractsKey();
  return useInfiniteQuery({
    queryKey: [...listKeys(base), 'bookmarks'],
    queryFn: ({ pageParam, signal }) => api.call(listContractBookmarks, { signal, query: { page: pageParam, size: BOOKMARK_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
    enabled: isEnabled,
  });
}

/** Rewrites one contract in every cached list (a bookmark toggled, a title saved). */
export function patchListedContract(queryClient: QueryClient, base: ContractsKey, contractId: number, patch: Partial<ContractSummary>) {
  queryClient.setQueriesData<{ pages: Array<{ content: ContractSummary[] }> }>({ queryKey: listKeys(base) }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, content: page.content.map((c) => (c.id === contractId ? { ...c, ...patch } : c)) })) }
      : data,
  );
}

// One contract ------------------------------------------------------------------------------------

export function useContractDetail(contractId: number, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  const base = useContractsKey();
  return useQuery({
    queryKey: detailKey(base, contractId),
    queryFn: ({ signal }) => api.call(getConhubContractV3, { signal, params: { contractId } }),
    enabled: isEnabled,
  });
}

/** The caller's abilities and the fields the contract's status freezes now. */
export function useContractPermissions(contractId: number) {
  const base = useContractsKey();
  return useQuery({
    queryKey: permissionsKey(base, contractId),
    queryFn: ({ signal }) => api.call(getContractPermissions, { signal, params: { contractId } }),
  });
}

export function setDetail(queryClient: QueryClient, base: ContractsKey, detail: ContractDetail) {
  queryClient.setQueryData(detailKey(base, detail.id), detail);
}

// Pickers -------------------------------------------------------------------------------------------

/** Workspace hashtags matching a keyword (suggestions; new names are created on save). */
export function useHashtagOptions(keyword: string) {
  const base = useContractsKey();
  const trimmed = keyword.trim().replace(/^#+/, '');
  return useQuery({
    queryKey: [...base, 'hashtags', trimmed],
    queryFn: ({ signal }) => api.call(listHashtags, { signal, query: { keyword: trimmed || undefined, size: PICKER_SIZE, sort: 'name,asc' } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Members who read contracts (or hold another role: users/by-role, which any member may call) by name or login id. */
export function usePeopleSearch(keyword: string, kind: UserRoleKind = 'contractReaders') {
  const base = useContractsKey();
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: [...base, 'people', kind, trimmed],
    queryFn: ({ signal }) =>
      api.call(listUsersByRole, { signal, params: { kind }, query: { keyword: trimmed || undefined, size: PICKER_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useGroupOptions(keyword: string) {
  const base = useContractsKey();
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: [...base, 'groups', trimmed],
    queryFn: ({ signal }) => api.call(listGroups, { signal, query: { keyword: trimmed || undefined, size: PICKER_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export type CounterpartyBookmarkQuery = Pick<NonNullable<RouteQuery<typeof listCounterpartyBookmarks>>, 'keyword' | 'counterpartyType'> & {
  /** 1-based, as tables show it. */
  page: number;
};

export function useCounterpartyBookmarks(filters: CounterpartyBookmarkQuery, isEnabled = true) {
  const base = useContractsKey();
  return useQuery({
    queryKey: [...counterpartyBookmarksKey(base), filters],
    queryFn: ({ signal }) =>
      api.call(listCounterpartyBookmarks, {
        signal,
        query: {
          page: filters.page - 1,
          size: COUNTERPARTY_BOOKMARK_PAGE_SIZE,
          sort: 'name,asc',
          keyword: filters.keyword || undefined,
          counterpartyType: filters.counterpartyType,
        },
      }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}
