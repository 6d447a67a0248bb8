import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import en from '../../locales/en/account.json';
import ko from '../../locales/ko/account.json';
import { serverPasswordErrors } from './password-change-rules';

const refused = (reason: string) =>
  new ApiError({ status: 400, code: 'ERROR_VALIDATION', message: 'x', data: { fieldErrors: [{ field: 'body.newPassword', reason }] } });

describe('the server password reasons', () => {
  it('are shown in the catalogue words, ko and en, for each guessability rule of the server', () => {
    const cases: Array<[string, string]> = [
      ['too common; choose a less guessable password', 'tooCommon'],
      ['too easy to guess; use a longer mix of unrelated words', 'tooGuessable'],
      ['must not contain the product name', 'containsProductName'],
      ['must not contain your login id or name', 'containsPersonalInfo'],
    ];
    for (const [reason, key] of cases) {
      expect(serverPasswordErrors(refused(reason))).toEqual({ newPassword: { key } });
      expect(ko.password.errors).toHaveProperty(key);
      expect(en.password.errors).toHaveProperty(key);
    }
    expect(serverPasswordErrors(refused('something new'))).toEqual({ newPassword: { text: 'something new' } });
  });
});
