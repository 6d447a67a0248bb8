import crypto from 'node:crypto';
import { EncryptedPDFError, PDFDocument } from '@cantoo/pdf-lib';
import { AppError } from '../../../platform/http/errors';
import { convertDocxToPdf, sniffFileType, verifyZip } from '../../files';

/** Points, as the page is displayed (its /Rotate applied to the crop box). */
export interface PdfPage { width: number; height: number }
export interface PdfInfo { pageCount: number; pages: PdfPage[]; sha256: string }

export const sha256Hex = (bytes: Uint8Array): string => crypto.createHash('sha256').update(bytes).digest('hex');

const unreadable = (cause?: unknown) =>
  new AppError('ERROR_VALIDATION', { message: { ko: 'PDF를 읽을 수 없습니다. 손상되지 않은 PDF인지 확인해 주세요.', en: 'The PDF cannot be read. Check that it is a valid, undamaged PDF.' }, data: { field: 'file' }, cause });
const encrypted = (cause?: unknown) =>
  new AppError('ERROR_VALIDATION', { message: { ko: '암호가 걸린 PDF는 서명할 수 없습니다. 암호를 해제한 PDF를 올려 주세요.', en: 'A password-protected PDF cannot be signed. Upload it without the password.' }, data: { field: 'file' }, cause });

/** Loads a PDF for reading or stamping: refuses an encrypted or unreadable one (400). */
export async function loadPdf(pdf: Uint8Array): Promise<PDFDocument> {
  if (sniffFileType(Buffer.from(pdf.buffer, pdf.byteOffset, Math.min(pdf.byteLength, 16))) !== 'pdf') throw unreadable();
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (cause) {
    if (cause instanceof EncryptedPDFError) throw encrypted(cause);
    throw unreadable(cause);
  }
  if (doc.isEncrypted) throw encrypted();
  if (doc.getPageCount() < 1) throw unreadable();
  return doc;
}

export function pagesOf(doc: PDFDocument): PdfPage[] {
  return doc.getPages().map((page) => {
    const crop = page.getCropBox();
    const rotation = ((page.getRotation().angle % 360) + 360) % 360;
    const turned = rotation === 90 || rotation === 270;
    return { width: round(turned ? crop.height : crop.width), height: round(turned ? crop.width : crop.height) };
  });
}

const round = (n: number) => Math.round(n * 100) / 100;

export async function readPdfInfo(pdf: Buffer): Promise<PdfInfo> {
  let doc: PDFDocument;
  try {
    doc = await loadPdf(pdf);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(error);
  }
  let pages: PdfPage[];
  try {
    pages = pagesOf(doc);
  } catch (cause) {
    throw unreadable(cause);
  }
  return { pageCount: pages.length, pages, sha256: sha256Hex(pdf) };
}

/**
 * A PDF as is (validated, not encrypted), or a DOCX converted by LibreOffice. Throws
 * ERROR_UNSUPPORTED_FILE_TYPE (415) for anything else, ERROR_PDF_CONVERTER_UNAVAILABLE (503)
 * without soffice, ERROR_VALIDATION (400) for an unreadable or encrypted PDF. The type comes from
 * the bytes; the name only names the file in messages.
 */
export async function toSignablePdf(bytes: Buffer, fileName: string): Promise<{ pdf: Buffer; info: PdfInfo }> {
  const type = sniffFileType(bytes.subarray(0, 4096), fileName);
  if (type === 'pdf') return { pdf: bytes, info: await readPdfInfo(bytes) };
  if (type === 'docx') {
    const verdict = await verifyZip(bytes, { checkXml: true });
    if (!verdict.ok) throw new AppError('ERROR_VALIDATION', { message: { ko: 'DOCX 파일이 손상되었거나 안전하지 않습니다.', en: 'The DOCX file is damaged or unsafe.' }, data: { field: 'file' } });
    const pdf = await convertDocxToPdf(bytes);
    return { pdf, info: await readPdfInfo(pdf) };
  }
  throw new AppError('ERROR_UNSUPPORTED_FILE_TYPE', {
    message: { ko: `서명할 수 있는 파일은 PDF와 DOCX입니다(${fileName}).`, en: `Only PDF and DOCX files can be signed (${fileName}).` },
  });
}
