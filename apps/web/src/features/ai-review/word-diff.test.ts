import { describe, expect, it } from 'vitest';
import { diffWords, type DiffPart, tokenize } from './word-diff';

const side = (parts: DiffPart[], kind: 'insert' | 'delete') => parts.filter((p) => p.kind === 'same' || p.kind === kind).map((p) => p.text).join('');

describe('diffWords', () => {
  it('marks a replaced word as a deletion then an insertion, keeping the rest', () => {
    const parts = diffWords('갑은 검수를 마친 날부터 90일 이내에 지급한다.', '갑은 검수를 마친 날부터 30일 이내에 지급한다.');
    expect(parts).toEqual([
      { kind: 'same', text: '갑은 검수를 마친 날부터 ' },
      { kind: 'delete', text: '90일' },
      { kind: 'insert', text: '30일' },
      { kind: 'same', text: ' 이내에 지급한다.' },
    ]);
  });

  it('finds insertions and deletions in the middle, and both sides rebuild exactly', () => {
    const before = 'The Supplier shall pay all damages arising from any breach.';
    const after = 'The Supplier shall pay direct damages arising from a material breach.';
    const parts = diffWords(before, after);
    expect(side(parts, 'delete')).toBe(before);
    expect(side(parts, 'insert')).toBe(after);
    expect(parts.filter((p) => p.kind === 'delete').map((p) => p.text)).toEqual(['all', 'any']);
    expect(parts.filter((p) => p.kind === 'insert').map((p) => p.text)).toEqual(['direct', 'a material']);
    expect(parts.at(-1)).toEqual({ kind: 'same', text: ' breach.' });
  });

  it('answers one same part for equal texts, and one insertion or deletion against empty text', () => {
    expect(diffWords('제1조 목적', '제1조 목적')).toEqual([{ kind: 'same', text: '제1조 목적' }]);
    expect(diffWords('', '새 조항')).toEqual([{ kind: 'insert', text: '새 조항' }]);
    expect(diffWords('옛 조항', '')).toEqual([{ kind: 'delete', text: '옛 조항' }]);
    expect(diffWords('', '')).toEqual([]);
  });

  it('keeps line breaks and runs of spaces as tokens of their own', () => {
    expect(tokenize('a  b\nc')).toEqual(['a', '  ', 'b', '\n', 'c']);
    const parts = diffWords('① 갑은\n② 을은', '① 갑은\n② 병은');
    expect(parts).toEqual([
      { kind: 'same', text: '① 갑은\n② ' },
      { kind: 'delete', text: '을은' },
      { kind: 'insert', text: '병은' },
    ]);
  });

  it('falls back to replacing the changed middle when the texts are too long to compare word by word', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const parts = diffWords(before, after);
    expect(parts.map((p) => p.kind)).toEqual(['delete', 'insert']);
    expect(side(parts, 'delete')).toBe(before);
    expect(side(parts, 'insert')).toBe(after);
  });
});
