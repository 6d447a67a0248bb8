import { tokenizeMarkup } from './markup';
import type { RawBlock } from './structure';
import { isTitleCase } from './structure-patterns';

const HEADING = /^h([1-6])$/;

/**
 * Turns mammoth's HTML (h1-h6, p, ul/ol/li, table/tr/td/th, inline tags) into raw blocks:
 * headings, one paragraph per p/li, and top-level tables whose cells hold their text (nested
 * tables are flattened into the outer cell).
 */
export function htmlToBlocks(html: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  let text = '';
  let heading = 0;
  let tableDepth = 0;
  let rows: string[][] = [];
  let row: string[] | null = null;
  let cell: string | null = null;

  const emitText = () => {
    const value = text.replace(/[ \t\u00a0]+/g, ' ').replace(/ *\n */g, '\n').trim();
    text = '';
    if (!value) return;
    if (!heading) {
      blocks.push({ kind: 'paragraph', text: value });
      return;
    }
    // Word styles whole clauses as headings ("Access and Use. During the ..."): keep the title as
    // the heading and the clause as its paragraph.
    const clause = value.length > 60 ? /^(.{1,80}?)\.\s+([\s\S]+)$/.exec(value) : null;
    if (clause?.[1] && clause[2] && isTitleCase(clause[1])) {
      blocks.push({ kind: 'heading', level: heading, text: clause[1] }, { kind: 'paragraph', text: clause[2] });
    } else blocks.push({ kind: 'heading', level: heading, text: value });
  };
  const append = (value: string) => {
    if (tableDepth > 0) {
      if (cell !== null) cell += value;
    } else {
      text += value;
    }
  };

  for (const token of tokenizeMarkup(html)) {
    if (token.type === 'text') {
      append(token.text);
      continue;
    }
    const name = token.name.toLowerCase();
    if (token.type === 'open') {
      if (name === 'br') append('\n');
      else if (name === 'table') {
        if (tableDepth === 0) {
          emitText();
          rows = [];
        } else append(' ');
        tableDepth += 1;
      } else if (tableDepth === 1 && name === 'tr') row = [];
      else if (tableDepth === 1 && (name === 'td' || name === 'th')) cell = '';
      else if (tableDepth > 0 && (name === 'p' || name === 'li' || HEADING.test(name)) && cell) cell += '\n';
      else if (tableDepth === 0 && (name === 'p' || name === 'li')) {
        emitText();
        heading = 0;
      } else if (tableDepth === 0 && HEADING.test(name)) {
        emitText();
        heading = Number(HEADING.exec(name)?.[1] ?? 1);
      }
      if (token.selfClosing && name === 'table') tableDepth -= 1;
      continue;
    }
    if (name === 'table' && tableDepth > 0) {
      tableDepth -= 1;
      if (tableDepth === 0) {
        if (rows.length > 0) blocks.push({ kind: 'table', rows });
        rows = [];
      } else append(' ');
    } else if (tableDepth === 1 && (name === 'td' || name === 'th')) {
      if (row && cell !== null) row.push(cleanCell(cell));
      cell = null;
    } else if (tableDepth === 1 && name === 'tr') {
      if (row) rows.push(row);
      row = null;
    } else if (tableDepth === 0 && (name === 'p' || name === 'li' || HEADING.test(name))) {
      emitText();
      heading = 0;
    }
  }
  emitText();
  return blocks;
}

function cleanCell(value: string): string {
  return value
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Plain text of raw blocks: paragraphs and headings as lines, table rows as tab-separated lines. */
export function blocksToText(blocks: readonly RawBlock[]): string {
  return blocks
    .map((b) => (b.kind === 'table' ? b.rows.map((r) => r.map((c) => c.replace(/\n/g, ' ')).join('\t')).join('\n') : b.text))
    .join('\n\n');
}
