import { type VariableConfig, VariableConfigSchema } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { mappedFields } from './standard-forms.drafting';
import { configProblems } from './standard-forms.templates';

const config = (key: string, type: VariableConfig['type'], mapsTo: VariableConfig['mapsTo'] = null, extra: Partial<VariableConfig> = {}): VariableConfig =>
  VariableConfigSchema.parse({ key, type, label: { ko: key, en: key }, required: false, order: 0, mapsTo, ...extra });

describe('mappedFields: the contract fields a draft fills', () => {
  it('maps each kind of value to its field and remembers which variable filled it', () => {
    const configs = [
      config('제목', 'TEXT', 'TITLE'), config('상대', 'PARTY', 'COUNTERPARTY_NAME'), config('금액', 'AMOUNT', 'AMOUNT'),
      config('시작', 'DATE', 'START_DATE'), config('끝', 'DATE', 'END_DATE'), config('서명일', 'DATE', 'SIGNED_DATE'),
      config('준거법', 'TEXT', 'GOVERNING_LAW'), config('장소', 'TEXT', 'VENUE'), config('메모', 'TEXT'),
    ];
    const { body, sourceOf } = mappedFields(configs, {
      제목: ' 공급계약 ', 상대: { name: '주식회사 가', representative: '홍길동', registrationNumber: '123-45-67890' }, 금액: { amount: '1500000.50', currency: 'USD' },
      시작: '2026-01-01', 끝: '2026-12-31', 서명일: '2025-12-20', 준거법: '대한민국 법', 장소: '서울', 메모: '안 들어감',
    });
    expect(body).toEqual({
      title: '공급계약', amount: '1500000.50', currency: 'USD', startDate: '2026-01-01', endDate: '2026-12-31', signedDate: '2025-12-20', governingLaw: '대한민국 법', venue: '서울',
      counterparties: [{ counterpartyType: 'COMPANY', name: '주식회사 가', representative: '홍길동', businessRegistrationNumber: '123-45-67890' }],
    });
    expect(sourceOf.get('amount')).toBe('금액');
    expect(sourceOf.get('counterparties.0')).toBe('상대');
  });

  it('takes a TEXT counterparty and a numeric AMOUNT as KRW; leaves blanks out', () => {
    const { body } = mappedFields([config('상대', 'TEXT', 'COUNTERPARTY_NAME'), config('금액', 'NUMBER', 'AMOUNT'), config('장소', 'TEXT', 'VENUE')], { 상대: '개인 사업자', 금액: '1,000,000', 장소: '' });
    expect(body).toEqual({ counterparties: [{ counterpartyType: 'COMPANY', name: '개인 사업자' }], amount: '1000000', currency: 'KRW' });
  });
});

describe('configProblems: configs must be exactly the markers', () => {
  const current = [config('a', 'TEXT'), config('b', 'OPTIONAL_CLAUSE')];
  it('accepts the same keys with other types, labels and mappings', () => {
    expect(configProblems(current, [config('a', 'DATE', 'START_DATE'), config('b', 'OPTIONAL_CLAUSE')], 'body.variables')).toEqual([]);
  });
  it('names a missing, an unknown, a duplicate key, a wrong kind, a choice without options and a bad pattern', () => {
    const problems = configProblems(current, [config('a', 'CHOICE'), config('a', 'TEXT', null, { pattern: '(' }), config('x', 'TEXT')], 'body.variables');
    expect(problems.map((p) => p.field)).toEqual(['body.variables.0.options', 'body.variables.1.key', 'body.variables.1.pattern', 'body.variables.2.key', 'body.variables']);
    expect(problems.at(-1)?.reason).toContain('b');
    expect(configProblems(current, [config('a', 'OPTIONAL_CLAUSE'), config('b', 'TEXT')], 'v').map((p) => p.field)).toEqual(['v.0.type', 'v.1.type']);
  });
});
