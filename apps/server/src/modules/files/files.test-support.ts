/** Helpers for the files tests (not a test file itself): multipart bodies and small documents of every type. */
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import JSZip from 'jszip';

export const CONTRACTS = '/work/shared/data/contracts';
export const DOCX_TEMPLATE = path.join(CONTRACTS, 'docx/bonterms-mutual-nda.docx');
export const CUAD_PDF = path.join(CONTRACTS, 'cuad-dev/pdf/CURAEGISTECHNOLOGIES,INC_05_26_2010-EX-1-CORPORATE SPONSORSHIP AGREEMENT.PDF');

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body; the filename goes out raw UTF-8 (as browsers send it). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----legal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename.replace(/"/g, '%22')}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename !== undefined ? `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n` : ''}\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function fileBody(bytes: Buffer, filename: string, fields: Record<string, string> = {}) {
  return multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', value: bytes, filename }]);
}

async function zip(entries: Record<string, string | Buffer>, first?: string): Promise<Buffer> {
  const z = new JSZip();
  if (first) z.file(first, entries[first]!, { compression: 'STORE' });
  for (const [name, content] of Object.entries(entries)) if (name !== first) z.file(name, content);
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const CT = (overrides: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`;

export async function xlsx(text: string): Promise<Buffer> {
  return zip({
    '[Content_Types].xml': CT('<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'),
    '_rels/.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml': '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="계약" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>${text}</t></si></sst>`,
    'xl/worksheets/sheet1.xml': '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
  }, '[Content_Types].xml');
}

export async function pptx(text: string): Promise<Buffer> {
  return zip({
    '[Content_Types].xml': CT('<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>'),
    '_rels/.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>',
    'ppt/presentation.xml': '<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst></p:presentation>',
    'ppt/_rels/presentation.xml.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide1.xml"/></Relationships>',
    'ppt/slides/slide1.xml': `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
  }, '[Content_Types].xml');
}

export async function hwpx(text: string): Promise<Buffer> {
  return hwpxSections([hwpxParagraph([hwpxRun(text)])]);
}

const HWPX_NS = 'xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section" xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph"';
const LINE_CACHE = (lines: number) =>
  `<hp:linesegarray>${Array.from({ length: lines }, (_, i) => `<hp:lineseg textpos="${i * 40}" vertpos="${i * 1600}" vertsize="1000" textheight="1000" baseline="850" spacing="600" horzpos="0" horzsize="42520" flags="393216"/>`).join('')}</hp:linesegarray>`;

/** A run of text as Hangul writes it (<hp:run><hp:t>); `text` is XML (escape it yourself; several <hp:t> allowed). */
export function hwpxRun(text: string, charPrIDRef = 0): string {
  return `<hp:run charPrIDRef="${charPrIDRef}"><hp:t>${text}</hp:t></hp:run>`;
}

/** A paragraph of runs (XML) with a layout cache of `lines` lines, as Hancom Office saves it. */
export function hwpxParagraph(runs: string[], lines = 1): string {
  return `<hp:p id="0" paraPrIDRef="0" styleIDRef="0" pageBreak="0" columnBreak="0" merged="0">${runs.join('')}${LINE_CACHE(lines)}</hp:p>`;
}

/** A one-row table (in a run of its own paragraph) whose cells hold the given paragraphs (XML). */
export function hwpxTable(cells: string[][]): string {
  const tcs = cells.map((paragraphs, col) => `<hp:tc><hp:subList>${paragraphs.join('')}</hp:subList><hp:cellAddr colAddr="${col}" rowAddr="0"/></hp:tc>`).join('');
  return hwpxParagraph([`<hp:run charPrIDRef="0"><hp:tbl id="1" rowCnt="1" colCnt="${cells.length}"><hp:tr>${tcs}</hp:tr></hp:tbl><hp:t/></hp:run>`]);
}

/** A HWPX whose sections hold the given paragraphs (XML), one section per array. */
export async function hwpxSections(...sections: string[][]): Promise<Buffer> {
  const items = sections.map((_, i) => `<opf:item id="section${i}" href="Contents/section${i}.xml" media-type="application/xml"/>`).join('');
  const spine = sections.map((_, i) => `<opf:itemref idref="section${i}"/>`).join('');
  const entries: Record<string, string> = {
    mimetype: 'application/hwp+zip',
    'META-INF/container.xml': '<?xml version="1.0" encoding="UTF-8"?><ocf:container xmlns:ocf="urn:oasis:names:tc:opendocument:xmlns:container"><ocf:rootfiles><ocf:rootfile full-path="Contents/content.hpf" media-type="application/hwpml-package+xml"/></ocf:rootfiles></ocf:container>',
    'Contents/content.hpf': `<?xml version="1.0" encoding="UTF-8"?><opf:package xmlns:opf="http://www.idpf.org/2007/opf/"><opf:manifest>${items}</opf:manifest><opf:spine>${spine}</opf:spine></opf:package>`,
  };
  sections.forEach((paragraphs, i) => {
    entries[`Contents/section${i}.xml`] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><hs:sec ${HWPX_NS}>${paragraphs.join('')}</hs:sec>`;
  });
  return zip(entries, 'mimetype');
}

export async function plainZip(text: string): Promise<Buffer> {
  return zip({ 'readme.txt': text });
}

/** A DOCX whose document.xml declares an external entity (XXE). */
export async function xxeDocx(): Promise<Buffer> {
  const original = await JSZip.loadAsync(fs.readFileSync(DOCX_TEMPLATE));
  original.file('word/document.xml', '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&x;</w:t></w:r></w:p></w:body></w:document>');
  return original.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A ZIP with one 20 MB entry of zeros: a bomb-like ratio (~1000:1). */
export async function zipBomb(): Promise<Buffer> {
  return zip({ 'zeros.txt': Buffer.alloc(20 * 1024 * 1024) });
}

/**
 * Rewrites the uncompressed size an archive declares for `entryName`, in its central directory and
 * its local header (the CRC stays that of the real data): a zip that lies about what it inflates to.
 */
export function lieAboutSize(zipBytes: Buffer, entryName: string, declaredBytes: number): Buffer {
  const bytes = Buffer.from(zipBytes);
  let patched = 0;
  for (let at = bytes.indexOf(CENTRAL_HEADER); at >= 0; at = bytes.indexOf(CENTRAL_HEADER, at + 4)) {
    const nameLength = bytes.readUInt16LE(at + 28);
    if (bytes.toString('utf8', at + 46, at + 46 + nameLength) !== entryName) continue;
    bytes.writeUInt32LE(declaredBytes, at + 24);
    bytes.writeUInt32LE(declaredBytes, bytes.readUInt32LE(at + 42) + 22);
    patched += 1;
  }
  if (patched !== 1) throw new Error(`expected one entry named ${entryName}, patched ${patched}`);
  return bytes;
}
const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/**
 * The NDA template with a 64 MiB XML part of blanks (customXml/padding.xml) that claims to inflate
 * to 1 MiB: small declared sizes and an unremarkable ratio, so the central-directory check alone
 * lets it through, and a reader that trusts it inflates all 64 MiB.
 */
export async function lyingDocx(): Promise<{ bytes: Buffer; realBytes: number; declaredBytes: number }> {
  const realBytes = 64 * 1024 * 1024;
  const declaredBytes = 1024 * 1024;
  const original = await JSZip.loadAsync(fs.readFileSync(DOCX_TEMPLATE));
  original.file('customXml/padding.xml', Buffer.alloc(realBytes, 0x20));
  const honest = await original.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { bytes: lieAboutSize(honest, 'customXml/padding.xml', declaredBytes), realBytes, declaredBytes };
}

/** Korean and English text drawn on a white canvas, for the OCR path. */
export function image(text: string, type: 'png' | 'jpeg'): Buffer {
  const canvas = createCanvas(900, 200);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 900, 200);
  g.fillStyle = '#000';
  g.font = '48px sans-serif';
  g.fillText(text, 30, 120);
  return type === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 95);
}

/** An uncompressed 8-bit grayscale baseline TIFF of the same drawing. */
export function tiff(text: string): Buffer {
  const width = 900;
  const height = 200;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#000';
  g.font = '48px sans-serif';
  g.fillText(text, 30, 120);
  const rgba = g.getImageData(0, 0, width, height).data;
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < width * height; i++) pixels[i] = Math.round((rgba[i * 4]! + rgba[i * 4 + 1]! + rgba[i * 4 + 2]!) / 3);
  const entries: Array<[number, number, number, number]> = [
    [256, 3, 1, width], [257, 3, 1, height], [258, 3, 1, 8], [259, 3, 1, 1], [262, 3, 1, 1],
    [273, 4, 1, 0], [277, 3, 1, 1], [278, 3, 1, height], [279, 4, 1, pixels.length],
  ];
  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  const dataOffset = ifdOffset + ifdSize;
  const header = Buffer.alloc(dataOffset);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(ifdOffset, 4);
  header.writeUInt16LE(entries.length, ifdOffset);
  entries.forEach(([tag, type, count, value], i) => {
    const at = ifdOffset + 2 + i * 12;
    header.writeUInt16LE(tag, at);
    header.writeUInt16LE(type, at + 2);
    header.writeUInt32LE(count, at + 4);
    const v = tag === 273 ? dataOffset : value;
    if (type === 3) header.writeUInt16LE(v, at + 8);
    else header.writeUInt32LE(v, at + 8);
  });
  header.writeUInt32LE(0, ifdOffset + 2 + entries.length * 12);
  return Buffer.concat([header, pixels]);
}

export function eml(subject: string, body: string): Buffer {
  return Buffer.from(
    `From: 김민준 <member@hanbit.example>\r\nTo: legal@hanbit.example\r\nSubject: ${subject}\r\nDate: Sat, 21 Nov 2026 09:30:00 +0900\r\nMessage-ID: <a1@hanbit.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}\r\n`,
    'utf8',
  );
}
