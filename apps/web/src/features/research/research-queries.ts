import {
  type ChatDetail, deleteChat, getChatV2, getClauseHistory, getLegalHierarchy, getStatuteImportStatus, getStatuteVersion, listChats, listSampleQuestions,
  getResearchConfigs, listStatuteHistoriesV2, saveChatFeedback, searchStatutes, translateResearch, workspaceKey,
} from '@legal/api';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type SessionState, useSession } from '../../lib/session';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);
/** How many chats the sidebar asks for at a time. */
export const CHAT_PAGE_SIZE = 20;
/** How often the import progress is asked for while the corpus is being imported. */
const IMPORT_POLL_MS = 2000;

/** Every research query of the selected workspace (chats are per workspace; statutes are public but cached alike). */
export function useResearchKey() {
  return ['research', useSession(selectWorkspaceKey)] as const;
}

export interface ChatListFilter {
  updatedDateStart?: string;
  updatedDateEnd?: string;
}

/** The caller's chats, newest activity first, a page at a time ("load more"). */
export function useChatList(filter: ChatListFilter) {
  const base = useResearchKey();
  return useInfiniteQuery({
    queryKey: [...base, 'chats', filter],
    queryFn: ({ pageParam, signal }) => api.call(listChats, { signal, query: { ...filter, page: pageParam, size: CHAT_PAGE_SIZE, sort: 'updatedAt,desc' } }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useChatDetail(chatKey: string | null) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'chat', chatKey],
    queryFn: ({ signal }) => api.call(getChatV2, { signal, params: { chatKey: chatKey! } }),
    enabled: chatKey !== null,
  });
}

export function useDeleteChat() {
  const base = useResearchKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chatKey: string) => api.call(deleteChat, { params: { chatKey } }),
    onSuccess: (_, chatKey) => {
      client.removeQueries({ queryKey: [...base, 'chat', chatKey] });
      return client.invalidateQueries({ queryKey: [...base, 'chats'] });
    },
  });
}

/** After an answer: the chat list shows the chat (new, or moved to the top). */
export function useChatListRefresh() {
  const base = useResearchKey();
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: [...base, 'chats'] });
}

/** A saved answer's feedback, written into the cached chat so that reopening it shows the saved state. */
export function useSaveFeedback(chatKey: string, chatMessageKey: string) {
  const base = useResearchKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { rating: 'GOOD' | 'BAD'; comment?: string }) =>
      api.call(saveChatFeedback, { params: { chatKey, chatMessageKey }, body, suppressErrorToast: true }),
    onSuccess: (saved) => {
      client.setQueryData<ChatDetail>([...base, 'chat', chatKey], (chat) =>
        chat ? { ...chat, messages: chat.messages.map((m) => (m.chatMessageKey === chatMessageKey ? { ...m, feedback: saved.rating } : m)) } : chat,
      );
    },
  });
}

/** A model's translation takes as long as a model's answer (the AI review's clause calls allow the same). */
const TRANSLATION_TIMEOUT_MS = 180_000;

/** Translates one stored answer of the caller's chat (ko <-> en); failures are shown beside the answer, not as a toast. */
export function useTranslateAnswer(chatKey: string, chatMessageKey: string) {
  return useMutation({
    mutationFn: (targetLanguage: 'ko' | 'en') =>
      api.call(translateResearch, { body: { chatKey, chatMessageKey, targetLanguage }, suppressErrorToast: true, timeoutMs: TRANSLATION_TIMEOUT_MS }),
  });
}

export function useSampleQuestions(isEnabled: boolean) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'samples'],
    queryFn: ({ signal }) => api.call(listSampleQuestions, { signal }),
    enabled: isEnabled,
    staleTime: 10 * 60_000,
  });
}

export function useStatuteSearch(keyword: string, inForceOn?: string) {
  const base = useResearchKey();
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: [...base, 'statutes', trimmed, inForceOn ?? null],
    queryFn: ({ signal }) => api.call(searchStatutes, { signal, query: { keyword: trimmed, inForceOn } }),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** One version's articles, or one article of it (`article`). */
export function useStatuteVersion(lawSerialNumber: string | null, article?: string) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'version', lawSerialNumber, article ?? null],
    queryFn: ({ signal }) => api.call(getStatuteVersion, { signal, query: { lawSerialNumber: lawSerialNumber!, article }, suppressErrorToast: true }),
    enabled: lawSerialNumber !== null,
    staleTime: 30 * 60_000,
  });
}

export function useClauseHistory(statuteId: string, clauseKey: string, range: { from?: string; to?: string }, isEnabled = true) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'clauseHistory', statuteId, clauseKey, range.from ?? null, range.to ?? null],
    queryFn: ({ signal }) => api.call(getClauseHistory, { signal, params: { statuteId, clauseKey }, query: range, suppressErrorToast: true }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    staleTime: 30 * 60_000,
  });
}

export function useStatuteHistory(statuteId: string | null) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'history', statuteId],
    queryFn: ({ signal }) => api.call(listStatuteHistoriesV2, { signal, params: { statuteId: statuteId! }, suppressErrorToast: true }),
    enabled: statuteId !== null,
    staleTime: 30 * 60_000,
  });
}

export function useLegalHierarchy(statuteId: string | null) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'hierarchy', statuteId],
    queryFn: ({ signal }) => api.call(getLegalHierarchy, { signal, params: { statuteId: statuteId! }, suppressErrorToast: true }),
    enabled: statuteId !== null,
    staleTime: 30 * 60_000,
  });
}

/** The corpus import, asked again while it runs. */
export function useImportStatus() {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'importStatus'],
    queryFn: ({ signal }) => api.call(getStatuteImportStatus, { signal, suppressErrorToast: true }),
    refetchInterval: (query) => (query.state.data?.state === 'RUNNING' ? IMPORT_POLL_MS : false),
  });
}

/** The workspace's research configs in effect (what the chat offers: collections, attachments). */
export function useResearchConfigs() {
  const base = useResearchKey();
  return useQuery({ queryKey: [...base, 'configs'], queryFn: ({ signal }) => api.call(getResearchConfigs, { signal, suppressErrorToast: true }), staleTime: 5 * 60_000 });
}
