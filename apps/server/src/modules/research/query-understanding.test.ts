import { describe, expect, it } from 'vitest';
import { askedDate, citedArticles, expandVocabulary, foreignJurisdiction, namedStatutes, understandQuestion } from './query-understanding';
import { LEGAL_VOCABULARY } from './vocabulary';

const NAMES = [
  { name: '민법', folder: '민법' },
  { name: '하도급거래공정화에관한법률', folder: '하도급거래공정화에관한법률' },
  { name: '하도급법', folder: '하도급거래공정화에관한법률' },
  { name: '근로기준법', folder: '근로기준법' },
  { name: '국제사법', folder: '국제사법' },
];
const TODAY = '2026-11-27';

describe('legal vocabulary', () => {
  it('has at least 60 entries, none mapping a word to itself only', () => {
    expect(LEGAL_VOCABULARY.length).toBeGreaterThanOrEqual(60);
    for (const entry of LEGAL_VOCABULARY) expect(entry.terms.length).toBeGreaterThan(0);
  });

  it('expands everyday words to the statutes\' terms, spaces ignored', () => {
    expect(expandVocabulary('하청업체한테 대금은 언제까지 줘야 돼?')).toEqual([
      { from: '하청업체', to: ['수급사업자'] },
      { from: '하청', to: ['하도급'] },
      { from: '줘야', to: ['지급'] },
      { from: '언제까지', to: ['기일', '이내'] },
    ]);
    expect(expandVocabulary('집 주인이 월세를 올린대요').map((e) => e.to)).toEqual([['임대인'], ['차임']]);
    expect(expandVocabulary('알바도 퇴직금 받나요').map((e) => e.to)).toEqual([['단시간근로자'], ['퇴직급여', '퇴직금']]);
    expect(expandVocabulary('세입자 보증금')).toEqual([{ from: '세입자', to: ['임차인'] }, { from: '보증금', to: ['보증금'] }]);
    expect(expandVocabulary('선박의 국적')).toEqual([]);
  });
});

describe('the date a question asks about', () => {
  it('reads a named year, month or day as the law in force at its end', () => {
    expect(askedDate('2012년 당시 민법상 성년 나이는?', TODAY)).toEqual({ asOf: '2012-12-31', phrase: '2012년 당시' });
    expect(askedDate('2019년 3월 기준 최저 연차 일수', TODAY)?.asOf).toBe('2019-03-31');
    expect(askedDate('2016년 2월 기준', TODAY)?.asOf).toBe('2016-02-29');
    expect(askedDate('2015년 7월 1일 당시', TODAY)?.asOf).toBe('2015-07-01');
    expect(askedDate('as of 2010, what was the rule?', TODAY)?.asOf).toBe('2010-12-31');
  });

  it('reads "N년 개정 전" as the end of the year before', () => {
    expect(askedDate('2005년 개정 전 민법 제4조', TODAY)?.asOf).toBe('2004-12-31');
  });

  it('ignores the future, impossible dates and numbers that are not years', () => {
    expect(askedDate('2030년 당시', TODAY)).toBeNull();
    expect(askedDate('2019년 13월 기준', TODAY)).toBeNull();
    expect(askedDate('보증금 2000만 원을 3년 동안', TODAY)).toBeNull();
    expect(askedDate('성년 나이는?', TODAY)).toBeNull();
  });
});

describe('foreign jurisdictions', () => {
  it('are named in questions about foreign law, not in questions about Korean law on foreign matters', () => {
    expect(foreignJurisdiction('일본 민법상 성년 나이는?')).toBe('일본');
    expect(foreignJurisdiction('What is the corporate tax rate in Delaware?')).toBe('delaware');
    expect(foreignJurisdiction('미국 회사와 계약할 때 준거법은?')).toBeNull();
    expect(foreignJurisdiction('민법상 성년 나이는?')).toBeNull();
    expect(foreignJurisdiction('Is a USB stick a product?')).toBeNull();
  });
});

describe('statutes and articles a question names', () => {
  it('finds short names and titles, longest first, not a name inside another', () => {
    expect(namedStatutes('하도급법상 대금 지급', NAMES).map((s) => s.folder)).toEqual(['하도급거래공정화에관한법률']);
    expect(namedStatutes('국제사법에 따른 준거법', NAMES).map((s) => s.folder)).toEqual(['국제사법']);
    expect(namedStatutes('민법과 근로기준법', NAMES).map((s) => s.folder)).toEqual(['민법', '근로기준법']);
  });

  it('reads article references with their kind and paragraph', () => {
    expect(citedArticles('민법 제4조는?', NAMES)).toEqual([{ folder: '민법', kind: '법률', article: '제4조', paragraph: null }]);
    expect(citedArticles('하도급법 시행령 제7조의2 제1항', NAMES)).toEqual([{ folder: '하도급거래공정화에관한법률', kind: '시행령', article: '제7조의2', paragraph: 1 }]);
    expect(citedArticles('근로기준법 제26조②', NAMES)).toEqual([{ folder: '근로기준법', kind: '법률', article: '제26조', paragraph: 2 }]);
    expect(citedArticles('제4조는?', NAMES)).toEqual([]);
  });

  it('takes the date phrase out of the searched text', () => {
    const q = understandQuestion('2012년 당시 민법상 성년 나이는?', NAMES, TODAY);
    expect(q).toMatchObject({ asOf: '2012-12-31', statutes: ['민법'] });
    expect(q.text).not.toContain('2012');
  });
});
