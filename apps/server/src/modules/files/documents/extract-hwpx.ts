import type { ExtractedPage } from './document-types';
import { donePage, errorMessage, failedPage, openSafeZip, refusal, throwIfAborted, type FormatExtraction } from './extract-common';
import { blocksToText } from './html-blocks';
import { localName, tokenizeMarkup } from './markup';
import type { RawBlock } from './structure';

/**
 * HWPX (OWPML): a ZIP whose Contents/section{N}.xml hold the body. Text lives in hp:t elements of
 * hp:p paragraphs; tables are hp:tbl > hp:tr > hp:tc (nested inside a paragraph's run). Each
 * section becomes one page (HWPX stores no page breaks we can trust).
 */
export async function extractHwpx(bytes: Buffer, signal?: AbortSignal): Promise<FormatExtraction> {
  const opened = await openSafeZip(bytes);
  if ('verdict' in opened) return refusal(opened.verdict);
  const sections = Object.keys(opened.zip.files)
    .map((name) => ({ name, index: /^Contents\/section(\d+)\.xml$/i.exec(name)?.[1] }))
    .filter((s): s is { name: string; index: string } => s.index !== undefined)
    .sort((a, b) => Number(a.index) - Number(b.index));
  if (sections.length === 0) return { pages: [failedPage(1, 'This HWPX file has no Contents/section*.xml body.')] };

  const pages: ExtractedPage[] = [];
  const blocks: RawBlock[] = [];
  for (const [i, section] of sections.entries()) {
    throwIfAborted(signal);
    const pageNumber = i + 1;
    try {
      const xml = await opened.zip.file(section.name)?.async('string');
      const sectionBlocks = sectionToBlocks(xml ?? '', pageNumber);
      blocks.push(...sectionBlocks);
      pages.push(donePage(pageNumber, blocksToText(sectionBlocks)));
    } catch (error) {
      pages.push(failedPage(pageNumber, `Could not read section ${section.index}: ${errorMessage(error)}`));
    }
  }
  return { pages, blocks, totalPages: sections.length };
}

export function sectionToBlocks(xml: string, page?: number): RawBlock[] {
  const blocks: RawBlock[] = [];
  let paragraph = '';
  let inText = 0;
  let tableDepth = 0;
  let rows: string[][] = [];
  let row: string[] | null = null;
  let cell: string | null = null;
  const withPage = <T extends RawBlock>(block: T): T => (page === undefined ? block : { ...block, page });

  const append = (value: string) => {
    if (tableDepth > 0) {
      if (cell !== null) cell += value;
    } else paragraph += value;
  };
  const emitParagraph = () => {
    const text = paragraph.replace(/[ \u00a0]+/g, ' ').trim();
    if (text) blocks.push(withPage({ kind: 'paragraph', text }));
    paragraph = '';
  };

  for (const token of tokenizeMarkup(xml)) {
    if (token.type === 'text') {
      if (inText > 0) append(token.text);
      continue;
    }
    const name = localName(token.name);
    if (token.type === 'open') {
      if (name === 't' && !token.selfClosing) inText += 1;
      else if (name === 'tab') append('\t');
      else if (name === 'lineBreak') append('\n');
      else if (name === 'tbl' && !token.selfClosing) {
        if (tableDepth === 0) {
          emitParagraph();
          rows = [];
        } else append(' ');
        tableDepth += 1;
      } else if (tableDepth === 1 && name === 'tr') row = [];
      else if (tableDepth === 1 && name === 'tc') cell = '';
      else if (tableDepth > 0 && name === 'p' && cell) cell += '\n';
      continue;
    }
    if (name === 't') inText = Math.max(0, inText - 1);
    else if (name === 'tbl' && tableDepth > 0) {
      tableDepth -= 1;
      if (tableDepth === 0 && rows.length > 0) blocks.push(withPage({ kind: 'table', rows }));
    } else if (tableDepth === 1 && name === 'tc') {
      if (row && cell !== null) row.push(cell.split('\n').map((l) => l.trim()).filter(Boolean).join('\n'));
      cell = null;
    } else if (tableDepth === 1 && name === 'tr') {
      if (row) rows.push(row);
      row = null;
    } else if (tableDepth === 0 && name === 'p') emitParagraph();
  }
  emitParagraph();
  return blocks;
}
