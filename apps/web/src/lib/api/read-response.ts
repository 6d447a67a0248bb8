import { ApiError, defaultCodeForStatus, type ApiErrorCode } from './api-error';
import { type ApiMessageKey } from './api-types';
import { classifyFailure, readErrorEnvelope, type FailureKind } from './error-policy';

type Translate = (key: ApiMessageKey) => string;

/** A read answer: the success `data` (with the envelope's message, if any), or the failure. */
export type Outcome = { ok: true; value: unknown; message: string | null } | { ok: false; error: ApiError };

/** The localized text of a failure whose answer carried no message. */
export function failureMessage(kind: FailureKind, t: Translate): string {
  switch (kind) {
    case 'unauthorized': return t('errors.unauthorized');
    case 'forbidden': return t('errors.forbidden');
    case 'storageLimit': return t('errors.storageMessage');
    case 'cancelled': return t('errors.aborted');
    default: return t('errors.generic');
  }
}

/**
 * Reads an answer: SUCCESS envelopes give their data (a blank or missing message reads as none),
 * anything else becomes an ApiError with the server's code, message and data (also read out of
 * a binary body).
 */
export async function readResponse(response: Response, path: string, responseType: 'json' | 'blob', t: Translate): Promise<Outcome> {
  const { status } = response;
  if (response.ok) {
    if (responseType === 'blob') return { ok: true, value: await response.blob(), message: null };
    const text = await response.text();
    if (text.trim() === '') return { ok: true, value: undefined, message: null };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, error: new ApiError({ status, code: 'ERROR_INVALID_RESPONSE', message: t('errors.generic'), path }) };
    }
    if (parsed && typeof parsed === 'object' && (parsed as { code?: unknown }).code === 'SUCCESS') {
      const { data, message } = parsed as { data?: unknown; message?: unknown };
      return { ok: true, value: data, message: typeof message === 'string' && message.trim() !== '' ? message : null };
    }
    // A 2xx without SUCCESS is a failure: SUCCESS is the only success code.
    const envelope = await readErrorEnvelope(parsed);
    const code: ApiErrorCode = envelope.code ?? 'ERROR_INVALID_RESPONSE';
    return {
      ok: false,
      error: new ApiError({
        status, code, path, data: envelope.data, serverErrorId: envelope.errorId,
        message: envelope.message ?? failureMessage(classifyFailure(status, code, path), t),
      }),
    };
  }
  const body = responseType === 'blob' ? await response.blob() : await response.text();
  const envelope = await readErrorEnvelope(body);
  const code = envelope.code ?? defaultCodeForStatus(status);
  return {
    ok: false,
    error: new ApiError({
      status, code, path, data: envelope.data, serverErrorId: envelope.errorId,
      message: envelope.message ?? failureMessage(classifyFailure(status, code, path), t),
    }),
  };
}
