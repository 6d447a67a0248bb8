import { useEffect, useRef } from 'react';
import { type UploadItem, useFileUploads } from '../files/use-file-uploads';

/**
 * The files screen's uploads (XHR with progress, one request per file, errors beside each file),
 * plus a callback once per file that finished uploading, to attach it to a contract. Uploaded as
 * attachments (purpose ATTACHMENT): off the files list until the contract holds them, and
 * collected by the server if it never does (a create form left unsaved).
 */
export function useContractUploads(onUploaded?: (item: Extract<UploadItem, { status: 'done' }>) => void) {
  const uploads = useFileUploads({ purpose: 'ATTACHMENT' });
  const handled = useRef(new Set<string>());
  const callback = useRef(onUploaded);
  useEffect(() => {
    callback.current = onUploaded;
  });
  useEffect(() => {
    for (const item of uploads.items) {
      if (item.status !== 'done' || handled.current.has(item.id)) continue;
      handled.current.add(item.id);
      callback.current?.(item);
    }
  }, [uploads.items]);
  const done = uploads.items.filter((item): item is Extract<UploadItem, { status: 'done' }> => item.status === 'done');
  return { ...uploads, done, isUploading: uploads.items.some((item) => item.status === 'uploading') };
}
