import {
  dismissStatuteChangeAlert, getStatuteChangeAlert, listStatuteChangeAlerts, markStatuteChangeAlertRead, restoreStatuteChangeAlert, type StatuteChangeAlert,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useResearchKey } from './research-queries';

/** The list's tabs: the open alerts, the unread among them, the dismissed ones. */
export const ALERT_FILTERS = ['open', 'unread', 'dismissed'] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number];
export const ALERT_PAGE_SIZE = 10;

function useAlertsKey() {
  return [...useResearchKey(), 'statuteAlerts'] as const;
}

/** A page of the workspace's alerts the caller can see, newest first. */
export function useStatuteAlerts(filter: AlertFilter, page: number) {
  const base = useAlertsKey();
  const query = {
    page, size: ALERT_PAGE_SIZE, isDismissed: filter === 'dismissed' ? ('true' as const) : ('false' as const), isRead: filter === 'unread' ? ('false' as const) : undefined,
  };
  return useQuery({
    queryKey: [...base, 'list', filter, page],
    queryFn: ({ signal }) => api.call(listStatuteChangeAlerts, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** One alert with the article in both versions and their word diff. */
export function useStatuteAlert(alertId: number | null) {
  const base = useAlertsKey();
  return useQuery({
    queryKey: [...base, 'detail', alertId],
    queryFn: ({ signal }) => api.call(getStatuteChangeAlert, { signal, params: { alertId: alertId! }, suppressErrorToast: true }),
    enabled: alertId !== null,
  });
}

const ACTIONS = { read: markStatuteChangeAlertRead, dismiss: dismissStatuteChangeAlert, restore: restoreStatuteChangeAlert } as const;

/** Read, dismiss or restore (the workspace's state): the lists and the open detail are asked again. */
export function useAlertAction() {
  const base = useAlertsKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, action }: { alertId: number; action: keyof typeof ACTIONS }): Promise<StatuteChangeAlert> =>
      api.call(ACTIONS[action], { params: { alertId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: base }),
  });
}
