import { describe, expect, it } from 'vitest';
import { anchorOffset, blockAt, layoutText } from './review-text';
import { findingOf } from './ai-review.test-support';

const TEXT = '머리말\n제1조 목적\n제2조 대금 90일\n';
const clause = (label: 'PURPOSE' | 'PAYMENT', start: number, end: number) => ({ label, heading: null, startOffset: start, endOffset: end });

describe('layoutText', () => {
  it('cuts the text into clause blocks and the text between them, losing no character', () => {
    const blocks = layoutText(TEXT, [clause('PAYMENT', 11, 22), clause('PURPOSE', 4, 10)], []);
    expect(blocks.map((b) => [b.start, b.end, b.clause?.label ?? null])).toEqual([[0, 4, null], [4, 10, 'PURPOSE'], [10, 11, null], [11, 22, 'PAYMENT']]);
    expect(blocks.flatMap((b) => b.pieces.map((p) => TEXT.slice(p.start, p.end))).join('')).toBe(TEXT);
  });

  it('marks overlapping evidence with the higher risk, skips met findings and clamps offsets', () => {
    const high = findingOf(1, { risk: 'HIGH', evidence: [{ startOffset: 17, endOffset: 20, text: ' 90' }] });
    const low = findingOf(2, { risk: 'LOW', evidence: [{ startOffset: 15, endOffset: 18, text: '대금 ' }] });
    const met = findingOf(3, { risk: 'HIGH', verdict: 'MET', evidence: [{ startOffset: 4, endOffset: 8, text: '제1조 ' }] });
    const beyond = findingOf(4, { risk: 'MEDIUM', evidence: [{ startOffset: 21, endOffset: 999, text: '' }] });
    const blocks = layoutText(TEXT, [clause('PURPOSE', 4, 10), clause('PAYMENT', 11, 22)], [high, low, met, beyond]);
    const marked = blocks.flatMap((b) => b.pieces).filter((p) => p.risk).map((p) => [TEXT.slice(p.start, p.end), p.risk]);
    expect(marked).toEqual([['대금', 'LOW'], [' ', 'HIGH'], ['90', 'HIGH'], ['\n', 'MEDIUM']]);
  });

  it('finds the block of a finding: its clause, else its first evidence', () => {
    const blocks = layoutText(TEXT, [clause('PURPOSE', 4, 10), clause('PAYMENT', 11, 22)], []);
    const withClause = findingOf(1, { clause: { heading: null, label: 'PAYMENT', startOffset: 11, endOffset: 22 } });
    const withEvidence = findingOf(2, { evidence: [{ startOffset: 5, endOffset: 7, text: '1조' }] });
    expect(blockAt(blocks, anchorOffset(withClause)!)?.start).toBe(11);
    expect(blockAt(blocks, anchorOffset(withEvidence)!)?.start).toBe(4);
    expect(anchorOffset(findingOf(3))).toBeNull();
  });
});
