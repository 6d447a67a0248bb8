import { AUTH_LIMITS, OtpVerifyBodySchema } from '@legal/api';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconClock, IconMail } from '../../components/icons';
import { fieldIssues } from '../../lib/forms/field-issues';
import { LoginFailureAlert } from './LoginFailureAlert';
import { formatCountdown, type LoginFailure } from './login-outcome';
import { useNow } from './use-now';
import { type OtpNotice } from './use-sign-in-flow';

export interface OtpStepProps {
  loginId: string;
  /** When the current code was mailed (epoch ms): it lives AUTH_LIMITS.otpLifetimeSeconds. */
  sentAt: number;
  failure: LoginFailure | null;
  notice: OtpNotice;
  isBusy: boolean;
  onVerify: (otp: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** The second sign-in step: the six-digit code mailed to the user, with its remaining life. */
export function OtpStep({ loginId, sentAt, failure, notice, isBusy, onVerify, onResend, onBack }: OtpStepProps) {
  const { t } = useTranslation('auth');
  const now = useNow();
  const [otp, setOtp] = useState('');
  const [isInvalid, setIsInvalid] = useState(false);
  const secondsLeft = Math.max(0, (sentAt + AUTH_LIMITS.otpLifetimeSeconds * 1000 - now) / 1000);
  const resendWait = Math.max(0, Math.ceil((sentAt + AUTH_LIMITS.otpResendIntervalSeconds * 1000 - now) / 1000));
  const isExpired = secondsLeft <= 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issues = fieldIssues(OtpVerifyBodySchema.safeParse({ otp }));
    setIsInvalid(Boolean(issues.otp));
    if (!issues.otp) onVerify(otp.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconMail size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{t('otp.sentTo', { loginId })}</Text>
        </Group>
        {failure ? <LoginFailureAlert failure={failure} /> : null}
        {notice === 'resent' ? (
          <Alert color="green" variant="light" role="status">
            {t('otp.resent')}
          </Alert>
        ) : null}
        {notice === 'resendFailed' ? (
          <Alert color="red" variant="light" role="alert">
            {t('otp.resendFailed')}
          </Alert>
        ) : null}
        <TextInput
          label={t('otp.label')}
          description={t('otp.description', { digits: AUTH_LIMITS.otpDigits })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={AUTH_LIMITS.otpDigits}
          value={otp}
          onChange={(event) => {
            setOtp(event.currentTarget.value.replace(/\D/g, '').slice(0, AUTH_LIMITS.otpDigits));
            setIsInvalid(false);
          }}
          error={isInvalid ? t('validation.otpFormat', { digits: AUTH_LIMITS.otpDigits }) : undefined}
          data-autofocus
          styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
        />
        <Group gap={6} c={isExpired ? 'red' : 'dimmed'}>
          <IconClock size={16} aria-hidden="true" />
          <Text size="sm" role="timer" aria-label={t('otp.timeLeftLabel')} ff="monospace">
            {isExpired ? t('otp.expired') : t('otp.timeLeft', { time: formatCountdown(secondsLeft) })}
          </Text>
        </Group>
        <Button type="submit" fullWidth loading={isBusy} disabled={isExpired}>
          {t('otp.verify')}
        </Button>
        <Group justify="space-between">
          <Button variant="subtle" size="compact-sm" onClick={onBack} disabled={isBusy}>
            {t('otp.back')}
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={onResend} disabled={isBusy || resendWait > 0}>
            {resendWait > 0 ? t('otp.resendIn', { seconds: resendWait }) : t('otp.resend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
