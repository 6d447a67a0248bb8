import mammoth from 'mammoth';
import { errorMessage, failedPage, donePage, openSafeZip, refusal, type FormatExtraction } from './extract-common';
import { blocksToText, htmlToBlocks } from './html-blocks';
import { mammothZipFile } from './zip-inflate';

/** DOCX through mammoth's HTML: headings, paragraphs and tables. Word has no fixed pages: one page. */
export async function extractDocx(bytes: Buffer): Promise<FormatExtraction> {
  const opened = await openSafeZip(bytes);
  if ('verdict' in opened) return refusal(opened.verdict);
  try {
    // mammoth reads the parts we inflate under the caps, never the raw bytes with its own unzip.
    const input = { file: mammothZipFile(opened.zip) } as unknown as Parameters<typeof mammoth.convertToHtml>[0];
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
