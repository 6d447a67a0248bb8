import type { DocumentBlock } from '@legal/api';
import JSZip from 'jszip';

/**
 * Renders a document given as JSON ({title, blocks}) as a real Word document (Office Open XML:
 * the smallest complete package Word, LibreOffice and the files module's extractor all open) or
 * as UTF-8 text. Korean text needs an East Asian font: the styles name Malgun Gothic, which Word
 * replaces with the system's Hangul font where it is missing.
 */

export interface RenderInput {
  title: string;
  blocks: readonly DocumentBlock[];
  /** Written into the document properties. */
  createdAt?: Date;
}

export interface RenderedDocument {
  bytes: Buffer;
  fileType: 'docx' | 'txt';
  extension: '.docx' | '.txt';
}

// XML 1.0 allows tab, line feed and carriage return among the controls; nothing else.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One run per line; a line break inside a paragraph is a <w:br/>, a tab a <w:tab/>. */
function runs(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines
    .map((line, i) => {
      const parts = line.split('\t').map((part) => (part ? `<w:t xml:space="preserve">${escapeXml(part)}</w:t>` : ''));
      return `<w:r>${i > 0 ? '<w:br/>' : ''}${parts.join('<w:tab/>')}</w:r>`;
    })
    .join('');
}

const paragraph = (text: string, styleId?: string) => `<w:p>${styleId ? `<w:pPr><w:pStyle w:val="${styleId}"/></w:pPr>` : ''}${runs(text)}</w:p>`;

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function documentXml(input: RenderInput): string {
  const body = [
    paragraph(input.title, 'Title'),
    ...input.blocks.map((b) => (b.type === 'heading' ? paragraph(b.text, `Heading${b.level ?? 1}`) : paragraph(b.text))),
  ].join('');
  // A4 with 25.4 mm margins (twips).
  const section = '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>';
  return `${XML}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${body}${section}</w:body></w:document>`;
}

function style(id: string, name: string, size: number, extra = ''): string {
  return `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/>${extra}</w:pPr><w:rPr><w:b/><w:sz w:val="${size}"/><w:szCs w:val="${size}"/></w:rPr></w:style>`;
}

const STYLES_XML = `${XML}<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Malgun Gothic" w:eastAsia="Malgun Gothic" w:hAnsi="Malgun Gothic" w:cs="Malgun Gothic"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="ko-KR" w:eastAsia="ko-KR"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="300" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>${style('Title', 'Title', 36, '<w:jc w:val="center"/>')}${style('Heading1', 'heading 1', 30)}${style('Heading2', 'heading 2', 26)}${style('Heading3', 'heading 3', 24)}</w:styles>`;

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`;

const PACKAGE_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`;

const DOCUMENT_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const APP_XML = `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Legal Suite</Application></Properties>`;

function coreXml(title: string, at: Date): string {
  const when = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${escapeXml(title)}</dc:title><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`;
}

export async function renderDocx(input: RenderInput): Promise<Buffer> {
  const zip = new JSZip();
  // [Content_Types].xml first: type sniffers read the head of the archive.
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', PACKAGE_RELS);
  zip.file('word/document.xml', documentXml(input));
  zip.file('word/styles.xml', STYLES_XML);
  zip.file('word/_rels/document.xml.rels', DOCUMENT_RELS);
  zip.file('docProps/core.xml', coreXml(input.title, input.createdAt ?? new Date()));
  zip.file('docProps/app.xml', APP_XML);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

/** The title, then each block separated by a blank line (CRLF, with a BOM: Windows Notepad reads it as UTF-8). */
export function renderTxt(input: RenderInput): Buffer {
  const clean = (s: string) => s.replace(NOT_XML, '').replace(/\r\n?/g, '\n');
  const text = [clean(input.title), ...input.blocks.map((b) => clean(b.text))].join('\n\n').replace(/\n/g, '\r\n');
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}

export async function renderDocument(format: 'DOCX' | 'TXT', input: RenderInput): Promise<RenderedDocument> {
  return format === 'DOCX'
    ? { bytes: await renderDocx(input), fileType: 'docx', extension: '.docx' }
    : { bytes: renderTxt(input), fileType: 'txt', extension: '.txt' };
}
