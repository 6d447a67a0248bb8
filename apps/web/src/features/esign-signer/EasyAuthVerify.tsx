import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n';
import { IconDeviceMobile } from './esign-signer-icons';
import { signerApi, type EasyAuthRequest, type LinkInfo, type SignerSession } from './signer-api';
import { readSignerFailure, type SignerFailure } from './signer-errors';
import { verifyFailureText } from './verify-messages';

interface Props {
  urlToken: string;
  providers: LinkInfo['easyAuthProviders'];
  onVerified: (session: SignerSession) => void;
  onPageFailure: (failure: SignerFailure) => void;
}

/**
 * Easy-auth: pick a provider, send the request, approve it in the provider's app. The provider
 * tells the server through its callback; the page polls nothing. "I have approved it" asks the
 * server to complete the request (its driver checks the request with the provider), and answers
 * the signer token for this tab; until the approval went through it answers ERROR_OTP_INVALID.
 */
export function EasyAuthVerify({ urlToken, providers, onVerified, onPageFailure }: Props) {
  const { t } = useTranslation('esignSigner');
  const format = useLocaleFormat();
  const [provider, setProvider] = useState<EasyAuthRequest['provider'] | null>(providers[0] ?? null);
  const [request, setRequest] = useState<EasyAuthRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (providers.length === 0) {
    return (
      <Alert color="orange" variant="light">
        {t('verify.easyAuth.unavailable')}
      </Alert>
    );
  }

  const run = async (step: () => Promise<void>, failText?: string) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (cause) {
      const failure = readSignerFailure(cause);
      if (failure.kind === 'closed' || failure.kind === 'unauthorized') onPageFailure(failure);
      else if (failure.kind === 'wrongCode' && failText) setError(failText);
      else if (failure.kind === 'other' && (cause as { code?: string }).code === 'ERROR_SERVICE_UNAVAILABLE') setError(t('verify.easyAuth.unavailable'));
      else setError(verifyFailureText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  if (request) {
    const providerName = t(`verify.easyAuth.providers.${request.provider}`);
    return (
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <IconDeviceMobile size={28} aria-hidden="true" />
          <Title order={2} size="h5">
            {t('verify.easyAuth.waitingTitle', { provider: providerName })}
          </Title>
        </Group>
        <Text size="sm">{t('verify.easyAuth.waitingBody', { provider: providerName, time: format.time(request.expiresAt) })}</Text>
        {request.message ? (
          <Text size="sm" c="dimmed">
            {request.message}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert" w="100%">
            {error}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button
            loading={busy}
            onClick={() => void run(async () => onVerified(await signerApi.completeEasyAuth(urlToken, request.requestId)), t('verify.easyAuth.notApproved'))}
          >
            {t('verify.easyAuth.approved')}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => setRequest(null)}>
            {t('verify.easyAuth.restart')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Radio.Group label={t('verify.easyAuth.providerLabel')} value={provider ?? ''} onChange={(value) => setProvider(value as EasyAuthRequest['provider'])}>
        <Group gap="md" mt={6}>
          {providers.map((p) => (
            <Radio key={p} value={p} label={t(`verify.easyAuth.providers.${p}`)} />
          ))}
        </Group>
      </Radio.Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button
        loading={busy}
        disabled={provider === null}
        onClick={() => provider && void run(async () => setRequest(await signerApi.requestEasyAuth(urlToken, provider)))}
      >
        {t('verify.easyAuth.request')}
      </Button>
    </Stack>
  );
}
