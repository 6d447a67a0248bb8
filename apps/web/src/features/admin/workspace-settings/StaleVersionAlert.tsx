import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './workspace-settings-i18n';

/** Somebody saved the settings since this page loaded (409 on the version): reload before saving. */
export function StaleVersionAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation('workspaceSettings');
  return (
    <Alert color="orange" title={t('settings.staleTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('settings.stale')}</Text>
        <Button size="xs" variant="light" onClick={onReload}>
          {t('settings.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}
