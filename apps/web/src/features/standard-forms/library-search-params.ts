import {
  CONTRACT_LANGUAGES, CONTRACT_TYPES, type ContractLanguage, type ContractType, FORM_ACTIVE_STATUSES, type FormActiveStatus, type ListStandardFormsQuery,
} from '@legal/api';

export const KEYWORD_TYPES = ['ALL', 'TITLE', 'CONTENT'] as const;
export type KeywordType = (typeof KEYWORD_TYPES)[number];
export const LIBRARY_PAGE_SIZE = 30;

/**
 * The library's filters as they live in the address, e.g.
 * `?q=비밀유지&in=CONTENT&type=NDA&lang=ko&status=ACTIVE&cat=인사&bookmarked=1&page=2`.
 */
export interface LibraryFilters {
  keyword?: string;
  keywordType: KeywordType;
  contractTypes: ContractType[];
  languages: ContractLanguage[];
  activeStatuses: FormActiveStatus[];
  categoryTypes: string[];
  isBookmarkedOnly: boolean;
  /** 1-based, as shown. */
  page: number;
}

const oneOf = <T extends string>(values: readonly T[]) => (value: string): value is T => (values as readonly string[]).includes(value);
const unique = <T>(list: T[]) => [...new Set(list)];

export function emptyLibraryFilters(): LibraryFilters {
  return { keywordType: 'ALL', contractTypes: [], languages: [], activeStatuses: [], categoryTypes: [], isBookmarkedOnly: false, page: 1 };
}

/** Unknown or malformed values are dropped, so a hand-edited address still opens the library. */
export function readLibraryFilters(params: URLSearchParams): LibraryFilters {
  const keywordType = params.get('in') ?? 'ALL';
  const page = Number(params.get('page'));
  return {
    keyword: params.get('q')?.trim().slice(0, 200) || undefined,
    keywordType: oneOf(KEYWORD_TYPES)(keywordType) ? keywordType : 'ALL',
    contractTypes: unique(params.getAll('type').filter(oneOf(CONTRACT_TYPES))),
    languages: unique(params.getAll('lang').filter(oneOf(CONTRACT_LANGUAGES))),
    activeStatuses: unique(params.getAll('status').filter(oneOf(FORM_ACTIVE_STATUSES))),
    categoryTypes: unique(params.getAll('cat').map((c) => c.trim().slice(0, 50)).filter(Boolean)),
    isBookmarkedOnly: params.get('bookmarked') === '1',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what differs from the defaults is written, so the plain library has a plain address. */
export function writeLibraryFilters(filters: LibraryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  if (filters.keyword && filters.keywordType !== 'ALL') params.set('in', filters.keywordType);
  filters.contractTypes.forEach((v) => params.append('type', v));
  filters.languages.forEach((v) => params.append('lang', v));
  filters.activeStatuses.forEach((v) => params.append('status', v));
  filters.categoryTypes.forEach((v) => params.append('cat', v));
  if (filters.isBookmarkedOnly) params.set('bookmarked', '1');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** GET standard-forms/v3's query; the status filter only for writers (the server ignores it for readers). */
export function libraryQuery(filters: LibraryFilters, canWrite: boolean): ListStandardFormsQuery {
  const query: ListStandardFormsQuery = { page: filters.page - 1, size: LIBRARY_PAGE_SIZE };
  if (filters.keyword) {
    query.searchKeyword = filters.keyword;
    query.searchKeywordType = filters.keywordType;
  }
  if (filters.contractTypes.length > 0) query.contractTypes = filters.contractTypes;
  if (filters.languages.length > 0) query.languages = filters.languages;
  if (canWrite && filters.activeStatuses.length > 0) query.activeStatuses = filters.activeStatuses;
  if (filters.categoryTypes.length > 0) query.categoryTypes = filters.categoryTypes;
  if (filters.isBookmarkedOnly) query.bookmarkedOnly = 'true';
  return query;
}

/** How many filters (besides the keyword) narrow the list. */
export function countLibraryFilters(filters: LibraryFilters): number {
  return [filters.contractTypes, filters.languages, filters.activeStatuses, filters.categoryTypes].filter((l) => l.length > 0).length + (filters.isBookmarkedOnly ? 1 : 0);
}
