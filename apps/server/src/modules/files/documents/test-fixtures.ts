/**
 * Test-only fixture builders (never imported by runtime code): ZIP containers written by hand
 * (so tests can build bombs and odd archives), HWPX/XLSX packages, images with Korean and English
 * text rendered with Noto CJK, TIFF encoding, and image-only (scanned) PDFs.
 */
import CFB from 'cfb';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { createCanvas, GlobalFonts, loadImage, PDFDocument as SkiaPdfDocument, type SKRSContext2D } from '@napi-rs/canvas';
import { PDFDocument } from '@cantoo/pdf-lib';

/** /work/shared/data, seen from apps/server/src/modules/files/documents. */
export const DATA_DIR = path.resolve(import.meta.dirname, '../../../../../../../shared/data');

export interface ZipInput {
  name: string;
  data: Buffer | string;
  /** Store instead of deflate (HWPX wants its mimetype stored). */
  store?: boolean;
}

/** A minimal ZIP writer (no data descriptors, no ZIP64). */
export function buildZip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const compressed = entry.store ? data : deflateRawSync(data, { level: 9 });
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const method = entry.store ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const HWPX_NS = 'xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph" xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section"';

function hwpxParagraph(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<hp:p id="0" paraPrIDRef="0" styleIDRef="0"><hp:run charPrIDRef="0"><hp:t>${escaped}</hp:t></hp:run></hp:p>`;
}

/** An HWPX package: stored mimetype first, then section XML with paragraphs and an optional table. */
export function buildHwpx(paragraphs: string[], table?: string[][]): Buffer {
  const tableXml = table
    ? `<hp:p><hp:run><hp:tbl rowCnt="${table.length}">${table
        .map((row) => `<hp:tr>${row.map((cell) => `<hp:tc><hp:subList>${hwpxParagraph(cell)}</hp:subList></hp:tc>`).join('')}</hp:tr>`)
        .join('')}</hp:tbl></hp:run></hp:p>`
    : '';
  const section = `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?><hs:sec ${HWPX_NS}>${paragraphs.map(hwpxParagraph).join('')}${tableXml}</hs:sec>`;
  return buildZip([
    { name: 'mimetype', data: 'application/hwp+zip', store: true },
    { name: 'version.xml', data: '<?xml version="1.0" encoding="UTF-8"?><hv:HCFVersion xmlns:hv="http://www.hancom.co.kr/hwpml/2011/version" major="5" minor="1"/>' },
    { name: 'Contents/header.xml', data: '<?xml version="1.0" encoding="UTF-8"?><hh:head xmlns:hh="http://www.hancom.co.kr/hwpml/2011/head"/>' },
    { name: 'Contents/section0.xml', data: section },
    { name: 'META-INF/container.xml', data: '<?xml version="1.0" encoding="UTF-8"?><ocf:container xmlns:ocf="urn:oasis:names:tc:opendocument:xmlns:container"/>' },
  ]);
}

export function buildXlsx(): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: '_rels/.rels', data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>' },
    { name: 'xl/workbook.xml', data: '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>' },
  ]);
}

let fontRegistered = false;

function registerFixtureFont(): void {
  if (fontRegistered) return;
  GlobalFonts.registerFromPath('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'FixtureCJK');
  fontRegistered = true;
}

/** White page, black text in Noto Sans CJK; `fontPx` 25 is ~12 pt at 150 dpi. */
export function renderTextImage(lines: string[], fontPx = 25): { width: number; height: number; rgba: Buffer; png: () => Promise<Buffer>; jpeg: () => Promise<Buffer> } {
  registerFixtureFont();
  const width = 1240;
  const lineHeight = Math.round(fontPx * 1.9);
  const height = lineHeight * (lines.length + 1) + 40;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = `${fontPx}px FixtureCJK`;
  lines.forEach((line, i) => context.fillText(line, 80, 40 + lineHeight * (i + 1)));
  const rgba = Buffer.from(context.getImageData(0, 0, width, height).data.buffer);
  return { width, height, rgba, png: () => canvas.encode('png'), jpeg: () => canvas.encode('jpeg', 92) };
}

/** Baseline uncompressed RGB TIFF (little-endian), enough for tesseract's leptonica reader. */
export function encodeTiff(width: number, height: number, rgba: Buffer): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    pixels[j] = rgba[i] ?? 0;
    pixels[j + 1] = rgba[i + 1] ?? 0;
    pixels[j + 2] = rgba[i + 2] ?? 0;
  }
  const entries: [number, number, number, number][] = [];
  const headerSize = 8;
  const ifdCount = 11;
  const ifdSize = 2 + ifdCount * 12 + 4;
  const bitsOffset = headerSize + ifdSize;
  const dataOffset = bitsOffset + 6;
  // tag, type (3 SHORT, 4 LONG), count, value
  entries.push([256, 4, 1, width], [257, 4, 1, height], [258, 3, 3, bitsOffset], [259, 3, 1, 1], [262, 3, 1, 2]);
  entries.push([273, 4, 1, dataOffset], [277, 3, 1, 3], [278, 4, 1, height], [279, 4, 1, pixels.length], [284, 3, 1, 1], [296, 3, 1, 1]);
  const head = Buffer.alloc(dataOffset);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(headerSize, 4);
  head.writeUInt16LE(ifdCount, headerSize);
  entries.forEach(([tag, type, count, value], i) => {
    const at = headerSize + 2 + i * 12;
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(count, at + 4);
    if (type === 3 && count === 1) head.writeUInt16LE(value, at + 8);
    else head.writeUInt32LE(value, at + 8);
  });
  head.writeUInt32LE(0, headerSize + 2 + ifdCount * 12);
  [8, 8, 8].forEach((bits, i) => head.writeUInt16LE(bits, bitsOffset + i * 2));
  return Buffer.concat([head, pixels]);
}

/** An image-only PDF: one A4 page holding the PNG, no text layer (what a scanner produces). */
export async function buildScannedPdf(png: Buffer, widthPx: number, heightPx: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const image = await document.embedPng(png);
  const page = document.addPage([595, 842]);
  const width = 595 - 60;
  const height = (width * heightPx) / widthPx;
  page.drawImage(image, { x: 30, y: 842 - 40 - height, width, height });
  return Buffer.from(await document.save());
}

/**
 * A PDF written by Skia: page 1 has a real (Korean) text layer; when `scannedPng` is given, page 2
 * holds only that image, like a signed page scanned back into the contract.
 */
export async function buildTextPdf(lines: string[], scannedPng?: Buffer): Promise<Buffer> {
  registerFixtureFont();
  const document = new SkiaPdfDocument();
  const context = document.beginPage(595, 842);
  context.font = '12px FixtureCJK';
  lines.forEach((line, i) => context.fillText(line, 50, 80 + i * 20));
  document.endPage();
  if (scannedPng) {
    const image = await loadImage(scannedPng);
    // beginPage is typed with the partial DOM context; at run time it is a full Skia context.
    const page = document.beginPage(595, 842) as unknown as SKRSContext2D;
    const width = 535;
    page.drawImage(image, 30, 40, width, (width * image.height) / image.width);
    document.endPage();
  }
  return document.close();
}

/** An Outlook message as a compound file with the MAPI property streams Outlook writes. */
export function buildMsg(fields: { subject: string; body: string; senderName: string }): Buffer {
  const cfb = CFB.utils.cfb_new();
  const utf16 = (text: string) => Buffer.from(text, 'utf16le');
  CFB.utils.cfb_add(cfb, '/__properties_version1.0', Buffer.alloc(32));
  CFB.utils.cfb_add(cfb, '/__substg1.0_0037001F', utf16(fields.subject));
  CFB.utils.cfb_add(cfb, '/__substg1.0_1000001F', utf16(fields.body));
  CFB.utils.cfb_add(cfb, '/__substg1.0_0C1A001F', utf16(fields.senderName));
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

/** One HWP 5 record: the 32-bit header (tag, level, size; 0xFFF + a DWORD for big ones) and the payload. */
function hwpRecord(tag: number, level: number, payload: Buffer): Buffer {
  const big = payload.length >= 0xfff;
  const header = Buffer.alloc(big ? 8 : 4);
  header.writeUInt32LE(((tag & 0x3ff) | ((level & 0x3ff) << 10) | ((big ? 0xfff : payload.length) << 20)) >>> 0, 0);
  if (big) header.writeUInt32LE(payload.length, 4);
  return Buffer.concat([header, payload]);
}

/** A PARA_TEXT payload: text as UTF-16LE, `\t` as the 8-WCHAR inline tab control, ending with the paragraph break. */
export function hwpParaText(text: string, options: { withObject?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  if (options.withObject) {
    // An extended control (11: a table or drawing object): the code, six WCHARs, the code again.
    const control = Buffer.alloc(16);
    control.writeUInt16LE(11, 0);
    control.write('tbl ', 2, 'latin1');
    control.writeUInt16LE(11, 14);
    parts.push(control);
  }
  for (const piece of text.split(/(\t)/)) {
    if (piece === '\t') {
      const tab = Buffer.alloc(16);
      tab.writeUInt16LE(9, 0);
      tab.writeUInt16LE(9, 14);
      parts.push(tab);
    } else parts.push(Buffer.from(piece, 'utf16le'));
  }
  parts.push(Buffer.from([13, 0]));
  return Buffer.concat(parts);
}

/**
 * A binary HWP 5 document built to the published format: FileHeader (signature, version 5.0.3.0,
 * properties), DocInfo and one BodyText/Section{N} stream per section, raw-deflated when compressed.
 */
export function buildHwp(sections: string[][], options: { compressed?: boolean; distribution?: boolean; encrypted?: boolean } = {}): Buffer {
  const compressed = options.compressed ?? true;
  const fileHeader = Buffer.alloc(256);
  fileHeader.write('HWP Document File', 0, 'latin1');
  fileHeader.writeUInt32LE(0x05000300, 32);
  fileHeader.writeUInt32LE((compressed ? 1 : 0) | (options.encrypted ? 2 : 0) | (options.distribution ? 4 : 0), 36);
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/FileHeader', fileHeader);
  CFB.utils.cfb_add(cfb, '/DocInfo', compressed ? deflateRawSync(Buffer.alloc(0)) : Buffer.alloc(0));
  sections.forEach((paragraphs, index) => {
    const records = paragraphs.flatMap((text, i) => [
      hwpRecord(0x010 + 50, 0, Buffer.alloc(22)),
      hwpRecord(0x010 + 51, 1, hwpParaText(text, { withObject: i === 0 && index === 0 })),
    ]);
    const stream = Buffer.concat(records);
    CFB.utils.cfb_add(cfb, `/BodyText/Section${index}`, compressed ? deflateRawSync(stream) : stream);
  });
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}
