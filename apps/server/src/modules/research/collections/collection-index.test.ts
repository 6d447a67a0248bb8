import { describe, expect, it } from 'vitest';
import { pagePassages } from './collection-index';

describe('pagePassages', () => {
  it('keeps paragraphs apart at blank lines, each the exact trimmed span of the page', () => {
    const page = '제목\n\n  첫째 문단 첫 줄\n첫째 문단 둘째 줄  \n\n\n둘째 문단\n';
    const passages = pagePassages(page);
    expect(passages.map((p) => p.text)).toEqual(['제목', '첫째 문단 첫 줄\n첫째 문단 둘째 줄', '둘째 문단']);
    for (const p of passages) expect(page.slice(p.start, p.end)).toBe(p.text);
  });

  it('cuts a long paragraph at line ends and a long line at a blank, never past the limit', () => {
    const line = '가나다 '.repeat(40).trim();
    const passages = pagePassages(`${line}\n${line}`, 100);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) expect(p.end - p.start).toBeLessThanOrEqual(100);
  });
});
