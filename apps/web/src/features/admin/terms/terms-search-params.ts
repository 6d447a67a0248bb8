import { TERM_LIMITS, TERM_TYPES, type TermType } from '@legal/api';

/**
 * The admin page's state in the address: the tab, then that tab's filters.
 * Terms: `?q=개인정보&type=PRIVACY_POLICY&active=1&sort=title,asc&page=2`.
 * Consent history: `?tab=consents&term=3&user=41&answer=refused&sort=createdAt,asc&page=2`.
 */
export type TermsTab = 'terms' | 'consents';

export interface TermFilters {
  keyword?: string;
  termTypes: TermType[];
  isActive?: boolean;
  sort?: string;
  /** 1-based */
  page: number;
}

export interface ConsentFilters {
  termId?: number;
  userId?: number;
  isAgreed?: boolean;
  sort?: string;
  /** 1-based */
  page: number;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const sortOf = (value: string | null, fields: readonly string[]) => {
  const [field, direction] = (value ?? '').split(',');
  return field && fields.includes(field) && (direction === 'asc' || direction === 'desc') ? `${field},${direction}` : undefined;
};

export const readTab = (params: URLSearchParams): TermsTab => (params.get('tab') === 'consents' ? 'consents' : 'terms');

export function readTermFilters(params: URLSearchParams): TermFilters {
  const active = params.get('active');
  return {
    keyword: params.get('q')?.trim().slice(0, TERM_LIMITS.keywordMaxLength) || undefined,
    termTypes: params.getAll('type').filter((v): v is TermType => (TERM_TYPES as readonly string[]).includes(v)),
    isActive: active === '1' ? true : active === '0' ? false : undefined,
    sort: sortOf(params.get('sort'), ['createdAt', 'title']),
    page: positive(params.get('page')) ?? 1,
  };
}

export function writeTermFilters(f: TermFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.keyword) params.set('q', f.keyword);
  for (const type of f.termTypes) params.append('type', type);
  if (f.isActive !== undefined) params.set('active', f.isActive ? '1' : '0');
  if (f.sort) params.set('sort', f.sort);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}

export function readConsentFilters(params: URLSearchParams): ConsentFilters {
  const answer = params.get('answer');
  return {
    termId: positive(params.get('term')),
    userId: positive(params.get('user')),
    isAgreed: answer === 'agreed' ? true : answer === 'refused' ? false : undefined,
    sort: sortOf(params.get('sort'), ['createdAt']),
    page: positive(params.get('page')) ?? 1,
  };
}

export function writeConsentFilters(f: ConsentFilters): URLSearchParams {
  const params = new URLSearchParams({ tab: 'consents' });
  if (f.termId) params.set('term', String(f.termId));
  if (f.userId) params.set('user', String(f.userId));
  if (f.isAgreed !== undefined) params.set('answer', f.isAgreed ? 'agreed' : 'refused');
  if (f.sort) params.set('sort', f.sort);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}
