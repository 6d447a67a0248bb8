import { validationError } from '../http/errors';

export interface SortOrder<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

export interface ParseSortOptions<F extends string> {
  /** The order of a list asked without `sort`; none: an empty list (the caller's own default order). */
  fallback?: SortOrder<F>;
  /** The direction of a bare `field` (no `,asc|desc`). */
  defaultDirection?: 'asc' | 'desc';
}

/**
 * The `sort=field,asc|desc` query (repeatable) read against a whitelist of fields: an unknown
 * field is a 400 on `query.sort`. A direction other than asc/desc counts as the default one.
 */
export function parseSort<F extends string>(
  sort: string | readonly string[] | undefined,
  fields: readonly F[],
  { fallback, defaultDirection = 'asc' }: ParseSortOptions<F> = {},
): Array<SortOrder<F>> {
  const values = typeof sort === 'string' ? [sort] : (sort ?? []);
  const orders = values.map((value) => {
    const [field = '', direction = ''] = value.split(',');
    if (!(fields as readonly string[]).includes(field)) throw validationError([{ field: 'query.sort', reason: `sort by ${fields.join(', ')}` }]);
    const lower = direction.toLowerCase();
    return { field: field as F, direction: lower === 'asc' || lower === 'desc' ? lower : defaultDirection };
  });
  return orders.length > 0 || !fallback ? orders : [fallback];
}

/** A LIKE/ILIKE pattern matching `keyword` anywhere, its own `%`, `_` and `\` taken literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
