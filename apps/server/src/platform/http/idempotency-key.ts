import { createHash } from 'node:crypto';
import { HEADER, IDEMPOTENCY_KEY_PATTERN } from '@legal/api';
import type { FastifyRequest } from 'fastify';
import { validationError } from './errors';

/** The field name a refused header is reported under (`data.fieldErrors[].field`). */
export const IDEMPOTENCY_KEY_FIELD = `headers.${HEADER.idempotencyKey}`;

/**
 * The request's `Idempotency-Key` (docs/api-conventions.md), or null when it sent none. A key
 * that is not 8-128 of `A-Z a-z 0-9 _ . : -`, or sent twice, is a 400 naming the header.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[HEADER.idempotencyKey];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw validationError([{ field: IDEMPOTENCY_KEY_FIELD, reason: 'must be 8 to 128 characters of A-Z a-z 0-9 _ . : -' }]);
  }
  return value;
}

/** Object keys in a fixed order, so that one body always serialises alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  }
  return value;
}

/** SHA-256 of a validated body in canonical JSON: two requests carry "the same body" when these agree. */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(body) ?? null)).digest('base64url');
}
