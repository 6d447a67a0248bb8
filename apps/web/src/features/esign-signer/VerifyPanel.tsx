import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeVerify } from './CodeVerify';
import { EasyAuthVerify } from './EasyAuthVerify';
import { IconShieldCheck } from './esign-signer-icons';
import { type LinkInfo, type SignerSession } from './signer-api';
import { type SignerFailure } from './signer-errors';

type Method = LinkInfo['methods'][number];

interface Props {
  urlToken: string;
  link: LinkInfo;
  /** A line above the form (the signer token ran out, the envelope is completed, easy-auth failed). */
  notice?: string | null;
  onVerified: (session: SignerSession) => void;
  onPageFailure: (failure: SignerFailure) => void;
}

/** Proving who one is by one of the methods the sender chose. */
export function VerifyPanel({ urlToken, link, notice, onVerified, onPageFailure }: Props) {
  const { t } = useTranslation('esignSigner');
  const [method, setMethod] = useState<Method>(link.methods[0] ?? 'EMAIL');

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={520} mx="auto" mt={{ base: 'sm', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={4} align="center" ta="center">
          <IconShieldCheck size={36} stroke={1.5} aria-hidden="true" color="var(--mantine-primary-color-filled)" />
          <Title order={1} size="h3">
            {t('verify.title')}
          </Title>
          <Text fw={500}>{link.envelopeTitle}</Text>
          <Text size="sm" c="dimmed">
            {t('verify.intro', { name: link.signerName })}
          </Text>
          {notice ? (
            <Text size="sm" c="orange.8" role="status">
              {notice}
            </Text>
          ) : null}
        </Stack>
        {link.methods.length > 1 ? (
          <SegmentedControl
            fullWidth
            aria-label={t('verify.methodsLabel')}
            value={method}
            onChange={(value) => setMethod(value as Method)}
            data={link.methods.map((m) => ({ value: m, label: t(`verify.methods.${m}`) }))}
          />
        ) : (
          <Text size="sm" fw={500}>
            {t(`verify.methods.${method}`)}
          </Text>
        )}
        {method === 'EASY_AUTH' ? (
          <EasyAuthVerify urlToken={urlToken} providers={link.easyAuthProviders} onPageFailure={onPageFailure} />
        ) : (
          <CodeVerify
            key={method}
            urlToken={urlToken}
            channel={method}
            destination={method === 'EMAIL' ? link.maskedEmail : link.maskedPhone}
            onVerified={onVerified}
            onPageFailure={onPageFailure}
          />
        )}
      </Stack>
    </Paper>
  );
}
