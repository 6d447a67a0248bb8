import { type MakerBlock, VariableKeySchema } from '@legal/api';
import { AppError } from '../../../platform/http/errors';
import { type DocxParagraph, openDocx, paragraphLine, readParagraphs } from './docx-xml';

// Reading an existing Word contract as form-maker blocks (documents/by-file): titles and headings
// become HEADING blocks, `제N조 (제목)` / `Article N (Title)` lines ARTICLE blocks holding the
// paragraphs that follow them, a `{{#key}}`...`{{/key}}` stretch an OPTIONAL_CLAUSE, the rest
// PARAGRAPH blocks. Automatic numbering counts: a list labelled 제%1조 reads as 제1조, 제2조... Pure.

export interface DocxBlocks {
  blocks: MakerBlock[];
  /** The marker names found in the text, each once, in order. */
  markers: string[];
}

// 제3조 (목적) / 제3조의2【정의】 / 제3조 본문...; not 제3조에 따라 (a reference at the start of a sentence).
const KO_ARTICLE = /^제\s*\d+\s*조(?:\s*의\s*\d+)?(?=[\s(（【]|$)\s*(?:[(（【]([^)）】]{0,200})[)）】])?\s*(.*)$/s;
const EN_ARTICLE = /^article\s+\d+[.:]?\s*(?:\(([^)]{0,200})\))?\s*[.:]?\s*(.*)$/is;
const OPEN = /^\{\{\s*#\s*([^{}]+?)\s*\}\}$/;
const CLOSE = /^\{\{\s*\/\s*([^{}]+?)\s*\}\}$/;
const INLINE_CLAUSE = /^\{\{\s*#\s*([^{}]+?)\s*\}\}([\s\S]*)\{\{\s*\/\s*\1\s*\}\}$/;
const ANY_MARKER = /\{\{\s*[#/]?\s*([^{}#/]+?)\s*\}\}/g;
const TITLE_MAX = 200;
const TEXT_MAX = 20000;

/** An article line's title and the text after it, or null for a line that does not start an article. */
export function parseArticleLine(line: string): { title: string | undefined; text: string } | null {
  const ko = KO_ARTICLE.exec(line);
  if (ko) return { title: ko[1]?.trim() || undefined, text: ko[2]!.trim() };
  const en = EN_ARTICLE.exec(line);
  if (!en) return null;
  const rest = en[2]!.trim();
  if (en[1]) return { title: en[1].trim(), text: rest };
  // "Article 3. Term" reads as a title; "Article 3. The term is one year." as text.
  return rest.length <= 80 && !/[.;:]$/.test(rest) ? { title: rest || undefined, text: '' } : { title: undefined, text: rest };
}

function isHeading(p: DocxParagraph): boolean {
  return /^(title|subtitle)$/i.test(p.styleName ?? '') || p.outlineLevel !== null;
}

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/**
 * The DOCX as maker blocks and the markers in its text. Throws AppError ERROR_UNSUPPORTED_FILE_TYPE
 * for bytes that are not a DOCX.
 */
export function readDocxBlocks(docx: Buffer | Uint8Array): DocxBlocks {
  const zip = openDocx(docx);
  if (!zip) throw new AppError('ERROR_UNSUPPORTED_FILE_TYPE');
  const blocks: MakerBlock[] = [];
  let open: MakerBlock | null = null; // the ARTICLE or OPTIONAL_CLAUSE collecting the lines that follow
  const append = (block: MakerBlock, line: string) => {
    block.text = clip(block.text ? `${block.text}\n${line}` : line, TEXT_MAX);
  };
  const push = (block: MakerBlock) => {
    blocks.push(block);
    return block;
  };
  for (const paragraph of readParagraphs(zip)) {
    const line = paragraphLine(paragraph).trim();
    if (!line) continue;
    if (open?.type === 'OPTIONAL_CLAUSE') {
      const close = CLOSE.exec(line);
      if (close && close[1] === open.variableKey) open = null;
      else append(open, line);
      continue;
    }
    const inline = INLINE_CLAUSE.exec(line);
    if (inline && VariableKeySchema.safeParse(inline[1]).success) {
      push({ type: 'OPTIONAL_CLAUSE', variableKey: inline[1]!, text: clip(inline[2]!.trim(), TEXT_MAX) });
      open = null;
      continue;
    }
    const opening = OPEN.exec(line);
    if (opening && VariableKeySchema.safeParse(opening[1]).success) {
      open = push({ type: 'OPTIONAL_CLAUSE', variableKey: opening[1]!, text: '' });
      continue;
    }
    const article = parseArticleLine(line);
    if (article) {
      const title = article.title && article.title.length <= TITLE_MAX ? article.title : undefined;
      const text = [article.title && !title ? `(${article.title})` : '', article.text].filter(Boolean).join(' ');
      open = push({ type: 'ARTICLE', ...(title ? { title } : {}), text: clip(text, TEXT_MAX) });
      continue;
    }
    if (isHeading(paragraph) && line.length <= TITLE_MAX) {
      push({ type: 'HEADING', title: line, text: '' });
      open = null;
      continue;
    }
    if (open) append(open, line);
    else push({ type: 'PARAGRAPH', text: clip(line, TEXT_MAX) });
  }
  const markers: string[] = [];
  for (const block of blocks) {
    if (block.variableKey && !markers.includes(block.variableKey)) markers.push(block.variableKey);
    for (const match of `${block.title ?? ''}\n${block.text}`.matchAll(ANY_MARKER)) {
      const key = match[1]!;
      if (VariableKeySchema.safeParse(key).success && !markers.includes(key)) markers.push(key);
    }
  }
  return { blocks, markers };
}
