import { describe, expect, it } from 'vitest';
import { extractDocument } from './extract';
import { paraText, readRecords } from './extract-hwp';
import { sniffFileType } from './sniff';
import { buildHwp, hwpParaText } from './test-fixtures';

describe('binary HWP 5 extraction', () => {
  it('reads every section of a compressed document as a page, with its articles in the structure', async () => {
    const bytes = buildHwp([
      ['용역 계약서', '제1조(목적) 이 계약은 용역의 범위를 정한다.', '제2조(계약기간) 계약기간은 1년으로 한다.'],
      ['제3조(대금)\t지급은 매월 말일에 한다.', '가'.repeat(3000)],
    ]);
    expect(sniffFileType(bytes)).toBe('hwp');
    const result = await extractDocument({ bytes, fileType: 'hwp' });
    expect(result.totalPages).toBe(2);
    expect(result.pages.map((p) => p.status)).toEqual(['done', 'done']);
    expect(result.pages[0]?.text).toBe('용역 계약서\n제1조(목적) 이 계약은 용역의 범위를 정한다.\n제2조(계약기간) 계약기간은 1년으로 한다.');
    expect(result.pages[1]?.text).toContain('제3조(대금)\t지급은 매월 말일에 한다.');
    expect(result.pages[1]?.text).toContain('가'.repeat(3000)); // a record bigger than 0xFFF bytes
    expect(result.structure.blocks.filter((b) => b.kind === 'article').length).toBeGreaterThanOrEqual(3);
    expect(result.language).toBe('ko');
  });

  it('reads an uncompressed document too', async () => {
    const result = await extractDocument({ bytes: buildHwp([['Article 1. Purpose']], { compressed: false }), fileType: 'hwp' });
    expect(result.pages[0]).toMatchObject({ status: 'done', text: 'Article 1. Purpose' });
  });

  it('answers an honest failed page for distribution, password-protected and broken files', async () => {
    for (const [bytes, phrase] of [
      [buildHwp([['비밀']], { distribution: true }), 'distribution'],
      [buildHwp([['비밀']], { encrypted: true }), 'password'],
      [Buffer.alloc(10), 'HWP'],
    ] as const) {
      const result = await extractDocument({ bytes, fileType: 'hwp' });
      expect(result.pages).toEqual([{ pageNumber: 1, text: '', method: 'text', status: 'failed', error: expect.stringContaining(phrase) }]);
    }
  });

  it('skips inline and extended controls and stops at a truncated record', () => {
    expect(paraText(hwpParaText('가\t나', { withObject: true }))).toBe('가\t나');
    const truncated = Buffer.from([0x43, 0x00, 0x50, 0x00]); // PARA_TEXT claiming 5 bytes, none present
    expect([...readRecords(truncated)]).toEqual([]);
  });
});
