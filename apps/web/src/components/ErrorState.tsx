import { Button, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api/api-error';
import { IconAlertTriangle, IconRefresh } from './icons';

export interface ErrorStateProps {
  /** The failure; an ApiError brings its localized message and error id. */
  error?: unknown;
  title?: string;
  message?: string;
  errorId?: string;
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorState({ error, title, message, errorId, onRetry, retryLabel }: ErrorStateProps) {
  const { t } = useTranslation();
  const apiError = isApiError(error) ? error : null;
  // Only API messages are written for users; other errors get the generic text.
  const shownMessage = message ?? apiError?.message ?? t('errors.generic');
  const shownErrorId = errorId ?? apiError?.errorId;

  return (
    <Stack align="center" gap="sm" py="xl" px="md" role="alert" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden="true">
        <IconAlertTriangle size={28} stroke={1.5} />
      </ThemeIcon>
      <Title order={3} size="h4">
        {title ?? t('states.errorTitle')}
      </Title>
      <Text c="dimmed" maw={480}>
        {shownMessage}
      </Text>
      {shownErrorId ? (
        <Group gap={6} justify="center">
          <Text size="xs" c="dimmed">
            {t('states.errorId')}
          </Text>
          <Code data-testid="error-id">{shownErrorId}</Code>
        </Group>
      ) : null}
      {onRetry ? (
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={onRetry}>
          {retryLabel ?? t('actions.retry')}
        </Button>
      ) : null}
    </Stack>
  );
}
