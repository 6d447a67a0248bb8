import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/errors';
import { assembleSignedPdf, generateSigningIdentity, type FieldStamp, type SigningIdentity } from './index';
import { formatDateValue } from './stamps';
import { certificateData, makePdf, transparentPng } from './test-fixtures';

let identity: SigningIdentity;
beforeAll(() => {
  identity = generateSigningIdentity({ commonName: 'Stamp test', organization: 'Stamp test' });
});

const assemble = async (original: Buffer, stamps: FieldStamp[]) =>
  assembleSignedPdf({ original, stamps, certificate: certificateData(), identity, reason: 'test', location: 'Seoul', signedAt: new Date(Date.UTC(2026, 10, 27)) });

async function pageTexts(pdf: Buffer): Promise<string[]> {
  const { extractText } = await import('unpdf');
  return (await extractText(new Uint8Array(pdf), { mergePages: false })).text;
}

/** The image XObjects drawn on each page (dictionaries of the streams). */
async function imagesByPage(pdf: Buffer): Promise<PDFDict[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xobjects) return [];
    return xobjects.values().flatMap((ref) => {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      return stream instanceof PDFRawStream && stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image') ? [stream.dict] : [];
    });
  });
}

describe('stamps', () => {
  it('lands each stamp on its own page, text in the Korean font and images with their transparency', async () => {
    const png = await transparentPng();
    const signed = await assemble(await makePdf(3), [
      { page: 2, x: 0.1, y: 0.7, width: 0.3, height: 0.1, type: 'SIGNATURE', imagePng: png },
      { page: 3, x: 0.5, y: 0.7, width: 0.3, height: 0.1, type: 'SEAL', imagePng: png },
      { page: 1, x: 0.1, y: 0.9, width: 0.4, height: 0.04, type: 'TEXT', value: '주식회사 가나다' },
      { page: 3, x: 0.1, y: 0.9, width: 0.4, height: 0.04, type: 'DATE', value: '2026-11-27' },
      { page: 1, x: 0.6, y: 0.9, width: 0.3, height: 0.05, type: 'SIGNATURE', value: '홍길동' },
    ]);
    const texts = await pageTexts(signed.pdf);
    expect(texts).toHaveLength(4); // three pages and the certificate
    expect(texts[0]).toContain('주식회사 가나다');
    expect(texts[0]).toContain('홍길동');
    expect(texts[1]).not.toMatch(/주식회사|홍길동|2026/);
    expect(texts[2]).toContain('2026년 11월 27일');

    const images = await imagesByPage(signed.pdf);
    expect(images.map((list) => list.length)).toEqual([0, 1, 1, 0]);
    for (const image of [images[1]![0]!, images[2]![0]!]) {
      expect(image.get(PDFName.of('SMask'))).toBeDefined();
      expect(image.toString()).toContain('/Width 120');
      expect(image.toString()).toContain('/Height 60');
    }
  });

  it('draws a checkbox with or without its check', async () => {
    const original = await makePdf(1);
    const checked = await assemble(original, [{ page: 1, x: 0.1, y: 0.1, width: 0.05, height: 0.05, type: 'CHECKBOX', value: 'true' }]);
    const unchecked = await assemble(original, [{ page: 1, x: 0.1, y: 0.1, width: 0.05, height: 0.05, type: 'CHECKBOX', value: 'false' }]);
    const ops = async (pdf: Buffer) => {
      const doc = await PDFDocument.load(pdf);
      const contents = doc.getPages()[0]!.node.Contents();
      return contents ? contents.toString().length : 0;
    };
    expect(checked.flattenedSha256).not.toBe(unchecked.flattenedSha256);
    expect(await ops(checked.pdf)).toBeGreaterThan(0);
  });

  it('refuses a stamp off the document or the page, and a signature with nothing to draw', async () => {
    const original = await makePdf(2);
    await expect(assemble(original, [{ page: 3, x: 0.1, y: 0.1, width: 0.1, height: 0.1, type: 'TEXT', value: 'x' }])).rejects.toMatchObject({ code: 'ERROR_VALIDATION' });
    await expect(assemble(original, [{ page: 1, x: 0.95, y: 0.1, width: 0.1, height: 0.1, type: 'TEXT', value: 'x' }])).rejects.toBeInstanceOf(AppError);
    await expect(assemble(original, [{ page: 1, x: 0.1, y: 0.1, width: 0.1, height: 0.1, type: 'SIGNATURE' }])).rejects.toMatchObject({ code: 'ERROR_VALIDATION' });
    await expect(assemble(original, [{ page: 1, x: 0.1, y: 0.1, width: 0.1, height: 0.1, type: 'SEAL', imagePng: Buffer.from('not a png') }])).rejects.toMatchObject({ code: 'ERROR_VALIDATION' });
  });

  it('places a stamp on a rotated page where the page shows it', async () => {
    const signed = await assemble(await makePdf(1, { rotate: 90 }), [{ page: 1, x: 0.05, y: 0.05, width: 0.4, height: 0.1, type: 'TEXT', value: '회전된 페이지' }]);
    const texts = await pageTexts(signed.pdf);
    expect(texts[0]).toContain('회전된 페이지');
  });

  it('prints a date as the locale writes it', () => {
    expect(formatDateValue('2026-03-05', 'ko')).toBe('2026년 3월 5일');
    expect(formatDateValue('2026-03-05', 'en')).toBe('March 5, 2026');
    expect(formatDateValue('next week', 'en')).toBe('next week');
  });
});
