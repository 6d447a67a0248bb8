import { describe, expect, it } from 'vitest';
import { citationLabel, paragraphMark, quotedParts } from './citation-text';

describe('citation text', () => {
  it('prints paragraphs as statutes do', () => {
    expect(paragraphMark(1)).toBe('①');
    expect(paragraphMark(20)).toBe('⑳');
    expect(paragraphMark(21)).toBe('(21)');
    expect(paragraphMark(null)).toBe('');
    expect(citationLabel({ statuteTitle: '민법', article: '제4조', paragraph: null })).toBe('민법 제4조');
    expect(citationLabel({ statuteTitle: '하도급법', article: '제13조', paragraph: 1 })).toBe('하도급법 제13조 ①');
  });

  it('marks the quoted span by its offsets, by the quote when the offsets are off, and nothing when the quote is absent', () => {
    const text = '① 원사업자는 60일 이내에 지급하여야 한다.';
    const start = text.indexOf('60일');
    expect(quotedParts(text, { quote: '60일 이내에', start, end: start + 7 })).toEqual([
      { text: '① 원사업자는 ', isQuoted: false },
      { text: '60일 이내에', isQuoted: true },
      { text: ' 지급하여야 한다.', isQuoted: false },
    ]);
    expect(quotedParts(text, { quote: '60일 이내에', start: 0, end: 3 }).find((p) => p.isQuoted)?.text).toBe('60일 이내에');
    expect(quotedParts(text, { quote: '90일', start: 500, end: 510 })).toEqual([{ text, isQuoted: false }]);
  });
});
