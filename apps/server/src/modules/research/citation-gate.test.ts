import { describe, expect, it } from 'vitest';
import { findReferences, paragraphSpan } from './citation-gate';

describe('article references in answer text', () => {
  it('reads names (titles, short names, 「」), kinds, branches and paragraphs', () => {
    const refs = findReferences('「하도급거래 공정화에 관한 법률」 제13조제1항과 하도급법 시행령 제7조의2 ③, 같은 법 제8조, 그리고 제9조를 보면');
    expect(refs.map(({ statute, kind, article, paragraph }) => ({ statute, kind, article, paragraph }))).toEqual([
      { statute: '하도급거래 공정화에 관한 법률', kind: '법률', article: '제13조', paragraph: 1 },
      { statute: '하도급법', kind: '시행령', article: '제7조의2', paragraph: 3 },
      { statute: 'SAME', kind: '법률', article: '제8조', paragraph: null },
      { statute: null, kind: '법률', article: '제9조', paragraph: null },
    ]);
  });

  it('reads a decree named inside 「」', () => {
    const [ref] = findReferences('「하도급거래 공정화에 관한 법률 시행령」 제7조 ②(서면 기재사항)');
    expect(ref).toMatchObject({ statute: '하도급거래 공정화에 관한 법률', kind: '시행령', article: '제7조', paragraph: 2 });
  });

  it('reads an unknown statute as a name (so that it cannot pass as another statute\'s article)', () => {
    const [ref] = findReferences('형법 제250조에 따르면');
    expect(ref).toMatchObject({ statute: '형법', article: '제250조' });
  });

  it('spans exactly the reference', () => {
    const text = '민법 제9999조에 따라';
    const [ref] = findReferences(text);
    expect(text.slice(ref!.start, ref!.end)).toBe('민법 제9999조');
  });
});

describe('paragraph spans', () => {
  const article = '① 첫째 항이다.\n  1. 호\n② 둘째 항이다.\n';
  it('runs from the mark to the next paragraph, trailing space trimmed', () => {
    expect(paragraphSpan(article, 1)).toEqual({ start: 0, end: article.indexOf('\n②') });
    const two = paragraphSpan(article, 2)!;
    expect(article.slice(two.start, two.end)).toBe('② 둘째 항이다.');
    expect(paragraphSpan(article, 3)).toBeNull();
    expect(paragraphSpan(article, null)).toEqual({ start: 0, end: article.length });
  });
});
