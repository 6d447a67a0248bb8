import { describe, expect, it } from 'vitest';
import { type VariableConfig } from '@legal/api';
import { BLANK, defaultConfigs, formatValue, templateData, validateValues, withDefaults } from './index';

function config(key: string, type: VariableConfig['type'], extra: Partial<VariableConfig> = {}): VariableConfig {
  return { key, type, label: { ko: key, en: key }, required: true, help: null, defaultValue: null, order: 0, options: [], minLength: null, maxLength: null, pattern: null, mapsTo: null, ...extra };
}

const configs: VariableConfig[] = [
  config('회사명', 'TEXT', { order: 0, minLength: 2, maxLength: 10 }),
  config('사업자번호', 'TEXT', { order: 1, required: false, pattern: '\\d{3}-\\d{2}-\\d{5}' }),
  config('계약금액', 'AMOUNT', { order: 2 }),
  config('상대방', 'PARTY', { order: 3 }),
  config('비밀유지', 'OPTIONAL_CLAUSE', { order: 4, required: false, defaultValue: 'false' }),
  config('시작일', 'DATE', { order: 5 }),
  config('수량', 'NUMBER', { order: 6 }),
  config('관할', 'CHOICE', { order: 7, options: ['서울중앙지방법원', '수원지방법원'] }),
  config('특기사항', 'LONG_TEXT', { order: 8, required: false, maxLength: 5 }),
  config('기간', 'TEXT', { order: 9, defaultValue: '1년' }),
];

const valid = {
  회사명: '가나상사',
  계약금액: { amount: '1500000', currency: 'KRW' },
  상대방: { name: '주식회사 다라' },
  비밀유지: true,
  시작일: '2026-11-27',
  수량: '1200',
  관할: '서울중앙지방법원',
};

const problemsOf = (values: Record<string, unknown>, requireAll = true, language = 'ko') =>
  Object.fromEntries(validateValues(configs, values, { requireAll, language }).map((p) => [p.path, p.message]));

describe('validateValues', () => {
  it('accepts complete values (a default stands in for a missing required value)', () => {
    expect(validateValues(configs, valid, { requireAll: true, language: 'ko' })).toEqual([]);
  });

  it('names each missing required variable when drafting, none for a preview', () => {
    expect(Object.keys(problemsOf({}))).toEqual(['values.회사명', 'values.계약금액', 'values.상대방', 'values.시작일', 'values.수량', 'values.관할']);
    expect(problemsOf({ ...valid, 회사명: '   ' })).toEqual({ 'values.회사명': '필수 항목입니다.' });
    expect(problemsOf({}, false)).toEqual({});
  });

  it('refuses keys the template does not declare', () => {
    expect(problemsOf({ ...valid, 없는변수: 'x' })).toEqual({ 'values.없는변수': '이 서식에 없는 변수입니다.' });
    expect(problemsOf({ 없는변수: 'x' }, false, 'en')).toEqual({ 'values.없는변수': 'Not a variable of this form.' });
  });

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ['an amount given as a string', { 계약금액: '1500000' }, 'values.계약금액', /amount/],
    ['an amount that is not a decimal', { 계약금액: { amount: '1,500,000', currency: 'KRW' } }, 'values.계약금액', /decimal string/],
    ['an unknown currency', { 계약금액: { amount: '1500000', currency: 'WON' } }, 'values.계약금액', /ISO 4217/],
    ['a party given as a string', { 상대방: '주식회사 다라' }, 'values.상대방', /party/],
    ['a party without a name', { 상대방: { name: ' ' } }, 'values.상대방', /party/],
    ['a clause given as a string', { 비밀유지: 'true' }, 'values.비밀유지', /true or false/],
    ['a date in another format', { 시작일: '2026/11/27' }, 'values.시작일', /2026-11-27/],
    ['a date that does not exist', { 시작일: '2026-02-30' }, 'values.시작일', /2026-11-27/],
    ['a number with letters', { 수량: '12개' }, 'values.수량', /number/],
    ['a number given as a number', { 수량: 12 }, 'values.수량', /number/],
    ['a choice outside the options', { 관할: '부산지방법원' }, 'values.관할', /one of: 서울중앙지방법원, 수원지방법원/],
    ['a text too short', { 회사명: '가' }, 'values.회사명', /At least 2/],
    ['a text too long', { 회사명: '가'.repeat(11) }, 'values.회사명', /At most 10/],
    ['a long text over its limit', { 특기사항: '가나다라마바' }, 'values.특기사항', /At most 5/],
    ['a text not matching the pattern', { 사업자번호: '1234567890' }, 'values.사업자번호', /expected format/],
    ['a text given as an object', { 회사명: { name: 'x' } }, 'values.회사명', /text/],
  ])('refuses %s', (_, change, path, message) => {
    const problems = problemsOf({ ...valid, ...change }, true, 'en');
    expect(Object.keys(problems)).toEqual([path]);
    expect(problems[path]).toMatch(message);
  });

  it('matches the pattern against the whole value, and ignores a pattern that does not compile', () => {
    expect(problemsOf({ ...valid, 사업자번호: '123-45-67890' })).toEqual({});
    expect(problemsOf({ ...valid, 사업자번호: 'x123-45-67890x' })).toHaveProperty(['values.사업자번호']);
    const broken = [config('a', 'TEXT', { pattern: '(' })];
    expect(validateValues(broken, { a: 'anything' }, { requireAll: true, language: 'en' })).toEqual([]);
  });
});

describe('formatValue', () => {
  it('writes dates, amounts, numbers, parties and long texts the way contracts do', () => {
    expect(formatValue(config('d', 'DATE'), '2026-11-27', 'ko')).toBe('2026년 11월 27일');
    expect(formatValue(config('d', 'DATE'), '2026-11-27', 'en')).toBe('November 27, 2026');
    expect(formatValue(config('d', 'DATE'), '2026-01-05', 'ja')).toBe('2026年1月5日');
    expect(formatValue(config('a', 'AMOUNT'), { amount: '1500000', currency: 'KRW' }, 'ko')).toBe('금 1,500,000원');
    expect(formatValue(config('a', 'AMOUNT'), { amount: '1500000.50', currency: 'USD' }, 'ko')).toBe('1,500,000.50 USD');
    expect(formatValue(config('a', 'AMOUNT'), { amount: '1500000', currency: 'KRW' }, 'en')).toBe('1,500,000 KRW');
    expect(formatValue(config('n', 'NUMBER'), '1234567.891', 'ko')).toBe('1,234,567.891');
    expect(formatValue(config('n', 'NUMBER'), '-1000', 'ko')).toBe('-1,000');
    expect(formatValue(config('n', 'NUMBER'), '999', 'ko')).toBe('999');
    expect(formatValue(config('p', 'PARTY'), { name: '주식회사 다라', representative: '홍길동' }, 'ko')).toBe('주식회사 다라');
    expect(formatValue(config('l', 'LONG_TEXT'), '첫 줄\r\n둘째 줄', 'ko')).toBe('첫 줄\n둘째 줄');
    expect(formatValue(config('o', 'OPTIONAL_CLAUSE'), true, 'ko')).toBe('포함');
    expect(formatValue(config('t', 'TEXT'), undefined, 'ko')).toBe(BLANK);
    expect(formatValue(config('t', 'TEXT'), '', 'ko')).toBe(BLANK);
  });
});

describe('defaults and render data', () => {
  it('fills defaults of each type where a value is missing', () => {
    const withDefault = [config('a', 'AMOUNT', { defaultValue: '1500000' }), config('o', 'OPTIONAL_CLAUSE', { defaultValue: 'true' }), config('p', 'PARTY', { defaultValue: '갑 회사' }), config('t', 'TEXT'), config('d', 'DATE', { defaultValue: '2026-11-27' })];
    expect(withDefaults(withDefault, { d: '2027-01-01' })).toEqual({ a: { amount: '1500000', currency: 'KRW' }, o: true, p: { name: '갑 회사' }, d: '2027-01-01' });
    expect(templateData(withDefault, {}, 'ko')).toEqual({ a: '금 1,500,000원', o: true, p: '갑 회사', d: '2026년 11월 27일' });
  });
});

describe('defaultConfigs', () => {
  it('configures new markers and keeps the configs of markers that stay, in the new order', () => {
    const previous = [config('갑', 'PARTY', { order: 0, label: { ko: '갑', en: 'Party A' }, mapsTo: 'COUNTERPARTY_NAME' }), config('삭제될', 'TEXT', { order: 1 }), config('바뀐', 'TEXT', { order: 2 })];
    const result = defaultConfigs(
      [
        { key: '계약금액', kind: 'VALUE' },
        { key: '갑', kind: 'VALUE' },
        { key: '특약', kind: 'SECTION' },
        { key: '바뀐', kind: 'SECTION' },
      ],
      previous,
    );
    expect(result.map((c) => [c.key, c.type, c.required, c.defaultValue, c.order])).toEqual([
      ['계약금액', 'TEXT', true, null, 0],
      ['갑', 'PARTY', true, null, 1],
      ['특약', 'OPTIONAL_CLAUSE', false, 'false', 2],
      ['바뀐', 'OPTIONAL_CLAUSE', false, 'false', 3],
    ]);
    expect(result[0]!.label).toEqual({ ko: '계약금액', en: '계약금액' });
    expect(result[1]!).toMatchObject({ label: { ko: '갑', en: 'Party A' }, mapsTo: 'COUNTERPARTY_NAME' });
  });
});
