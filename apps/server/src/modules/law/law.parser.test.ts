import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactLawName, csvRecord, findStatuteEntry, lawIndex, readStatuteSource, shippedCatalogue } from './law.data';
import { parseArticleKey, parseStatute, splitAmendmentNotes } from './law.parser';

const read = (folder: string, file = '법률.md') => fs.readFileSync(path.join(lawIndex().folder, folder, file), 'utf8');

describe('statute parser on the shipped files', () => {
  it('reads the front matter of 하도급거래 공정화에 관한 법률', () => {
    const { meta } = parseStatute(read('하도급거래공정화에관한법률'));
    expect(meta).toEqual({
      title: '하도급거래 공정화에 관한 법률', lawSerialNumber: '283169', lawId: '001590', lawType: '법률', effectiveDate: '2026-08-11',
      promulgationDate: '2026-02-10', promulgationNumber: '21340', status: '시행',
    });
  });

  it('splits articles, 조의 branches, paragraphs, items and sub-items', () => {
    const { articles } = parseStatute(read('하도급거래공정화에관한법률'));
    const art13 = articles.find((a) => a.key === '제13조')!;
    expect(art13).toMatchObject({ number: 13, branch: 0, title: '하도급대금의 지급 등', isDeleted: false, isAddendum: false });
    expect(art13.paragraphs[0]!.number).toBe(1);
    expect(art13.paragraphs[0]!.text).toMatch(/^원사업자가 수급사업자에게 제조등의 위탁을 하는 경우에는 목적물등의 수령일/);
    expect(art13.paragraphs[0]!.items.map((i) => i.number)).toEqual(['1', '2']);
    expect(art13.text.startsWith('① 원사업자가')).toBe(true);
    const art3_4 = articles.find((a) => a.key === '제3조의4')!;
    expect(art3_4).toMatchObject({ number: 3, branch: 4, title: '부당한 특약의 금지' });
    // Escaped item marks (`1\.`) come out plain.
    expect(articles.find((a) => a.key === '제2조')!.text).toContain('\n  1. 중소기업자(');
    // Articles keep the order of the text and the main text has each key once.
    const keys = articles.filter((a) => !a.isAddendum).map((a) => a.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.indexOf('제3조의2')).toBe(keys.indexOf('제3조') + 1);
    // Sub-items (가. 나.) hang under their item.
    const privacy = parseStatute(read('개인정보보호법')).articles.find((a) => a.key === '제2조')!;
    const first = privacy.paragraphs[0]!;
    expect(first.number).toBe(0); // items directly under the article
    expect(first.items[0]!.text).toMatch(/^"개인정보"란/);
    expect(first.items[0]!.subItems.map((s) => s.key).slice(0, 2)).toEqual(['가', '나']);
  });

  it('recognises deleted articles and deleted paragraphs', () => {
    const { articles } = parseStatute(read('국가를당사자로하는계약에관한법률', '시행령.md'));
    expect(articles.find((a) => a.key === '제76조의5')).toMatchObject({ isDeleted: true, title: null, text: '삭제', amendmentNotes: ['<2023.11.16>'] });
    const art37 = parseStatute(read('공증인법')).articles.find((a) => a.key === '제37조')!;
    expect(art37).toMatchObject({ title: '글자의 수정·삽입·삭제', isDeleted: false });
  });

  it('keeps amendment notes out of the text and the 편/장/절/관 headings above each article', () => {
    const civil = parseStatute(read('민법')).articles.filter((a) => !a.isAddendum);
    const art52_2 = civil.find((a) => a.key === '제52조의2')!;
    expect(art52_2.text).toBe('이사의 직무집행을 정지하거나 직무대행자를 선임하는 가처분을 하거나 그 가처분을 변경ㆍ취소하는 경우에는 주사무소가 있는 곳의 등기소에서 이를 등기하여야 한다.');
    expect(art52_2.amendmentNotes).toEqual(['<개정 2024.9.20>']);
    expect(art52_2.paragraphs.map((p) => p.text).join(' ')).not.toContain('<개정');
    expect(civil.find((a) => a.key === '제4조')!.heading).toBe('제1편 총칙 > 제2장 인 > 제1절 능력');
    // A new 장 clears the 절 of the one before.
    expect(civil.find((a) => a.key === '제31조')!.heading).toBe('제1편 총칙 > 제3장 법인 > 제1절 총칙');
    expect(civil.find((a) => a.key === '제1조')!.heading).toBe('제1편 총칙 > 제1장 통칙');
    // No article of the shipped 민법 keeps a dated note in its text.
    expect(civil.filter((a) => /<(?:개정|신설)\s*\d{4}\./u.test(a.text)).map((a) => a.key)).toEqual([]);
    // Words of law in brackets are not notes.
    const { text } = splitAmendmentNotes('[대리인이 특허법인인 경우에는 그 명칭] 을 적는다. <개정 2013.4.5, 2014.3.1> [본조신설 2013.8.6]');
    expect(text).toBe('[대리인이 특허법인인 경우에는 그 명칭] 을 적는다.');
    // Older versions write the dates with ㆍ.
    expect(splitAmendmentNotes('그 익일로 만료한다. <개정 2007ㆍ12ㆍ21, 2013.4.5>')).toEqual({ text: '그 익일로 만료한다.', notes: ['<개정 2007ㆍ12ㆍ21, 2013.4.5>'] });
    expect(splitAmendmentNotes('삭제 <1990ㆍ1ㆍ13>')).toEqual({ text: '삭제', notes: ['<1990ㆍ1ㆍ13>'] });
  });

  it('keeps 부칙 articles apart from the main text', () => {
    const source = [
      '---', "제목: 시험법", "법령MST: 1", "법령ID: '000001'", '법령구분: 법률', '시행일자: 2026-01-01', '---', '',
      '# 시험법', '', '##### 제1조 (목적)', '', '본문의 목적.', '', '##### 제2조', '', '삭제 <2020.1.1>', '',
      '## 부칙', '', '##### 제1조 (시행일)', '', '이 법은 공포한 날부터 시행한다.', '',
    ].join('\n');
    const { articles } = parseStatute(source);
    expect(articles.map((a) => [a.key, a.isAddendum, a.isDeleted])).toEqual([['제1조', false, false], ['제2조', false, true], ['제1조', true, false]]);
    expect(articles[0]!.text).toBe('본문의 목적.');
    expect(() => parseStatute('# no front matter')).toThrow();
  });

  it('parses every shipped file, each main text without duplicate article keys', () => {
    let total = 0;
    for (const entry of lawIndex().entries) {
      const parsed = parseStatute(read(entry.folder, entry.file));
      expect(parsed.meta.lawSerialNumber, entry.folder).toBe(entry.lawSerialNumber);
      const keys = parsed.articles.filter((a) => !a.isAddendum).map((a) => a.key);
      expect(new Set(keys).size, `${entry.folder}/${entry.file}`).toBe(keys.length);
      total += keys.length;
    }
    expect(lawIndex().entries.length).toBe(132);
    expect(total).toBeGreaterThan(10_000);
  });
});

describe('statute names and article keys', () => {
  it('reads article keys written several ways', () => {
    expect(parseArticleKey('제13조의2')).toEqual({ key: '제13조의2', number: 13, branch: 2 });
    expect(parseArticleKey('13')).toEqual({ key: '제13조', number: 13, branch: 0 });
    expect(parseArticleKey('13-2')?.key).toBe('제13조의2');
    expect(parseArticleKey('제 5 조')?.key).toBe('제5조');
    expect(parseArticleKey('제13항')).toBeNull();
  });

  it('finds a statute by title with or without spaces, by short name, and its decree', () => {
    expect(findStatuteEntry('하도급거래 공정화에 관한 법률')?.lawSerialNumber).toBe('283169');
    expect(findStatuteEntry('하도급거래공정화에관한법률')?.lawSerialNumber).toBe('283169');
    expect(findStatuteEntry('하도급법')?.lawSerialNumber).toBe('283169');
    expect(findStatuteEntry('하도급법 시행령')).toMatchObject({ kind: '시행령', folder: '하도급거래공정화에관한법률' });
    for (const alias of ['약관규제법', '근로기준법', '상가임대차법', '주택임대차법', '개인정보보호법', '부정경쟁방지법', '공정거래법', '이자제한법']) {
      expect(findStatuteEntry(alias)?.kind, alias).toBe('법률');
    }
    expect(findStatuteEntry('남녀고용평등과 일·가정 양립 지원에 관한 법률')?.folder).toBe('남녀고용평등과일ㆍ가정양립지원에관한법률');
    expect(findStatuteEntry('없는법')).toBeNull();
    expect(compactLawName(' 상가건물 임대차보호법 ')).toBe('상가건물임대차보호법');
  });

  it('catalogues the current and history sets, each 법령MST once, the history naming the amendment kind', async () => {
    const catalogue = shippedCatalogue();
    expect(new Set(catalogue.map((e) => e.lawSerialNumber)).size).toBe(catalogue.length);
    const civil = catalogue.filter((e) => e.lawId === '001706');
    expect(civil).toHaveLength(37);
    // The newest 민법 is in both sets: the current file is read, the history's amendment kind kept.
    expect(civil.find((e) => e.lawSerialNumber === '284415')).toMatchObject({ file: '법률.md', amendmentKind: '일부개정', ministries: ['법무부'] });
    const first = civil.find((e) => e.lawSerialNumber === '58431')!;
    expect(first).toMatchObject({ kind: '법률', file: '법률/1960-01-01_58431.md.gz', amendmentKind: '제정', effectiveDate: '1960-01-01' });
    // Gzipped files read back as the Markdown they hold.
    expect(parseStatute(await readStatuteSource(first)).meta).toMatchObject({ lawSerialNumber: '58431', title: '민법' });
  });

  it('reads quoted CSV fields', () => {
    expect(csvRecord('a,"b, c","d ""e""",')).toEqual(['a', 'b, c', 'd "e"', '']);
  });
});
