import { AUDIT_LOG_LIMITS, AuditEventTypeSchema, type AuditFilterQuery } from '@legal/api';

/**
 * The audit log's filters as they live in the address:
 * `?type=user.updated&type=session.signed_in&actor=41&subject=52&from=2026-11-01&to=2026-11-21&q=홍길동&sort=createdAt,asc&page=2`.
 * Days are calendar days of the browser's time zone; `to` includes its whole day.
 */
export interface AuditFilters {
  types: string[];
  actorUserId?: number;
  subjectUserId?: number;
  from?: string;
  to?: string;
  keyword?: string;
  /** `createdAt,asc`; none = newest first. */
  sort?: string;
  /** 1-based */
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const id = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    types: params.getAll('type').filter((type) => AuditEventTypeSchema.safeParse(type).success).slice(0, AUDIT_LOG_LIMITS.maxTypes),
    actorUserId: id(params.get('actor')),
    subjectUserId: id(params.get('subject')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    keyword: params.get('q')?.trim().slice(0, AUDIT_LOG_LIMITS.keywordMaxLength) || undefined,
    sort: params.get('sort') === 'createdAt,asc' ? 'createdAt,asc' : undefined,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

export function writeAuditFilters(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const type of filters.types) params.append('type', type);
  if (filters.actorUserId) params.set('actor', String(filters.actorUserId));
  if (filters.subjectUserId) params.set('subject', String(filters.subjectUserId));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.keyword) params.set('q', filters.keyword);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export const hasAuditFilters = (f: AuditFilters) => Boolean(f.types.length || f.actorUserId || f.subjectUserId || f.from || f.to || f.keyword);

/** Midnight at the start of a calendar day in the browser's zone, as an instant. */
function startOfDay(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** The browser's IANA time zone (days of the chart and times of the export). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Seoul';
}

/** The wire filters: days become instants, `to` exclusive at the next midnight. */
export function auditQueryOf(filters: AuditFilters): AuditFilterQuery {
  return {
    types: filters.types.length ? filters.types : undefined,
    actorUserId: filters.actorUserId,
    subjectUserId: filters.subjectUserId,
    from: filters.from ? startOfDay(filters.from) : undefined,
    to: filters.to ? startOfDay(filters.to, 1) : undefined,
    keyword: filters.keyword,
  };
}
