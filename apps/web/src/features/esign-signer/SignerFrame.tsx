import { Box, Container, Group, Text } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { IconSignature } from './esign-signer-icons';
import './esign-signer-i18n';

/** The signer pages' frame: a small brand header with the language switch, no app navigation. */
export function SignerFrame({ senderName, children }: { senderName?: string; children: ReactNode }) {
  const { t } = useTranslation('esignSigner');
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={8} wrap="nowrap" miw={0}>
            <IconSignature size={22} aria-hidden="true" color="var(--mantine-primary-color-filled)" />
            <Box miw={0}>
              <Text fw={700} size="sm" lh={1.2}>
                {t('brand')}
              </Text>
              {senderName ? (
                <Text size="xs" c="dimmed" truncate>
                  {t('sentBy', { sender: senderName })}
                </Text>
              ) : null}
            </Box>
          </Group>
          <LanguageSwitch />
        </Group>
      </Box>
      <Container component="main" size="md" px={{ base: 'xs', sm: 'md' }} py="md">
        {children}
      </Container>
    </Box>
  );
}
