import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from './extract';
import { shutdownOcr } from './ocr';
import { listArticles } from './structure';
import { buildScannedPdf, buildTextPdf, encodeTiff, renderTextImage } from './test-fixtures';

// One shared tesseract worker serves every test here; shutdownOcr() ends it.
const LINES = [
  '제1조 (목적) 이 계약은 갑과 을의 권리와 의무를 정한다.',
  '제2조 (계약의 해지) 을은 손해배상 책임을 진다.',
  'Article 3 Confidentiality',
  'The Supplier shall deliver the goods by March 2026.',
];
const compact = (text: string) => text.replace(/\s+/g, '');

describe('extractDocument with OCR (Korean + English, offline)', () => {
  // 25 px text is ~12 pt at 150 dpi, the resolution scanned pages are rendered at.
  const image = renderTextImage(LINES, 25);
  let png: Buffer;

  beforeAll(async () => {
    png = await image.png();
  });
  afterAll(async () => {
    await shutdownOcr();
  });

  it('reads Korean and English words from a PNG', async () => {
    const result = await extractDocument({ bytes: png, fileType: 'png' });
    const page = result.pages[0];
    expect(page).toMatchObject({ pageNumber: 1, method: 'ocr', status: 'done' });
    const text = compact(page?.text ?? '');
    for (const word of ['계약', '손해배상', '해지', 'Confidentiality', 'Supplier']) expect(text).toContain(word);
    expect(page?.confidence).toBeGreaterThan(60);
    expect(listArticles(result.structure).map((a) => a.number)).toEqual(['1', '2', '3']);
  }, 60_000);

  it('reads JPEG and TIFF with the same worker', async () => {
    const jpeg = await extractDocument({ bytes: await image.jpeg(), fileType: 'jpeg' });
    expect(compact(jpeg.pages[0]?.text ?? '')).toContain('손해배상');
    const tiff = await extractDocument({ bytes: encodeTiff(image.width, image.height, image.rgba), fileType: 'tiff' }, { ocrLanguages: ['eng', 'kor'] });
    expect(tiff.pages[0]?.status).toBe('done');
    expect(compact(tiff.pages[0]?.text ?? '')).toContain('Confidentiality');
  }, 60_000);

  it('OCRs an image-only (scanned) PDF page when asked', async () => {
    const scanned = await buildScannedPdf(png, image.width, image.height);
    const result = await extractDocument({ bytes: scanned, fileType: 'pdf' }, { ocr: true });
    expect(result.pages).toHaveLength(1);
    const page = result.pages[0];
    expect(page).toMatchObject({ pageNumber: 1, method: 'ocr', status: 'done' });
    const text = compact(page?.text ?? '');
    for (const word of ['계약', '손해배상', 'Supplier']) expect(text).toContain(word);
  }, 60_000);

  it('OCRs only the page without a text layer in a mixed PDF', async () => {
    const bytes = await buildTextPdf(['제1조(목적) 이 계약은 물품 공급 조건을 정한다.', '제2조(대금) 대금은 월말에 지급한다.'], png);
    const result = await extractDocument({ bytes, fileType: 'pdf' }, { ocr: true });
    expect(result.pages.map((p) => [p.pageNumber, p.method, p.status])).toEqual([
      [1, 'text', 'done'],
      [2, 'ocr', 'done'],
    ]);
    expect(result.pages[0]?.text).toContain('이 계약은 물품 공급 조건을 정한다.');
    expect(compact(result.pages[1]?.text ?? '')).toContain('손해배상');
    expect(listArticles(result.structure).map((a) => [a.number, a.page])).toEqual([
      ['1', 1],
      ['2', 1],
      ['1', 2],
      ['2', 2],
      ['3', 2],
    ]);
  }, 60_000);

  it('answers a failed page, not an exception, for an unreadable image or OCR turned off', async () => {
    const broken = await extractDocument({ bytes: png.subarray(0, 200), fileType: 'png' });
    expect(broken.pages[0]).toMatchObject({ status: 'failed', method: 'ocr', error: expect.stringContaining('OCR of this image failed') });
    const truncated = await extractDocument({ bytes: png.subarray(0, 20), fileType: 'png' });
    expect(truncated.pages[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('header is unreadable') });
    // A pixel bomb: a PNG header announcing 100k x 100k pixels is refused before decoding.
    const bomb = Buffer.from(png.subarray(0, 64));
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const refused = await extractDocument({ bytes: bomb, fileType: 'png' });
    expect(refused.pages[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('too large to OCR') });
    // The shared worker survives a failed job.
    const again = await extractDocument({ bytes: png, fileType: 'png' });
    expect(compact(again.pages[0]?.text ?? '')).toContain('Supplier');
    const off = await extractDocument({ bytes: png, fileType: 'png' }, { ocr: false });
    expect(off.pages[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('OCR was turned off') });
    const unknown = await extractDocument({ bytes: png, fileType: 'png' }, { ocrLanguages: ['jpn'] });
    expect(unknown.pages[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('not installed') });
  }, 60_000);
});
