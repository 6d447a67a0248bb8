import { extractPptx, extractXlsx } from './extract-ooxml';
import type { ExtractionResult, FileType } from './document-types';
import { failedPage, openSafeZip, refusal, throwIfAborted, type ExtractOptions, type FormatExtraction } from './extract-common';
import { extractDocx } from './extract-docx';
import { extractEml } from './extract-eml';
import { extractHwpx } from './extract-hwpx';
import { extractImage } from './extract-image';
import { extractPdf } from './extract-pdf';
import { buildStructure } from './structure';
import { decodeText, detectLanguage, normalizeText } from './text-decode';

export type { ExtractOptions } from './extract-common';

const NOT_SUPPORTED: Partial<Record<FileType, string>> = {
  hwp: 'Text extraction from binary HWP 5 files is not supported yet; save the document as HWPX or PDF.',
  msg: 'Text extraction from Outlook messages (MSG) is not supported yet; save the mail as EML.',
  zip: 'Text extraction from ZIP archives is not supported yet; upload the documents inside it one by one.',
};

/**
 * Extracts per-page text and a normalized structure from a sniffed document. Failures are
 * reported per page (status 'failed' with a human reason); only an abort signal throws.
 */
export async function extractDocument(
  input: { bytes: Buffer; fileType: FileType },
  options: ExtractOptions = {},
): Promise<ExtractionResult> {
  throwIfAborted(options.signal);
  const extraction = await extractByType(input.bytes, input.fileType, options);
  const structure = buildStructure(extraction.blocks ?? extraction.pages);
  const text = extraction.pages.map((p) => p.text).join('\n');
  const result: ExtractionResult = { pages: extraction.pages, structure };
  const language = detectLanguage(text);
  if (language) result.language = language;
  if (extraction.totalPages !== undefined) result.totalPages = extraction.totalPages;
  if (extraction.safety) result.safety = extraction.safety;
  return result;
}

async function extractByType(bytes: Buffer, fileType: FileType, options: ExtractOptions): Promise<FormatExtraction> {
  switch (fileType) {
    case 'pdf':
      return extractPdf(bytes, options);
    case 'docx':
      return extractDocx(bytes);
    case 'hwpx':
      return extractHwpx(bytes, options.signal);
    case 'txt':
      return { pages: [{ pageNumber: 1, text: normalizeText(decodeText(bytes)).replace(/^\uFEFF/, ''), method: 'text', status: 'done' }], totalPages: 1 };
    case 'png':
    case 'jpeg':
    case 'tiff':
      return extractImage(bytes, fileType, options);
    case 'eml':
      return extractEml(bytes);
    case 'xlsx':
      return extractXlsx(bytes, options.signal);
    case 'pptx':
      return extractPptx(bytes, options.signal);
    case 'zip': {
      // Still refuse unsafe archives explicitly, so callers see why rather than "not supported".
      const opened = await openSafeZip(bytes);
      if ('verdict' in opened) return refusal(opened.verdict);
      return { pages: [failedPage(1, NOT_SUPPORTED[fileType] ?? 'Not supported yet.')] };
    }
    case 'hwp':
    case 'msg':
      return { pages: [failedPage(1, NOT_SUPPORTED[fileType] ?? 'Not supported yet.')] };
  }
}
