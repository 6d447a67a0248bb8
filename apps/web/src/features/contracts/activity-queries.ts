import { listContractActivities } from '@legal/api';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { detailKey, useContractsKey } from './contract-queries';

export const ACTIVITY_PAGE_SIZE = 20;

const activitiesKey = (base: ReturnType<typeof useContractsKey>, contractId: number) => [...detailKey(base, contractId), 'activities'] as const;

/** The contract's history, newest first, page after page. */
export function useContractActivities(contractId: number) {
  const base = useContractsKey();
  return useInfiniteQuery({
    queryKey: activitiesKey(base, contractId),
    queryFn: ({ pageParam, signal }) => api.call(listContractActivities, { signal, params: { contractId }, query: { page: pageParam, size: ACTIVITY_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
  });
}

/**
 * Reloads the history whenever anything cached under the contract's key gets new data after its
 * first load: an edit's answer written into the detail, reminders or counterparties reloaded, a
 * completion. No interval: the edits of this page are what change the history.
 */
export function useActivitiesFollowEdits(contractId: number) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  const prefix = JSON.stringify(detailKey(base, contractId)).slice(0, -1);
  const own = JSON.stringify(activitiesKey(base, contractId));
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || event.query.state.dataUpdateCount < 2) return;
        const key = JSON.stringify(event.query.queryKey);
        if (key === own || !(key === `${prefix}]` || key.startsWith(`${prefix},`))) return;
        void queryClient.invalidateQueries({ queryKey: JSON.parse(own) as unknown[], exact: true });
      }),
    [queryClient, prefix, own],
  );
}
