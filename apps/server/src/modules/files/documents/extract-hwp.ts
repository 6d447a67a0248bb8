import { inflateRawSync } from 'node:zlib';
import CFB from 'cfb';
import type { ExtractedPage } from './document-types';
import { donePage, errorMessage, failedPage, throwIfAborted, type FormatExtraction } from './extract-common';
import type { RawBlock } from './structure';

/**
 * Binary HWP 5.0 (Hancom's "HWP 5.0 문서 파일 구조" specification, revision 1.3): a compound file
 * (OLE/CFB) whose `FileHeader` stream says whether the body is compressed, and whose
 * `BodyText/Section{N}` streams are sequences of records. Paragraph text is in HWPTAG_PARA_TEXT
 * records as UTF-16LE with inline control characters. Table cells are nested paragraph lists in
 * the same stream, so reading every PARA_TEXT in order also reads tables. Each section becomes
 * one page (HWP stores no reliable page breaks).
 */

const SIGNATURE = 'HWP Document File';
const HWPTAG_BEGIN = 0x010;
export const HWPTAG_PARA_HEADER = HWPTAG_BEGIN + 50;
export const HWPTAG_PARA_TEXT = HWPTAG_BEGIN + 51;
/** A section's inflated size cap: a deflate stream can claim far more than the file holds. */
const MAX_SECTION_BYTES = 64 * 1024 * 1024;

interface HwpHeader {
  isCompressed: boolean;
  isEncrypted: boolean;
  isDistribution: boolean;
}

function readHeader(bytes: Buffer | undefined): HwpHeader | null {
  if (!bytes || bytes.length < 40 || bytes.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE) return null;
  const properties = bytes.readUInt32LE(36);
  return { isCompressed: (properties & 1) !== 0, isEncrypted: (properties & 2) !== 0, isDistribution: (properties & 4) !== 0 };
}

/** The records of a section stream: `(tag, level, payload)` in order. */
export function* readRecords(stream: Buffer): Generator<{ tag: number; level: number; payload: Buffer }> {
  let offset = 0;
  while (offset + 4 <= stream.length) {
    const header = stream.readUInt32LE(offset);
    offset += 4;
    const tag = header & 0x3ff;
    const level = (header >>> 10) & 0x3ff;
    let size = header >>> 20;
    if (size === 0xfff) {
      if (offset + 4 > stream.length) return;
      size = stream.readUInt32LE(offset);
      offset += 4;
    }
    if (offset + size > stream.length) return;
    yield { tag, level, payload: stream.subarray(offset, offset + size) };
    offset += size;
  }
}

// Control characters of PARA_TEXT (spec table 6): "char" controls take one WCHAR; "inline" and
// "extended" controls take eight (the code, six WCHARs of data or a pointer, the code again).
const CHAR_CONTROLS = new Set([0, 10, 13, 24, 25, 26, 27, 28, 29, 30, 31]);

/** The readable text of one PARA_TEXT payload: controls dropped, tabs and line breaks kept. */
export function paraText(payload: Buffer): string {
  let text = '';
  let i = 0;
  while (i + 1 < payload.length) {
    const code = payload.readUInt16LE(i);
    if (code >= 32) {
      text += String.fromCharCode(code);
      i += 2;
    } else if (CHAR_CONTROLS.has(code)) {
      if (code === 10) text += '\n';
      else if (code === 30 || code === 31) text += code === 30 ? '-' : ' '; // non-breaking hyphen / fixed-width space
      i += 2;
    } else {
      if (code === 9) text += '\t';
      i += 16;
    }
  }
  return text;
}

function sectionParagraphs(stream: Buffer): string[] {
  const paragraphs: string[] = [];
  for (const record of readRecords(stream)) {
    if (record.tag !== HWPTAG_PARA_TEXT) continue;
    const text = paraText(record.payload).replace(/[ \t]+$/gm, '').trim();
    if (text) paragraphs.push(text);
  }
  return paragraphs;
}

export function extractHwp(bytes: Buffer, signal?: AbortSignal): FormatExtraction {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(bytes, { type: 'buffer' });
  } catch (error) {
    return { pages: [failedPage(1, `Could not open this HWP file: ${errorMessage(error)}`)] };
  }
  const header = readHeader(asBuffer(CFB.find(container, 'FileHeader')?.content));
  if (!header) return { pages: [failedPage(1, 'This is not an HWP 5 document (no FileHeader signature).')] };
  if (header.isEncrypted) return { pages: [failedPage(1, 'This HWP document is password-protected; its text cannot be read.')] };
  if (header.isDistribution) {
    return { pages: [failedPage(1, 'This HWP document is a distribution (배포용) document whose text is encrypted; save it as PDF or HWPX.')] };
  }
  const sections = container.FullPaths.map((p, index) => ({ index, match: /\/BodyText\/Section(\d+)$/i.exec(p) }))
    .filter((s): s is { index: number; match: RegExpExecArray } => s.match !== null)
    .sort((a, b) => Number(a.match[1]) - Number(b.match[1]));
  if (sections.length === 0) return { pages: [failedPage(1, 'This HWP document has no BodyText sections.')] };

  const pages: ExtractedPage[] = [];
  const blocks: RawBlock[] = [];
  for (const [i, section] of sections.entries()) {
    throwIfAborted(signal);
    const pageNumber = i + 1;
    try {
      const raw = asBuffer(container.FileIndex[section.index]?.content) ?? Buffer.alloc(0);
      const stream = header.isCompressed ? inflateRawSync(raw, { maxOutputLength: MAX_SECTION_BYTES }) : raw;
      const paragraphs = sectionParagraphs(stream);
      blocks.push(...paragraphs.map((text) => ({ kind: 'paragraph' as const, text, page: pageNumber })));
      pages.push(donePage(pageNumber, paragraphs.join('\n')));
    } catch (error) {
      pages.push(failedPage(pageNumber, `Could not read section ${section.match[1]}: ${errorMessage(error)}`));
    }
  }
  return { pages, blocks, totalPages: sections.length };
}

function asBuffer(content: CFB.CFB$Blob | undefined): Buffer | undefined {
  if (!content) return undefined;
  return Buffer.isBuffer(content) ? content : Buffer.from(content as ArrayLike<number>);
}
