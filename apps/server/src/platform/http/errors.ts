import { type ErrorCode, type Locale } from '@legal/api';

export type LocalizedText = Record<Locale, string>;

/** Default human message for each code, in both locales. */
const MESSAGES: Record<ErrorCode, LocalizedText> = {
  ERROR_VALIDATION: { ko: '입력값을 확인해 주세요.', en: 'Please check the input.' },
  ERROR_EXCEEDED_STORAGE_LIMIT: { ko: '워크스페이스 저장 공간이 부족합니다.', en: 'The workspace storage limit has been reached.' },
  ERROR_UNAUTHORIZED: { ko: '로그인이 필요합니다.', en: 'Please sign in.' },
  ERROR_LOGIN_FAILED: { ko: '아이디 또는 비밀번호가 올바르지 않습니다.', en: 'The ID or password is incorrect.' },
  ERROR_OTP_INVALID: { ko: '인증번호가 올바르지 않습니다.', en: 'The verification code is incorrect.' },
  ERROR_OTP_EXPIRED: { ko: '인증번호가 만료되었습니다.', en: 'The verification code has expired.' },
  ERROR_FORBIDDEN: { ko: '권한이 없습니다.', en: 'You do not have permission.' },
  ERROR_PRODUCT_NOT_AVAILABLE: { ko: '이 워크스페이스에서 사용할 수 없는 서비스입니다.', en: 'This service is not available in this workspace.' },
  ERROR_NOT_FOUND: { ko: '요청한 대상을 찾을 수 없습니다.', en: 'The requested item was not found.' },
  ERROR_METHOD_NOT_ALLOWED: { ko: '허용되지 않는 요청 방식입니다.', en: 'This method is not allowed.' },
  ERROR_REQUEST_TIMEOUT: { ko: '요청을 받는 데 시간이 너무 오래 걸려 연결을 닫았습니다.', en: 'The request took too long to arrive; the connection was closed.' },
  ERROR_CONFLICT: { ko: '현재 상태에서는 처리할 수 없습니다.', en: 'This cannot be done in the current state.' },
  ERROR_FILE_TOO_LARGE: { ko: '파일이 너무 큽니다.', en: 'The file is too large.' },
  ERROR_PAYLOAD_TOO_LARGE: { ko: '요청 본문이 너무 큽니다.', en: 'The request body is too large.' },
  ERROR_UNSUPPORTED_MEDIA_TYPE: { ko: '지원하지 않는 요청 형식입니다.', en: 'This content type is not supported.' },
  ERROR_UNSUPPORTED_FILE_TYPE: { ko: '지원하지 않는 파일 형식입니다.', en: 'This file type is not supported.' },
  ERROR_INSUFFICIENT_CREDITS: { ko: '크레딧이 부족합니다.', en: 'Not enough credits.' },
  ERROR_IDEMPOTENCY_KEY_REUSED: {
    ko: '같은 요청 키로 다른 내용이 이미 처리되었습니다. 처음 요청의 결과를 확인해 주세요.',
    en: 'This request key was already used for a request with different content. Check what the first request made.',
  },
  ERROR_ACCOUNT_LOCKED: { ko: '계정이 잠겼습니다. 잠시 후 다시 시도해 주세요.', en: 'The account is locked. Please try again later.' },
  ERROR_RATE_LIMITED: { ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.', en: 'Too many requests. Please try again shortly.' },
  ERROR_INTERNAL: { ko: '일시적인 오류가 발생했습니다.', en: 'Something went wrong on our side.' },
  ERROR_AI_PROVIDER_NOT_CONFIGURED: { ko: 'AI 모델이 설정되지 않았습니다.', en: 'No AI model is configured for this feature.' },
  ERROR_SERVICE_UNAVAILABLE: { ko: '서비스를 일시적으로 사용할 수 없습니다.', en: 'The service is temporarily unavailable.' },
};

export function defaultMessage(code: ErrorCode, locale: Locale): string {
  return MESSAGES[code][locale];
}

/**
 * The one error type of the server. Throw it from anywhere; the error handler turns it into
 * `{code, message, data}` with the HTTP status of the code.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: Record<string, unknown> | undefined;
  readonly text: LocalizedText | undefined;

  constructor(code: ErrorCode, options: { message?: LocalizedText; data?: Record<string, unknown>; cause?: unknown } = {}) {
    super(options.message?.en ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.data = options.data;
    this.text = options.message;
  }

  messageFor(locale: Locale): string {
    return this.text?.[locale] ?? defaultMessage(this.code, locale);
  }
}

export const notFound = () => new AppError('ERROR_NOT_FOUND');
export const forbidden = () => new AppError('ERROR_FORBIDDEN');
export const unauthorized = () => new AppError('ERROR_UNAUTHORIZED');
export const conflict = (message?: LocalizedText, data?: Record<string, unknown>) =>
  new AppError('ERROR_CONFLICT', { message, data });
export const validationError = (fieldErrors: Array<{ field: string; reason: string }>) =>
  new AppError('ERROR_VALIDATION', { data: { fieldErrors } });
