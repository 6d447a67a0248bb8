import { describe, expect, it } from 'vitest';
import { draftValues, initialInputs, validateInputs } from './draft-values';
import { fillTemplate, markerKeys, splitTemplate } from './template-text';
import { configOf, TEMPLATE_TEXT, VARIABLES } from './standard-forms.test-support';

describe('template text', () => {
  it('reads variables and optional-clause bounds, tolerating spaces inside markers', () => {
    expect(splitTemplate('갑 {{ name }}, {{#clause}}선택{{/clause}}')).toEqual([
      { kind: 'text', text: '갑 ' }, { kind: 'variable', key: 'name' }, { kind: 'text', text: ', ' },
      { kind: 'open', key: 'clause' }, { kind: 'text', text: '선택' }, { kind: 'close', key: 'clause' },
    ]);
    expect(markerKeys(TEMPLATE_TEXT)).toEqual(['counterparty', 'startDate', 'fee', 'penalty']);
  });

  it('substitutes values, leaves labelled blanks and drops an unchecked optional clause', () => {
    const values = { counterparty: { name: '(주)새솔' }, fee: { amount: '15000000', currency: 'KRW' }, penalty: false };
    const pieces = fillTemplate(TEMPLATE_TEXT, VARIABLES, values, 'ko');
    const text = pieces.map((p) => (p.kind === 'blank' ? `[${p.label}]` : p.text)).join('');
    expect(text).toContain('갑과 (주)새솔은');
    expect(text).toContain('대금은 15,000,000 KRW으로');
    expect(text).toContain('계약은 [시작일]에');
    expect(text).not.toContain('위약벌');
    const checked = fillTemplate(TEMPLATE_TEXT, VARIABLES, { ...values, penalty: true }, 'en').map((p) => (p.kind === 'blank' ? `[${p.label}]` : p.text)).join('');
    expect(checked).toContain('제3조 (위약벌) 위반 시');
    expect(checked).toContain('[Start date]');
  });
});

describe('draft values', () => {
  it('starts from the defaults and sends only what is filled', () => {
    const configs = [configOf('title', { defaultValue: '기본' }), configOf('opt', { type: 'OPTIONAL_CLAUSE', defaultValue: 'true' }), configOf('fee', { type: 'AMOUNT', defaultValue: '1000' })];
    const inputs = initialInputs(configs);
    expect(inputs).toEqual({ title: '기본', opt: true, fee: { amount: '1000', currency: 'KRW' } });
    expect(draftValues(configs, { ...inputs, title: '  ' })).toEqual({ opt: true, fee: { amount: '1000', currency: 'KRW' } });
  });

  it('names each missing or invalid variable', () => {
    const configs = [
      ...VARIABLES,
      configOf('code', { pattern: '^[A-Z]{3}$' }),
      configOf('kind', { type: 'CHOICE', options: ['갑', '을'] }),
      configOf('count', { type: 'NUMBER' }),
    ];
    const inputs = { ...initialInputs(configs), startDate: '2026-13-45', fee: { amount: '12.345.6', currency: 'KRW' }, code: 'ab', kind: '병', count: '3개' };
    expect(validateInputs(configs, inputs)).toEqual({
      counterparty: { key: 'required' }, startDate: { key: 'date' }, fee: { key: 'amount' }, code: { key: 'pattern' }, kind: { key: 'choice' }, count: { key: 'number' },
    });
    const fixed = { ...inputs, counterparty: { name: '새솔', representative: '', address: '', registrationNumber: '' }, startDate: '2026-12-01', fee: { amount: '1,500,000', currency: 'krw' }, code: 'ABC', kind: '을', count: '3' };
    expect(validateInputs(configs, fixed)).toEqual({});
    expect(draftValues(configs, fixed)).toMatchObject({ fee: { amount: '1500000', currency: 'KRW' }, counterparty: { name: '새솔' }, penalty: false });
  });
});
