import { CONTRACT_TYPES, type ContractType, PROCESS_STATUSES, type ProcessStatus } from '@legal/api';
import { MY_REQUESTS_PAGE_SIZE, type MyRequestsQuery } from './workflow-queries';

/**
 * The my-requests filters as they live in the address, e.g.
 * `?q=용역&status=IN_REVIEW&status=RETURNED&type=SERVICE&from=2026-01-01&to=2026-06-30&groups=1&page=2`.
 */
export interface MyRequestsFilters {
  keyword: string;
  statuses: ProcessStatus[];
  contractTypes: ContractType[];
  from: string;
  to: string;
  isGroups: boolean;
  page: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[]) => (value: string): value is T => (values as readonly string[]).includes(value);

export function readMyRequestsFilters(params: URLSearchParams): MyRequestsFilters {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  const page = Number(params.get('page') ?? '0');
  return {
    keyword: (params.get('q') ?? '').trim(),
    statuses: [...new Set(params.getAll('status').filter(oneOf(PROCESS_STATUSES)))],
    contractTypes: [...new Set(params.getAll('type').filter(oneOf(CONTRACT_TYPES)))],
    from: date('from'),
    to: date('to'),
    isGroups: params.get('groups') === '1',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

export function writeMyRequestsFilters(filters: MyRequestsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  for (const status of filters.statuses) params.append('status', status);
  for (const type of filters.contractTypes) params.append('type', type);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.isGroups) params.set('groups', '1');
  if (filters.page > 0) params.set('page', String(filters.page));
  return params;
}

/** The list call's query (30 a page, newest first); without page and size for the Excel download. */
export function myRequestsQuery(filters: MyRequestsFilters, { isPaged = true } = {}): MyRequestsQuery {
  return {
    ...(isPaged ? { page: filters.page, size: MY_REQUESTS_PAGE_SIZE } : {}),
    ...(filters.keyword ? { searchKeyword: filters.keyword } : {}),
    ...(filters.statuses.length ? { progressStatus: filters.statuses } : {}),
    ...(filters.contractTypes.length ? { contractTypes: filters.contractTypes } : {}),
    ...(filters.from ? { createdDateStart: filters.from } : {}),
    ...(filters.to ? { createdDateEnd: filters.to } : {}),
    sortField: 'createdAt',
    sortDirection: 'DESC',
  };
}
