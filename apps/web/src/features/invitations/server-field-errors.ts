import { isApiError } from '../../lib/api';

/**
 * The body fields a 400 ERROR_VALIDATION answer named (`body.groupId` -> `groupId`), so a form
 * can mark them with its own localized text (the server's reasons are for developers).
 */
export function serverFieldErrors(error: unknown): Set<string> {
  if (!isApiError(error) || error.code !== 'ERROR_VALIDATION') return new Set();
  const fieldErrors = (error.data as { fieldErrors?: Array<{ field: string }> } | null)?.fieldErrors ?? [];
  return new Set(fieldErrors.map((f) => f.field.replace(/^body\./, '').split('.')[0] ?? ''));
}

/** `data.reason` of an error answer (409 reasons, 401/403 sign-in reasons). */
export function errorReason(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const reason = (error.data as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}
