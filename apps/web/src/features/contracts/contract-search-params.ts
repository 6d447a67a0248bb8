import {
  CONTRACT_SORT_FIELDS, CONTRACT_STATUSES, CONTRACT_TYPES, type ContractScrollBody, type ContractSortField, type ContractStatus, type ContractType,
} from '@legal/api';

export const DATE_RANGES = ['createdDate', 'signedDate', 'startDate', 'endDate'] as const;
export type DateRangeField = (typeof DATE_RANGES)[number];
export interface DateRange {
  start?: string;
  end?: string;
}

export interface ContractSort {
  field: ContractSortField;
  direction: 'asc' | 'desc';
}

/** Every contract or only the caller's bookmarks (GET contracts/bookmarks/v1). */
export type ContractView = 'all' | 'bookmarks';

/**
 * The repository's search as it lives in the address, e.g.
 * `?q=해지&type=NDA&status=ACTIVE&status=SIGNED&endFrom=2026-01-01&owner=41&tag=갱신&sort=endDate,asc`.
 */
export interface ContractFilters {
  keyword?: string;
  contractTypes: ContractType[];
  statuses: ContractStatus[];
  ownerIds: number[];
  hashtags: string[];
  dates: Record<DateRangeField, DateRange>;
  amountMin?: string;
  amountMax?: string;
  currency?: string;
  sort: ContractSort;
  view: ContractView;
}

export const DEFAULT_SORT: ContractSort = { field: 'createdAt', direction: 'desc' };

/** Address keys of the date ranges: `createdFrom`/`createdTo`, `signedFrom`/`signedTo`, ... */
const RANGE_KEYS: Record<DateRangeField, { start: string; end: string }> = {
  createdDate: { start: 'createdFrom', end: 'createdTo' },
  signedDate: { start: 'signedFrom', end: 'signedTo' },
  startDate: { start: 'startFrom', end: 'startTo' },
  endDate: { start: 'endFrom', end: 'endTo' },
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[]) => (value: string): value is T => (values as readonly string[]).includes(value);
const isContractType = oneOf(CONTRACT_TYPES);
const isStatus = oneOf(CONTRACT_STATUSES);
const isSortField = oneOf(CONTRACT_SORT_FIELDS);
const text = (value: string | null, max: number) => value?.trim().slice(0, max) || undefined;
const unique = <T>(list: T[]) => [...new Set(list)];

export function emptyFilters(): ContractFilters {
  return {
    contractTypes: [],
    statuses: [],
    ownerIds: [],
    hashtags: [],
    dates: { createdDate: {}, signedDate: {}, startDate: {}, endDate: {} },
    sort: DEFAULT_SORT,
    view: 'all',
  };
}

function readSort(value: string | null): ContractSort {
  const [field = '', direction] = (value ?? '').split(',');
  if (!isSortField(field)) return DEFAULT_SORT;
  return { field, direction: direction === 'asc' ? 'asc' : 'desc' };
}

/** Unknown or malformed values are dropped, so a hand-edited address still opens a list. */
export function readContractFilters(params: URLSearchParams): ContractFilters {
  const dates = Object.fromEntries(
    DATE_RANGES.map((range) => {
      const keys = RANGE_KEYS[range];
      const pick = (key: string) => {
        const value = params.get(key);
        return value && ISO_DATE.test(value) ? value : undefined;
      };
      return [range, { start: pick(keys.start), end: pick(keys.end) }];
    }),
  ) as Record<DateRangeField, DateRange>;
  return {
    keyword: text(params.get('q'), 200),
    contractTypes: unique(params.getAll('type').filter(isContractType)),
    statuses: unique(params.getAll('status').filter(isStatus)),
    ownerIds: unique(params.getAll('owner').map(Number).filter((id) => Number.isInteger(id) && id > 0)),
    hashtags: unique(params.getAll('tag').map((tag) => tag.trim()).filter(Boolean)),
    dates,
    amountMin: text(params.get('amountMin'), 30),
    amountMax: text(params.get('amountMax'), 30),
    currency: text(params.get('currency'), 3)?.toUpperCase(),
    sort: readSort(params.get('sort')),
    view: params.get('view') === 'bookmarks' ? 'bookmarks' : 'all',
  };
}

/** Only what differs from the defaults is written, so the plain list has a plain address. */
export function writeContractFilters(filters: ContractFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  filters.contractTypes.forEach((type) => params.append('type', type));
  filters.statuses.forEach((status) => params.append('status', status));
  filters.ownerIds.forEach((id) => params.append('owner', String(id)));
  filters.hashtags.forEach((tag) => params.append('tag', tag));
  for (const range of DATE_RANGES) {
    const { start, end } = filters.dates[range];
    if (start) params.set(RANGE_KEYS[range].start, start);
    if (end) params.set(RANGE_KEYS[range].end, end);
  }
  if (filters.amountMin) params.set('amountMin', filters.amountMin);
  if (filters.amountMax) params.set('amountMax', filters.amountMax);
  if (filters.currency) params.set('currency', filters.currency);
  if (filters.sort.field !== DEFAULT_SORT.field || filters.sort.direction !== DEFAULT_SORT.direction) {
    params.set('sort', `${filters.sort.field},${filters.sort.direction}`);
  }
  if (filters.view === 'bookmarks') params.set('view', 'bookmarks');
  return params;
}

type SearchFilterBody = Omit<ContractScrollBody, 'fetchSize' | 'sortField' | 'sortDirection' | 'sortValue' | 'tieBreaker'>;

/** The filter fields of page-search v4 and scroll-search v2 (empty lists and ranges left out). */
export function searchFilterBody(filters: ContractFilters): SearchFilterBody {
  const body: SearchFilterBody = {};
  if (filters.keyword) body.keyword = filters.keyword;
  if (filters.contractTypes.length > 0) body.contractTypes = filters.contractTypes;
  if (filters.statuses.length > 0) body.statuses = filters.statuses;
  if (filters.ownerIds.length > 0) body.ownerIds = filters.ownerIds;
  if (filters.hashtags.length > 0) body.hashtags = filters.hashtags;
  for (const range of DATE_RANGES) {
    const { start, end } = filters.dates[range];
    if (start || end) body[range] = { ...(start ? { start } : {}), ...(end ? { end } : {}) };
  }
  if (filters.amountMin) body.amountMin = filters.amountMin;
  if (filters.amountMax) body.amountMax = filters.amountMax;
  if (filters.currency) body.currency = filters.currency;
  return body;
}

/** How many filters (besides the keyword, order and view) narrow the list: the badge of the filter button. */
export function countFilters(filters: ContractFilters): number {
  const ranges = DATE_RANGES.filter((range) => filters.dates[range].start || filters.dates[range].end).length;
  const lists = [filters.contractTypes, filters.statuses, filters.ownerIds, filters.hashtags].filter((list) => list.length > 0).length;
  const amount = filters.amountMin || filters.amountMax || filters.currency ? 1 : 0;
  return ranges + lists + amount;
}

/** A saved search (the page-search v4 body and its sort) back into the list's filters. */
export function filtersFromBody(body: ContractSearchFilter, sort: string | string[] | undefined): ContractFilters {
  const filters = emptyFilters();
  const [field = '', direction] = ((Array.isArray(sort) ? sort[0] : sort) ?? '').split(',');
  return {
    ...filters,
    keyword: body.keyword,
    contractTypes: body.contractTypes ?? [],
    statuses: body.statuses ?? [],
    ownerIds: body.ownerIds ?? [],
    hashtags: body.hashtags ?? [],
    dates: Object.fromEntries(DATE_RANGES.map((range) => [range, { start: body[range]?.start, end: body[range]?.end }])) as Record<DateRangeField, DateRange>,
    amountMin: body.amountMin,
    amountMax: body.amountMax,
    currency: body.currency,
    sort: isSortField(field) ? { field, direction: direction?.toLowerCase() === 'asc' ? 'asc' : 'desc' } : DEFAULT_SORT,
  };
}

export type ContractSearchFilter = SearchFilterBody;
