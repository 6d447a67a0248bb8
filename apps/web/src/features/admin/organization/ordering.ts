/**
 * Moves the id one place up (`-1`) or down (`+1`) in an ordered list; null when it is already at
 * that end (or absent), so the caller can disable the button and skip the request.
 */
export function shiftId(ids: readonly number[], id: number, delta: -1 | 1): number[] | null {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next[from] = ids[to]!;
  next[to] = id;
  return next;
}
