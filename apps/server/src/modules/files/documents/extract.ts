import { extractMsg } from './extract-msg';
import { extractPptx, extractXlsx } from './extract-ooxml';
import { extractZip } from './extract-zip';
import type { ExtractionResult, FileType } from './document-types';
import { throwIfAborted, type ExtractOptions, type FormatExtraction } from './extract-common';
import { extractDocx } from './extract-docx';
import { extractEml } from './extract-eml';
import { extractHwp } from './extract-hwp';
import { extractHwpx } from './extract-hwpx';
import { extractImage } from './extract-image';
import { extractPdf } from './extract-pdf';
import { buildStructure } from './structure';
import { decodeText, detectLanguage, normalizeText } from './text-decode';

export type { ExtractOptions } from './extract-common';

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
    case 'zip':
      return extractZip(bytes, options, (inner, innerType) => extractByType(inner, innerType, options));
    case 'msg':
      return extractMsg(bytes);
    case 'hwp':
      return extractHwp(bytes, options.signal);
  }
}
