import { downloadGlobalFormAttachment, downloadStandardFormAttachment, downloadTemplate } from '@legal/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';

/** A PDF conversion may take a while on the server. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

export type TemplateDownload = 'ORIGINAL' | 'CLEANED' | 'PDF';

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/** The latest template as uploaded, as a blank form (markers removed), or that blank form as PDF. */
export function useTemplateDownload(standardFormId: number, fileName: string) {
  return useMutation({
    mutationFn: async (kind: TemplateDownload) => {
      const blob = await api.call(downloadTemplate, {
        params: { standardFormId, downloadType: kind === 'ORIGINAL' ? 'ORIGINAL' : 'CLEANED' },
        query: { format: kind === 'PDF' ? 'PDF' : 'DOCX' },
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
      });
      const name = kind === 'ORIGINAL' ? fileName : `${baseName(fileName)}${kind === 'PDF' ? '.pdf' : '.docx'}`;
      saveBlob(blob as Blob, name);
    },
  });
}

export async function saveAttachment(standardFormId: number, attachment: { standardFormAttachmentId: number; fileName: string }, routes: 'workspace' | 'global' = 'workspace'): Promise<void> {
  const blob = await api.call(routes === 'global' ? downloadGlobalFormAttachment : downloadStandardFormAttachment, { params: { standardFormId, standardFormAttachmentId: attachment.standardFormAttachmentId }, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  saveBlob(blob as Blob, attachment.fileName);
}
