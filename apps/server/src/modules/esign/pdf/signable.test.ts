import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { findSoffice } from '../../files';
import { readPdfInfo, toSignablePdf } from './index';
import { sha256Hex } from './signable';
import { makePdf } from './test-fixtures';

const soffice = findSoffice();
/** shared/data/contracts/ko, looked for upward (the checkout may be a worktree at any depth). */
function findContractsDir(): string | null {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared/data/contracts/ko');
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}
const contractsDir = findContractsDir() ?? '/nonexistent';
const sampleDocx = fs.existsSync(contractsDir) ? fs.readdirSync(contractsDir).find((name) => name.endsWith('.docx')) : undefined;

describe('toSignablePdf', () => {
  it('passes a PDF through as is, with its page sizes and hash', async () => {
    const pdf = await makePdf(2, { sizes: [[595.28, 841.89], [612, 792]] });
    const result = await toSignablePdf(pdf, 'contract.pdf');
    expect(result.pdf).toBe(pdf);
    expect(result.info).toEqual({ pageCount: 2, pages: [{ width: 595.28, height: 841.89 }, { width: 612, height: 792 }], sha256: sha256Hex(pdf) });
  });

  it('reports a rotated page as it is shown', async () => {
    const info = await readPdfInfo(await makePdf(1, { rotate: 90 }));
    expect(info.pages).toEqual([{ width: 841.89, height: 595.28 }]);
  });

  it.skipIf(!soffice || !sampleDocx)('converts a Korean DOCX with LibreOffice (skipped without soffice)', { timeout: 180_000 }, async () => {
    const docx = fs.readFileSync(path.join(contractsDir, sampleDocx!));
    const result = await toSignablePdf(docx, sampleDocx!);
    expect(result.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(result.info.pageCount).toBeGreaterThan(0);
    expect(result.info.sha256).toBe(sha256Hex(result.pdf));
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(result.pdf), { mergePages: true });
    expect(text).toMatch(/[가-힣]/);
  });

  it('refuses a text file with 415, whatever its name says', async () => {
    await expect(toSignablePdf(Buffer.from('계약서 본문입니다.\n', 'utf8'), 'contract.pdf')).rejects.toMatchObject({ code: 'ERROR_UNSUPPORTED_FILE_TYPE' });
    await expect(toSignablePdf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'seal.png')).rejects.toMatchObject({ code: 'ERROR_UNSUPPORTED_FILE_TYPE' });
  });

  it('refuses an encrypted PDF and a damaged one with 400', async () => {
    const doc = await PDFDocument.load(await makePdf(1));
    doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner' });
    const encrypted = Buffer.from(await doc.save());
    await expect(toSignablePdf(encrypted, 'locked.pdf')).rejects.toMatchObject({ code: 'ERROR_VALIDATION' });

    await expect(toSignablePdf(Buffer.from('%PDF-1.7\nthis is not really a pdf\n%%EOF', 'latin1'), 'garbage.pdf')).rejects.toMatchObject({ code: 'ERROR_VALIDATION' });
    const truncated = (await makePdf(1)).subarray(0, 200);
    await expect(readPdfInfo(truncated)).rejects.toMatchObject({ code: 'ERROR_VALIDATION' });
  });
});
