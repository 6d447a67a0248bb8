import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Renders PDF pages to PNG with pdfjs-dist (legacy build, for Node) on @napi-rs/canvas, for OCR.
 * Font, CMap and image-decoder (JPX/JBIG2) data are read from the installed pdfjs-dist package.
 */
const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** Rendering resolution for OCR: ~150 dpi reads Korean well and keeps pages under ~2 MP. */
export const OCR_DPI = 150;
const MAX_SIDE_PX = 5000;

type PdfJs = typeof PdfJsModule;
let pdfjsPromise: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

export interface PdfRenderer {
  renderPage(pageNumber: number): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openPdfRenderer(bytes: Uint8Array): Promise<PdfRenderer> {
  const pdfjs = await loadPdfJs();
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    cMapUrl: `${path.join(PDFJS_ROOT, 'cmaps')}/`,
    cMapPacked: true,
    standardFontDataUrl: `${path.join(PDFJS_ROOT, 'standard_fonts')}/`,
    wasmUrl: `${path.join(PDFJS_ROOT, 'wasm')}/`,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  return {
    async renderPage(pageNumber) {
      const page = await document.getPage(pageNumber);
      try {
        const base = page.getViewport({ scale: 1 });
        const scale = Math.min(OCR_DPI / 72, MAX_SIDE_PX / Math.max(base.width, base.height));
        const viewport = page.getViewport({ scale });
        const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
        // pdfjs types its canvas as the DOM one; @napi-rs/canvas implements the parts it uses
        // (pdfjs paints a white background itself).
        const params = { canvas, viewport } as unknown as Parameters<typeof page.render>[0];
        await page.render(params).promise;
        return await canvas.encode('png');
      } finally {
        page.cleanup();
      }
    },
    async close() {
      await document.destroy();
    },
  };
}
