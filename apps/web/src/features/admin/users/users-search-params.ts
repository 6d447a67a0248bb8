import { USER_LIMITS, USER_SORT_FIELDS, USER_STATUSES, type UserStatus } from '@legal/api';

/**
 * The users list's filters as they live in the address:
 * `?q=홍길동&status=ACTIVE&role=3&role=4&group=7&division=2&title=5&sort=loginId,desc&page=2&user=41`.
 */
export interface UserFilters {
  keyword?: string;
  status?: UserStatus;
  roleIds: number[];
  groupIds: number[];
  divisionId?: number;
  jobTitleIds: number[];
  /** `field,asc|desc` of USER_SORT_FIELDS; none = by display name. */
  sort?: string;
  /** 1-based */
  page: number;
}

const SORT = new RegExp(`^(${USER_SORT_FIELDS.join('|')}),(asc|desc)$`);
const ids = (values: string[]) => values.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
const isStatus = (value: string | null): value is UserStatus => value !== null && (USER_STATUSES as readonly string[]).includes(value);

export function readUserFilters(params: URLSearchParams): UserFilters {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const sort = params.get('sort') ?? '';
  const status = params.get('status');
  return {
    keyword: params.get('q')?.trim().slice(0, USER_LIMITS.keywordMaxLength) || undefined,
    status: isStatus(status) ? status : undefined,
    roleIds: ids(params.getAll('role')),
    groupIds: ids(params.getAll('group')),
    divisionId: ids(params.getAll('division'))[0],
    jobTitleIds: ids(params.getAll('title')),
    sort: SORT.test(sort) ? sort : undefined,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** Only what differs from the defaults is written; other parameters (the open user) are kept. */
export function writeUserFilters(filters: UserFilters, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of ['q', 'status', 'role', 'group', 'division', 'title', 'sort', 'page']) params.delete(key);
  if (filters.keyword) params.set('q', filters.keyword);
  if (filters.status) params.set('status', filters.status);
  for (const id of filters.roleIds) params.append('role', String(id));
  for (const id of filters.groupIds) params.append('group', String(id));
  if (filters.divisionId) params.set('division', String(filters.divisionId));
  for (const id of filters.jobTitleIds) params.append('title', String(id));
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export const hasUserFilters = (f: UserFilters) => Boolean(f.keyword || f.status || f.roleIds.length || f.groupIds.length || f.divisionId || f.jobTitleIds.length);

/** The open user's drawer: `?user=<userId>`. */
export const USER_PARAM = 'user';

export function readOpenUserId(params: URLSearchParams): number | null {
  const [id] = ids(params.getAll(USER_PARAM));
  return id ?? null;
}
