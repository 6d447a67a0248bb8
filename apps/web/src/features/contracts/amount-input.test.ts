import { describe, expect, it } from 'vitest';
import { groupedAmount, positionAfter, significantBefore, typedAmount } from './amount-input';

describe('amount typing with thousands separators', () => {
  it('groups the digits as the locale writes them, without rounding or losing digits', () => {
    expect(groupedAmount('1500000', 'ko')).toBe('1,500,000');
    expect(groupedAmount('1500000.5', 'en')).toBe('1,500,000.5');
    expect(groupedAmount('1234567890123456.1234', 'en')).toBe('1,234,567,890,123,456.1234');
    expect(groupedAmount('1000.', 'ko')).toBe('1,000.');
    expect(groupedAmount('', 'ko')).toBe('');
    expect(groupedAmount('999', 'ko')).toBe('999');
  });

  it('reads what was typed back as a plain decimal: separators, spaces and letters dropped, one decimal mark', () => {
    expect(typedAmount('1,500,000', 'ko')).toBe('1500000');
    expect(typedAmount('1,500,0005', 'en')).toBe('15000005');
    expect(typedAmount('12.5.3', 'en')).toBe('12.53');
    expect(typedAmount('₩ 3,000원', 'ko')).toBe('3000');
    expect(typedAmount(groupedAmount('98765.43', 'en'), 'en')).toBe('98765.43');
  });

  it('keeps the caret after the same digit when the grouping moves', () => {
    // "1,000" with a 5 typed after the first 0: "1,0500" regroups to "10,500", caret after "10,5".
    const typed = '1,0500';
    const count = significantBefore(typed, 4, 'ko');
    const shown = groupedAmount(typedAmount(typed, 'ko'), 'ko');
    expect(shown).toBe('10,500');
    expect(shown.slice(0, positionAfter(shown, count, 'ko'))).toBe('10,5');
    expect(positionAfter(shown, 0, 'ko')).toBe(0);
  });
});
