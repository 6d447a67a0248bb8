import {
  approveRoleRequest, cancelRoleRequest, createRoleRequest, getRoleRequestFormOptions, listMyRoleRequests, listRoleRequests, rejectRoleRequest,
  ROLE_REQUEST_LIMITS, workspaceKey, type CreateRoleRequestBody,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession, type SessionState } from '../../../lib/session';
import { type RoleRequestFilters } from './role-requests-search-params';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/** Every role request query of the selected workspace lives under this key (one invalidation refreshes them). */
function useRoleRequestsKey(): readonly ['role-requests', string] {
  return ['role-requests', useSession(selectWorkspaceKey)] as const;
}

const listQuery = (filters: RoleRequestFilters) => ({
  page: filters.page - 1,
  size: ROLE_REQUEST_LIMITS.pageSize,
  sort: filters.sort,
  statuses: filters.statuses,
  roleIds: filters.roleId,
});

/** The approvers' list (workspace.role.write). */
export function useRoleRequestList(filters: RoleRequestFilters) {
  const base = useRoleRequestsKey();
  return useQuery({
    queryKey: [...base, 'list', filters],
    queryFn: ({ signal }) =>
      api.call(listRoleRequests, { signal, query: { ...listQuery(filters), requesterIds: filters.requesterId, approveUserId: filters.approveUserId } }),
    placeholderData: keepPreviousData,
  });
}

/** The caller's own requests. */
export function useMyRoleRequests(filters: RoleRequestFilters) {
  const base = useRoleRequestsKey();
  return useQuery({
    queryKey: [...base, 'mine', filters],
    queryFn: ({ signal }) => api.call(listMyRoleRequests, { signal, query: listQuery(filters) }),
    placeholderData: keepPreviousData,
  });
}

/** The requestable roles (with what the caller holds) and the members who may approve. */
export function useRoleRequestFormOptions() {
  const base = useRoleRequestsKey();
  return useQuery({ queryKey: [...base, 'form-options'], queryFn: ({ signal }) => api.call(getRoleRequestFormOptions, { signal }) });
}

/** Request, cancel, approve, reject; each refreshes every role request query of the workspace. */
export function useRoleRequestMutations() {
  const queryClient = useQueryClient();
  const base = useRoleRequestsKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: base });
  const create = useMutation({ mutationFn: (body: CreateRoleRequestBody) => api.call(createRoleRequest, { body, suppressErrorToast: true }), onSuccess });
  const cancel = useMutation({ mutationFn: (roleRequestId: number) => api.call(cancelRoleRequest, { params: { roleRequestId } }), onSuccess });
  const approve = useMutation({
    mutationFn: ({ roleRequestId, comment }: { roleRequestId: number; comment?: string }) =>
      api.call(approveRoleRequest, { params: { roleRequestId }, body: { comment }, suppressErrorToast: true }),
    onSuccess,
  });
  const reject = useMutation({
    mutationFn: ({ roleRequestId, comment }: { roleRequestId: number; comment: string }) =>
      api.call(rejectRoleRequest, { params: { roleRequestId }, body: { comment }, suppressErrorToast: true }),
    onSuccess,
  });
  return { create, cancel, approve, reject };
}
