import type { ListFilters } from './organization-queries';

/**
 * The list state of the roles and groups tables in the address (`?q=&page=&sort=`), so a
 * reload or a shared link shows the same page. Other parameters (the roles page's tab) stay.
 */
export function readListFilters(params: URLSearchParams): ListFilters {
  const page = Number(params.get('page'));
  const sort = params.get('sort') ?? undefined;
  const keyword = params.get('q')?.trim() || undefined;
  return { page: Number.isInteger(page) && page > 0 ? page : 1, sort: sort && /^[A-Za-z]+,(asc|desc)$/.test(sort) ? sort : undefined, keyword };
}

export function writeListFilters(params: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
  set('q', filters.keyword);
  set('page', filters.page > 1 ? String(filters.page) : undefined);
  set('sort', filters.sort);
  return next;
}
