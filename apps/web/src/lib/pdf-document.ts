import { useEffect, useState } from 'react';
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

/**
 * Draws one page into a canvas, `cssWidth` CSS pixels wide (or the width chosen from the page's own
 * width in points), at the device's pixel ratio up to 2. Answers the page's size in points when
 * drawn, and a cancel for when the page or the component goes away first.
 */
export function renderPdfPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number | ((pageWidth: number) => number),
): { done: Promise<{ width: number; height: number }>; cancel: () => void } {
  let isCancelled = false;
  let cancelRender = () => {};
  const done = (async () => {
    const page = await doc.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const width = typeof cssWidth === 'number' ? cssWidth : cssWidth(base.width);
    const viewport = page.getViewport({ scale: (width / base.width) * Math.min(2, window.devicePixelRatio || 1) });
    if (isCancelled) return { width: base.width, height: base.height };
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    const task = page.render({ canvas, viewport });
    cancelRender = () => task.cancel();
    await task.promise;
    return { width: base.width, height: base.height };
  })();
  return {
    done,
    cancel: () => {
      isCancelled = true;
      cancelRender();
    },
  };
}

/** A PDF opened with pdf.js for as long as the component shows `blob`, destroyed after. */
export function usePdfDocument(blob: Blob | null): { doc: PDFDocumentProxy | null; error: unknown } {
  // Kept with the blob it belongs to: a new blob reads as loading until its own answer arrives.
  const [opened, setOpened] = useState<{ blob: Blob; doc: PDFDocumentProxy | null; error: unknown } | null>(null);
  useEffect(() => {
    if (!blob) return;
    let isCurrent = true;
    let loaded: PDFDocumentProxy | null = null;
    openPdfDocument(blob).then(
      (pdf) => {
        loaded = pdf;
        if (isCurrent) setOpened({ blob, doc: pdf, error: null });
        else void pdf.destroy();
      },
      (cause: unknown) => {
        if (isCurrent) setOpened({ blob, doc: null, error: cause });
      },
    );
    return () => {
      isCurrent = false;
      void loaded?.destroy();
    };
  }, [blob]);
  return opened && opened.blob === blob ? { doc: opened.doc, error: opened.error } : { doc: null, error: null };
}
