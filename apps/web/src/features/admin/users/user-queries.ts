import {
  deactivateUser, forceUserPasswordReset, getUser, getUserOptions, listUsers, reactivateUser, type RouteBody, setUserRoles, unlockUser, updateUser,
  USER_LIMITS, workspaceKey,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type SessionState, useSession } from '../../../lib/session';
import { type UserFilters } from './users-search-params';

export const USER_PAGE_SIZE = USER_LIMITS.defaultPageSize;

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/** Every users query of the selected workspace lives under this key (one invalidation refreshes them). */
export function useUsersKey(): readonly ['adminUsers', string] {
  return ['adminUsers', useSession(selectWorkspaceKey)] as const;
}

export function useUserList(filters: UserFilters) {
  const base = useUsersKey();
  return useQuery({
    queryKey: [...base, 'list', filters],
    queryFn: ({ signal }) =>
      api.call(listUsers, {
        signal,
        query: {
          page: filters.page - 1,
          size: USER_PAGE_SIZE,
          sort: filters.sort,
          keyword: filters.keyword,
          status: filters.status,
          roleIds: filters.roleIds,
          groupIds: filters.groupIds,
          divisionId: filters.divisionId,
          jobTitleIds: filters.jobTitleIds,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Roles, groups, divisions, titles and positions of the workspace (filters and pickers). */
export function useUserOptions() {
  const base = useUsersKey();
  return useQuery({ queryKey: [...base, 'options'], queryFn: ({ signal }) => api.call(getUserOptions, { signal }), staleTime: 60_000 });
}

export function useUserDetail(userId: number | null) {
  const base = useUsersKey();
  return useQuery({
    queryKey: [...base, 'user', userId],
    queryFn: ({ signal }) => api.call(getUser, { params: { userId: userId ?? 0 }, signal }),
    enabled: userId !== null,
  });
}

/** Every change of a member refreshes the list and the open drawer. Form saves show their own errors. */
export function useUserMutations(userId: number) {
  const queryClient = useQueryClient();
  const base = useUsersKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: base });
  const params = { userId };
  return {
    update: useMutation({ mutationFn: (body: RouteBody<typeof updateUser>) => api.call(updateUser, { params, body, suppressErrorToast: true }), onSuccess }),
    setRoles: useMutation({ mutationFn: (roleIds: number[]) => api.call(setUserRoles, { params, body: { roleIds }, suppressErrorToast: true }), onSuccess }),
    deactivate: useMutation({ mutationFn: () => api.call(deactivateUser, { params }), onSuccess }),
    reactivate: useMutation({ mutationFn: () => api.call(reactivateUser, { params }), onSuccess }),
    unlock: useMutation({ mutationFn: () => api.call(unlockUser, { params }), onSuccess }),
    forceReset: useMutation({ mutationFn: () => api.call(forceUserPasswordReset, { params }), onSuccess }),
  };
}
