import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/errors';
import { Document, Packer, Paragraph } from 'docx';
import { convertDocxToPdf, findSoffice } from './pdf-convert';

const soffice = findSoffice();
const docx = async (paragraphs: string[]) => Buffer.from(await Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] })));
const tempDirs = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('legal-pdf-'));

describe('convertDocxToPdf', () => {
  it('answers ERROR_PDF_CONVERTER_UNAVAILABLE when soffice is not on the PATH', async () => {
    const attempt = convertDocxToPdf(await docx(['x']), { path: '/nonexistent-bin:/also-not-here' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'ERROR_PDF_CONVERTER_UNAVAILABLE' });
  });

  it.skipIf(!soffice)('converts a Korean DOCX to a PDF (needs LibreOffice: skipped when soffice is not on the PATH)', { timeout: 120_000 }, async () => {
    const pdf = await convertDocxToPdf(await docx(['비밀유지계약서', '제1조 (목적) 이 계약은 비밀정보의 보호를 목적으로 한다.']));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text.replace(/\s+/g, '')).toContain('제1조(목적)이계약은비밀정보의보호를목적으로한다.');
  });

  it.skipIf(!soffice)('kills a conversion that outlasts its timeout and leaves no temporary directory (needs LibreOffice: skipped without soffice)', { timeout: 60_000 }, async () => {
    const before = tempDirs();
    await expect(convertDocxToPdf(await docx(['x']), { timeoutMs: 50 })).rejects.toMatchObject({ code: 'ERROR_INTERNAL', message: 'The PDF conversion took too long and was stopped.' });
    expect(tempDirs().filter((d) => !before.includes(d))).toEqual([]);
  });
});
