import {
  countMyUnreadNotices, createNotice, deleteNotice, getMyNotice, listMyNotices, listNoticeCreators, listNotices, markAllMyNoticesRead,
  type RouteBody, updateNotice, workspaceKey,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type SessionState, useSession } from '../../../lib/session';
import { type NoticeFilters } from './notices-search-params';

export const NOTICE_PAGE_SIZE = 10;

const selectKey = (s: SessionState) => `${workspaceKey(s.tenantId, s.workspaceId)}:${s.userInfo?.id ?? 0}`;

/** Every notice query of the selected workspace and user lives under this key (one invalidation refreshes them). */
export function useNoticesKey(): readonly ['notices', string] {
  return ['notices', useSession(selectKey)] as const;
}

export function useAdminNotices(filters: NoticeFilters) {
  const base = useNoticesKey();
  return useQuery({
    queryKey: [...base, 'admin', 'list', filters],
    queryFn: ({ signal }) =>
      api.call(listNotices, {
        signal,
        query: { page: filters.page - 1, size: NOTICE_PAGE_SIZE, sort: filters.sort, keyword: filters.keyword, noticeTypes: filters.noticeTypes, creatorIds: filters.creatorIds },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useNoticeCreators() {
  const base = useNoticesKey();
  return useQuery({ queryKey: [...base, 'admin', 'creators'], queryFn: ({ signal }) => api.call(listNoticeCreators, { signal }) });
}

/** Create, edit, delete: each refreshes every notice query (lists, badge, member view). */
export function useNoticeMutations() {
  const queryClient = useQueryClient();
  const base = useNoticesKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: base });
  const create = useMutation({
    mutationFn: (body: RouteBody<typeof createNotice>) => api.call(createNotice, { body, suppressErrorToast: true }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ noticeId, body }: { noticeId: number; body: RouteBody<typeof updateNotice> }) => api.call(updateNotice, { params: { noticeId }, body, suppressErrorToast: true }),
    onSuccess,
  });
  const remove = useMutation({ mutationFn: (noticeId: number) => api.call(deleteNotice, { params: { noticeId } }), onSuccess });
  return { create, update, remove };
}

export function useMyNotices(filters: NoticeFilters) {
  const base = useNoticesKey();
  return useQuery({
    queryKey: [...base, 'mine', 'list', filters],
    queryFn: ({ signal }) =>
      api.call(listMyNotices, {
        signal,
        query: { page: filters.page - 1, size: NOTICE_PAGE_SIZE, sort: filters.sort, keyword: filters.keyword, noticeTypes: filters.noticeTypes, isRead: filters.isUnreadOnly ? 'false' : undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

/** How many notices the member has not opened (for a badge). */
export function useUnreadNoticeCount() {
  const base = useNoticesKey();
  // A badge: when the count cannot load, it simply does not show (no error toast for it).
  return useQuery({ queryKey: [...base, 'mine', 'unread'], queryFn: ({ signal }) => api.call(countMyUnreadNotices, { signal, suppressErrorToast: true }) });
}

/** One notice; the server marks it read, so the lists and the badge refresh once it has loaded. */
export function useMyNotice(noticeId: number | null) {
  const base = useNoticesKey();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...base, 'mine', 'notice', noticeId],
    enabled: noticeId !== null,
    queryFn: async ({ signal }) => {
      const notice = await api.call(getMyNotice, { params: { noticeId: noticeId! }, signal });
      void queryClient.invalidateQueries({ queryKey: [...base, 'mine'], predicate: (q) => q.queryKey[3] !== 'notice' });
      return notice;
    },
  });
}

export function useMarkAllNoticesRead() {
  const queryClient = useQueryClient();
  const base = useNoticesKey();
  return useMutation({
    mutationFn: () => api.call(markAllMyNoticesRead),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: base }),
  });
}
