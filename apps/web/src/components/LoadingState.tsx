import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface LoadingStateProps {
  label?: string;
  /** Fill the viewport (first paint, route loading) instead of the surrounding box. */
  isFullPage?: boolean;
}

export function LoadingState({ label, isFullPage = false }: LoadingStateProps) {
  const { t } = useTranslation();
  return (
    <Center mih={isFullPage ? '100dvh' : 160} p="lg" role="status" aria-live="polite" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {label ?? t('states.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
