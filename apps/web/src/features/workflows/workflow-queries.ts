import {
  type ContractHubItem, type ContractHubSearchV2Query, type MyRelatedQuery, type MyRelation, type Page, listMyRelatedContracts, searchHubContractsV2, searchToBeExecutedV2,
  type CurrentActionBody, type RouteQuery, type StartWorkflowBody, type Workflow, countAssignmentsByMember, countAssignmentsByStep, getCurrentWorkflow,
  getHomeTodo, getWorkflowCycleTimes, getWorkflowMeta, getWorkflowOpenItems, listApprovals, listCommentEvents, listGroupRequestsV2, listMyRequestsV2, listToBeAssignedV2, listUsersWithDivisions,
  listWorkflowEventsV3, listWorkflowPresets, startWorkflow, workspaceKey,
} from '@legal/api';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { type SessionState, useSession } from '../../lib/session';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/** Page sizes of spec section 9: 20 workflow events, 30 my-requests. */
export const EVENTS_PAGE_SIZE = 20;
export const MY_REQUESTS_PAGE_SIZE = 30;
export const LIST_PAGE_SIZE = 10;

/** Every workflow query of the selected workspace. */
export function useWorkflowsKey() {
  return ['workflows', useSession(selectWorkspaceKey)] as const;
}

/** The server's vocabulary (steps, actions, statuses) with ko/en labels; it changes only with a deploy. */
export function useWorkflowMeta() {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'meta'],
    queryFn: ({ signal }) => api.call(getWorkflowMeta, { signal, suppressErrorToast: true }),
    staleTime: Infinity,
  });
}

export function useWorkflowPresets(isEnabled: boolean) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'presets'],
    queryFn: ({ signal }) => api.call(listWorkflowPresets, { signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

/** The contract's running (or last) workflow with the caller's allowed actions; null when it never had one. */
export function useCurrentWorkflow(contractId: number) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'contract', contractId, 'current'],
    queryFn: async ({ signal }): Promise<Workflow | null> => {
      try {
        return await api.call(getCurrentWorkflow, { signal, params: { contractId }, suppressErrorToast: true });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Reads the current workflow once (an approval decided from the inbox needs its revision). */
export function fetchCurrentWorkflow(contractId: number): Promise<Workflow> {
  return api.call(getCurrentWorkflow, { params: { contractId }, suppressErrorToast: true });
}

export function useWorkflowEvents(contractId: number, page: number, isEnabled = true) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'contract', contractId, 'events', page],
    queryFn: ({ signal }) => api.call(listWorkflowEventsV3, { signal, params: { contractId }, query: { page, size: EVENTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useCommentEvents(contractId: number, isEnabled = true) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'contract', contractId, 'comments'],
    queryFn: ({ signal }) => api.call(listCommentEvents, { signal, params: { contractId } }),
    enabled: isEnabled,
  });
}

/** After an action or a comment: the panel, its events, the inboxes and the contract (its status follows the workflow). */
export function useWorkflowRefresh(contractId: number) {
  const base = useWorkflowsKey();
  const client = useQueryClient();
  return (workflow?: Workflow) => {
    if (workflow) client.setQueryData([...base, 'contract', contractId, 'current'], workflow);
    void client.invalidateQueries({ queryKey: base });
    void client.invalidateQueries({ queryKey: ['contracts'] });
  };
}

export type UserPermissionFilter = RouteQuery<typeof listUsersWithDivisions>['permission'];

/** Members for a picker (reviewers, approvers, mentions), by name and permission. */
export function useUsersWithDivisions(name: string, permission?: UserPermissionFilter, isEnabled = true) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'users', permission ?? null, name],
    queryFn: ({ signal }) => api.call(listUsersWithDivisions, { signal, query: { ...(name ? { userDisplayName: name } : {}), ...(permission ? { permission } : {}), size: 30 } }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useHomeTodo() {
  const base = useWorkflowsKey();
  return useQuery({ queryKey: [...base, 'todo'], queryFn: ({ signal }) => api.call(getHomeTodo, { signal }) });
}

export function useCountsByStep(isEnabled: boolean) {
  const base = useWorkflowsKey();
  return useQuery({ queryKey: [...base, 'by-step'], queryFn: ({ signal }) => api.call(countAssignmentsByStep, { signal }), enabled: isEnabled });
}

export function useCountsByMember(isEnabled = true) {
  const base = useWorkflowsKey();
  return useQuery({ queryKey: [...base, 'by-member'], queryFn: ({ signal }) => api.call(countAssignmentsByMember, { signal }), enabled: isEnabled });
}

export function useToBeAssigned(page: number, searchText: string) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'to-be-assigned', page, searchText],
    queryFn: ({ signal }) => api.call(listToBeAssignedV2, { signal, query: { page, size: LIST_PAGE_SIZE, ...(searchText ? { searchText } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

export function useApprovals(isWaitingOnMe: boolean, page: number) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'approvals', isWaitingOnMe, page],
    queryFn: ({ signal }) =>
      api.call(listApprovals, { signal, query: { role: 'APPROVER', page, size: LIST_PAGE_SIZE, ...(isWaitingOnMe ? { waitingOnMe: 'true' } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

export type MyRequestsQuery = RouteQuery<typeof listMyRequestsV2>;

export function useMyRequests(query: MyRequestsQuery, isGroups: boolean) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'my-requests', isGroups, query],
    queryFn: ({ signal }) => api.call(isGroups ? listGroupRequestsV2 : listMyRequestsV2, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** The dashboard: the running workflows the caller can read, by step and wait, and the slowest. */
export function useWorkflowOpenItems() {
  const base = useWorkflowsKey();
  return useQuery({ queryKey: [...base, 'analytics', 'open-items'], queryFn: ({ signal }) => api.call(getWorkflowOpenItems, { signal }) });
}

/** The dashboard: time spent in each step over the range (the server's 90 days up to today when absent). */
export function useWorkflowCycleTimes(range: RouteQuery<typeof getWorkflowCycleTimes>, isEnabled: boolean) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'analytics', 'cycle-times', range],
    queryFn: ({ signal }) => api.call(getWorkflowCycleTimes, { signal, query: range }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

export function postStartWorkflow(contractId: number, body: StartWorkflowBody): Promise<Workflow> {
  return api.call(startWorkflow, { params: { contractId }, body, suppressErrorToast: true });
}

export type { CurrentActionBody };

/** The contract hub search's current tab: contracts/search v2, to-be-executed v2 or my-related v2. */
export function useHubSearch(view: 'all' | 'to-be-executed' | 'related', query: ContractHubSearchV2Query | MyRelatedQuery) {
  const base = useWorkflowsKey();
  return useQuery({
    queryKey: [...base, 'hub-search', view, query],
    queryFn: ({ signal }): Promise<Page<ContractHubItem & { relations?: MyRelation[] }>> =>
      view === 'related'
        ? api.call(listMyRelatedContracts, { signal, query: query as MyRelatedQuery })
        : api.call(view === 'to-be-executed' ? searchToBeExecutedV2 : searchHubContractsV2, { signal, query: query as ContractHubSearchV2Query }),
    placeholderData: keepPreviousData,
  });
}
