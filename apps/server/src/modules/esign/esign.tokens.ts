import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ESIGN_LIMITS } from '@legal/api';

/** A link or signer token: 32 random bytes, base64url. */
export function newEsignToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token (SHA-256, hex): lookups go by hash, never by the token. */
export function hashEsignToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 10 ** ESIGN_LIMITS.codeDigits)).padStart(ESIGN_LIMITS.codeDigits, '0');
}

/** A code's stored form, bound to its row so that it fits no other. */
export function hashCode(rowSalt: string, code: string): string {
  return createHash('sha256').update(`${rowSalt}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, Math.min(2, local.length))}${'*'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}

export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');
