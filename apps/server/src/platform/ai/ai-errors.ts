import type { ErrorCode } from '@legal/api';
import { AppError } from '../http/errors';
import type { AiFailure, AiProviderError } from './provider';

const CODES: Record<AiFailure, ErrorCode> = {
  NOT_CONFIGURED: 'ERROR_AI_PROVIDER_NOT_CONFIGURED',
  AUTH: 'ERROR_AI_PROVIDER_AUTH',
  UNKNOWN_MODEL: 'ERROR_AI_MODEL_NOT_FOUND',
  CONTEXT_TOO_LONG: 'ERROR_AI_CONTEXT_TOO_LONG',
  RATE_LIMITED: 'ERROR_AI_PROVIDER_RATE_LIMITED',
  UNAVAILABLE: 'ERROR_AI_PROVIDER_UNAVAILABLE',
  TIMEOUT: 'ERROR_AI_PROVIDER_TIMEOUT',
  // The user left or the job was cancelled: rarely seen by anyone; answered as unavailable, data.failure says why.
  CANCELLED: 'ERROR_AI_PROVIDER_UNAVAILABLE',
  BAD_OUTPUT: 'ERROR_AI_BAD_OUTPUT',
  REFUSED_ADDRESS: 'ERROR_AI_PROVIDER_ADDRESS_REFUSED',
};

/** The error code a provider failure is answered with (its ko/en message is the code's, platform/http/errors.ts). */
export function aiFailureCode(failure: AiFailure): ErrorCode {
  return CODES[failure];
}

/**
 * A provider failure as the domain error the HTTP layer answers, with the code's ko/en message
 * (what the user or operator can do) and `data.failure`, `data.driver`, `data.model`. The provider's
 * own wording stays in `cause` for the logs (it has passed key redaction), never in the answer.
 */
export function aiErrorToDomain(error: AiProviderError): AppError {
  return new AppError(CODES[error.failure], {
    data: { failure: error.failure, driver: error.details.driver ?? null, model: error.details.model ?? null },
    cause: error,
  });
}
