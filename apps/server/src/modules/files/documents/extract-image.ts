import { donePage, errorMessage, failedPage, throwIfAborted, type ExtractOptions, type FormatExtraction } from './extract-common';
import { MAX_OCR_PIXELS, readImageSize } from './image-info';
import { normalizeOcrLanguages, recognizeImage } from './ocr';
import { normalizeText } from './text-decode';

/** PNG, JPEG, TIFF (first page): OCR is the only source of text. */
export async function extractImage(bytes: Buffer, type: 'png' | 'jpeg' | 'tiff', options: ExtractOptions): Promise<FormatExtraction> {
  if (options.ocr === false) return { pages: [failedPage(1, 'This is an image; OCR was turned off, so no text was read.', 'ocr')], totalPages: 1 };
  const size = readImageSize(bytes, type);
  if (!size) return { pages: [failedPage(1, 'The image header is unreadable (truncated or corrupt file).', 'ocr')], totalPages: 1 };
  if (size.width * size.height > MAX_OCR_PIXELS) {
    const megapixels = Math.round((size.width * size.height) / 1e6);
    return { pages: [failedPage(1, `The image is too large to OCR (${size.width}x${size.height}, ${megapixels} MP; limit ${MAX_OCR_PIXELS / 1e6} MP).`, 'ocr')], totalPages: 1 };
  }
  try {
    throwIfAborted(options.signal);
    const result = await recognizeImage(bytes, normalizeOcrLanguages(options.ocrLanguages));
    throwIfAborted(options.signal);
    return { pages: [{ ...donePage(1, normalizeText(result.text).trim(), 'ocr'), confidence: result.confidence }], totalPages: 1 };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { pages: [failedPage(1, `OCR of this image failed: ${errorMessage(error)}`, 'ocr')], totalPages: 1 };
  }
}
