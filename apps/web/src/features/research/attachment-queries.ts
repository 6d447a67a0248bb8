import { type ChatAttachments, deleteChatAttachment, listChatAttachments, uploadChatAttachment } from '@legal/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useResearchKey } from './research-queries';

/** While an attachment is PENDING the list is asked for again this often (indexing progress). */
const PENDING_POLL_MS = 2000;

export function useChatAttachments(chatKey: string | null) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'attachments', chatKey],
    queryFn: ({ signal }) => api.call(listChatAttachments, { signal, query: { chatKey: chatKey! }, suppressErrorToast: true }),
    enabled: chatKey !== null,
    refetchInterval: (query) => (query.state.data?.attachments.some((a) => a.status === 'PENDING') ? PENDING_POLL_MS : false),
  });
}

/** Uploads a file to the chat (a new chat when there is none yet); the answer names the chat. */
export function useUploadAttachment() {
  const base = useResearchKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chatKey, file, onProgress }: { chatKey: string | null; file: File; onProgress: (percent: number | null) => void }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.upload(uploadChatAttachment, { query: chatKey ? { chatKey } : {}, body, suppressErrorToast: true, showsStorageAlert: true, onProgress: ({ percent }) => onProgress(percent) });
    },
    onSuccess: (attached) => {
      void client.invalidateQueries({ queryKey: [...base, 'attachments', attached.chatKey] });
      void client.invalidateQueries({ queryKey: [...base, 'chats'] });
    },
  });
}

export function useDeleteAttachment(chatKey: string) {
  const base = useResearchKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attachment: { fileKey: string; categoryId: number }) => api.call(deleteChatAttachment, { query: { chatKey, ...attachment } }),
    onSuccess: (list: ChatAttachments) => client.setQueryData([...base, 'attachments', chatKey], list),
  });
}
