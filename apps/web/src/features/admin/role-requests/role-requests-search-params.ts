import { ROLE_REQUEST_SORT_FIELDS, ROLE_REQUEST_STATUSES, type RoleRequestStatus } from '@legal/api';

/**
 * The list's filters as they live in the address:
 * `?status=PENDING&status=APPROVED&role=3&approver=7&requester=9&sort=decidedAt,asc&page=2`.
 */
export interface RoleRequestFilters {
  statuses?: RoleRequestStatus[];
  roleId?: number;
  approveUserId?: number;
  requesterId?: number;
  /** `field,direction`; absent = newest first. */
  sort?: string;
  /** 1-based */
  page: number;
}

const isStatus = (value: string): value is RoleRequestStatus => (ROLE_REQUEST_STATUSES as readonly string[]).includes(value);
const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function readRoleRequestFilters(params: URLSearchParams): RoleRequestFilters {
  const statuses = params.getAll('status').filter(isStatus);
  const [field, direction] = params.get('sort')?.split(',') ?? [];
  return {
    statuses: statuses.length > 0 ? statuses : undefined,
    roleId: positive(params.get('role')),
    approveUserId: positive(params.get('approver')),
    requesterId: positive(params.get('requester')),
    sort: field && (ROLE_REQUEST_SORT_FIELDS as readonly string[]).includes(field) && (direction === 'asc' || direction === 'desc') ? `${field},${direction}` : undefined,
    page: positive(params.get('page')) ?? 1,
  };
}

/** Only what differs from the defaults is written, so a plain list has a plain address. */
export function writeRoleRequestFilters(filters: RoleRequestFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const status of filters.statuses ?? []) params.append('status', status);
  if (filters.roleId) params.set('role', String(filters.roleId));
  if (filters.approveUserId) params.set('approver', String(filters.approveUserId));
  if (filters.requesterId) params.set('requester', String(filters.requesterId));
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
