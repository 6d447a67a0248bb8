import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { AUTH_LIMITS, passwordLength } from '@legal/api';

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

/** The most common passwords of public breach lists (lower-cased), plus product-local ones. */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12341234', '11111111', '00000000', '87654321', '88888888', '99999999',
  'password', 'password1', 'password!', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'p@ssword1',
  'qwertyui', 'qwerty12', 'qwerty123', 'qwer1234', 'qwert12345', 'asdf1234', 'asdfasdf', 'zxcvbnm1', '1q2w3e4r', '1q2w3e4r!',
  '1q2w3e4r5t', 'q1w2e3r4', 'qazwsxedc', '1qaz2wsx', 'abcd1234', 'abc12345', 'abcdefgh', 'iloveyou', 'sunshine', 'football',
  'baseball', 'welcome1', 'welcome!', 'admin123', 'admin1234', 'administrator', 'letmein1', 'trustno1', 'superman', 'princess',
  'starwars', 'whatever', 'computer', 'internet', 'changeme', 'test1234', 'testtest', 'korea123', 'love1234', 'dragon12',
  'monkey12', 'master12', 'shadow12', 'michael1', 'jennifer', 'aaaaaaaa', 'a1234567', 'a12345678', 'zaq12wsx', '!qaz2wsx',
  'legalsuite', 'legal123', 'legal1234',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** Why a new password is refused (empty = accepted). Lengths count code points. */
export function passwordProblems(password: string, context: { loginId?: string } = {}): string[] {
  const problems: string[] = [];
  const length = passwordLength(password);
  if (length < AUTH_LIMITS.passwordMinLength) problems.push(`at least ${AUTH_LIMITS.passwordMinLength} characters`);
  if (length > AUTH_LIMITS.passwordMaxLength) problems.push(`at most ${AUTH_LIMITS.passwordMaxLength} characters`);
  if (isCommonPassword(password)) problems.push('too common; choose a less guessable password');
  if (context.loginId && password.trim().toLowerCase() === context.loginId.toLowerCase()) problems.push('must differ from the login id');
  return problems;
}
