import { validationError } from '../../platform/http/errors';

/**
 * List-query helpers of the contract lists. (The admin module has the same two in
 * modules/admin/sort-query.ts; both belong in platform/db once the lead moves them.)
 */
export interface SortOrder<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** `sort=field,asc|desc` (repeatable) against a whitelist: an unknown field is a 400 on `query.sort`. */
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
