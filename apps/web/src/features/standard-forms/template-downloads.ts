import { downloadGlobalFormAttachment, downloadStandardFormAttachment, downloadTemplate, type TemplateFormat } from '@legal/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';

/** A PDF conversion may take a while on the server. */
// What the template upload inputs offer (the server sniffs the content: 415 for anything else).
export const TEMPLATE_ACCEPT = '.docx,.hwpx,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/hwp+zip';

const DOWNLOAD_TIMEOUT_MS = 120_000;

export type TemplateDownload = 'ORIGINAL' | 'CLEANED' | 'PDF';

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/** PDF is made by LibreOffice on the server, which reads DOCX only: a HWPX form has no PDF. */
export const canDownloadPdf = (format: TemplateFormat) => format === 'DOCX';

/** The latest template as uploaded, as a blank form (markers removed) in its own format (DOCX or HWPX), or, for a DOCX, that blank form as PDF. */
export function useTemplateDownload(standardFormId: number, fileName: string, format: TemplateFormat) {
  return useMutation({
    mutationFn: async (kind: TemplateDownload) => {
      const blob = await api.call(downloadTemplate, {
        params: { standardFormId, downloadType: kind === 'ORIGINAL' ? 'ORIGINAL' : 'CLEANED' },
        query: kind === 'PDF' ? { format: 'PDF' } : {},
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
      });
      const name = kind === 'ORIGINAL' ? fileName : `${baseName(fileName)}.${kind === 'PDF' ? 'pdf' : format.toLowerCase()}`;
      saveBlob(blob as Blob, name);
    },
  });
}

export async function saveAttachment(standardFormId: number, attachment: { standardFormAttachmentId: number; fileName: string }, routes: 'workspace' | 'global' = 'workspace'): Promise<void> {
  const blob = await api.call(routes === 'global' ? downloadGlobalFormAttachment : downloadStandardFormAttachment, { params: { standardFormId, standardFormAttachmentId: attachment.standardFormAttachmentId }, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  saveBlob(blob as Blob, attachment.fileName);
}
