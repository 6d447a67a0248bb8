import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ESIGN_LIMITS } from '@legal/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signerApi, type CodeChannel, type CodeSent, type SignerSession } from './signer-api';
import { readSignerFailure, type SignerFailure } from './signer-errors';
import { verifyFailureText } from './verify-messages';

interface Props {
  urlToken: string;
  channel: CodeChannel;
  /** The masked address or number the code goes to. */
  destination: string | null;
  onVerified: (session: SignerSession) => void;
  /** A failure the page handles (the link closed, an unknown link). */
  onPageFailure: (failure: SignerFailure) => void;
}

/** Seconds left until `at`, ticking once a second. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A code by e-mail or by SMS: send, then type the 6 digits. */
export function CodeVerify({ urlToken, channel, destination, onVerified, onPageFailure }: Props) {
  const { t } = useTranslation('esignSigner');
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const resendIn = useSecondsUntil(resendAt);

  const fail = (cause: unknown) => {
    const failure = readSignerFailure(cause);
    if (failure.kind === 'closed' || failure.kind === 'unauthorized') onPageFailure(failure);
    else setError(verifyFailureText(failure, t));
    if (failure.kind === 'rateLimited' && failure.retryAfterSeconds !== null) setResendAt(Date.now() + failure.retryAfterSeconds * 1000);
    if (failure.kind === 'codeExpired') setCode('');
  };

  const send = async () => {
    setBusy('send');
    setError(null);
    try {
      const answer = await signerApi.sendCode(urlToken, channel);
      setSent(answer);
      setCode('');
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
    } catch (cause) {
      fail(cause);
    } finally {
      setBusy(null);
    }
  };

  const verify = async (value: string) => {
    if (!/^\d{6}$/.test(value)) {
      setError(t('verify.codeInvalidFormat'));
      return;
    }
    setBusy('verify');
    setError(null);
    try {
      onVerified(await signerApi.verifyCode(urlToken, channel, value));
    } catch (cause) {
      fail(cause);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {sent
          ? t('verify.sent', { to: sent.sentTo, minutes: ESIGN_LIMITS.codeTtlMinutes })
          : t(`verify.sendTo.${channel}`, { to: destination ?? '' })}
      </Text>
      {sent ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void verify(code);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('verify.codeLabel')}
              value={code}
              onChange={(event) => {
                const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, ESIGN_LIMITS.codeDigits);
                setCode(digits);
                if (digits.length === ESIGN_LIMITS.codeDigits && busy === null) void verify(digits);
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={ESIGN_LIMITS.codeDigits}
              size="md"
              styles={{ input: { letterSpacing: '0.4em', fontFamily: 'var(--mantine-font-family-monospace)' } }}
              error={error !== null}
              autoFocus
            />
            <Button type="submit" loading={busy === 'verify'} disabled={busy !== null}>
              {t('verify.submit')}
            </Button>
          </Stack>
        </form>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button variant={sent ? 'default' : 'filled'} onClick={() => void send()} loading={busy === 'send'} disabled={busy !== null || resendIn > 0}>
          {sent ? t('verify.resend') : t('verify.send')}
        </Button>
        {resendIn > 0 ? (
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('verify.resendIn', { seconds: resendIn })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
