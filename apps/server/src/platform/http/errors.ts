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
  ERROR_FILE_UPLOAD_DISABLED: { ko: '이 워크스페이스에서는 파일을 올릴 수 없도록 설정되어 있습니다.', en: 'File upload is turned off in this workspace.' },
  ERROR_NOT_FOUND: { ko: '요청한 대상을 찾을 수 없습니다.', en: 'The requested item was not found.' },
  ERROR_METHOD_NOT_ALLOWED: { ko: '허용되지 않는 요청 방식입니다.', en: 'This method is not allowed.' },
  ERROR_REQUEST_TIMEOUT: { ko: '요청을 받는 데 시간이 너무 오래 걸려 연결을 닫았습니다.', en: 'The request took too long to arrive; the connection was closed.' },
  ERROR_CONFLICT: { ko: '현재 상태에서는 처리할 수 없습니다.', en: 'This cannot be done in the current state.' },
  ERROR_DOCUMENT_TEXT_NOT_READY: {
    ko: '문서의 텍스트를 아직 읽지 못했습니다. 텍스트 추출이 끝난 뒤 다시 시도해 주세요.',
    en: 'The document\'s text has not been extracted yet. Try again once the extraction has finished.',
  },
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
  ERROR_AI_PROVIDER_NOT_CONFIGURED: {
    ko: '이 기능에 사용할 AI 모델이 설정되지 않았습니다. 운영자가 AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_CHAT_MODEL 환경 변수로, 또는 슈퍼 관리자가 워크스페이스 AI 설정에서 모델을 지정해 주세요.',
    en: 'No AI model is configured for this feature. An operator sets one with AI_PROVIDER, AI_BASE_URL, AI_API_KEY and AI_CHAT_MODEL, or a super admin in the workspace\'s AI settings.',
  },
  ERROR_AI_PROVIDER_AUTH: {
    ko: 'AI 제공자가 설정된 API 키를 거부했습니다. 관리자에게 AI API 키 확인을 요청해 주세요.',
    en: 'The AI provider refused the configured API key. Ask an administrator to check the AI API key.',
  },
  ERROR_AI_MODEL_NOT_FOUND: {
    ko: '설정된 AI 모델을 제공자에서 찾을 수 없습니다. 관리자에게 모델 이름 확인을 요청해 주세요.',
    en: 'The AI provider does not know the configured model. Ask an administrator to check the model name.',
  },
  ERROR_AI_CONTEXT_TOO_LONG: {
    ko: '입력이 AI 모델이 한 번에 처리할 수 있는 길이를 넘습니다. 범위를 줄이거나 더 긴 입력을 받는 모델을 설정해 주세요.',
    en: 'The input is longer than the AI model can take at once. Shorten it, or configure a model with a larger context window.',
  },
  ERROR_AI_PROVIDER_RATE_LIMITED: {
    ko: 'AI 제공자의 요청 한도에 도달했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The AI provider\'s rate limit was reached. Please try again in a moment.',
  },
  ERROR_AI_PROVIDER_UNAVAILABLE: {
    ko: 'AI 제공자에 연결할 수 없거나 응답하지 않습니다. 잠시 후 다시 시도하고, 계속되면 관리자에게 알려 주세요.',
    en: 'The AI provider cannot be reached or is failing. Try again shortly; if it persists, tell an administrator.',
  },
  ERROR_AI_PROVIDER_TIMEOUT: {
    ko: 'AI 제공자의 응답이 너무 늦어 중단했습니다. 다시 시도하거나 관리자에게 AI_TIMEOUT_MS 조정을 요청해 주세요.',
    en: 'The AI provider took too long to answer. Try again, or ask an administrator to raise AI_TIMEOUT_MS.',
  },
  ERROR_AI_BAD_OUTPUT: {
    ko: 'AI 모델의 응답을 해석할 수 없었습니다. 다시 시도하고, 계속되면 다른 모델을 설정해 주세요.',
    en: 'The AI model\'s answer could not be read. Try again; if it persists, configure another model.',
  },
  ERROR_AI_PROVIDER_ADDRESS_REFUSED: {
    ko: 'AI 제공자의 주소가 허용되지 않는 내부 주소입니다. 운영자가 OUTBOUND_ALLOW_HOSTS에 그 호스트를 추가해야 합니다.',
    en: 'The AI provider\'s address is an internal one the server may not call. An operator must add its host to OUTBOUND_ALLOW_HOSTS.',
  },
  ERROR_SERVICE_UNAVAILABLE: { ko: '서비스를 일시적으로 사용할 수 없습니다.', en: 'The service is temporarily unavailable.' },
  ERROR_LAW_SOURCE_UNAVAILABLE: {
    ko: '국가법령정보 Open API에 연결할 수 없거나 올바르게 응답하지 않습니다. 잠시 후 다시 시도하고, 계속되면 관리자에게 알려 주세요.',
    en: 'The law Open API cannot be reached or did not answer properly. Try again shortly; if it persists, tell an administrator.',
  },
  ERROR_TEMPLATE_INVALID: {
    ko: '서식 파일의 변수 표시({{이름}})를 읽을 수 없습니다. 표시된 위치를 고친 뒤 다시 올려 주세요.',
    en: 'The template\'s variable markers ({{name}}) could not be read. Fix the places named and upload it again.',
  },
  ERROR_PDF_CONVERTER_UNAVAILABLE: {
    ko: '이 서버에는 PDF 변환기(LibreOffice)가 설치되어 있지 않습니다. DOCX로 받거나 관리자에게 알려 주세요.',
    en: 'This server has no PDF converter (LibreOffice). Download the DOCX instead, or tell an administrator.',
  },
  ERROR_SIGNING_CLOSED: {
    ko: '이 서명 요청은 더 이상 진행할 수 없습니다.',
    en: 'This signing request can no longer be acted on.',
  },
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
