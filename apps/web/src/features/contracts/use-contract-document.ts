import {
  downloadContractDocument, downloadExecutedContractDocument, getContractDocument, getWordAccessPath, getWordEditStatus, listContractDocumentRevisions,
  uploadContractDocument, type WordAccessPath,
} from '@legal/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { detailKey, useContractsKey } from './contract-queries';

/**
 * The contract's main document (GET documents, revisions, Word edit status) and what can be done
 * with it: upload a new revision with progress, download any revision or the executed document,
 * open the online Word editor. The queries live under the contract's key, so a reload of the
 * contract refreshes them too.
 */

const DOWNLOAD_TIMEOUT_MS = 180_000;
/** While somebody edits in Word, the lock is looked at again this often. */
const LOCK_REFRESH_MS = 60_000;
const quiet = { suppressErrorToast: true, skipErrorReport: true } as const;

export const documentKey = (base: ReturnType<typeof useContractsKey>, contractId: number) => [...detailKey(base, contractId), 'document'] as const;

/** `mainFileKey`: the contract's MAIN file (none: nothing to load); a new main document loads afresh. */
export function useContractDocument(contractId: number, mainFileKey: string | undefined) {
  const hasDocument = mainFileKey !== undefined;
  const base = useContractsKey();
  const document = useQuery({
    queryKey: [...documentKey(base, contractId), 'current', mainFileKey],
    queryFn: ({ signal }) => api.call(getContractDocument, { signal, params: { contractId }, ...quiet }),
    enabled: hasDocument,
  });
  const revisions = useQuery({
    queryKey: [...documentKey(base, contractId), 'revisions', mainFileKey],
    queryFn: ({ signal }) => api.call(listContractDocumentRevisions, { signal, params: { contractId }, ...quiet }),
    enabled: hasDocument,
  });
  const editStatus = useQuery({
    queryKey: [...documentKey(base, contractId), 'word', mainFileKey],
    queryFn: ({ signal }) => api.call(getWordEditStatus, { signal, params: { contractId }, ...quiet }),
    enabled: hasDocument,
    refetchInterval: (query) => (query.state.data?.locked ? LOCK_REFRESH_MS : false),
  });
  return { document, revisions, editStatus };
}

/** Reloads the contract (its files list) and everything about its document. */
export function useRefreshDocument(contractId: number) {
  const queryClient = useQueryClient();
  const base = useContractsKey();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: detailKey(base, contractId), exact: true }),
      queryClient.invalidateQueries({ queryKey: documentKey(base, contractId) }),
    ]);
}

export type DocumentUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; percent: number | null }
  | { status: 'failed'; name: string; message: string | null };

/** POST documents/v1 over XHR for its progress: a new revision, or the main document itself. */
export function useDocumentUpload(contractId: number) {
  const [state, setState] = useState<DocumentUploadState>({ status: 'idle' });
  const refresh = useRefreshDocument(contractId);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('displayName', file.name);
    body.append('file', file, file.name);
    controller.current = new AbortController();
    setState({ status: 'uploading', name: file.name, percent: 0 });
    try {
      await api.upload(uploadContractDocument, {
        params: { contractId },
        body,
        signal: controller.current.signal,
        suppressErrorToast: true,
        showsStorageAlert: true,
        onProgress: ({ percent }) => setState({ status: 'uploading', name: file.name, percent }),
      });
      setState({ status: 'idle' });
      await refresh();
    } catch (error) {
      if (isApiError(error) && error.code === 'ERROR_ABORTED') return;
      setState({ status: 'failed', name: file.name, message: isApiError(error) ? error.message : null });
    }
  };
  return { state, upload, dismiss: () => setState({ status: 'idle' }) };
}

export async function saveDocumentRevision(contractId: number, revision: number, fileName: string): Promise<void> {
  const blob = await api.call(downloadContractDocument, { params: { contractId }, query: { revision }, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  saveBlob(blob as Blob, fileName);
}

export async function saveExecutedDocument(contractId: number, fileName: string): Promise<void> {
  const blob = await api.call(downloadExecutedContractDocument, { params: { contractId }, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  saveBlob(blob as Blob, fileName);
}

/**
 * Opens the editor in a new tab the way WOPI hosts do: a form POST of access_token and
 * access_token_ttl to the editor's URL, so the token never shows in a link or in history.
 */
export function submitToEditor(path: WordAccessPath, target = '_blank'): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = path.url;
  form.target = target;
  form.rel = 'noopener';
  for (const [name, value] of [['access_token', path.accessToken], ['access_token_ttl', String(path.accessTokenTtl)]]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name!;
    input.value = value!;
    form.append(input);
  }
  document.body.append(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}

export function useOpenInWord(contractId: number) {
  const refresh = useRefreshDocument(contractId);
  return useMutation({
    mutationFn: () => api.call(getWordAccessPath, { params: { contractId }, suppressErrorToast: true }),
    onSuccess: (path) => {
      submitToEditor(path);
      // The editor locks the document within moments: show it.
      setTimeout(() => void refresh(), 5000);
    },
  });
}
