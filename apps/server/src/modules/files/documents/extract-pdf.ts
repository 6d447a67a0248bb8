import { getDocumentProxy } from 'unpdf';
import type { ExtractedPage } from './document-types';
import { donePage, errorMessage, failedPage, throwIfAborted, type ExtractOptions, type FormatExtraction } from './extract-common';
import { normalizeOcrLanguages, recognizeImage } from './ocr';
import { openPdfRenderer, type PdfRenderer } from './pdf-render';
import { normalizeText } from './text-decode';

/** Below this many non-space characters a page counts as having no text layer (scanned). */
export const MIN_TEXT_LAYER_CHARS = 16;
const DEFAULT_MAX_PAGES = 500;

/**
 * PDF: per-page text layer through unpdf; pages without one are rendered and OCR'd when
 * `options.ocr` is true. Each page succeeds or fails on its own.
 */
export async function extractPdf(bytes: Buffer, options: ExtractOptions): Promise<FormatExtraction> {
  let proxy: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    proxy = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, verbosity: 0 });
  } catch (error) {
    return { pages: [failedPage(1, `Could not open the PDF: ${errorMessage(error)}`)] };
  }
  const totalPages = proxy.numPages;
  const pageCount = Math.min(totalPages, options.maxPages ?? DEFAULT_MAX_PAGES);
  const pages: ExtractedPage[] = [];
  let renderer: PdfRenderer | null = null;
  try {
    for (let pageNumber = 1; pageNumber <= pageCount; pageNumber += 1) {
      throwIfAborted(options.signal);
      let text: string;
      try {
        text = await readTextLayer(proxy, pageNumber);
      } catch (error) {
        pages.push(failedPage(pageNumber, `Could not read the text of this page: ${errorMessage(error)}`));
        continue;
      }
      if (text.replace(/\s/g, '').length >= MIN_TEXT_LAYER_CHARS) {
        pages.push(donePage(pageNumber, text));
        continue;
      }
      if (!options.ocr) {
        pages.push(
          text.trim()
            ? donePage(pageNumber, text)
            : failedPage(pageNumber, 'This page has no text layer (probably scanned) and OCR was not requested.'),
        );
        continue;
      }
      try {
        renderer ??= await openPdfRenderer(bytes);
        const image = await renderer.renderPage(pageNumber);
        throwIfAborted(options.signal);
        const result = await recognizeImage(image, normalizeOcrLanguages(options.ocrLanguages));
        pages.push({ ...donePage(pageNumber, normalizeText(result.text).trim(), 'ocr'), confidence: result.confidence });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        pages.push(failedPage(pageNumber, `OCR of this scanned page failed: ${errorMessage(error)}`, 'ocr'));
      }
    }
  } finally {
    await renderer?.close().catch(() => undefined);
    await proxy.destroy().catch(() => undefined);
  }
  return { pages, totalPages };
}

async function readTextLayer(proxy: Awaited<ReturnType<typeof getDocumentProxy>>, pageNumber: number): Promise<string> {
  const page = await proxy.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str;
      if (item.hasEOL) text += '\n';
    }
    return normalizeText(text);
  } finally {
    page.cleanup();
  }
}
