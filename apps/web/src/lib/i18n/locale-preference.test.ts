import { LocaleSchema } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { toLocale } from './locale-preference';

/** The first screen checks a locale without zod; it must accept exactly what LocaleSchema accepts. */
describe('toLocale', () => {
  const inputs = ['ko', 'en', 'KO', 'en-US', 'ko-KR', 'ko_KR', 'fr', 'fr-FR', '', '-', ' ko', 'ko ', 'kor', 'e', 'constructor', 'toString', '__proto__', 'length', '0'];

  it.each(inputs)('agrees with LocaleSchema on the base language of %j', (input) => {
    const base = input.toLowerCase().split('-')[0];
    const parsed = LocaleSchema.safeParse(base);
    expect(toLocale(input)).toBe(parsed.success ? parsed.data : null);
  });

  it('answers null without a value', () => {
    expect(toLocale(null)).toBeNull();
    expect(toLocale(undefined)).toBeNull();
  });
});
