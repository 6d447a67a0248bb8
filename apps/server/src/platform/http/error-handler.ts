import { randomUUID } from 'node:crypto';
import { type ErrorCode, type ErrorEnvelope, statusOf } from '@legal/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isTransientConflict, isUniqueViolation, uniqueConstraintOf } from '../db/pg-errors';
import { AppError, defaultMessage } from './errors';
import { parseLocale } from './context';

/** Fastify's own error codes that are the client's fault, and what they mean in our catalogue. */
const FRAMEWORK_CODES: Record<string, { code: ErrorCode; field?: string; reason?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'ERROR_VALIDATION', field: 'body', reason: 'malformed JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'ERROR_VALIDATION', field: 'body', reason: 'empty JSON body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'ERROR_VALIDATION', field: 'header.content-length', reason: 'does not match the body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'ERROR_UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'ERROR_UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'ERROR_PAYLOAD_TOO_LARGE' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'ERROR_VALIDATION', field: 'params', reason: 'path parameter too long' },
  FST_ERR_BAD_URL: { code: 'ERROR_VALIDATION', field: 'url', reason: 'malformed URL' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'ERROR_VALIDATION' },
  FST_REQ_FILE_TOO_LARGE: { code: 'ERROR_FILE_TOO_LARGE' },
  FST_PARTS_LIMIT: { code: 'ERROR_PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { code: 'ERROR_PAYLOAD_TOO_LARGE' },
  FST_FIELDS_LIMIT: { code: 'ERROR_PAYLOAD_TOO_LARGE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'ERROR_UNSUPPORTED_MEDIA_TYPE' },
  FST_PROTO_VIOLATION: { code: 'ERROR_VALIDATION', field: 'body', reason: 'forbidden property __proto__ or constructor' },
};

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'ERROR_VALIDATION',
  401: 'ERROR_UNAUTHORIZED',
  403: 'ERROR_FORBIDDEN',
  404: 'ERROR_NOT_FOUND',
  405: 'ERROR_METHOD_NOT_ALLOWED',
  406: 'ERROR_UNSUPPORTED_MEDIA_TYPE',
  413: 'ERROR_PAYLOAD_TOO_LARGE',
  414: 'ERROR_VALIDATION',
  415: 'ERROR_UNSUPPORTED_MEDIA_TYPE',
  429: 'ERROR_RATE_LIMITED',
};

/** A transaction PostgreSQL rolled back because it collided with another (deadlock, serialization). */
const concurrentChange = () =>
  new AppError('ERROR_CONFLICT', {
    message: { ko: '다른 변경과 동시에 처리되어 반영하지 못했습니다. 아무것도 바뀌지 않았으니 다시 시도해 주세요.', en: 'Another change was being saved at the same moment, so nothing was changed. Please try again.' },
    data: { reason: 'CONCURRENT_CHANGE' },
  });

/**
 * A unique key refused a row that a service did not expect to collide (typically two requests
 * racing past the service's own duplicate check): the row already exists, nothing was written.
 * The constraint's name stays in the log, never in the answer.
 */
const duplicate = () =>
  new AppError('ERROR_CONFLICT', {
    message: { ko: '같은 내용이 이미 있어 저장하지 않았습니다. 목록을 새로 고쳐 확인해 주세요.', en: 'The same entry already exists, so nothing was saved. Please refresh and check.' },
    data: { reason: 'DUPLICATE' },
  });

/** Turns anything thrown into the error envelope. This is the only place errors meet HTTP. */
export function toErrorReply(thrown: unknown, request: FastifyRequest): { status: number; body: ErrorEnvelope; logAsError: boolean } {
  const locale = request.ctx?.locale ?? parseLocale(request.headers['x-locale']);
  const error = isTransientConflict(thrown) ? concurrentChange() : isUniqueViolation(thrown) ? duplicate() : thrown;

  if (error instanceof AppError) {
    const body: ErrorEnvelope = { code: error.code, message: error.messageFor(locale) };
    if (error.data) body.data = error.data;
    return { status: statusOf(error.code), body, logAsError: false };
  }

  const fastifyError = error as Partial<FastifyError> | undefined;
  const known = fastifyError?.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
  if (known) {
    const body: ErrorEnvelope = { code: known.code, message: defaultMessage(known.code, locale) };
    if (known.field) body.data = { fieldErrors: [{ field: known.field, reason: known.reason ?? 'invalid' }] };
    return { status: statusOf(known.code), body, logAsError: false };
  }

  // secure-json-parse rejects __proto__ / constructor.prototype with a plain SyntaxError (status 400).
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'ERROR_VALIDATION';
    return { status: statusOf(code), body: { code, message: defaultMessage(code, locale) }, logAsError: false };
  }

  const errorId = randomUUID();
  return {
    status: 500,
    body: { code: 'ERROR_INTERNAL', message: defaultMessage('ERROR_INTERNAL', locale), errorId },
    logAsError: true,
  };
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body, logAsError } = toErrorReply(error, request);
  if (logAsError) {
    request.log.error({ err: error, errorId: body.errorId }, 'unhandled error');
  } else if (status >= 400) {
    const constraint = isUniqueViolation(error) ? uniqueConstraintOf(error) : undefined;
    if (constraint) {
      // A duplicate that no service checked first: the client gets a 409, but a missing check is
      // worth seeing (a race is expected now and then; the same constraint over and over is a bug).
      request.log.warn({ code: body.code, status, constraint }, 'unique constraint refused the request');
    } else {
      request.log.info({ code: body.code, status }, 'request refused');
    }
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors and unknown routes answer the envelope. `spaFallback`, when given, answers browser
 * navigations that no route matched (the web app's client-side routes).
 */
export function installErrorHandling(
  app: FastifyInstance,
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
) {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) => spaFallback?.(request, reply) ?? sendError(new AppError('ERROR_NOT_FOUND'), request, reply));
}
