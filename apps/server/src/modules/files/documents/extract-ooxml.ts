import type { ExtractedPage } from './document-types';
import { donePage, errorMessage, failedPage, openSafeZip, refusal, throwIfAborted, type FormatExtraction } from './extract-common';
import { localName, tokenizeMarkup } from './markup';
import type { RawBlock } from './structure';

type Zip = Extract<Awaited<ReturnType<typeof openSafeZip>>, { zip: unknown }>['zip'];

/** Parts named `<folder><stem>N.xml`, in numeric order. */
function numberedParts(zip: Zip, pattern: RegExp): string[] {
  return Object.keys(zip.files)
    .map((name) => ({ name, n: pattern.exec(name)?.[1] }))
    .filter((p): p is { name: string; n: string } => p.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((p) => p.name);
}

/** The text of every `<t>` element, grouped by the element that closes a unit (`si`, `p`). */
function textUnits(xml: string, unit: string): string[] {
  const units: string[] = [];
  let current = '';
  let inText = 0;
  for (const token of tokenizeMarkup(xml)) {
    if (token.type === 'text') {
      if (inText > 0) current += token.text;
      continue;
    }
    const name = localName(token.name);
    if (token.type === 'open') {
      if (name === 't' && !token.selfClosing) inText += 1;
      else if (name === 'br') current += '\n';
    } else if (name === 't') inText = Math.max(0, inText - 1);
    else if (name === unit) {
      units.push(current);
      current = '';
    }
  }
  return units;
}

function columnIndex(reference: string | undefined): number | undefined {
  const letters = /^([A-Z]+)\d+$/.exec(reference ?? '')?.[1];
  if (!letters) return undefined;
  return [...letters].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 64), 0) - 1;
}

/** Rows of a worksheet: shared strings resolved, inline strings and plain values as written. */
export function sheetRows(xml: string, sharedStrings: string[]): string[][] {
  const rows: string[][] = [];
  let row: string[] | null = null;
  let cellType: string | undefined;
  let value = '';
  let inValue = 0;
  for (const token of tokenizeMarkup(xml)) {
    if (token.type === 'text') {
      if (inValue > 0) value += token.text;
      continue;
    }
    const name = localName(token.name);
    if (token.type === 'open') {
      if (name === 'row') row = [];
      else if (name === 'c' && row) {
        cellType = token.attrs.t;
        value = '';
        // Empty cells are often left out: place this one at its column (A1 -> 0, AB7 -> 27).
        const column = columnIndex(token.attrs.r);
        while (column !== undefined && row.length < column) row.push('');
        if (token.selfClosing) row.push('');
      } else if ((name === 'v' || name === 't') && !token.selfClosing) inValue += 1;
      continue;
    }
    if (name === 'v' || name === 't') inValue = Math.max(0, inValue - 1);
    else if (name === 'c' && row) row.push(cellType === 's' ? (sharedStrings[Number(value)] ?? '') : value);
    else if (name === 'row' && row) {
      while (row.length > 0 && row[row.length - 1] === '') row.pop();
      if (row.length > 0) rows.push(row);
      row = null;
    }
  }
  return rows;
}

/** XLSX: one page per worksheet, its cells as a table (tab-separated in the page text). */
export async function extractXlsx(bytes: Buffer, signal?: AbortSignal): Promise<FormatExtraction> {
  const opened = await openSafeZip(bytes);
  if ('verdict' in opened) return refusal(opened.verdict);
  const { zip } = opened;
  const sheets = numberedParts(zip, /^xl\/worksheets\/sheet(\d+)\.xml$/i);
  if (sheets.length === 0) return { pages: [failedPage(1, 'This workbook has no worksheets.')] };
  const sharedXml = await zip.file('xl/sharedStrings.xml')?.async('string');
  const sharedStrings = sharedXml ? textUnits(sharedXml, 'si') : [];
  const pages: ExtractedPage[] = [];
  const blocks: RawBlock[] = [];
  for (const [i, part] of sheets.entries()) {
    throwIfAborted(signal);
    const pageNumber = i + 1;
    try {
      const rows = sheetRows((await zip.file(part)?.async('string')) ?? '', sharedStrings);
      if (rows.length > 0) blocks.push({ kind: 'table', rows, page: pageNumber });
      pages.push(donePage(pageNumber, rows.map((r) => r.join('\t')).join('\n')));
    } catch (error) {
      pages.push(failedPage(pageNumber, `Could not read worksheet ${pageNumber}: ${errorMessage(error)}`));
    }
  }
  return { pages, blocks, totalPages: sheets.length };
}

/** PPTX: one page per slide, one paragraph per `a:p`. */
export async function extractPptx(bytes: Buffer, signal?: AbortSignal): Promise<FormatExtraction> {
  const opened = await openSafeZip(bytes);
  if ('verdict' in opened) return refusal(opened.verdict);
  const slides = numberedParts(opened.zip, /^ppt\/slides\/slide(\d+)\.xml$/i);
  if (slides.length === 0) return { pages: [failedPage(1, 'This presentation has no slides.')] };
  const pages: ExtractedPage[] = [];
  const blocks: RawBlock[] = [];
  for (const [i, part] of slides.entries()) {
    throwIfAborted(signal);
    const pageNumber = i + 1;
    try {
      const paragraphs = textUnits((await opened.zip.file(part)?.async('string')) ?? '', 'p')
        .map((p) => p.trim())
        .filter(Boolean);
      blocks.push(...paragraphs.map((text) => ({ kind: 'paragraph' as const, text, page: pageNumber })));
      pages.push(donePage(pageNumber, paragraphs.join('\n')));
    } catch (error) {
      pages.push(failedPage(pageNumber, `Could not read slide ${pageNumber}: ${errorMessage(error)}`));
    }
  }
  return { pages, blocks, totalPages: slides.length };
}
