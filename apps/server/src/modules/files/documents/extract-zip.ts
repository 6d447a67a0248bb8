import type { ExtractedPage, FileType } from './document-types';
import { failedPage, openSafeZip, refusal, throwIfAborted, type ExtractOptions, type FormatExtraction } from './extract-common';
import type { RawBlock } from './structure';
import { sniffFileType } from './sniff';

/** How many documents inside one archive are read; the rest are named as skipped. */
export const MAX_ARCHIVE_DOCUMENTS = 50;

/**
 * A ZIP archive: every document inside it that the library can read (nested archives are not
 * opened) becomes pages of this file, each page's text headed by the entry's path.
 */
export async function extractZip(
  bytes: Buffer,
  options: ExtractOptions,
  extractEntry: (bytes: Buffer, fileType: FileType) => Promise<FormatExtraction>,
): Promise<FormatExtraction> {
  const opened = await openSafeZip(bytes);
  if ('verdict' in opened) return refusal(opened.verdict);
  const entries = Object.values(opened.zip.files)
    .filter((entry) => !entry.dir && !/(^|\/)(__MACOSX|\.DS_Store)/.test(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  const pages: ExtractedPage[] = [];
  const blocks: RawBlock[] = [];
  const skipped: string[] = [];
  for (const entry of entries) {
    throwIfAborted(options.signal);
    if (pages.length >= MAX_ARCHIVE_DOCUMENTS) {
      skipped.push(entry.name);
      continue;
    }
    const content = await entry.async('nodebuffer');
    const fileType = sniffFileType(content.subarray(0, 64 * 1024));
    if (!fileType || fileType === 'zip') {
      skipped.push(entry.name);
      continue;
    }
    const inner = await extractEntry(content, fileType);
    for (const page of inner.pages) {
      const pageNumber = pages.length + 1;
      pages.push({ ...page, pageNumber, text: page.text ? `[${entry.name}]\n${page.text}` : page.text, ...(page.error ? { error: `${entry.name}: ${page.error}` } : {}) });
    }
    blocks.push({ kind: 'heading', level: 1, text: entry.name }, ...(inner.blocks ?? []));
  }
  if (pages.length === 0) {
    return { pages: [failedPage(1, `This archive holds no document the library can read${skipped.length ? ` (${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', ...' : ''})` : ''}.`)] };
  }
  return { pages, blocks, totalPages: pages.length };
}
