import { z } from 'zod';

/**
 * Query helpers of the list routes (admin lists, contracts): each contract file builds its query
 * schemas with them. Not exported from the package index.
 */

/** `a` or `a&a&a` in a query string: always an array once parsed. */
export function repeatableQuery<T extends z.ZodType>(item: T) {
  return z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as Array<z.output<T>>);
}

/** `sort=field,asc|desc` (repeatable) limited to the list's fields: anything else is a 400 on query.sort. */
export function sortQuery(fields: readonly [string, ...string[]]) {
  const one = z.string().regex(new RegExp(`^(${fields.join('|')})(,(asc|desc|ASC|DESC))?$`), `sort by ${fields.join(' or ')}, then asc or desc`);
  return z.union([one, z.array(one)]).optional();
}

/** `true` / `false` in a query string. */
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
