import { type ApiErrorCode } from './api-error';

/**
 * Pure rules of spec section 8: which failure gets which treatment.
 * Paths are concrete request paths (`/api/...`, without host or query).
 */
export const AUTH_PATHS = {
  refresh: ['/api/auth/refresh/v1', '/api/auth/refresh/v2'],
  refreshAfter: '/api/auth/refresh-after/v1',
  logout: '/api/auth/logout/v1',
} as const;

/** Login and one-time-code verification (normal and super-admin): their 401 is an answer, not a lost session. */
const LOGIN_VERIFICATION_PATH = /^\/api\/auth\/(super-admin\/)?login(\/|$)/;
const LOGIN_VERIFICATION_CODES: readonly ApiErrorCode[] = ['ERROR_LOGIN_FAILED', 'ERROR_OTP_INVALID', 'ERROR_OTP_EXPIRED'];

export function isLoginVerification(path: string, code: ApiErrorCode): boolean {
  return LOGIN_VERIFICATION_PATH.test(path) || LOGIN_VERIFICATION_CODES.includes(code);
}

export function isTokenRefreshPath(path: string): boolean {
  return (AUTH_PATHS.refresh as readonly string[]).includes(path);
}

/** After a lost session on these calls the sign-out-or-refresh routine must not run again. */
export function skipsUnauthorizedRoutine(path: string): boolean {
  return path === AUTH_PATHS.refreshAfter || path === AUTH_PATHS.logout;
}

export type FailureKind = 'unauthorized' | 'forbidden' | 'storageLimit' | 'cancelled' | 'other';

export function classifyFailure(status: number, code: ApiErrorCode, path: string): FailureKind {
  if (code === 'ERROR_ABORTED') return 'cancelled';
  if (status === 401 && !isLoginVerification(path, code)) return 'unauthorized';
  if (status === 403 && isTokenRefreshPath(path)) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 400 && code === 'ERROR_EXCEEDED_STORAGE_LIMIT') return 'storageLimit';
  return 'other';
}

/** 401 and 403 are never reported, nor are cancellations. */
export function isReportable(status: number, code: ApiErrorCode): boolean {
  return status !== 401 && status !== 403 && code !== 'ERROR_ABORTED';
}

export interface ErrorEnvelopeFields {
  code?: string;
  message?: string;
  data?: unknown;
  errorId?: string;
}

function fieldsOf(value: unknown): ErrorEnvelopeFields {
  if (!value || typeof value !== 'object') return {};
  const record = value as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  return {
    code: text(record.code),
    message: text(record.message),
    data: record.data ?? undefined,
    errorId: text(record.errorId),
  };
}

function parseJsonText(text: string): ErrorEnvelopeFields {
  try {
    return fieldsOf(JSON.parse(text));
  } catch {
    return {};
  }
}

/**
 * Reads `{code, message, data, errorId}` out of an error body, whatever form it arrived in:
 * parsed JSON, text, bytes, or a Blob (a call that asked for a file gets its error as bytes).
 */
export async function readErrorEnvelope(body: unknown): Promise<ErrorEnvelopeFields> {
  if (body === null || body === undefined) return {};
  if (typeof body === 'string') return parseJsonText(body);
  if (isBlobLike(body)) return parseJsonText(await readBlobText(body));
  if (isArrayBufferLike(body) || ArrayBuffer.isView(body)) return parseJsonText(new TextDecoder().decode(body));
  return fieldsOf(body);
}

/** Duck-typed so a Blob or buffer from another realm (a test DOM, an iframe) still counts. */
function isBlobLike(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).size === 'number' &&
    typeof (value as Blob).type === 'string' &&
    typeof (value as Blob).slice === 'function'
  );
}

function isArrayBufferLike(value: unknown): value is ArrayBuffer {
  return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

async function readBlobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  if (typeof blob.arrayBuffer === 'function') return new TextDecoder().decode(await blob.arrayBuffer());
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => resolve('');
    reader.readAsText(blob);
  });
}
