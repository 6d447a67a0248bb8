import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconHome } from '../../components/icons';
import { PATHS } from '../paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <Container size="sm" py={{ base: 64, md: 112 }}>
      <Stack align="center" ta="center" gap="md">
        <Text ff="heading" fw={800} fz={72} lh={1} c="primary" aria-hidden="true">
          {t('notFound.code')}
        </Text>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('notFound.description')}
        </Text>
        <Button component={Link} to={PATHS.home} leftSection={<IconHome size={16} aria-hidden="true" />} mt="sm">
          {t('actions.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
