import { INVITATION_SORT_FIELDS, INVITATION_STATUSES, type InvitationStatus } from '@legal/api';

/** The list's filters as they live in the address: `?q=kim&status=PENDING&expired=true&sort=loginId,asc&page=2`. */
export interface InvitationFilters {
  keyword?: string;
  status?: InvitationStatus;
  expired?: 'true' | 'false';
  /** `field,direction`; absent = newest first. */
  sort?: string;
  /** 1-based */
  page: number;
}

const isStatus = (value: string | null): value is InvitationStatus => value !== null && (INVITATION_STATUSES as readonly string[]).includes(value);

export function readInvitationFilters(params: URLSearchParams): InvitationFilters {
  const sort = params.get('sort');
  const [field, direction] = sort?.split(',') ?? [];
  const expired = params.get('expired');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    keyword: params.get('q')?.trim().slice(0, 200) || undefined,
    status: isStatus(params.get('status')) ? (params.get('status') as InvitationStatus) : undefined,
    expired: expired === 'true' || expired === 'false' ? expired : undefined,
    sort: field && (INVITATION_SORT_FIELDS as readonly string[]).includes(field) && (direction === 'asc' || direction === 'desc') ? `${field},${direction}` : undefined,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** Only what differs from the defaults is written, so a plain list has a plain address. */
export function writeInvitationFilters(filters: InvitationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  if (filters.status) params.set('status', filters.status);
  if (filters.expired) params.set('expired', filters.expired);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
