import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: session, refresh and two-factor tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database holds instead of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newId(): string {
  return randomUUID();
}

/** A one-time code of six digits, uniformly drawn. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a one-time code: bound to its challenge, so a code fits no other sign-in. */
export function hashOtp(challengeId: string, code: string): string {
  return createHash('sha256').update(`${challengeId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
