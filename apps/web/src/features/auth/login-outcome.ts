import { type AlertLevel, type LoginData } from '@legal/api';
import { isApiError } from '../../lib/api';

/** The alert level a sign-in answer sets (spec section 4): alertLevel, else passwordAlertLevel. */
export function alertLevelOf(data: Partial<Pick<LoginData, 'alertLevel' | 'passwordAlertLevel'>>): AlertLevel {
  return data.alertLevel ?? data.passwordAlertLevel ?? 'NONE';
}

export function needsAlertDialog(level: string | undefined): level is 'WARN' | 'EXPIRED' {
  return level === 'WARN' || level === 'EXPIRED';
}

/** Why a sign-in step failed, in the terms the screen shows. */
export type LoginFailure =
  | { kind: 'failed'; currentRetryCount: number | null; maxRetryCount: number | null }
  | { kind: 'locked'; lockedUntil: Date | null }
  | { kind: 'otpInvalid'; remainingAttempts: number | null }
  | { kind: 'otpExpired' }
  /** A login answer that carried a message (spec section 5): shown as it is. */
  | { kind: 'message'; message: string }
  | { kind: 'other'; message: string | null; errorId: string | null };

const numberOr = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function dateOr(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function describeLoginFailure(error: unknown): LoginFailure {
  if (!isApiError(error)) return { kind: 'other', message: null, errorId: null };
  const data = (error.data && typeof error.data === 'object' ? error.data : {}) as Record<string, unknown>;
  switch (error.code) {
    case 'ERROR_LOGIN_FAILED':
      return { kind: 'failed', currentRetryCount: numberOr(data.currentRetryCount), maxRetryCount: numberOr(data.maxRetryCount) };
    case 'ERROR_ACCOUNT_LOCKED':
      return { kind: 'locked', lockedUntil: dateOr(data.lockedUntil) };
    case 'ERROR_OTP_INVALID':
      return { kind: 'otpInvalid', remainingAttempts: numberOr(data.remainingAttempts) };
    case 'ERROR_OTP_EXPIRED':
      return { kind: 'otpExpired' };
    default:
      return { kind: 'other', message: error.message || null, errorId: error.errorId ?? null };
  }
}

/** mm:ss of a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
