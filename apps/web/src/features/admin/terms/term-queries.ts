import {
  addTermRevision, createTerm, deleteTerm, getCurrentPrivacyPolicy, listMyPendingTerms, listTermConsents, listTermRevisions, listTerms,
  type RouteBody, type RouteQuery, submitMyTermConsents, updateTerm, workspaceKey,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type SessionState, useSession } from '../../../lib/session';

export const TERMS_PAGE_SIZE = 10;

const selectKey = (s: SessionState) => `${workspaceKey(s.tenantId, s.workspaceId)}:${s.userInfo?.id ?? 0}`;

/** Every terms query of the selected workspace and user lives under this key. */
export function useTermsKey(): readonly ['terms', string] {
  return ['terms', useSession(selectKey)] as const;
}

// Admin ----------------------------------------------------------------------------------------

export type TermListQuery = NonNullable<RouteQuery<typeof listTerms>>;
export type ConsentListQuery = NonNullable<RouteQuery<typeof listTermConsents>>;

export function useTermList(query: TermListQuery) {
  const base = useTermsKey();
  return useQuery({
    queryKey: [...base, 'admin', 'list', query],
    queryFn: ({ signal }) => api.call(listTerms, { signal, query: { size: TERMS_PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useTermRevisions(termId: number | null, page: number) {
  const base = useTermsKey();
  return useQuery({
    queryKey: [...base, 'admin', 'revisions', termId, page],
    enabled: termId !== null,
    queryFn: ({ signal }) => api.call(listTermRevisions, { signal, params: { termId: termId! }, query: { page, size: TERMS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useConsentHistory(query: ConsentListQuery) {
  const base = useTermsKey();
  return useQuery({
    queryKey: [...base, 'admin', 'consents', query],
    queryFn: ({ signal }) => api.call(listTermConsents, { signal, query: { size: TERMS_PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Term and revision changes refresh the admin lists. The admin's own pending check is left alone:
 * like every member, they are asked at their next sign-in, not in the middle of editing.
 */
export function useTermMutations() {
  const queryClient = useQueryClient();
  const base = useTermsKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [...base, 'admin'] });
  return {
    create: useMutation({ mutationFn: (body: RouteBody<typeof createTerm>) => api.call(createTerm, { body, suppressErrorToast: true }), onSuccess }),
    update: useMutation({
      mutationFn: ({ termId, body }: { termId: number; body: RouteBody<typeof updateTerm> }) => api.call(updateTerm, { params: { termId }, body, suppressErrorToast: true }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (termId: number) => api.call(deleteTerm, { params: { termId } }), onSuccess }),
    addRevision: useMutation({
      mutationFn: ({ termId, body }: { termId: number; body: RouteBody<typeof addTermRevision> }) => api.call(addTermRevision, { params: { termId }, body, suppressErrorToast: true }),
      onSuccess,
    }),
  };
}

// Members --------------------------------------------------------------------------------------

/**
 * The revisions the member must accept in the selected workspace. Checked once when a workspace
 * page first opens in this session (sign-out clears the cache), which is "at the next sign-in"
 * of the spec; answering updates it.
 */
export function usePendingTerms({ isEnabled = true, isGate = false }: { isEnabled?: boolean; isGate?: boolean } = {}) {
  const base = useTermsKey();
  return useQuery({
    queryKey: [...base, 'mine', 'pending'],
    enabled: isEnabled,
    staleTime: Infinity,
    // A failed check is not repeated by the next gate that mounts (the workspace layout's and a
    // page's own): the page it let through would unmount while the check ran again.
    retryOnMount: !isGate,
    // The gate lets the page through when the check fails: it reports nothing and shows no toast.
    queryFn: ({ signal }) => api.call(listMyPendingTerms, { signal, ...(isGate ? { suppressErrorToast: true, skipErrorReport: true } : {}) }),
  });
}

export function useSubmitConsents() {
  const queryClient = useQueryClient();
  const base = useTermsKey();
  return useMutation({
    mutationFn: (body: RouteBody<typeof submitMyTermConsents>) => api.call(submitMyTermConsents, { body }),
    onSuccess: (stillPending) => {
      queryClient.setQueryData([...base, 'mine', 'pending'], stillPending);
      void queryClient.invalidateQueries({ queryKey: [...base, 'admin'] });
    },
  });
}

export function usePrivacyPolicy(isEnabled: boolean) {
  const base = useTermsKey();
  return useQuery({
    queryKey: [...base, 'mine', 'privacy-policy'],
    enabled: isEnabled,
    queryFn: ({ signal }) => api.call(getCurrentPrivacyPolicy, { signal }),
  });
}
