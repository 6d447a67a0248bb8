/**
 * The closed catalogue of error codes (API-CONVENTIONS.md) and their HTTP statuses.
 * Extend, never rename: the web app and integrations match on these strings.
 */
export const ERROR_STATUS = {
  ERROR_VALIDATION: 400,
  ERROR_EXCEEDED_STORAGE_LIMIT: 400,
  ERROR_UNAUTHORIZED: 401,
  ERROR_LOGIN_FAILED: 401,
  ERROR_OTP_INVALID: 401,
  ERROR_OTP_EXPIRED: 401,
  ERROR_FORBIDDEN: 403,
  /** The route belongs to a product the workspace does not have, whatever the caller's permissions. */
  ERROR_PRODUCT_NOT_AVAILABLE: 403,
  /** The workspace theme disables file upload in the business agent (chat attachments). */
  ERROR_FILE_UPLOAD_DISABLED: 403,
  ERROR_NOT_FOUND: 404,
  ERROR_METHOD_NOT_ALLOWED: 405,
  ERROR_REQUEST_TIMEOUT: 408,
  ERROR_CONFLICT: 409,
  /** The document's text is not extracted yet (or could not be): an AI review needs it. `data.extractionStatus`. */
  ERROR_DOCUMENT_TEXT_NOT_READY: 409,
  ERROR_FILE_TOO_LARGE: 413,
  ERROR_PAYLOAD_TOO_LARGE: 413,
  ERROR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERROR_UNSUPPORTED_FILE_TYPE: 415,
  ERROR_INSUFFICIENT_CREDITS: 402,
  /** An Idempotency-Key already used by the caller for a request with another body (`data.contractId` etc.: what the first one made). */
  ERROR_IDEMPOTENCY_KEY_REUSED: 422,
  ERROR_ACCOUNT_LOCKED: 423,
  ERROR_RATE_LIMITED: 429,
  ERROR_INTERNAL: 500,
  ERROR_AI_PROVIDER_NOT_CONFIGURED: 503,
  /** The AI provider refused the configured key (its 401/403). */
  ERROR_AI_PROVIDER_AUTH: 502,
  /** The configured model does not exist at the provider. */
  ERROR_AI_MODEL_NOT_FOUND: 502,
  /** The input is longer than the model's context window. */
  ERROR_AI_CONTEXT_TOO_LONG: 413,
  /** The provider still answered 429 after the retries. */
  ERROR_AI_PROVIDER_RATE_LIMITED: 503,
  /** The provider answered 5xx or could not be reached after the retries (also: the call was cancelled). */
  ERROR_AI_PROVIDER_UNAVAILABLE: 503,
  ERROR_AI_PROVIDER_TIMEOUT: 504,
  /** The model's answer did not parse or did not match the expected schema. */
  ERROR_AI_BAD_OUTPUT: 502,
  /** The outbound client refused the provider's address (private or loopback, not in OUTBOUND_ALLOW_HOSTS). */
  ERROR_AI_PROVIDER_ADDRESS_REFUSED: 502,
  ERROR_SERVICE_UNAVAILABLE: 503,
  /** The law Open API (precedents, administrative rules, local ordinances) failed or did not answer. */
  ERROR_LAW_SOURCE_UNAVAILABLE: 503,
  /** A standard-form template whose markers do not parse (data.problems names each). */
  ERROR_TEMPLATE_INVALID: 400,
  /** PDF output asked for without LibreOffice (soffice) on the server. */
  ERROR_PDF_CONVERTER_UNAVAILABLE: 503,
  /** An e-sign link or signer token that may no longer act (data.reason: EXPIRED, VOIDED, DECLINED, COMPLETED, ALREADY_SIGNED, NOT_YOUR_TURN). */
  ERROR_SIGNING_CLOSED: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
