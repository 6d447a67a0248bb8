import { inflateRawSync } from 'node:zlib';
import { SNIFF_BYTES, type FileType } from './document-types';

/**
 * Decides the file type from the leading bytes only (magic numbers, ZIP local headers, OLE
 * directory names, text heuristics). The file name is never trusted: it is accepted for logging
 * symmetry with callers but does not influence the verdict. Returns null for anything outside
 * the allow-list (executables, HTML/SVG/XML, legacy OLE .doc/.xls, unknown binaries).
 */
export function sniffFileType(head: Buffer, _fileName?: string): FileType | null {
  const bytes = head.subarray(0, SNIFF_BYTES);
  if (bytes.length === 0) return null;

  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return sniffZip(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return sniffOle(bytes);
  return sniffText(bytes);
}

function startsWith(bytes: Buffer, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** Walks the ZIP local file headers present in the head and classifies by entry names. */
function sniffZip(bytes: Buffer): FileType {
  const names: string[] = [];
  let hwpMimetype = false;
  let contentTypes = '';
  let offset = 0;
  while (offset + 30 <= bytes.length && bytes.readUInt32LE(offset) === 0x04034b50) {
    const flags = bytes.readUInt16LE(offset + 6);
    const method = bytes.readUInt16LE(offset + 8);
    const compressedSize = bytes.readUInt32LE(offset + 18);
    const nameLength = bytes.readUInt16LE(offset + 26);
    const extraLength = bytes.readUInt16LE(offset + 28);
    const nameEnd = offset + 30 + nameLength;
    if (nameEnd > bytes.length) break;
    const name = bytes.toString('utf8', offset + 30, nameEnd);
    names.push(name);
    const dataStart = nameEnd + extraLength;
    let dataEnd = dataStart + compressedSize;
    let next = dataEnd;
    if ((flags & 0x08) !== 0) {
      // Streamed entry: sizes follow the data in a descriptor. The data ends at the descriptor
      // (PK\x07\x08) or, without one, at the next local header.
      const descriptor = bytes.indexOf(DATA_DESCRIPTOR, dataStart);
      const following = bytes.indexOf(LOCAL_HEADER, dataStart);
      if (following < 0) dataEnd = next = bytes.length;
      else {
        dataEnd = descriptor >= 0 && descriptor < following ? descriptor : following;
        next = following;
      }
    }
    if (name === 'mimetype' && method === 0) {
      const content = bytes.toString('latin1', dataStart, Math.min(bytes.length, dataEnd, dataStart + 100));
      if (content.includes('application/hwp+zip')) hwpMimetype = true;
    }
    if (name === '[Content_Types].xml' && dataEnd <= bytes.length) {
      contentTypes = readSmallEntry(bytes.subarray(dataStart, dataEnd), method);
    }
    offset = next;
  }
  if (hwpMimetype) return 'hwpx';
  if (names.some((n) => n.startsWith('Contents/section')) && names.includes('mimetype')) return 'hwpx';
  const hasContentTypes = names.includes('[Content_Types].xml');
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx';
  if (hasContentTypes) {
    // The part folders may lie beyond the head (a large customXml part first): the content types
    // name the main part instead.
    if (contentTypes.includes('wordprocessingml.document.main')) return 'docx';
    if (contentTypes.includes('spreadsheetml.sheet.main')) return 'xlsx';
    if (contentTypes.includes('presentationml.presentation.main')) return 'pptx';
  }
  return 'zip';
}

/** Inflates one small entry found in the head (bounded output); '' when it cannot. */
function readSmallEntry(data: Buffer, method: number): string {
  try {
    if (method === 0) return data.toString('utf8');
    if (method === 8) return inflateRawSync(data, { maxOutputLength: 256 * 1024 }).toString('utf8');
  } catch {
    // Truncated or over the bound: undecided.
  }
  return '';
}

const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const DATA_DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const HWP_MARKERS = ['FileHeader', 'HwpSummaryInformation', 'BodyText', 'DocInfo'];
const MSG_MARKERS = ['__substg1.0_', '__properties_version1.0', '__nameid_version1.0'];

function sniffOle(bytes: Buffer): FileType | null {
  if (bytes.includes('HWP Document File', 0, 'latin1')) return 'hwp';
  const utf16 = (s: string) => Buffer.from(s, 'utf16le');
  if (HWP_MARKERS.slice(0, 2).some((m) => bytes.includes(utf16(m)))) return 'hwp';
  if (MSG_MARKERS.some((m) => bytes.includes(utf16(m)))) return 'msg';
  return null;
}

const EML_HEADERS = ['from', 'to', 'subject', 'date', 'message-id', 'mime-version', 'received', 'return-path'];

function sniffText(bytes: Buffer): FileType | null {
  const text = decodeTextHead(bytes);
  if (text === null) return null;
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('<')) return null; // HTML, SVG, XML: not on the allow-list
  if (looksLikeEmail(trimmed)) return 'eml';
  return 'txt';
}

/** Decodes the head as UTF-16 (with BOM) or strict UTF-8; null when it is not plausible text. */
function decodeTextHead(bytes: Buffer): string | null {
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    const le = bytes[0] === 0xff;
    const body = bytes.subarray(2, 2 + ((bytes.length - 2) & ~1));
    text = le ? body.toString('utf16le') : Buffer.from(body).swap16().toString('utf16le');
  } else {
    if (bytes.includes(0)) return null;
    // The head may cut a multi-byte character: drop up to 3 trailing bytes of an incomplete sequence.
    const end = bytes.length === SNIFF_BYTES ? utf8SafeEnd(bytes) : bytes.length;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    } catch {
      return null;
    }
  }
  if (text.includes('\u0000')) return null;
  let control = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) control += 1;
  }
  if (control > Math.max(2, text.length * 0.01)) return null;
  return text;
}

function utf8SafeEnd(bytes: Buffer): number {
  let end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i += 1) {
    const b = bytes[end - i] ?? 0;
    if ((b & 0xc0) === 0x80) continue; // continuation byte
    if ((b & 0xc0) === 0xc0) end -= i; // lead byte of a possibly incomplete sequence
    break;
  }
  return end;
}

function looksLikeEmail(text: string): boolean {
  const headerBlock = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const lines = headerBlock.split(/\r?\n/);
  const first = lines[0] ?? '';
  if (!/^[A-Za-z][A-Za-z0-9-]*:/.test(first) && !first.startsWith('From ')) return false;
  const seen = new Set<string>();
  for (const line of lines) {
    const match = /^([A-Za-z][A-Za-z0-9-]*):/.exec(line);
    if (match?.[1] && EML_HEADERS.includes(match[1].toLowerCase())) seen.add(match[1].toLowerCase());
  }
  return seen.size >= 2;
}
