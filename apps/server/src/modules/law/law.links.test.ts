import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lawIndex } from './law.data';
import { parseArticleLinks } from './law.links';
import { parseStatute } from './law.parser';

const article = (folder: string, file: string, key: string) => {
  const source = fs.readFileSync(path.join(lawIndex().folder, folder, file), 'utf8');
  return parseStatute(source).articles.find((a) => a.key === key && !a.isAddendum)!;
};

describe('links from a lower statute to the article it implements', () => {
  it('reads "법 제N조제K항" in a decree of 하도급법 (시행령 제7조 → 법 제4조 ②)', () => {
    const art7 = article('하도급거래공정화에관한법률', '시행령.md', '제7조');
    expect(art7.text).toContain('법 제4조제2항제6호에서 "대통령령으로 정하는');
    expect(parseArticleLinks(art7.text, '시행령')).toEqual([{ to: '법률', article: '제4조', paragraph: 2 }]);
  });

  it('reads 조의 branches and keeps each target once, in text order', () => {
    expect(parseArticleLinks('법 제3조의2제1항에 따라 … 법 제3조의2제1항 및 법 제16조의2에 따른', '시행령')).toEqual([
      { to: '법률', article: '제3조의2', paragraph: 1 },
      { to: '법률', article: '제16조의2', paragraph: null },
    ]);
  });

  it('reads "영 제N조" in a rule as its decree, "법" as its Act (근로기준법 시행규칙 제6조, 제7조)', () => {
    expect(parseArticleLinks(article('근로기준법', '시행규칙.md', '제6조').text, '시행규칙')).toEqual([{ to: '시행령', article: '제12조', paragraph: 4 }]);
    expect(parseArticleLinks(article('근로기준법', '시행규칙.md', '제7조').text, '시행규칙')).toEqual([
      { to: '시행령', article: '제15조', paragraph: 2 },
      { to: '시행령', article: '제15조', paragraph: 3 },
    ]);
    expect(parseArticleLinks('법 제64조와 영 제35조에 따른', '시행규칙')).toEqual([
      { to: '법률', article: '제64조', paragraph: null },
      { to: '시행령', article: '제35조', paragraph: null },
    ]);
  });

  it('leaves out other statutes: 「국세기본법 시행규칙」 제19조의3, 같은 법 제62조, 운영 제3조, and 영 in a decree', () => {
    expect(parseArticleLinks('「국세기본법 시행규칙」 제19조의3에 따른 국세환급가산금', '시행규칙')).toEqual([]);
    expect(parseArticleLinks('「국민건강보험법」에 따른 국민건강보험공단 및 같은 법 제62조에 따른 건강보험심사평가원', '시행령')).toEqual([]);
    expect(parseArticleLinks('「근로기준법」 제2조에 따른 근로자', '시행령')).toEqual([]);
    expect(parseArticleLinks('위원회 운영 제3조', '시행규칙')).toEqual([]);
    expect(parseArticleLinks('영 제3조', '시행령')).toEqual([]);
    expect(parseArticleLinks('법 제3조', '법률')).toEqual([]);
  });
});
