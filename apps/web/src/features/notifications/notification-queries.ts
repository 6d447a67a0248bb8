import {
  countMyUnreadNotifications, listMyNotifications, markAllMyNotificationsRead, markMyNotificationRead, NOTIFICATION_LIMITS, workspaceKey,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type SessionState, useSession } from '../../lib/session';

export const NOTIFICATION_PAGE_SIZE = 20;
/** How often the bell asks for the unread count while the page is open (and again on focus). */
export const UNREAD_POLL_MS = 60_000;

const selectKey = (s: SessionState) => `${workspaceKey(s.tenantId, s.workspaceId)}:${s.userInfo?.id ?? 0}`;

/** Every notification query of the selected workspace and user lives under this key (one invalidation refreshes them). */
export function useNotificationsKey(): readonly ['notifications', string] {
  return ['notifications', useSession(selectKey)] as const;
}

/** The bell's count: one cheap call, polled every minute and when the window regains focus. */
export function useUnreadNotificationCount() {
  const base = useNotificationsKey();
  // A badge: when the count cannot load, it simply does not show (no error toast for it).
  return useQuery({
    queryKey: [...base, 'unread'],
    queryFn: ({ signal }) => api.call(countMyUnreadNotifications, { signal, suppressErrorToast: true }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The newest few, for the bell's popover (loaded when it opens). */
export function useLatestNotifications(isEnabled: boolean) {
  const base = useNotificationsKey();
  return useQuery({
    queryKey: [...base, 'latest'],
    enabled: isEnabled,
    staleTime: 0,
    queryFn: ({ signal }) => api.call(listMyNotifications, { signal, query: { page: 0, size: NOTIFICATION_LIMITS.latestCount } }),
  });
}

export interface NotificationFilters {
  /** 1-based, as in the address. */
  page: number;
  isUnreadOnly: boolean;
}

export function useMyNotifications(filters: NotificationFilters) {
  const base = useNotificationsKey();
  return useQuery({
    queryKey: [...base, 'list', filters],
    queryFn: ({ signal }) =>
      api.call(listMyNotifications, { signal, query: { page: filters.page - 1, size: NOTIFICATION_PAGE_SIZE, isRead: filters.isUnreadOnly ? 'false' : undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** Marks one read (opening it does); every notification query refreshes. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const base = useNotificationsKey();
  return useMutation({
    mutationFn: (notificationId: number) => api.call(markMyNotificationRead, { params: { notificationId }, suppressErrorToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: base }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const base = useNotificationsKey();
  return useMutation({
    mutationFn: () => api.call(markAllMyNotificationsRead),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: base }),
  });
}
