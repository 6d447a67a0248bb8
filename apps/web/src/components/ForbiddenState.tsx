import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLock } from './icons';

export interface ForbiddenStateProps {
  title?: string;
  description?: string;
}

/** What a signed-in user sees on a screen their permissions or products do not cover. */
export function ForbiddenState({ title, description }: ForbiddenStateProps) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="sm" role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
          <IconLock size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {title ?? t('states.forbiddenTitle')}
        </Title>
        <Text c="dimmed" maw={460}>
          {description ?? t('states.forbiddenDescription')}
        </Text>
        <Button component={Link} to="/" variant="light">
          {t('actions.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
