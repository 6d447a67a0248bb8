import type { Locale } from '@legal/api';
import { aiErrorToDomain, aiFailureCode } from '../../platform/ai/ai-errors';
import { type AiFailure, AiProviderError } from '../../platform/ai/provider';
import { defaultMessage } from '../../platform/http/errors';

/** What a failure means for the user or operator (the message of the code it is answered with). */
export function aiFailureMessage(failure: AiFailure, locale: Locale): string {
  return defaultMessage(aiFailureCode(failure), locale);
}

/**
 * The HTTP answer for a provider failure: the platform's mapping (docs/ai-providers.md: 503
 * ERROR_AI_PROVIDER_NOT_CONFIGURED saying how to configure a model, 502 ERROR_AI_PROVIDER_AUTH,
 * 413 ERROR_AI_CONTEXT_TOO_LONG...). Other errors pass through unchanged.
 */
export function aiErrorToAppError(err: unknown): unknown {
  return err instanceof AiProviderError ? aiErrorToDomain(err) : err;
}
