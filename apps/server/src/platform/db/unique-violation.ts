/**
 * Whether a database error (or one it wraps: Drizzle wraps the driver's) is a PostgreSQL unique
 * violation (23505), on either driver; with `constraint`, only a violation of that constraint.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') return !constraint || candidate.constraint === constraint || String(candidate.message).includes(constraint);
  }
  return false;
}
