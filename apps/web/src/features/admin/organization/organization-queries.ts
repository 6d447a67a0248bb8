import {
  createDivision, createGroup, createRole, deleteDivision, deleteGroup, deleteRole, getGroup, getPermissionCatalogue, getRole, getRoleMatrix,
  jobPositionRoutes, jobTitleRoutes, listDivisionMembers, listDivisionTree, listGroups, listRoles, listUsers, moveDivision, ORGANIZATION_LIMITS,
  renameDivision, reorderDivisions, type RouteBody, setDivisionMembers, setGroupMembers, setGroupRoles, setRoleMembers, updateGroup, updateRole,
  updateRoleMatrix, workspaceKey,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type SessionState, useSession } from '../../../lib/session';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/** Every organization query of the selected workspace lives under this key: one invalidation refreshes them all. */
export function useOrganizationKey(): readonly ['organization', string] {
  return ['organization', useSession(selectWorkspaceKey)] as const;
}

/** Mutations of this area refresh every organization query (counts show on several screens). Forms show their own errors. */
function useRefresh() {
  const queryClient = useQueryClient();
  const base = useOrganizationKey();
  return () => queryClient.invalidateQueries({ queryKey: base });
}

export const ROLE_PAGE_SIZE = 10;
export const GROUP_PAGE_SIZE = 10;
/** The division panel edits the whole member set, so it loads it whole (the list's maximum). */
export const DIVISION_MEMBER_PAGE_SIZE = ORGANIZATION_LIMITS.groupPageMax;
const ALL = ORGANIZATION_LIMITS.listPageMax;

export interface ListFilters {
  /** 1-based, as tables show it. */
  page: number;
  sort?: string;
  keyword?: string;
}

// Roles -----------------------------------------------------------------------------------------

export function useRoleList(filters: ListFilters) {
  const base = useOrganizationKey();
  return useQuery({
    queryKey: [...base, 'roles', filters],
    queryFn: ({ signal }) => api.call(listRoles, { signal, query: { page: filters.page - 1, size: ROLE_PAGE_SIZE, sort: filters.sort, keyword: filters.keyword } }),
    placeholderData: keepPreviousData,
  });
}

/** Every role (pickers): the list's maximum page. */
export function useAllRoles() {
  const base = useOrganizationKey();
  return useQuery({ queryKey: [...base, 'roles', 'all'], queryFn: ({ signal }) => api.call(listRoles, { signal, query: { size: ALL } }) });
}

export function useRoleDetail(roleId: number | null) {
  const base = useOrganizationKey();
  return useQuery({
    queryKey: [...base, 'role', roleId],
    queryFn: ({ signal }) => api.call(getRole, { signal, params: { roleId: roleId ?? 0 } }),
    enabled: roleId !== null,
  });
}

export function usePermissionCatalogue() {
  const base = useOrganizationKey();
  return useQuery({ queryKey: [...base, 'permissions'], queryFn: ({ signal }) => api.call(getPermissionCatalogue, { signal }), staleTime: Infinity });
}

/** Not refetched on window focus: the editor's draft is laid over it. */
export function useRoleMatrix() {
  const base = useOrganizationKey();
  return useQuery({ queryKey: [...base, 'matrix'], queryFn: ({ signal }) => api.call(getRoleMatrix, { signal }), refetchOnWindowFocus: false });
}

export function useRoleMutations() {
  const onSuccess = useRefresh();
  const queryClient = useQueryClient();
  const base = useOrganizationKey();
  return {
    create: useMutation({ mutationFn: (body: RouteBody<typeof createRole>) => api.call(createRole, { body, suppressErrorToast: true }), onSuccess }),
    update: useMutation({
      mutationFn: ({ roleId, body }: { roleId: number; body: RouteBody<typeof updateRole> }) => api.call(updateRole, { params: { roleId }, body, suppressErrorToast: true }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (roleId: number) => api.call(deleteRole, { params: { roleId } }), onSuccess }),
    setMembers: useMutation({ mutationFn: ({ roleId, userIds }: { roleId: number; userIds: number[] }) => api.call(setRoleMembers, { params: { roleId }, body: { userIds } }), onSuccess }),
    saveMatrix: useMutation({
      mutationFn: (body: RouteBody<typeof updateRoleMatrix>) => api.call(updateRoleMatrix, { body }),
      // The answer is the new matrix: show it at once (the editor clears its draft), then refresh the rest.
      onSuccess: (matrix) => {
        queryClient.setQueryData([...base, 'matrix'], matrix);
        return onSuccess();
      },
    }),
  };
}

// Groups ----------------------------------------------------------------------------------------

export function useGroupList(filters: ListFilters) {
  const base = useOrganizationKey();
  return useQuery({
    queryKey: [...base, 'groups', filters],
    queryFn: ({ signal }) => api.call(listGroups, { signal, query: { page: filters.page - 1, size: GROUP_PAGE_SIZE, sort: filters.sort, keyword: filters.keyword } }),
    placeholderData: keepPreviousData,
  });
}

export function useGroupDetail(groupId: number | null) {
  const base = useOrganizationKey();
  return useQuery({
    queryKey: [...base, 'group', groupId],
    queryFn: ({ signal }) => api.call(getGroup, { signal, params: { groupId: groupId ?? 0 } }),
    enabled: groupId !== null,
  });
}

export function useGroupMutations() {
  const onSuccess = useRefresh();
  return {
    create: useMutation({ mutationFn: (body: RouteBody<typeof createGroup>) => api.call(createGroup, { body, suppressErrorToast: true }), onSuccess }),
    update: useMutation({
      mutationFn: ({ groupId, body }: { groupId: number; body: RouteBody<typeof updateGroup> }) => api.call(updateGroup, { params: { groupId }, body, suppressErrorToast: true }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (groupId: number) => api.call(deleteGroup, { params: { groupId } }), onSuccess }),
    setMembers: useMutation({ mutationFn: ({ groupId, userIds }: { groupId: number; userIds: number[] }) => api.call(setGroupMembers, { params: { groupId }, body: { userIds } }), onSuccess }),
    setRoles: useMutation({ mutationFn: ({ groupId, roleIds }: { groupId: number; roleIds: number[] }) => api.call(setGroupRoles, { params: { groupId }, body: { roleIds } }), onSuccess }),
  };
}

// Divisions -------------------------------------------------------------------------------------

export function useDivisionTree() {
  const base = useOrganizationKey();
  return useQuery({ queryKey: [...base, 'divisions'], queryFn: ({ signal }) => api.call(listDivisionTree, { signal }) });
}

export function useDivisionMembers(divisionId: number | null) {
  const base = useOrganizationKey();
  return useQuery({
    queryKey: [...base, 'division', divisionId, 'members'],
    queryFn: ({ signal }) => api.call(listDivisionMembers, { signal, params: { divisionId: divisionId ?? 0 }, query: { size: DIVISION_MEMBER_PAGE_SIZE } }),
    enabled: divisionId !== null,
  });
}

export function useDivisionMutations() {
  const onSuccess = useRefresh();
  return {
    create: useMutation({ mutationFn: (body: RouteBody<typeof createDivision>) => api.call(createDivision, { body, suppressErrorToast: true }), onSuccess }),
    rename: useMutation({
      mutationFn: ({ divisionId, name }: { divisionId: number; name: string }) => api.call(renameDivision, { params: { divisionId }, body: { name }, suppressErrorToast: true }),
      onSuccess,
    }),
    move: useMutation({ mutationFn: ({ divisionId, parentId }: { divisionId: number; parentId: number | null }) => api.call(moveDivision, { params: { divisionId }, body: { parentId } }), onSuccess }),
    reorder: useMutation({ mutationFn: (body: RouteBody<typeof reorderDivisions>) => api.call(reorderDivisions, { body }), onSuccess }),
    remove: useMutation({
      mutationFn: ({ divisionId, moveMembersTo }: { divisionId: number; moveMembersTo?: number }) => api.call(deleteDivision, { params: { divisionId }, query: { moveMembersTo } }),
      onSuccess,
    }),
    setMembers: useMutation({
      mutationFn: ({ divisionId, userIds }: { divisionId: number; userIds: number[] }) => api.call(setDivisionMembers, { params: { divisionId }, body: { userIds } }),
      onSuccess,
    }),
  };
}

// Job titles and positions ----------------------------------------------------------------------

export type JobListKind = 'titles' | 'positions';
const JOB_ROUTES = { titles: jobTitleRoutes, positions: jobPositionRoutes } as const;
/** Path parameters for either list: each path takes its own one and ignores the other. */
const jobParams = (id: number) => ({ jobTitleId: id, jobPositionId: id });

export function useJobItems(kind: JobListKind) {
  const base = useOrganizationKey();
  return useQuery({ queryKey: [...base, 'jobs', kind], queryFn: ({ signal }) => api.call(JOB_ROUTES[kind].list, { signal, query: { size: ALL } }) });
}

export function useJobItemMutations(kind: JobListKind) {
  const onSuccess = useRefresh();
  const routes = JOB_ROUTES[kind];
  return {
    create: useMutation({ mutationFn: (name: string) => api.call(routes.create, { body: { name }, suppressErrorToast: true }), onSuccess }),
    rename: useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => api.call(routes.rename, { params: jobParams(id), body: { name }, suppressErrorToast: true }), onSuccess }),
    reorder: useMutation({ mutationFn: (orderedIds: number[]) => api.call(routes.reorder, { body: { orderedIds } }), onSuccess }),
    remove: useMutation({
      mutationFn: ({ id, clearFromMembers }: { id: number; clearFromMembers: boolean }) =>
        api.call(routes.remove, { params: jobParams(id), query: { clearFromMembers: clearFromMembers ? 'true' : undefined } }),
      onSuccess,
    }),
  };
}

// Members ---------------------------------------------------------------------------------------

/** Active members matching a keyword, for the member pickers (the users area's list). */
export function useMemberSearch(keyword: string) {
  const base = useOrganizationKey();
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: [...base, 'memberSearch', trimmed],
    queryFn: ({ signal }) => api.call(listUsers, { signal, query: { keyword: trimmed || undefined, status: 'ACTIVE', size: 20, sort: 'displayName,asc' } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
