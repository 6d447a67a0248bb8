import { isApiError } from '../../lib/api';

/** What a 402 ERROR_INSUFFICIENT_CREDITS tells: the balance (from the error, else the estimate) and what the run needs. */
export function creditShortage(error: unknown, fallback?: { balance: number; credits: number }): { balance: number | null; required: number | null } | null {
  if (!isApiError(error) || error.code !== 'ERROR_INSUFFICIENT_CREDITS') return null;
  const data = (error.data ?? {}) as { balance?: unknown; required?: unknown; credits?: unknown };
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    balance: num(data.balance) ?? fallback?.balance ?? null,
    required: num(data.required) ?? num(data.credits) ?? fallback?.credits ?? null,
  };
}

/** A feature that needs a configured model: the server's message says how to configure one. */
export const isProviderMissing = (error: unknown) => isApiError(error) && error.code === 'ERROR_AI_PROVIDER_NOT_CONFIGURED';
