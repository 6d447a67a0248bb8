import { describe, expect, it } from 'vitest';
import { TemplateDiffSchema } from '@legal/api';
import { diffTemplateTexts } from './index';

const v1 = ['용역계약서', '제1조 (목적) 이 계약은 용역의 범위를 정한다.', '제2조 (대금) 대금은 {{계약금액}}으로 한다.', '제3조 (기간) 계약기간은 1년으로 한다.', '제4조 (해지) 당사자는 30일 전에 통지하여 해지할 수 있다.'].join('\n');

describe('diffTemplateTexts', () => {
  it('shows inserted, deleted and edited paragraphs; edits word by word', () => {
    const v2 = ['용역계약서', '제1조 (목적) 이 계약은 용역의 범위를 정한다.', '제2조 (대금) 대금은 {{계약금액}}으로 하고 매월 말일에 지급한다.', '제3조 (비밀유지) 을은 업무상 알게 된 비밀을 누설하지 아니한다.', '제4조 (해지) 당사자는 30일 전에 통지하여 해지할 수 있다.'].join('\n');
    const diff = diffTemplateTexts(v1, v2, 1, 2);
    expect(TemplateDiffSchema.parse(diff)).toEqual(diff);
    expect(diff.paragraphs.map((p) => p.op)).toEqual(['EQUAL', 'EQUAL', 'CHANGE', 'DELETE', 'INSERT', 'EQUAL']);
    expect(diff.paragraphs[2]!.segments).toEqual([
      { op: 'EQUAL', text: '제2조 (대금) 대금은 {{계약금액}}으로 ' },
      { op: 'DELETE', text: '한다' },
      { op: 'INSERT', text: '하고 매월 말일에 지급한다' },
      { op: 'EQUAL', text: '.' },
    ]);
    expect(diff.paragraphs[3]!.segments).toEqual([{ op: 'DELETE', text: '제3조 (기간) 계약기간은 1년으로 한다.' }]);
    expect(diff.paragraphs[4]!.segments).toEqual([{ op: 'INSERT', text: '제3조 (비밀유지) 을은 업무상 알게 된 비밀을 누설하지 아니한다.' }]);
    // deleted: 한다 (1) + 제 3 조 기간 계약기간은 1 년으로 한다 (8); inserted: 하고 매월 말일에 지급한다 (4) + 제 3 조 비밀유지 을은 업무상 알게 된 비밀을 누설하지 아니한다 (11)
    expect(diff.stats).toEqual({ insertedWords: 15, deletedWords: 9, changedParagraphs: 3 });
  });

  it('puts an inserted paragraph where it belongs and keeps the rest equal', () => {
    const lines = v1.split('\n');
    const v2 = [...lines.slice(0, 2), '제1조의2 (정의) 용어의 뜻은 다음과 같다.', ...lines.slice(2)].join('\n');
    const diff = diffTemplateTexts(v1, v2, 1, 2);
    expect(diff.paragraphs.map((p) => p.op)).toEqual(['EQUAL', 'EQUAL', 'INSERT', 'EQUAL', 'EQUAL', 'EQUAL']);
    expect(diff.stats.changedParagraphs).toBe(1);
    expect(diff.stats.deletedWords).toBe(0);
  });

  it('deletes a paragraph and reads identical texts as all equal', () => {
    const lines = v1.split('\n');
    const diff = diffTemplateTexts(v1, [...lines.slice(0, 3), ...lines.slice(4)].join('\n'), 3, 4);
    expect(diff).toMatchObject({ from: 3, to: 4 });
    expect(diff.paragraphs.map((p) => p.op)).toEqual(['EQUAL', 'EQUAL', 'EQUAL', 'DELETE', 'EQUAL']);
    const same = diffTemplateTexts(v1, `${v1}\n\n`, 1, 1);
    expect(same.paragraphs.every((p) => p.op === 'EQUAL')).toBe(true);
    expect(same.stats).toEqual({ insertedWords: 0, deletedWords: 0, changedParagraphs: 0 });
  });

  it('diffs from and to an empty text', () => {
    expect(diffTemplateTexts('', 'a b\nc', 1, 2).paragraphs.map((p) => p.op)).toEqual(['INSERT', 'INSERT']);
    expect(diffTemplateTexts('a b\nc', '', 1, 2).stats).toEqual({ insertedWords: 0, deletedWords: 3, changedParagraphs: 2 });
  });

  it('pairs an edited paragraph across unrelated removed and added ones, and a big rewrite quickly', () => {
    const diff = diffTemplateTexts('공통\n완전히 다른 옛 문단\n제5조 (통지) 통지는 서면으로 한다.\n끝', '공통\n새로 넣은 문단\n제5조 (통지) 통지는 서면 또는 전자우편으로 한다.\n끝', 1, 2);
    expect(diff.paragraphs.map((p) => p.op)).toEqual(['EQUAL', 'DELETE', 'INSERT', 'CHANGE', 'EQUAL']);
    const rewrite = diffTemplateTexts(Array.from({ length: 400 }, (_, i) => `옛 조항 ${i} ${'가나다 '.repeat(200)}`).join('\n'), Array.from({ length: 400 }, (_, i) => `new clause ${i} ${'lorem ipsum '.repeat(200)}`).join('\n'), 1, 2);
    expect(rewrite.stats.changedParagraphs).toBe(800);
  });

  it('aligns long texts quickly', () => {
    const a = Array.from({ length: 1500 }, (_, i) => `제${i + 1}조 조항 ${i} 내용입니다.`);
    const b = a.map((line, i) => (i % 100 === 0 ? `${line} 추가` : line)).filter((_, i) => i % 250 !== 1);
    const started = performance.now();
    const diff = diffTemplateTexts(a.join('\n'), b.join('\n'), 1, 2);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(diff.paragraphs.filter((p) => p.op === 'CHANGE')).toHaveLength(15);
    expect(diff.paragraphs.filter((p) => p.op === 'DELETE')).toHaveLength(6);
  });
});
