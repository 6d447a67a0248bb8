import { createUserPrompt, listRecentFiltersV2, listUserPrompts, updateUserPrompt, type UserPromptBody } from '@legal/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useResearchKey } from './research-queries';

/** The caller's recent question filters (statutes, collections, date), ready to reuse. */
export function useRecentFilters(isEnabled: boolean) {
  const base = useResearchKey();
  return useQuery({ queryKey: [...base, 'recentFilters'], queryFn: ({ signal }) => api.call(listRecentFiltersV2, { signal }), enabled: isEnabled });
}

/** After a question: its filter may now be the most recent. */
export function useRecentFiltersRefresh() {
  const base = useResearchKey();
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: [...base, 'recentFilters'] });
}

export function useUserPrompts(isEnabled: boolean) {
  const base = useResearchKey();
  return useQuery({ queryKey: [...base, 'userPrompts'], queryFn: ({ signal }) => api.call(listUserPrompts, { signal, query: {} }), enabled: isEnabled });
}

export function useSaveUserPrompt() {
  const base = useResearchKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ promptId, body }: { promptId: number | null; body: UserPromptBody }) =>
      promptId === null
        ? api.call(createUserPrompt, { body, suppressErrorToast: true })
        : api.call(updateUserPrompt, { params: { promptId }, body, suppressErrorToast: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...base, 'userPrompts'] }),
  });
}
