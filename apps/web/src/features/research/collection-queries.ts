import {
  type CollectionDocument, createCollection, type CreateCollectionBody, deleteCollectionDocuments, downloadCollectionDocument, downloadDocumentsByCollection,
  getCollectionMeta, getCollectionSession, listCollectionDocuments, listCollectionsV2, queryCollection, updateCollection, type UpdateCollectionBody, uploadCollectionDocument,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { useResearchKey } from './research-queries';

/** While a document is PENDING its list is asked for again this often (indexing progress). */
const PENDING_POLL_MS = 2000;
const DOWNLOAD_TIMEOUT_MS = 120_000;

export function useCollections(keyword: string) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'collections', keyword],
    queryFn: ({ signal }) => api.call(listCollectionsV2, { signal, query: { keyword: keyword || undefined, page: 0, size: 100 } }),
    placeholderData: keepPreviousData,
  });
}

/** The chat composer's picker. */
export function useCollectionSession() {
  const base = useResearchKey();
  return useQuery({ queryKey: [...base, 'collections', 'session'], queryFn: ({ signal }) => api.call(getCollectionSession, { signal }) });
}

export function useCollectionDocuments(categoryId: number | null) {
  const base = useResearchKey();
  return useQuery({
    queryKey: [...base, 'collections', categoryId, 'documents'],
    queryFn: ({ signal }) => api.call(listCollectionDocuments, { signal, params: { categoryId: categoryId! }, query: { page: 0, size: 200 } }),
    enabled: categoryId !== null,
    refetchInterval: (query) => (query.state.data?.content.some((d: CollectionDocument) => d.status === 'PENDING') ? PENDING_POLL_MS : false),
  });
}

function useInvalidateCollections() {
  const base = useResearchKey();
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...base, 'collections'] });
}

export function useSaveCollection() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId: number | null; body: CreateCollectionBody | UpdateCollectionBody }) =>
      categoryId === null
        ? api.call(createCollection, { body: body as CreateCollectionBody, suppressErrorToast: true })
        : api.call(updateCollection, { params: { categoryId }, body: body as UpdateCollectionBody, suppressErrorToast: true }),
    onSuccess: invalidate,
  });
}

export function useUploadDocument(categoryId: number) {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number | null) => void }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.upload(uploadCollectionDocument, { params: { categoryId }, body, suppressErrorToast: true, showsStorageAlert: true, onProgress: ({ percent }) => onProgress(percent) });
    },
    onSettled: invalidate,
  });
}

export function useDeleteDocuments(categoryId: number) {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (documentIds: number[]) => api.call(deleteCollectionDocuments, { params: { categoryId }, body: { documentIds } }),
    onSuccess: invalidate,
  });
}

export function useQueryCollection(categoryId: number) {
  return useMutation({ mutationFn: (query: string) => api.call(queryCollection, { params: { categoryId }, body: { query, limit: 8 } }) });
}

export async function saveCollectionDocument(categoryId: number, document: { documentId: number; title: string }): Promise<void> {
  const blob = await api.call(downloadCollectionDocument, { params: { categoryId, documentId: document.documentId }, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  saveBlob(blob as Blob, document.title);
}

export async function saveCollectionZip(categoryId: number, name: string): Promise<void> {
  const blob = await api.call(downloadDocumentsByCollection, { query: { collectionId: categoryId }, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  saveBlob(blob as Blob, `${name}.zip`);
}

/** categories/meta/v1: limits, and the general categories the workspace searches (what the chat filter offers). */
export function useCollectionMeta() {
  const base = useResearchKey();
  return useQuery({ queryKey: [...base, 'collections', 'meta'], queryFn: ({ signal }) => api.call(getCollectionMeta, { signal, suppressErrorToast: true }), staleTime: 5 * 60_000 });
}
