import fs from 'node:fs';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES } from './document-types';
import { sniffFileType } from './sniff';
import { buildHwpx, buildXlsx, buildZip, DATA_DIR, encodeTiff, renderTextImage } from './test-fixtures';

const head = (bytes: Buffer) => bytes.subarray(0, SNIFF_BYTES);
const readHead = (file: string) => head(fs.readFileSync(file));
const listFiles = (dir: string) => fs.readdirSync(dir).map((name) => path.join(dir, name));

/** A tiny OLE compound-file head: signature, then directory names in UTF-16LE. */
function oleHead(directoryNames: string[]): Buffer {
  const signature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const padding = Buffer.alloc(504);
  return Buffer.concat([signature, padding, ...directoryNames.map((n) => Buffer.from(`${n}\u0000`, 'utf16le'))]);
}

describe('sniffFileType', () => {
  it('detects every DOCX template as docx', () => {
    const files = listFiles(path.join(DATA_DIR, 'contracts/docx')).filter((f) => f.endsWith('.docx'));
    expect(files.length).toBe(25);
    for (const file of files) expect(sniffFileType(readHead(file)), file).toBe('docx');
  });

  it('detects every CUAD PDF as pdf and every CUAD TXT as txt', () => {
    const pdfs = listFiles(path.join(DATA_DIR, 'contracts/cuad-dev/pdf'));
    const txts = listFiles(path.join(DATA_DIR, 'contracts/cuad-dev/txt'));
    expect(pdfs.length).toBe(40);
    for (const file of pdfs) expect(sniffFileType(readHead(file)), file).toBe('pdf');
    for (const file of txts) expect(sniffFileType(readHead(file)), file).toBe('txt');
  });

  it('detects Korean UTF-8 (with and without BOM) and UTF-16 text', () => {
    const statute = fs.readFileSync(path.join(DATA_DIR, 'law/current/민법/법률.md'));
    expect(sniffFileType(head(statute))).toBe('txt'); // the head cuts a multi-byte character
    const text = '제1조(목적) 이 계약은 갑과 을의 권리와 의무를 정한다.\n';
    expect(sniffFileType(Buffer.from(`\uFEFF${text}`, 'utf8'))).toBe('txt');
    expect(sniffFileType(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe('txt');
    expect(sniffFileType(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]))).toBe('txt');
  });

  it('detects generated images', async () => {
    const image = renderTextImage(['Test 계약서']);
    expect(sniffFileType(await image.png())).toBe('png');
    expect(sniffFileType(await image.jpeg())).toBe('jpeg');
    expect(sniffFileType(head(encodeTiff(image.width, image.height, image.rgba)))).toBe('tiff');
    expect(sniffFileType(Buffer.from('MM\u0000*\u0000\u0000\u0000\u0008', 'latin1'))).toBe('tiff');
  });

  it('detects ZIP-based formats from their local headers', () => {
    expect(sniffFileType(buildHwpx(['제1조(목적) 본문']))).toBe('hwpx');
    expect(sniffFileType(buildXlsx())).toBe('xlsx');
    expect(sniffFileType(buildZip([{ name: '[Content_Types].xml', data: '<Types/>' }, { name: 'ppt/presentation.xml', data: '<p/>' }]))).toBe('pptx');
    expect(sniffFileType(buildZip([{ name: 'a.txt', data: 'hello' }, { name: 'b/c.pdf', data: '%PDF-1.4' }]))).toBe('zip');
  });

  it('detects OOXML written by other tools: docx package, streamed entries, big first part', async () => {
    const generated = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('계약서')] }] }));
    expect(sniffFileType(generated)).toBe('docx');
    const streamed = new JSZip();
    streamed.file('[Content_Types].xml', '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>');
    streamed.file('customXml/item1.xml', 'x'.repeat(200_000));
    streamed.file('xl/workbook.xml', '<workbook/>');
    const bytes = await streamed.generateAsync({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' });
    expect(bytes.readUInt16LE(6) & 0x08).toBe(0x08); // data descriptors
    expect(sniffFileType(head(bytes))).toBe('xlsx'); // decided by [Content_Types].xml: xl/ lies beyond the head
  });

  it('detects HWP 5 and Outlook MSG compound files and refuses other OLE files', () => {
    expect(sniffFileType(oleHead(['Root Entry', 'FileHeader', 'HwpSummaryInformation', 'BodyText']))).toBe('hwp');
    expect(sniffFileType(Buffer.concat([oleHead(['Root Entry']), Buffer.from('HWP Document File', 'latin1')]))).toBe('hwp');
    expect(sniffFileType(oleHead(['Root Entry', '__substg1.0_0037001F', '__properties_version1.0']))).toBe('msg');
    expect(sniffFileType(oleHead(['Root Entry', 'WordDocument', '1Table', 'SummaryInformation']))).toBeNull();
  });

  it('detects an e-mail from its header lines', () => {
    const eml = 'Return-Path: <a@example.com>\r\nFrom: 김철수 <a@example.com>\r\nTo: b@example.com\r\nSubject: 계약서 송부\r\nMIME-Version: 1.0\r\n\r\n본문';
    expect(sniffFileType(Buffer.from(eml))).toBe('eml');
    expect(sniffFileType(Buffer.from('Subject: only one header line\n\nbody'))).toBe('txt');
  });

  it('refuses executables, markup, renamed binaries and empty input', () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);
    const pe = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.from([0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.alloc(120)]);
    expect(sniffFileType(elf)).toBeNull();
    expect(sniffFileType(pe)).toBeNull();
    expect(sniffFileType(pe, '계약서.pdf')).toBeNull();
    expect(sniffFileType(Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'))).toBeNull();
    expect(sniffFileType(Buffer.from('  <html><body>hello</body></html>'))).toBeNull();
    expect(sniffFileType(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBeNull();
    expect(sniffFileType(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x80, 0x81]))).toBeNull();
    expect(sniffFileType(Buffer.from('latin1 caf\xe9 text', 'latin1'))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
  });

  it('judges the bytes, not the name', () => {
    const pdf = readHead(listFiles(path.join(DATA_DIR, 'contracts/cuad-dev/pdf'))[0] ?? '');
    expect(sniffFileType(pdf, 'contract.docx')).toBe('pdf');
  });
});
