type DriverError = { code?: unknown; constraint?: unknown; message?: unknown };

/** The first of a database error and the errors it wraps (Drizzle wraps the driver's) that `matches`. */
function findDriverError(err: unknown, matches: (e: DriverError) => boolean): DriverError | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (matches(e as DriverError)) return e as DriverError;
  }
  return undefined;
}

/**
 * Whether a database error is a PostgreSQL unique violation (23505), on either driver; with
 * `constraint`, only a violation of that constraint.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const found = findDriverError(err, (e) => e.code === '23505');
  return found !== undefined && (!constraint || found.constraint === constraint || String(found.message).includes(constraint));
}

/** The constraint a unique violation names (for the log only, never for a client). */
export function uniqueConstraintOf(err: unknown): string | undefined {
  const found = findDriverError(err, (e) => e.code === '23505');
  return typeof found?.constraint === 'string' ? found.constraint : undefined;
}

/**
 * Whether a database error is a transaction that lost to a concurrent one: a deadlock (40P01)
 * or a serialization failure (40001). PostgreSQL rolled it back, so nothing was written, and the
 * same request again will most likely pass.
 */
export function isTransientConflict(err: unknown): boolean {
  return findDriverError(err, (e) => e.code === '40P01' || e.code === '40001') !== undefined;
}
