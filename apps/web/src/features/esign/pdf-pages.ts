import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the build puts pdf.js's CMaps and standard fonts (vite.config.ts, pdfjsAssets). */
const PDF_ASSETS_BASE = '/pdfjs/';

/** Loaded only when the wizard places fields on a PDF main document (pdf.js is large). */
export async function loadPdf(blob: Blob): Promise<PDFDocumentProxy> {
  const data = new Uint8Array(await blob.arrayBuffer());
  return getDocument({ data, isEvalSupported: false, cMapUrl: `${PDF_ASSETS_BASE}cmaps/`, cMapPacked: true, standardFontDataUrl: `${PDF_ASSETS_BASE}standard_fonts/` }).promise;
}

/** Draws one page into the canvas at the given CSS width; answers a cancel. */
export function renderPage(doc: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): { done: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const done = (async () => {
    const page = await doc.getPage(pageNumber);
    const ratio = window.devicePixelRatio || 1;
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    const task = page.render({ canvas, viewport });
    cancel = () => task.cancel();
    await task.promise;
  })();
  return { done, cancel: () => cancel() };
}

export type { PDFDocumentProxy };
