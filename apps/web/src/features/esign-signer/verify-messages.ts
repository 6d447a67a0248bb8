import { type TFunction } from 'i18next';
import { type SignerFailure } from './signer-errors';

/** The line to show under a verification form for a failure (closed and unauthorized are handled by the page). */
export function verifyFailureText(failure: SignerFailure, t: TFunction<'esignSigner'>): string {
  switch (failure.kind) {
    case 'wrongCode':
      return failure.remainingAttempts === null ? t('verify.wrongCode') : t('verify.wrongCodeLeft', { count: failure.remainingAttempts });
    case 'codeExpired':
      return t('verify.codeExpired');
    case 'rateLimited':
      return failure.retryAfterSeconds === null ? t('verify.rateLimited') : t('verify.rateLimitedFor', { seconds: failure.retryAfterSeconds });
    case 'other':
      return failure.message ?? t('loadFailed');
    default:
      return t('loadFailed');
  }
}
