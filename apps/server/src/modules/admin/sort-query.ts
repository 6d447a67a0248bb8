import { validationError } from '../../platform/http/errors';

export interface SortOrder<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * The `sort=field,asc|desc` query (repeatable) read against a whitelist of fields: an unknown
 * field is a 400 on `query.sort`; no sort answers the list's default order.
 */
export function parseSort<F extends string>(sort: string | string[] | undefined, fields: readonly F[], fallback: SortOrder<F>): Array<SortOrder<F>> {
  const values = Array.isArray(sort) ? sort : sort ? [sort] : [];
  const orders = values.map((value) => {
    const [field = '', direction = 'asc'] = value.split(',');
    if (!(fields as readonly string[]).includes(field)) throw validationError([{ field: 'query.sort', reason: `sort by ${fields.join(', ')}` }]);
    return { field: field as F, direction: direction.toLowerCase() === 'desc' ? ('desc' as const) : ('asc' as const) };
  });
  return orders.length > 0 ? orders : [fallback];
}

/** `a%b_c` typed by a user, matched literally inside ILIKE. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
