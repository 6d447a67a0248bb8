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

  it('reads the family\'s own statutes named in full: 「상법」 제661조 (상법 시행령 제19조), 「… 시행령」 제6조제4항 (기간제법 시행규칙 제2조)', () => {
    const commercial = article('상법', '시행령.md', '제19조');
    expect(commercial.text).toContain('「상법」 제661조에 따른 재보험');
    expect(parseArticleLinks(commercial.text, '시행령', { 법률: '상법' })).toEqual(expect.arrayContaining([{ to: '법률', article: '제661조', paragraph: null }]));
    // Without the family's titles a full name is another statute's, as before.
    expect(parseArticleLinks(commercial.text, '시행령').map((l) => l.article)).not.toContain('제661조');
    const fixedTerm = article('기간제및단시간근로자보호등에관한법률', '시행규칙.md', '제2조');
    const family = { 법률: '기간제 및 단시간근로자 보호 등에 관한 법률', 시행령: '기간제 및 단시간근로자 보호 등에 관한 법률 시행령' };
    // 「국고금관리법 시행규칙」 in the same sentence is another statute.
    expect(parseArticleLinks(fixedTerm.text, '시행규칙', family)).toEqual([{ to: '시행령', article: '제6조', paragraph: 4 }]);
  });

  it('reads 근로기준법 시행령 제59조의2: "법 제43조의5", not "이 영 제59조" nor 「개인정보 보호법」 제23조 and "같은 법 시행령 제19조"', () => {
    const art = article('근로기준법', '시행령.md', '제59조의2');
    expect(art.text).toContain('같은 법 시행령 제19조제1호');
    const links = parseArticleLinks(art.text, '시행령', { 법률: '근로기준법', 시행령: '근로기준법 시행령' });
    expect(links[0]).toEqual({ to: '법률', article: '제43조의5', paragraph: null });
    expect(links).toContainEqual({ to: '법률', article: '제43조의6', paragraph: 1 });
    expect(links.map((l) => l.to)).not.toContain('시행령');
    expect(links.map((l) => l.article)).not.toContain('제23조');
  });

  it('reads "같은 법" after the family\'s own Act, and "같은 법 시행령" as the decree only in a rule', () => {
    const family = { 법률: '근로기준법', 시행령: '근로기준법 시행령' };
    const text = '「근로기준법」 제2조에 따른 근로자로서 같은 법 제17조제1항 및 같은 법 시행령 제8조에 따른';
    expect(parseArticleLinks(text, '시행규칙', family)).toEqual([
      { to: '법률', article: '제2조', paragraph: null },
      { to: '법률', article: '제17조', paragraph: 1 },
      { to: '시행령', article: '제8조', paragraph: null },
    ]);
    expect(parseArticleLinks(text, '시행령', family)).toEqual([
      { to: '법률', article: '제2조', paragraph: null },
      { to: '법률', article: '제17조', paragraph: 1 },
    ]);
    expect(parseArticleLinks('「근로 기준법」 제23조 및 동법 제24조', '시행령', family)).toEqual([
      { to: '법률', article: '제23조', paragraph: null },
      { to: '법률', article: '제24조', paragraph: null },
    ]);
    expect(parseArticleLinks('「최저임금법」 제6조 및 같은 법 제7조', '시행령', family)).toEqual([]);
  });
});
