import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '../../components/icons';
import { useFormatDateTime } from '../../lib/i18n';
import { type LoginFailure } from './login-outcome';

function useFailureText(failure: LoginFailure): { message: string; detail: string | null } {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const formatDateTime = useFormatDateTime();
  switch (failure.kind) {
    case 'failed':
      return {
        message: t('failure.loginFailed'),
        detail:
          failure.currentRetryCount !== null && failure.maxRetryCount !== null
            ? t('failure.attempts', { current: failure.currentRetryCount, max: failure.maxRetryCount })
            : null,
      };
    case 'locked':
      return {
        message: t('failure.locked'),
        detail: failure.lockedUntil ? t('failure.lockedUntil', { time: formatDateTime(failure.lockedUntil) }) : null,
      };
    case 'otpInvalid':
      return {
        message: t('failure.otpInvalid'),
        detail: failure.remainingAttempts !== null ? t('failure.otpRemaining', { count: failure.remainingAttempts }) : null,
      };
    case 'otpExpired':
      return { message: t('failure.otpExpired'), detail: null };
    case 'message':
      return { message: failure.message, detail: null };
    case 'other':
      return { message: failure.message ?? tCommon('errors.generic'), detail: failure.errorId ? t('failure.errorId', { id: failure.errorId }) : null };
  }
}

/** Why the last sign-in step failed, announced to screen readers. */
export function LoginFailureAlert({ failure }: { failure: LoginFailure }) {
  const { t } = useTranslation('auth');
  const { message, detail } = useFailureText(failure);
  return (
    <Alert color="red" variant="light" title={t('failure.title')} icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert">
      <Text size="sm">{message}</Text>
      {detail ? (
        <Text size="sm" fw={600} mt={4} data-testid="login-failure-detail">
          {detail}
        </Text>
      ) : null}
    </Alert>
  );
}
