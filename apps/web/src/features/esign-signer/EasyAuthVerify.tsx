import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n';
import { IconDeviceMobile } from './esign-signer-icons';
import { signerApi, type EasyAuthRequest, type LinkInfo } from './signer-api';
import { readSignerFailure, type SignerFailure } from './signer-errors';
import { verifyFailureText } from './verify-messages';

interface Props {
  urlToken: string;
  providers: LinkInfo['easyAuthProviders'];
  onPageFailure: (failure: SignerFailure) => void;
}

/**
 * Easy-auth: pick a provider, send the request, approve it in the provider's app. The broker then
 * hands the provider's result token to the server's callback, or returns the signer to this page
 * with it (`?resultToken=`, which the page posts to the same verify call: see SignerPage). The
 * page polls nothing: it shows what to do and waits for the return.
 */
export function EasyAuthVerify({ urlToken, providers, onPageFailure }: Props) {
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

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (cause) {
      const failure = readSignerFailure(cause);
      if (failure.kind === 'closed' || failure.kind === 'unauthorized') onPageFailure(failure);
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
        <Button variant="default" onClick={() => setRequest(null)}>
          {t('verify.easyAuth.restart')}
        </Button>
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
