import PizZip from 'pizzip';

// Hand-made DOCX files for the templating tests and the benchmark: the XML is written out, so a
// test can put a marker across several runs exactly as Word does. Not used by the application.

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A run of text (one <w:r>). */
export function run(text: string, bold = false): string {
  return `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

/** A paragraph of runs; a string is one run. */
export function para(runs: string | string[], pPr = ''): string {
  const body = typeof runs === 'string' ? run(runs) : runs.join('');
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${body}</w:p>`;
}

/** A numbered paragraph (list numId, level ilvl). */
export function numbered(text: string, numId: number, ilvl = 0): string {
  return para(text, `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`);
}

export interface FixtureParts {
  numbering?: string;
  styles?: string;
  header?: string;
}

/** A DOCX whose body is the given paragraphs (XML), with optional numbering, styles and header. */
export function docxOf(paragraphs: string[], parts: FixtureParts = {}): Buffer {
  const zip = new PizZip();
  const overrides = [
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
    parts.numbering ? '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' : '',
    parts.styles ? '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' : '',
    parts.header ? '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>' : '',
  ].join('');
  zip.file('[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`);
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  const rels = [
    parts.numbering ? '<Relationship Id="rIdN" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' : '',
    parts.styles ? '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' : '',
    parts.header ? '<Relationship Id="rIdH" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>' : '',
  ].join('');
  zip.file('word/_rels/document.xml.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`);
  const sectPr = parts.header ? '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>' : '<w:sectPr/>';
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${paragraphs.join('')}${sectPr}</w:body></w:document>`);
  if (parts.numbering) zip.file('word/numbering.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${W}">${parts.numbering}</w:numbering>`);
  if (parts.styles) zip.file('word/styles.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}">${parts.styles}</w:styles>`);
  if (parts.header) zip.file('word/header1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr xmlns:w="${W}">${parts.header}</w:hdr>`);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A numbering definition: list numId with one level per entry ([numFmt, lvlText]). */
export function numberingDef(numId: number, levels: Array<[string, string]>): string {
  const lvls = levels.map(([fmt, text], ilvl) => `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/></w:lvl>`).join('');
  return `<w:abstractNum w:abstractNumId="${numId}">${lvls}</w:abstractNum><w:num w:numId="${numId}"><w:abstractNumId w:val="${numId}"/></w:num>`;
}
