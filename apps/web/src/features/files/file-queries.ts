import {
  deleteFile,
  downloadFile,
  getFile,
  getFileText,
  listFileRevisions,
  listFiles,
  restoreFile,
  workspaceKey,
  type FileMetadata,
  type RouteData,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { useSession, type SessionState } from '../../lib/session';
import { type FileFilters } from './files-search-params';

export const FILE_PAGE_SIZE = 20;

export type FileText = RouteData<typeof getFileText>;
export type FileRevisionList = RouteData<typeof listFileRevisions>;

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/** Every file query of the selected workspace lives under this key (one invalidation refreshes them). */
export function useFilesKey(): readonly ['files', string] {
  return ['files', useSession(selectWorkspaceKey)] as const;
}

export function useFileList(filters: FileFilters) {
  const base = useFilesKey();
  return useQuery({
    queryKey: [...base, 'list', filters],
    queryFn: ({ signal }) =>
      api.call(listFiles, {
        signal,
        query: {
          page: filters.page - 1,
          size: FILE_PAGE_SIZE,
          sort: filters.sort,
          keyword: filters.keyword,
          fileTypes: filters.fileType,
          isDeleted: filters.isDeleted ? 'true' : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useFileMetadata(fileKey: string) {
  const base = useFilesKey();
  return useQuery({
    queryKey: [...base, 'file', fileKey],
    queryFn: ({ signal }) => api.call(getFile, { params: { fileKey }, signal }),
  });
}

export function useFileRevisions(fileKey: string) {
  const base = useFilesKey();
  return useQuery({
    queryKey: [...base, 'file', fileKey, 'revisions'],
    queryFn: ({ signal }) => api.call(listFileRevisions, { params: { fileKey }, signal }),
  });
}

export function useFileText(fileKey: string, revision: number) {
  const base = useFilesKey();
  return useQuery({
    queryKey: [...base, 'file', fileKey, 'text', revision],
    queryFn: ({ signal }) => api.call(getFileText, { params: { fileKey }, query: { revision }, signal }),
  });
}

/** The bytes of a revision (for the preview): fetched once per revision and kept while the drawer is open. */
export function useFileBytes(fileKey: string, revision: number, isEnabled: boolean) {
  const base = useFilesKey();
  return useQuery({
    queryKey: [...base, 'file', fileKey, 'bytes', revision],
    queryFn: ({ signal }) => fetchFileBlob(fileKey, revision, signal),
    enabled: isEnabled,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

export async function fetchFileBlob(fileKey: string, revision?: number, signal?: AbortSignal): Promise<Blob> {
  const blob = await api.call(downloadFile, { params: { fileKey }, query: { revision }, signal, timeoutMs: 120_000 });
  return blob as Blob;
}

/** Downloads through the API client (headers, error toasts) and saves under the file's display name. */
export async function saveFile(file: Pick<FileMetadata, 'fileKey' | 'displayName'>, revision?: number): Promise<void> {
  saveBlob(await fetchFileBlob(file.fileKey, revision), file.displayName);
}

/** Delete or restore; both refresh every file query of the workspace. */
export function useFileMutations() {
  const queryClient = useQueryClient();
  const base = useFilesKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: base });
  const remove = useMutation({ mutationFn: (fileKey: string) => api.call(deleteFile, { params: { fileKey } }), onSuccess });
  const restore = useMutation({ mutationFn: (fileKey: string) => api.call(restoreFile, { params: { fileKey } }), onSuccess });
  return { remove, restore };
}
