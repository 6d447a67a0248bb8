import type { ProductType } from './permissions';

// No zod here: the sign-in and account rules shared by the schemas (auth-schemas.ts), the server
// and the web forms. auth.ts and this module are on the web app's first screen.

/** Lockout and password rules, shared with the sign-in and password screens. */
export const AUTH_LIMITS = {
  maxLoginFailures: 5,
  lockMinutes: 30,
  /** The sign-in form's bounds: login id (after trimming) and password, in characters (code points, as zod counts). */
  loginIdMaxLength: 320,
  loginPasswordMaxLength: 1024,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  passwordWarnDays: 14,
  passwordPostponeDays: 90,
  otpDigits: 6,
  otpLifetimeSeconds: 300,
  otpMaxAttempts: 5,
  otpResendIntervalSeconds: 30,
  otpMaxResends: 5,
  /** Codes (new challenges and resends together) one account may be mailed per hour. */
  otpCodesPerHour: 10,
  accessTokenSeconds: 15 * 60,
  /**
   * A rotated refresh token presented again within this many seconds is a reply the browser lost
   * (a refresh cut off by navigation, two tabs refreshing at once), not a copy: it is rotated again
   * instead of ending the session. Past it, reuse revokes the session.
   */
  refreshReuseGraceSeconds: 20,
  sessionAbsoluteSeconds: 14 * 24 * 3600,
  sessionIdleSeconds: 2 * 3600,
} as const;

/** Counts the characters of a password as code points (Hangul and spaces allowed, no truncation). */
export function passwordLength(password: string): number {
  return [...password].length;
}

export const PRODUCT_TYPES = ['AI_REVIEW', 'AI_STUDIO', 'CLM', 'E_CONTRACT', 'LITIGATION', 'SEAL'] as const satisfies readonly ProductType[];
