import mammoth from 'mammoth';
import path from 'node:path';
import { numberParagraphs, parseNumbering } from './docx-numbering';
import { errorMessage, failedPage, donePage, openSafeZip, refusal, type FormatExtraction } from './extract-common';
import { blocksToText, htmlToBlocks } from './html-blocks';
import { localName, tokenizeMarkup } from './markup';
import { mammothZipFile, type SafeZip } from './zip-inflate';

const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

/** Targets of a relationships part by type (officeDocument, numbering, styles), as part names. */
async function relationshipTargets(zip: SafeZip, relsPart: string, baseDir: string): Promise<Map<string, string>> {
  const targets = new Map<string, string>();
  const xml = await zip.file(relsPart)?.async('string');
  for (const token of xml ? tokenizeMarkup(xml) : []) {
    if (token.type !== 'open' || localName(token.name) !== 'Relationship') continue;
    const { Type: type, Target: target, TargetMode: mode } = token.attrs;
    if (!type?.startsWith(RELATIONSHIP) || !target || mode === 'External') continue;
    const name = target.startsWith('/') ? target.slice(1) : path.posix.join(baseDir, target);
    targets.set(type.slice(RELATIONSHIP.length), name);
  }
  return targets;
}

/**
 * The main document part with Word's automatic numbers written into its paragraphs
 * (docx-numbering.ts), or nothing when the document has no numbering.
 */
async function numberedMainDocument(zip: SafeZip): Promise<Map<string, string>> {
  const main = (await relationshipTargets(zip, '_rels/.rels', '')).get('officeDocument') ?? 'word/document.xml';
  const dir = path.posix.dirname(main);
  const parts = await relationshipTargets(zip, path.posix.join(dir, '_rels', `${path.posix.basename(main)}.rels`), dir);
  const read = async (name: string | undefined) => (name ? ((await zip.file(name)?.async('string')) ?? null) : null);
  const numbering = await read(parts.get('numbering'));
  const documentXml = numbering ? await read(main) : null;
  if (!numbering || documentXml === null) return new Map();
  const numbered = numberParagraphs(documentXml, parseNumbering(numbering, await read(parts.get('styles'))));
  return new Map([[main, numbered]]);
}

/**
 * DOCX through mammoth's HTML: headings, paragraphs and tables, with the numbers Word shows for
 * automatically numbered headings and lists. Word has no fixed pages: one page.
 */
export async function extractDocx(bytes: Buffer): Promise<FormatExtraction> {
  const opened = await openSafeZip(bytes);
  if ('verdict' in opened) return refusal(opened.verdict);
  try {
    // mammoth reads the parts we inflate under the caps, never the raw bytes with its own unzip.
    const input = { file: mammothZipFile(opened.zip, await numberedMainDocument(opened.zip)) } as unknown as Parameters<typeof mammoth.convertToHtml>[0];
    const { value: html } = await mammoth.convertToHtml(input, {
      ignoreEmptyParagraphs: true,
      // Images are not text: drop them instead of inlining base64 data URIs.
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
    });
    const blocks = htmlToBlocks(html);
    return { pages: [donePage(1, blocksToText(blocks))], blocks, totalPages: 1 };
  } catch (error) {
    return { pages: [failedPage(1, `Could not read the Word document: ${errorMessage(error)}`)] };
  }
}
