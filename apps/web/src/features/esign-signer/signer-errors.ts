import { LINK_STATES } from '@legal/api';
import { isApiError } from '../../lib/api/api-error';

export type LinkState = (typeof LINK_STATES)[number];
/** The states a signer can no longer act in (ACTIVE is the only one they can). */
export type ClosedState = Exclude<LinkState, 'ACTIVE'>;

/** What a failed signer call means for the page. */
export type SignerFailure =
  | { kind: 'closed'; state: ClosedState }
  | { kind: 'wrongCode'; remainingAttempts: number | null }
  | { kind: 'codeExpired' }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  /** The link's token is unknown, or the signer token ran out: verify again (or ask for a new link). */
  | { kind: 'unauthorized' }
  | { kind: 'other'; message: string | null };

function numberIn(data: unknown, key: string): number | null {
  if (!data || typeof data !== 'object') return null;
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function closedState(data: unknown): ClosedState | null {
  if (!data || typeof data !== 'object') return null;
  const reason = (data as Record<string, unknown>).reason;
  return typeof reason === 'string' && reason !== 'ACTIVE' && (LINK_STATES as readonly string[]).includes(reason) ? (reason as ClosedState) : null;
}

/** Reads a failure of the signer calls (see the `closed` and `codes` notes of packages/api esign.ts). */
export function readSignerFailure(error: unknown): SignerFailure {
  if (!isApiError(error)) return { kind: 'other', message: null };
  switch (error.code) {
    case 'ERROR_SIGNING_CLOSED': {
      const state = closedState(error.data);
      return state ? { kind: 'closed', state } : { kind: 'other', message: error.message };
    }
    case 'ERROR_OTP_INVALID': {
      // The server counts guesses (currentRetryCount of maxRetryCount), as the sign-in code does.
      const current = numberIn(error.data, 'currentRetryCount');
      const max = numberIn(error.data, 'maxRetryCount');
      const remaining = numberIn(error.data, 'remainingAttempts') ?? (current !== null && max !== null ? Math.max(0, max - current) : null);
      return { kind: 'wrongCode', remainingAttempts: remaining };
    }
    case 'ERROR_OTP_EXPIRED':
      return { kind: 'codeExpired' };
    case 'ERROR_RATE_LIMITED':
      return { kind: 'rateLimited', retryAfterSeconds: numberIn(error.data, 'retryAfterSeconds') };
  }
  if (error.status === 429) return { kind: 'rateLimited', retryAfterSeconds: numberIn(error.data, 'retryAfterSeconds') };
  if (error.status === 401) return { kind: 'unauthorized' };
  // The client's own messages (network, timeout) and the server's are written for users.
  return { kind: 'other', message: error.message || null };
}
