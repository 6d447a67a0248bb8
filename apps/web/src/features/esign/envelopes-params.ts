import { ENVELOPE_STATUSES, type EnvelopeStatus } from '@legal/api';
import { ENVELOPES_PAGE_SIZE, type EnvelopesQuery } from './esign-queries';

/** The list's filters as they live in the address: `?q=용역&status=IN_PROGRESS&status=EXPIRED&page=2`. */
export interface EnvelopeFilters {
  keyword: string;
  statuses: EnvelopeStatus[];
  page: number;
}

const isStatus = (value: string): value is EnvelopeStatus => (ENVELOPE_STATUSES as readonly string[]).includes(value);

export function readEnvelopeFilters(params: URLSearchParams): EnvelopeFilters {
  const page = Number(params.get('page') ?? '0');
  return {
    keyword: (params.get('q') ?? '').trim().slice(0, 200),
    statuses: [...new Set(params.getAll('status').filter(isStatus))],
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

export function writeEnvelopeFilters(filters: EnvelopeFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  for (const status of filters.statuses) params.append('status', status);
  if (filters.page > 0) params.set('page', String(filters.page));
  return params;
}

export function envelopesQuery(filters: EnvelopeFilters): EnvelopesQuery {
  return {
    page: filters.page,
    size: ENVELOPES_PAGE_SIZE,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.statuses.length ? { statuses: filters.statuses } : {}),
  };
}
