/**
 * The contract between the files module (uploads, storage, jobs) and the document library
 * (sniffing, safety checks, text extraction, structure). The library is pure: bytes in, facts out.
 */

/** The allow-list of uploadable types (issue 5). */
export const FILE_TYPES = ['pdf', 'docx', 'xlsx', 'pptx', 'hwp', 'hwpx', 'txt', 'png', 'jpeg', 'tiff', 'eml', 'msg', 'zip'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const MIME_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  hwp: 'application/x-hwp',
  hwpx: 'application/hwp+zip',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
  zip: 'application/zip',
};

/** How many leading bytes `sniffFileType` needs to decide. */
export const SNIFF_BYTES = 64 * 1024;

export type SafetyVerdict = { ok: true } | { ok: false; reason: 'TOO_MANY_ENTRIES' | 'TOO_LARGE_UNCOMPRESSED' | 'SUSPICIOUS_RATIO' | 'DTD_OR_ENTITY' | 'CORRUPT' };

export interface ExtractedPage {
  /** 1-based. */
  pageNumber: number;
  text: string;
  method: 'text' | 'ocr';
  status: 'done' | 'failed';
  /** Why a page failed, for people (shown in the API). */
  error?: string;
  /** OCR pages: tesseract's mean confidence, 0-100. */
  confidence?: number;
}

export type DocumentBlock =
  | { kind: 'heading'; level: number; text: string; page?: number }
  | { kind: 'article'; number: string; title?: string; text: string; page?: number }
  | { kind: 'paragraph'; text: string; page?: number }
  | { kind: 'table'; rows: string[][]; page?: number };

/** The normalized structure later used by contract review and templates. */
export interface DocumentStructure {
  blocks: DocumentBlock[];
}

export interface ExtractionResult {
  pages: ExtractedPage[];
  structure: DocumentStructure;
  /** Detected main language of the text, when it can tell. */
  language?: 'ko' | 'en' | 'mixed';
  /** Pages in the source when known (a PDF may hold more than `maxPages` read). */
  totalPages?: number;
  /** Set when a ZIP-based document was refused before extraction (zip bomb, XXE, corrupt). */
  safety?: SafetyVerdict;
}
