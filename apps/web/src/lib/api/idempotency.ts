import { HEADER } from '@legal/api';

/**
 * A fresh Idempotency-Key (docs/api-conventions.md): 128 random bits as 32 hex digits. Made with
 * getRandomValues, which, unlike randomUUID, also exists on a page served over plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const idempotencyHeaders = (key: string) => ({ [HEADER.idempotencyKey]: key });
