import { describe, expect, it } from 'vitest';
import { diffWords, tokenize } from './law.diff';

const side = (segments: ReturnType<typeof diffWords>, keep: 'DELETE' | 'INSERT') =>
  segments.filter((s) => s.op === 'EQUAL' || s.op === keep).map((s) => s.text).join('');

describe('word diff of article texts', () => {
  it('splits Hangul words, Latin words, numbers with separators, punctuation and white space', () => {
    expect(tokenize('만20세로 성년이 된다.')).toEqual(['만', '20', '세로', ' ', '성년이', ' ', '된다', '.']);
    expect(tokenize('<개정 2013.4.5> 1,000만원 ISO')).toEqual(['<', '개정', ' ', '2013.4.5', '>', ' ', '1,000', '만원', ' ', 'ISO']);
    expect(tokenize('①  a\nb').join('')).toBe('①  a\nb');
  });

  it('shows the change of 민법 제4조 (2013) as replaced words, and gives both texts back', () => {
    const before = '만20세로 성년이 된다.';
    const after = '사람은 19세로 성년에 이르게 된다.';
    const segments = diffWords(before, after);
    expect(side(segments, 'DELETE')).toBe(before);
    expect(side(segments, 'INSERT')).toBe(after);
    expect(segments.filter((s) => s.op === 'EQUAL').map((s) => s.text)).toContain(' 된다.');
    expect(segments.some((s) => s.op === 'DELETE' && s.text.includes('20'))).toBe(true);
    expect(segments.some((s) => s.op === 'INSERT' && s.text.includes('19'))).toBe(true);
  });

  it('answers one EQUAL segment for equal texts, one INSERT from nothing, one DELETE to nothing', () => {
    expect(diffWords('같은 글', '같은 글')).toEqual([{ op: 'EQUAL', text: '같은 글' }]);
    expect(diffWords('', '새 조문')).toEqual([{ op: 'INSERT', text: '새 조문' }]);
    expect(diffWords('옛 조문', '')).toEqual([{ op: 'DELETE', text: '옛 조문' }]);
    expect(diffWords('', '')).toEqual([]);
  });

  it('keeps a minimal edit: one inserted word in a long text is one INSERT between two EQUALs', () => {
    const words = Array.from({ length: 400 }, (_, i) => `단어${i}`);
    const before = words.join(' ');
    const after = [...words.slice(0, 200), '추가', ...words.slice(200)].join(' ');
    const segments = diffWords(before, after);
    expect(segments.map((s) => s.op)).toEqual(['EQUAL', 'INSERT', 'EQUAL']);
    expect(segments[1]!.text).toBe('추가 ');
  });

  it('round-trips random edits (both sides rebuilt, never more edits than rewriting everything)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const vocabulary = ['법', '제1조', '①', '1', '.', ' ', '\n', '대금', '60일', '지급'];
    for (let round = 0; round < 200; round++) {
      const pick = (n: number) => Array.from({ length: n }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join('');
      const before = pick(Math.floor(random() * 30));
      const after = pick(Math.floor(random() * 30));
      const segments = diffWords(before, after);
      expect(side(segments, 'DELETE')).toBe(before);
      expect(side(segments, 'INSERT')).toBe(after);
      for (let i = 1; i < segments.length; i++) expect(segments[i]!.op === segments[i - 1]!.op).toBe(false);
    }
  });
});
