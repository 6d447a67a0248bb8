import {
  acceptInvitation, bulkCreateInvitations, cancelInvitation, createInvitation, getInvitationFormOptions, INVITATION_LIMITS, listInvitations,
  previewInvitation, resendInvitation, workspaceKey, type AcceptInvitationBody, type BulkCreateInvitationsBody, type CreateInvitationBody,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession, type SessionState } from '../../../lib/session';
import { type InvitationFilters } from './invitations-search-params';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/** Every invitation query of the selected workspace lives under this key (one invalidation refreshes them). */
function useInvitationsKey(): readonly ['invitations', string] {
  return ['invitations', useSession(selectWorkspaceKey)] as const;
}

export function useInvitationList(filters: InvitationFilters) {
  const base = useInvitationsKey();
  return useQuery({
    queryKey: [...base, 'list', filters],
    queryFn: ({ signal }) =>
      api.call(listInvitations, {
        signal,
        query: {
          page: filters.page - 1,
          size: INVITATION_LIMITS.pageSize,
          sort: filters.sort,
          keyword: filters.keyword,
          statuses: filters.status,
          expired: filters.expired,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInvitationFormOptions() {
  const base = useInvitationsKey();
  return useQuery({
    queryKey: [...base, 'form-options'],
    queryFn: ({ signal }) => api.call(getInvitationFormOptions, { signal }),
    staleTime: 60_000,
  });
}

/** Invite (one address, or several with the bulk route), resend and cancel; each refreshes the list. */
export function useInvitationMutations() {
  const queryClient = useQueryClient();
  const base = useInvitationsKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [...base, 'list'] });
  const inviteOne = useMutation({ mutationFn: (body: CreateInvitationBody) => api.call(createInvitation, { body, suppressErrorToast: true }), onSuccess });
  const inviteMany = useMutation({ mutationFn: (body: BulkCreateInvitationsBody) => api.call(bulkCreateInvitations, { body, suppressErrorToast: true }), onSuccess });
  const resend = useMutation({ mutationFn: (invitationId: number) => api.call(resendInvitation, { params: { invitationId } }), onSuccess });
  const cancel = useMutation({ mutationFn: (invitationId: number) => api.call(cancelInvitation, { params: { invitationId } }), onSuccess });
  return { inviteOne, inviteMany, resend, cancel };
}

/** What the accept page shows for a link's token (POST: the token stays out of request logs). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) => api.call(previewInvitation, { body: { token: token ?? '' }, signal, suppressErrorToast: true }),
    enabled: Boolean(token),
    retry: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: (body: AcceptInvitationBody) => api.call(acceptInvitation, { body, suppressErrorToast: true }) });
}
