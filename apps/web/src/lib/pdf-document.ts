import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the build puts pdf.js's CMaps and standard fonts (vite.config.ts, pdfjsAssets). */
const PDF_ASSETS_BASE = '/pdfjs/';

/**
 * Opens a PDF with pdf.js (import this module lazily: it brings pdf.js with it). Korean text of
 * fonts the file does not embed needs the CMaps; eval stays off.
 */
export async function openPdfDocument(blob: Blob): Promise<PDFDocumentProxy> {
  const data = new Uint8Array(await blob.arrayBuffer());
  return getDocument({
    data,
    isEvalSupported: false,
    cMapUrl: `${PDF_ASSETS_BASE}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${PDF_ASSETS_BASE}standard_fonts/`,
  }).promise;
}

export function isRenderCancelled(cause: unknown): boolean {
  return cause instanceof Error && cause.name === 'RenderingCancelledException';
}
