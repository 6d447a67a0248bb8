import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { useFormatDateTime } from '../../../lib/i18n';
import { usePrivacyPolicy } from './term-queries';
import { TermText } from './TermText';
import './terms-i18n';

/**
 * "Privacy policy": opens the privacy policy in effect in the selected workspace (the term
 * recognised by its title, product-spec 9). Loads it only when opened.
 */
export function PrivacyPolicyLink() {
  const { t } = useTranslation('terms');
  const formatDateTime = useFormatDateTime();
  const [opened, { open, close }] = useDisclosure(false);
  const policy = usePrivacyPolicy(opened);
  let body;
  if (policy.isPending) body = <LoadingState />;
  else if (policy.isError) body = <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />;
  else if (!policy.data) body = <Text c="dimmed">{t('privacy.none')}</Text>;
  else {
    body = (
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {t('versionEffective', { version: policy.data.version, date: formatDateTime(policy.data.effectiveAt) })}
        </Text>
        <TermText body={policy.data.body} label={policy.data.title} maxHeight={480} />
      </Stack>
    );
  }
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>
        {t('privacy.link')}
      </Anchor>
      <Modal opened={opened} onClose={close} size="lg" title={policy.data?.title ?? t('privacy.link')} closeButtonProps={{ 'aria-label': t('close') }}>
        {body}
      </Modal>
    </>
  );
}
