import type { ExtractedPage, SafetyVerdict } from './document-types';
import type { RawBlock } from './structure';
import { openVerifiedZip, type SafeZip } from './zip-inflate';

export interface ExtractOptions {
  /**
   * OCR pages without a text layer. PDFs: only when true (default false). Images: always, unless
   * explicitly false (OCR is the only way to read them).
   */
  ocr?: boolean;
  /** Tesseract codes among the installed ones (kor, eng). Default both. */
  ocrLanguages?: string[];
  /** Upper bound of pages read from a PDF (default 500). */
  maxPages?: number;
  signal?: AbortSignal;
}

/** What one format extractor returns; `blocks` carry structure it knows better than plain text. */
export interface FormatExtraction {
  pages: ExtractedPage[];
  blocks?: RawBlock[];
  totalPages?: number;
  safety?: SafetyVerdict;
}

export function donePage(pageNumber: number, text: string, method: 'text' | 'ocr' = 'text'): ExtractedPage {
  return { pageNumber, text, method, status: 'done' };
}

export function failedPage(pageNumber: number, error: string, method: 'text' | 'ocr' = 'text'): ExtractedPage {
  return { pageNumber, text: '', method, status: 'failed', error };
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const SAFETY_MESSAGES: Record<Exclude<SafetyVerdict, { ok: true }>['reason'], string> = {
  TOO_MANY_ENTRIES: 'the archive holds too many entries',
  TOO_LARGE_UNCOMPRESSED: 'the archive expands beyond the allowed size',
  SUSPICIOUS_RATIO: 'an entry compresses suspiciously well (zip bomb)',
  DTD_OR_ENTITY: 'the XML declares a DTD or entities (XXE / entity expansion)',
  CORRUPT: 'the archive directory is corrupt',
};

export function refusal(verdict: Exclude<SafetyVerdict, { ok: true }>): FormatExtraction {
  return { pages: [failedPage(1, `Refused for safety: ${SAFETY_MESSAGES[verdict.reason]}.`)], safety: verdict };
}

/**
 * Opens a ZIP-based document after the central-directory check and a real inflation of every
 * entry under the caps (zip-inflate.ts), with every XML part checked for DTDs/entities before any
 * parser sees it. Returns the refusal verdict instead of the zip if unsafe.
 */
export async function openSafeZip(bytes: Buffer): Promise<{ zip: SafeZip } | { verdict: Exclude<SafetyVerdict, { ok: true }> }> {
  return openVerifiedZip(bytes);
}
