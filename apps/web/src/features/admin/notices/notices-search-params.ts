import { NOTICE_LIMITS, NOTICE_SORT_FIELDS, NOTICE_TYPES, type NoticeType } from '@legal/api';

/**
 * The notice lists' filters as they live in the address:
 * `?q=점검&type=MAINTENANCE&type=EVENT&creator=41&sort=title,asc&unread=1&page=2`.
 */
export interface NoticeFilters {
  keyword?: string;
  noticeTypes: NoticeType[];
  creatorIds: number[];
  /** `field,asc|desc` of NOTICE_SORT_FIELDS; none = newest first. */
  sort?: string;
  isUnreadOnly: boolean;
  /** 1-based */
  page: number;
}

const isNoticeType = (value: string): value is NoticeType => (NOTICE_TYPES as readonly string[]).includes(value);
const SORT = new RegExp(`^(${NOTICE_SORT_FIELDS.join('|')}),(asc|desc)$`);

export function readNoticeFilters(params: URLSearchParams): NoticeFilters {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const sort = params.get('sort') ?? '';
  return {
    keyword: params.get('q')?.trim().slice(0, NOTICE_LIMITS.keywordMaxLength) || undefined,
    noticeTypes: params.getAll('type').filter(isNoticeType),
    creatorIds: params.getAll('creator').map(Number).filter((id) => Number.isSafeInteger(id) && id > 0),
    sort: SORT.test(sort) ? sort : undefined,
    isUnreadOnly: params.get('unread') === '1',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** Only what differs from the defaults is written; other parameters of the address (an open notice) are kept. */
export function writeNoticeFilters(filters: NoticeFilters, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of ['q', 'type', 'creator', 'sort', 'unread', 'page']) params.delete(key);
  if (filters.keyword) params.set('q', filters.keyword);
  for (const type of filters.noticeTypes) params.append('type', type);
  for (const id of filters.creatorIds) params.append('creator', String(id));
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.isUnreadOnly) params.set('unread', '1');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export const hasNoticeFilters = (f: NoticeFilters) => Boolean(f.keyword || f.noticeTypes.length || f.creatorIds.length || f.isUnreadOnly);
