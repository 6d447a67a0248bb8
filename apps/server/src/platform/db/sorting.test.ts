import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { likePattern, parseSort } from './sorting';

const FIELDS = ['createdAt', 'title'] as const;

describe('parseSort', () => {
  it('reads one or several field,direction values in order', () => {
    expect(parseSort('title,desc', FIELDS)).toEqual([{ field: 'title', direction: 'desc' }]);
    expect(parseSort(['title,ASC', 'createdAt,desc'], FIELDS)).toEqual([
      { field: 'title', direction: 'asc' },
      { field: 'createdAt', direction: 'desc' },
    ]);
  });

  it('gives a bare field the default direction, asc unless the list says otherwise', () => {
    expect(parseSort('title', FIELDS)).toEqual([{ field: 'title', direction: 'asc' }]);
    expect(parseSort('title', FIELDS, { defaultDirection: 'desc' })).toEqual([{ field: 'title', direction: 'desc' }]);
  });

  it('answers the fallback, or nothing, when no sort is asked', () => {
    expect(parseSort(undefined, FIELDS)).toEqual([]);
    expect(parseSort([], FIELDS, { fallback: { field: 'createdAt', direction: 'desc' } })).toEqual([{ field: 'createdAt', direction: 'desc' }]);
  });

  it('refuses a field off the whitelist with a 400 naming query.sort', () => {
    for (const sort of ['password,asc', ',desc', 'toString']) {
      try {
        parseSort(sort, FIELDS);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('ERROR_VALIDATION');
        expect((error as AppError).data).toEqual({ fieldErrors: [{ field: 'query.sort', reason: 'sort by createdAt, title' }] });
      }
    }
  });
});

describe('likePattern', () => {
  it('matches the keyword anywhere with its wildcards taken literally', () => {
    expect(likePattern('계약')).toBe('%계약%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
