import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { AUTH_LIMITS, passwordLength } from '@legal/api';
import { guessabilityProblems, type PasswordContext } from './password-strength';

/**
 * argon2id with m = 19 MiB, t = 2, p = 1 (the OWASP baseline). Measured on the 2-core dev
 * machine: one verify ~13-15 ms (p95 15 ms), so a login answers well within its 150 ms p95
 * budget even with a few sign-ins in parallel; m = 64 MiB took ~60-70 ms per verify and
 * several hundred under concurrency.
 */
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm /* Argon2id (a const enum: not importable here) */, memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check when there is no account (or no password), so the
 * answer time does not tell whether a login id exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * Why a new password is refused (empty = accepted): its length in code points, then how guessable
 * it is (password-strength.ts: common passwords, the product name, the login id and the user's
 * names, the zxcvbn score). Every path that sets a password calls this.
 */
export async function passwordProblems(password: string, context: PasswordContext = {}): Promise<string[]> {
  const length = passwordLength(password);
  if (length < AUTH_LIMITS.passwordMinLength) return [`at least ${AUTH_LIMITS.passwordMinLength} characters`];
  if (length > AUTH_LIMITS.passwordMaxLength) return [`at most ${AUTH_LIMITS.passwordMaxLength} characters`];
  return guessabilityProblems(password, context);
}
