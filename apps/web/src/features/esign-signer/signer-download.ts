import { saveBlob } from '../../lib/save-blob';
import { signerApi } from './signer-api';

/** A file name from the envelope title: what a file system accepts, and `.pdf`. */
export function pdfFileName(title: string, isSigned: boolean): string {
  const printable = [...title].map((c) => (c.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(c) ? ' ' : c)).join('');
  const base = printable.replace(/\s+/g, ' ').trim().slice(0, 120) || 'document';
  return `${base}${isSigned ? ' (signed)' : ''}.pdf`;
}

/** Downloads the PDF the signer token may read (the signed one once the envelope is completed). */
export async function downloadSignerPdf(signerToken: string, title: string, isSigned: boolean): Promise<void> {
  saveBlob(await signerApi.pdf(signerToken), pdfFileName(title, isSigned));
}
