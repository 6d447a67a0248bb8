import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { AppError } from '../../../platform/http/errors';

// The Korean font of the certificate page and of TEXT/DATE stamps: Noto Sans CJK KR from Debian's
// fonts-noto-cjk (already required for the browser tests), embedded as a subset so a page carries
// only the glyphs it prints.

/** Where Debian and most distributions put Noto Sans CJK; the face is picked by PostScript name. */
const FONT_CANDIDATES = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', postscriptName: 'NotoSansCJKkr-Regular' },
  { file: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', postscriptName: 'NotoSansCJKkr-Regular' },
  { file: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', postscriptName: 'NotoSansCJKkr-Regular' },
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJKkr-Regular.otf', postscriptName: undefined },
];

interface FontFile { bytes: Buffer; postscriptName: string | undefined }
let cached: FontFile | null = null;

function koreanFontFile(): FontFile {
  if (cached) return cached;
  for (const candidate of FONT_CANDIDATES) {
    if (fs.existsSync(candidate.file)) {
      cached = { bytes: fs.readFileSync(candidate.file), postscriptName: candidate.postscriptName };
      return cached;
    }
  }
  throw new AppError('ERROR_INTERNAL', {
    message: { ko: '서명 문서에 쓸 한글 글꼴(fonts-noto-cjk)이 서버에 없습니다.', en: 'The server has no Korean font (fonts-noto-cjk) for the signed document.' },
  });
}

// fontkit 1.x (the one installed) encodes a subset through encodeStream(); its encode() takes a
// stream argument @cantoo/pdf-lib does not pass, so the subset is handed over without it.
interface Fontkit1Subset { includeGlyph(glyph: unknown): number; encodeStream(): unknown }
interface Fontkit1Font { createSubset(): Fontkit1Subset }
const fontkit1 = createRequire(import.meta.url)('fontkit') as { create(buffer: Buffer, postscriptName?: string): Fontkit1Font };

// Parsing the 20 MB collection costs seconds: the face is parsed once per process and shared
// (a subset is made per document, so sharing the parsed font is safe).
const parsedFaces = new Map<string, Fontkit1Font>();

const fontkitForPdfLib = {
  create(buffer: Uint8Array, postscriptName?: string) {
    const key = `${buffer.byteLength}:${postscriptName ?? ''}`;
    const known = parsedFaces.get(key);
    if (known) return known;
    const font = fontkit1.create(Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength), postscriptName);
    parsedFaces.set(key, font);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      return { includeGlyph: (glyph: unknown) => subset.includeGlyph(glyph), encodeStream: () => subset.encodeStream() };
    };
    return font;
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

/** Embeds the Korean font (subset) into the document. */
export async function embedKoreanFont(doc: PDFDocument): Promise<PDFFont> {
  const file = koreanFontFile();
  doc.registerFontkit(fontkitForPdfLib);
  return doc.embedFont(file.bytes, { subset: true, postscriptName: file.postscriptName });
}
