import { type FileMetadata, type FileUploadPurpose, uploadFileRevision, uploadFileV2 } from '@legal/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { useFilesKey } from './file-queries';

/** Keys under `upload.` of the files catalogue for the failures the screen explains itself. */
export type UploadErrorKey = 'tooLarge' | 'unsupported' | 'unsafeArchive' | 'storageLimit' | 'noPermission';

export type UploadItem =
  | { id: string; name: string; size: number; status: 'uploading'; percent: number | null }
  | { id: string; name: string; size: number; status: 'done'; file: FileMetadata }
  | { id: string; name: string; size: number; status: 'failed'; errorKey: UploadErrorKey | null; message: string };

/** The localized reason of a failed upload, or null to show the server's own message. */
export function uploadErrorKey(error: unknown): UploadErrorKey | null {
  if (!isApiError(error)) return null;
  if (error.code === 'ERROR_EXCEEDED_STORAGE_LIMIT') return 'storageLimit';
  if (error.status === 413 || error.code === 'ERROR_FILE_TOO_LARGE') return 'tooLarge';
  if (error.status === 415 || error.code === 'ERROR_UNSUPPORTED_FILE_TYPE') {
    const reason = (error.data as { reason?: unknown } | undefined)?.reason;
    return typeof reason === 'string' && /archive|zip/i.test(reason) ? 'unsafeArchive' : 'unsupported';
  }
  if (error.status === 403) return 'noPermission';
  return null;
}

let nextId = 0;

/**
 * Uploads files one request each (or, with `revisionOf`, new revisions of that file) (XHR, for the progress), shows every file's progress and
 * outcome, and refreshes the file list once a batch is done. Errors are shown beside each file;
 * the storage-shortage alert stays the shared one of the API client. `purpose` ATTACHMENT: files
 * for a record being written, off the files list until attached and collected if never attached.
 */
export function useFileUploads({ revisionOf, purpose }: { revisionOf?: string; purpose?: FileUploadPurpose } = {}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queryClient = useQueryClient();
  const filesKey = useFilesKey();
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const active = controllers.current;
    return () => active.forEach((controller) => controller.abort());
  }, []);

  const update = (id: string, next: UploadItem) => setItems((all) => all.map((item) => (item.id === id ? next : item)));

  const uploadOne = async (file: File): Promise<void> => {
    const id = `upload-${++nextId}`;
    const base = { id, name: file.name, size: file.size };
    setItems((all) => [...all, { ...base, status: 'uploading', percent: 0 }]);
    const controller = new AbortController();
    controllers.current.add(controller);
    const body = new FormData();
    body.append('displayName', file.name);
    if (purpose && !revisionOf) body.append('purpose', purpose);
    body.append('file', file, file.name);
    try {
      const options = {
        body,
        signal: controller.signal,
        suppressErrorToast: true,
        showsStorageAlert: true,
        onProgress: ({ percent }: { percent: number | null }) => update(id, { ...base, status: 'uploading', percent }),
      };
      const metadata = revisionOf
        ? await api.upload(uploadFileRevision, { ...options, params: { fileKey: revisionOf } })
        : await api.upload(uploadFileV2, options);
      update(id, { ...base, status: 'done', file: metadata });
    } catch (error) {
      if (isApiError(error) && error.code === 'ERROR_ABORTED') return;
      update(id, { ...base, status: 'failed', errorKey: uploadErrorKey(error), message: error instanceof Error ? error.message : '' });
    } finally {
      controllers.current.delete(controller);
    }
  };

  const upload = async (files: readonly File[]) => {
    if (files.length === 0) return;
    await Promise.all(files.map((file) => uploadOne(file)));
    await queryClient.invalidateQueries({ queryKey: filesKey });
  };

  const clearFinished = () => setItems((all) => all.filter((item) => item.status === 'uploading'));

  return { items, upload, clearFinished };
}
