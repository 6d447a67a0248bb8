import type { DocumentBlock, DocumentStructure, ExtractedPage } from './document-types';
import { matchArticle, matchHeading, type ArticleMatch } from './structure-patterns';

/** What extractors feed in: blocks they already know (DOCX/HWPX headings, tables, paragraphs). */
export type RawBlock =
  | { kind: 'heading'; level: number; text: string; page?: number }
  | { kind: 'paragraph'; text: string; page?: number }
  | { kind: 'table'; rows: string[][]; page?: number };

/** Extracted pages, raw blocks, or plain paragraphs (each string may hold several lines). */
export type StructureInput = ReadonlyArray<ExtractedPage | RawBlock | string>;

interface OpenArticle {
  number: string;
  title?: string;
  lines: string[];
  page?: number;
  /** An English article heading without its title on the same line may take the next line. */
  awaitsTitle: boolean;
}

/**
 * Builds the normalized structure: headings, numbered articles (Korean 제N조 / 제N조의M with an
 * optional (title); English Article N / ARTICLE IV / Section 2.1 / "1. Definitions"), paragraphs
 * and tables. Text following an article heading belongs to that article until the next article,
 * heading or table. Pure: no I/O.
 */
export function buildStructure(input: StructureInput): DocumentStructure {
  const blocks: DocumentBlock[] = [];
  let article: OpenArticle | null = null;
  let paragraph: { lines: string[]; page?: number } | null = null;

  const flushParagraph = () => {
    if (paragraph && paragraph.lines.length > 0) blocks.push(withPage({ kind: 'paragraph', text: paragraph.lines.join('\n') }, paragraph.page));
    paragraph = null;
  };
  const flushArticle = () => {
    if (!article) return;
    const block: DocumentBlock = { kind: 'article', number: article.number, text: article.lines.join('\n') };
    if (article.title) block.title = article.title;
    blocks.push(withPage(block, article.page));
    article = null;
  };
  const flushAll = () => {
    flushParagraph();
    flushArticle();
  };
  const startArticle = (match: ArticleMatch, page: number | undefined) => {
    flushAll();
    article = { number: match.number, lines: match.body ? [match.body] : [], page, awaitsTitle: match.title === undefined && !match.body && match.system === 'en' };
    if (match.title !== undefined) article.title = match.title;
  };

  /** One line of running text (from pages, strings, or paragraph blocks). */
  const addLine = (rawLine: string, page: number | undefined, isParagraphEnd: boolean) => {
    const line = rawLine.trim();
    if (!line) {
      flushParagraph();
      return;
    }
    const articleMatch = matchArticle(line);
    if (articleMatch) {
      startArticle(articleMatch, page);
      return;
    }
    const heading = matchHeading(line);
    // Inside an article, only a short all-caps line without commas reads as a heading; a longer
    // one is more likely a wrapped line of an all-caps disclaimer.
    const isBodyLine = heading?.isGuess === true && article !== null && (line.split(/\s+/).length > 6 || line.includes(','));
    if (heading && !isBodyLine) {
      const current = article as OpenArticle | null;
      if (current?.awaitsTitle && current.lines.length === 0) {
        current.title = heading.text;
        current.awaitsTitle = false;
        return;
      }
      flushAll();
      blocks.push(withPage({ kind: 'heading', level: heading.level, text: heading.text }, page));
      return;
    }
    const open = article as OpenArticle | null;
    if (open) {
      open.awaitsTitle = false;
      open.lines.push(line);
      return;
    }
    if (!paragraph) paragraph = { lines: [], page };
    paragraph.lines.push(line);
    if (isParagraphEnd) flushParagraph();
  };

  for (const item of input) {
    if (typeof item === 'string') {
      for (const line of item.split(/\r?\n/)) addLine(line, undefined, false);
      flushParagraph();
    } else if ('pageNumber' in item) {
      if (item.status !== 'done') continue;
      for (const line of item.text.split(/\r?\n/)) addLine(line, item.pageNumber, false);
      flushParagraph();
    } else if (item.kind === 'table') {
      flushAll();
      blocks.push(withPage({ kind: 'table', rows: item.rows }, item.page));
    } else if (item.kind === 'heading') {
      const match = matchArticle(item.text.trim());
      if (match) {
        startArticle(match, item.page);
      } else {
        flushAll();
        blocks.push(withPage({ kind: 'heading', level: item.level, text: item.text.trim() }, item.page));
      }
    } else {
      const lines = item.text.split(/\r?\n/);
      lines.forEach((line, i) => addLine(line, item.page, i === lines.length - 1));
    }
  }
  flushAll();
  return { blocks };
}

function withPage<T extends DocumentBlock>(block: T, page: number | undefined): T {
  if (page !== undefined) block.page = page;
  return block;
}

/** The articles of a structure, in order: a convenience for callers and tests. */
export function listArticles(structure: DocumentStructure): Extract<DocumentBlock, { kind: 'article' }>[] {
  return structure.blocks.filter((b): b is Extract<DocumentBlock, { kind: 'article' }> => b.kind === 'article');
}
