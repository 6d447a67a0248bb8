import { describe, expect, it } from 'vitest';
import { emptyLibraryFilters, libraryQuery, readLibraryFilters, writeLibraryFilters } from './library-search-params';

describe('library filters in the address', () => {
  it('round-trips every filter and writes nothing for the defaults', () => {
    const filters = { ...emptyLibraryFilters(), keyword: '비밀유지', keywordType: 'CONTENT' as const, contractTypes: ['NDA' as const], languages: ['ko' as const, 'en' as const], activeStatuses: ['INACTIVE' as const], categoryTypes: ['인사'], isBookmarkedOnly: true, page: 3 };
    const params = writeLibraryFilters(filters);
    expect(params.toString()).toBe('q=%EB%B9%84%EB%B0%80%EC%9C%A0%EC%A7%80&in=CONTENT&type=NDA&lang=ko&lang=en&status=INACTIVE&cat=%EC%9D%B8%EC%82%AC&bookmarked=1&page=3');
    expect(readLibraryFilters(params)).toEqual(filters);
    expect(writeLibraryFilters(emptyLibraryFilters()).toString()).toBe('');
  });

  it('drops unknown values of a hand-edited address', () => {
    const filters = readLibraryFilters(new URLSearchParams('type=NOPE&type=NDA&lang=xx&status=DELETED&in=SQL&page=-4&bookmarked=yes'));
    expect(filters).toEqual({ ...emptyLibraryFilters(), contractTypes: ['NDA'] });
  });

  it('asks for 0-based pages of 30 and sends the status filter only for writers', () => {
    const filters = { ...emptyLibraryFilters(), activeStatuses: ['ACTIVE' as const], page: 2, keyword: 'NDA' };
    expect(libraryQuery(filters, true)).toEqual({ page: 1, size: 30, searchKeyword: 'NDA', searchKeywordType: 'ALL', activeStatuses: ['ACTIVE'] });
    expect(libraryQuery(filters, false)).toEqual({ page: 1, size: 30, searchKeyword: 'NDA', searchKeywordType: 'ALL' });
  });
});
