import { type ErrorCode } from '@legal/api';

/** Codes the client itself assigns when no server answer could be read. */
export const CLIENT_ERROR_CODES = ['ERROR_TIMEOUT', 'ERROR_NETWORK', 'ERROR_ABORTED', 'ERROR_INVALID_RESPONSE', 'ERROR_UNKNOWN'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** A server code of the shared catalogue, a client code, or a code a newer server added. */
export type ApiErrorCode = ErrorCode | ClientErrorCode | (string & {});

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  data?: unknown;
  errorId?: string;
  serverErrorId?: string;
  path?: string;
}

/**
 * The one error type of every failed call. `status` 0 means no HTTP answer (timeout, network).
 * `errorId` is the id the failure was reported under (the one to show the user), else the
 * server's own `errorId`; `serverErrorId` is always the server's.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly data: unknown;
  errorId: string | undefined;
  readonly serverErrorId: string | undefined;
  readonly path: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
    this.errorId = init.errorId ?? init.serverErrorId;
    this.serverErrorId = init.serverErrorId;
    this.path = init.path;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The code to assume when an error answer carries no readable envelope. */
export function defaultCodeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400: return 'ERROR_VALIDATION';
    case 401: return 'ERROR_UNAUTHORIZED';
    case 403: return 'ERROR_FORBIDDEN';
    case 404: return 'ERROR_NOT_FOUND';
    case 409: return 'ERROR_CONFLICT';
    case 413: return 'ERROR_FILE_TOO_LARGE';
    case 429: return 'ERROR_RATE_LIMITED';
    case 503: return 'ERROR_SERVICE_UNAVAILABLE';
    default: return status >= 500 ? 'ERROR_INTERNAL' : 'ERROR_UNKNOWN';
  }
}
